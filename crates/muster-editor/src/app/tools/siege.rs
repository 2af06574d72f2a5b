//! The siege-works tools: pieces, markers, and pieces entering at the edge (Siege 2.41).

use super::super::*;

impl App {
    /// Places a piece of `side` facing the facing field's way, or turns the one there.
    pub(in crate::app) fn press_piece(
        &mut self,
        side: usize,
        kind: &str,
        hex: Hex,
    ) -> Task<Message> {
        let edit = self.doc.scenario.as_ref().and_then(|s| {
            crate::siege_works::place_piece(
                s,
                &self.snap.grid,
                side,
                kind,
                hex,
                &self.palette.facing,
            )
        });
        match edit {
            Some(e) => self.apply(e),
            None => Task::none(),
        }
    }

    /// Puts a marker with the marker field's value on `hex`, or takes it off.
    pub(in crate::app) fn press_marker(&mut self, kind: &str, hex: Hex) -> Task<Message> {
        let Some(s) = &self.doc.scenario else {
            return Task::none();
        };
        let e = crate::siege_works::toggle_marker(
            s,
            &self.snap.grid,
            kind,
            hex,
            &self.palette.marker_value,
        );
        self.apply(e)
    }

    /// Turns a piece between set up and entering later.
    pub(in crate::app) fn toggle_entering(&mut self, id: String) -> Task<Message> {
        let Some(s) = &self.doc.scenario else {
            return Task::none();
        };
        let mut next = s.clone();
        match next.pieces.iter_mut().find(|p| p.id == id) {
            Some(p) => {
                p.entering = !p.entering;
                self.apply(Edit::Scenario(Box::new(next)))
            }
            None => Task::none(),
        }
    }
}

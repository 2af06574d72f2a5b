//! The siege-works tools: pieces, markers, and pieces entering at the edge (Siege 2.41);
//! and a piece dragged with the select tool: by its placed hex to move it, by another of
//! its hexes to turn it (one undo step each).

use super::super::*;

impl App {
    /// Places a piece of `side` facing the facing field's way, or turns the one there: a
    /// click on any hex of a piece of the kind turns it (about the hex it is placed on),
    /// not only a click on that hex.
    pub(in crate::app) fn press_piece(
        &mut self,
        side: usize,
        kind: &str,
        hex: Hex,
    ) -> Task<Message> {
        let covering = self.doc.scenario.as_ref().and_then(|s| {
            self.snap
                .pieces
                .iter()
                .filter(|p| p.hexes.contains(&hex))
                .find(|p| s.pieces.iter().any(|q| q.id == p.id && q.kind == kind))
                .and_then(|p| p.hexes.first().copied())
        });
        let hex = covering.unwrap_or(hex);
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

    /// A drag with the select tool from `from` to `to` over a piece: from the hex it is
    /// placed on, the piece moves there (facing kept); from another of its hexes, it turns
    /// about its placed hex to the facing that brings that hex nearest `to`. The piece's
    /// hexes for each facing come from the rules library's placement of pieces. The edit
    /// and its label, or `None` when no piece covers `from` or nothing would change.
    pub(in crate::app) fn drag_piece(&self, from: Hex, to: Hex) -> Option<(Edit, String)> {
        let file = self.doc.scenario.as_ref()?;
        let o = self.snap.grid.orientation();
        // Where each piece stands, as the scene (the rules library's placement) has it.
        let shown = self.snap.pieces.iter().find(|p| p.hexes.contains(&from))?;
        let index = file.pieces.iter().position(|p| p.id == shown.id)?;
        let piece = &file.pieces[index];
        let mut next = file.clone();
        if shown.hexes.first() == Some(&from) {
            let at = self.printed(to);
            let label = format!("move {} from {} to {at}", piece.id, self.printed(from));
            next.pieces[index].at = Some(HexId(at));
            return Some((Edit::Scenario(Box::new(next)), label));
        }
        let k = shown.hexes.iter().position(|h| *h == from)?;
        // The piece turned each way, laid out by the rules library.
        let turned: Vec<(muster_hex::Direction, muster_model::Piece)> = muster_hex::Direction::ALL
            .into_iter()
            .map(|d| {
                let mut p = piece.clone();
                p.facing = Some(d.name(o).to_string());
                (d, p)
            })
            .collect();
        let resolved = self.doc.resolve()?;
        let (_, best) = turned
            .iter()
            .filter_map(|(d, p)| {
                let hexes = muster_rules::siege::field::place(&resolved, index, p)
                    .ok()?
                    .hexes;
                Some((muster_hex::distance(*hexes.get(k)?, to), *d))
            })
            .min_by_key(|(distance, d)| (*distance, d.index()))?;
        let facing = best.name(o).to_string();
        if piece.facing.as_deref() == Some(facing.as_str()) {
            return None;
        }
        let label = format!("turn {} to face {facing}", piece.id);
        next.pieces[index].facing = Some(facing);
        Some((Edit::Scenario(Box::new(next)), label))
    }
}

//! The erase tool: set-up lines, then reinforcements, then siege works at a hex.

use super::super::*;

impl App {
    /// Erases what stands at `hex`: set-up lines first, then reinforcements entering
    /// there, then siege works covering it.
    pub(in crate::app) fn press_erase(&mut self, hex: Hex) -> Task<Message> {
        let e = self.erase_at(hex);
        if !e.is_empty() {
            return self.apply(e);
        }
        if let Some(e) = self.erase_reinforcements(hex) {
            return self.apply(e);
        }
        let covering: Vec<String> = self
            .snap
            .pieces
            .iter()
            .filter(|p| p.hexes.contains(&hex))
            .map(|p| p.id.clone())
            .collect();
        match self
            .doc
            .scenario
            .as_ref()
            .and_then(|s| crate::siege_works::erase_works(s, &covering, &self.snap.grid, hex))
        {
            Some(e) => self.apply(e),
            None => {
                self.status = self.nothing_erased(hex);
                Task::none()
            }
        }
    }

    /// Why a click of the erase tool removed nothing: the hex is empty, or the lines
    /// through it stand on other hexes too (a line over several hexes or a zone is not
    /// erased by one of its hexes; the inspector changes where it stands).
    fn nothing_erased(&self, hex: Hex) -> String {
        let id = self.printed(hex);
        let here = match self.doc.resolve() {
            Some(resolved) => crate::app::properties::lines_at(&resolved, hex),
            None => Default::default(),
        };
        match here.setup.first() {
            Some(&(si, li)) => format!(
                "nothing erased: set-up line {} of {} stands on {id} and other hexes; \
                 select {id} and change where it stands in the inspector",
                li + 1,
                self.doc
                    .scenario
                    .as_ref()
                    .and_then(|s| s.sides.get(si))
                    .map_or("", |s| s.name.as_str()),
            ),
            None => format!("nothing to erase in {id}"),
        }
    }

    pub(in crate::app) fn erase_at(&self, hex: Hex) -> Edit {
        let id = self.printed(hex);
        let mut edits = Vec::new();
        if let Some(s) = &self.doc.scenario {
            for (si, sd) in s.sides.iter().enumerate() {
                for (i, e) in sd.setup.iter().enumerate().rev() {
                    if matches!(&e.at, Zone::Hexes(v) if v.len() == 1 && v[0].as_str() == id) {
                        edits.push(Edit::RemoveSetup { side: si, index: i });
                    }
                }
            }
        }
        Edit::Batch(edits)
    }
    /// Removes the reinforcements entering through `hex` (those written as a list of hexes).
    pub(in crate::app) fn erase_reinforcements(&self, hex: Hex) -> Option<Edit> {
        let s = self.doc.scenario.as_ref()?;
        let id = self.printed(hex);
        let mut next = s.clone();
        for side in &mut next.sides {
            side.reinforcements.retain(
                |r| !matches!(&r.enter, Zone::Hexes(v) if v.iter().any(|h| h.as_str() == id)),
            );
        }
        (next != *s).then(|| Edit::Scenario(Box::new(next)))
    }
}

//! The overlay tool: each anchor in turn, with a ghost of the overlay under the pointer.

use super::super::*;

impl App {
    /// Puts the `next` anchor (in letter order) of an overlay placement on `hex`.
    pub(in crate::app) fn place_anchor(
        &mut self,
        placement: usize,
        next: usize,
        hex: Hex,
    ) -> Task<Message> {
        let Some(s) = &self.doc.scenario else {
            return Task::none();
        };
        let Some(p) = s.overlays.get(placement) else {
            return Task::none();
        };
        let letters: Vec<String> = match self.doc.overlays.get(placement).and_then(|o| o.as_ref()) {
            Some(o) => o.anchors.keys().cloned().collect(),
            None => p.at.keys().cloned().collect(),
        };
        let Some(letter) = letters.get(next).cloned() else {
            return Task::none();
        };
        let mut scenario = s.clone();
        scenario.overlays[placement]
            .at
            .insert(letter.clone(), muster_model::HexId(self.printed(hex)));
        let done = next + 1 >= letters.len();
        self.palette.tool = if done {
            Tool::Select
        } else {
            Tool::Overlay {
                placement,
                next: next + 1,
            }
        };
        self.status = if done {
            format!(
                "overlay {} placed: see the diagnostics for its fit",
                placement + 1
            )
        } else {
            format!(
                "anchor {letter} on {}: now click the hex for anchor {}",
                self.printed(hex),
                letters[next + 1]
            )
        };
        let task = self.apply(Edit::Scenario(Box::new(scenario)));
        self.overlay_turn = 0;
        self.update_ghost();
        task
    }
    /// Recomputes the ghost of the overlay being placed (after its first anchor).
    pub(in crate::app) fn update_ghost(&mut self) {
        self.ghost = None;
        let Tool::Overlay { placement, next: 1 } = self.palette.tool else {
            return;
        };
        let (Some(s), Some(Some(overlay))) = (&self.doc.scenario, self.doc.overlays.get(placement))
        else {
            return;
        };
        let Some(letter) = overlay.anchors.keys().next() else {
            return;
        };
        let first = s
            .overlays
            .get(placement)
            .and_then(|p| p.at.get(letter))
            .and_then(|h| self.snap.grid.from_printed(h.as_str()).ok());
        if let Some(first) = first {
            let mirrored = s.overlays.get(placement).is_some_and(|p| p.mirrored);
            self.ghost =
                crate::ghost::ghost(&self.snap.grid, overlay, first, self.overlay_turn, mirrored);
            if let Some(g) = &self.ghost {
                self.status = format!(
                    "{}; press R to turn it; click the hex for the next anchor{}",
                    if g.fits {
                        "the overlay fits"
                    } else {
                        "the overlay runs off the map"
                    },
                    g.second
                        .map(|b| format!(" (at this turn: {})", self.snap.grid.to_printed(b)))
                        .unwrap_or_default()
                );
            }
        }
    }
}

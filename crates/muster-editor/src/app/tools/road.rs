//! The road tool: click hexes in order; a hex not next to the last starts a new road.

use super::super::*;

impl App {
    /// A click of the road tool: the road under way goes on to `hex`, or a new one starts
    /// there; one undo step, named for what it did.
    pub(in crate::app) fn press_road(&mut self, hex: Hex) -> Task<Message> {
        let before = self.doc.map.paths.len();
        let edit = self.extend_road(hex);
        let id = self.printed(hex);
        let label = match &edit {
            Edit::Paths(paths) if paths.len() > before => format!("start a road at {id}"),
            _ => format!("extend the road to {id}"),
        };
        let layers = self.history.apply_labelled(&mut self.doc, edit, label);
        self.changed(layers)
    }

    pub(in crate::app) fn extend_road(&mut self, hex: Hex) -> Edit {
        let id = muster_model::HexId(self.printed(hex));
        let mut paths = self.doc.map.paths.clone();
        let last = self
            .road
            .and_then(|i| paths.get(i))
            .and_then(|p| p.hexes.last())
            .and_then(|h| self.snap.grid.from_printed(h.as_str()).ok());
        match (self.road, last) {
            (Some(i), Some(l)) if muster_hex::distance(l, hex) == 1 => paths[i].hexes.push(id),
            _ => {
                let kind = muster_rules::ruleset(&self.doc.map.ruleset)
                    .and_then(|r| r.paths.first())
                    .map(|p| p.id.clone())
                    .unwrap_or_else(|| "road".into());
                paths.push(muster_model::PathEntry {
                    kind,
                    name: None,
                    hexes: vec![id],
                });
                self.road = Some(paths.len() - 1);
            }
        }
        Edit::Paths(paths)
    }
}

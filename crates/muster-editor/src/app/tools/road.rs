//! The road tool: click hexes in order; a hex not next to the last starts a new road.

use super::super::*;

impl App {
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

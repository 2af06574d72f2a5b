//! The map tools' edits: terrain brush and fill, roads, erasing.

use super::*;

impl App {
    /// Paints the brush at `hex`, and along the hex line from the stroke's last sample, so
    /// that a pointer moving fast leaves no gap.
    pub(super) fn paint(&mut self, hex: Hex) {
        let Tool::Terrain(t) = &self.palette.tool else {
            return;
        };
        let terrain = if *t == self.doc.map.default_terrain {
            None
        } else {
            Some(t.clone())
        };
        if self.stroke.is_empty() && self.stroke_last.is_none() {
            self.history.begin_live(&mut self.doc);
        }
        let centres: Vec<Hex> = match self.stroke_last.replace(hex) {
            Some(last) if last != hex => muster_hex::hex_line(last, hex)
                .into_iter()
                .flat_map(LineStep::hexes)
                .collect(),
            _ => vec![hex],
        };
        let mut hexes: Vec<Hex> = Vec::new();
        for c in centres {
            for h in c.range(self.palette.brush) {
                if self.snap.grid.contains(h) && !hexes.contains(&h) {
                    hexes.push(h);
                }
            }
        }
        for h in hexes {
            let id = self.printed(h);
            let inverse = Edit::Terrain {
                hex: id,
                terrain: terrain.clone(),
            }
            .apply(&mut self.doc);
            self.stroke.push(inverse);
        }
        self.snap = Snapshot::of(&self.doc);
        self.caches.terrain.clear();
    }

    pub(super) fn fill(&self, start: Hex, terrain: &str) -> Edit {
        let from = self.snap.terrain.get(&start).cloned().unwrap_or_default();
        let mut seen = HashSet::from([start]);
        let mut todo = vec![start];
        let mut edits = Vec::new();
        let value = if terrain == self.doc.map.default_terrain {
            None
        } else {
            Some(terrain.to_string())
        };
        while let Some(h) = todo.pop() {
            edits.push(Edit::Terrain {
                hex: self.printed(h),
                terrain: value.clone(),
            });
            for n in self.snap.grid.neighbors_on_map(h) {
                if self.snap.terrain.get(&n) == Some(&from) && seen.insert(n) {
                    todo.push(n);
                }
            }
        }
        Edit::Batch(edits)
    }

    pub(super) fn extend_road(&mut self, hex: Hex) -> Edit {
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

    /// Removes the reinforcements entering through `hex` (those written as a list of hexes).
    pub(super) fn erase_reinforcements(&self, hex: Hex) -> Option<Edit> {
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

    /// Why the "enters on turn" field cannot be used, if it cannot.
    pub(super) fn bad_turn(&self) -> Option<String> {
        let t = self.palette.enters_on.trim();
        (!t.is_empty() && t.parse::<u32>().map_or(true, |n| n == 0))
            .then(|| format!("`{t}` is not a turn: type 1 or more, or empty it for set-up lines"))
    }

    pub(super) fn erase_at(&self, hex: Hex) -> Edit {
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
}

//! The terrain brush and fill: a stroke is one undo step, joined by hex lines so a fast pointer skips no hex.

use super::super::*;

impl App {
    /// The end of a brush stroke: what it painted becomes one undo step, named by the
    /// terrain and the hexes.
    pub(in crate::app) fn finish_stroke(&mut self) -> Task<Message> {
        if self.stroke_last.take().is_none() {
            return Task::none();
        }
        let mut inverses = std::mem::take(&mut self.stroke);
        inverses.reverse();
        let what = match &self.palette.tool {
            Tool::Terrain(t) => format!("paint {t}"),
            other => other.name().to_string(),
        };
        // The stroke holds one inverse per hex it changed (a hex painted twice, or already
        // of the terrain, is not counted): the label counts what the undo will change.
        let label = match inverses.as_slice() {
            [Edit::Terrain { hex, .. }] => format!("{what} on {hex}"),
            v => format!("{what} on {} hexes", v.len()),
        };
        self.history
            .record(&mut self.doc, Edit::Batch(inverses), label);
        self.changed(Layers {
            terrain: true,
            units: false,
        })
    }

    /// A stroke starts: the brush at `hex`.
    pub(in crate::app) fn start_stroke(&mut self, hex: Hex) -> Task<Message> {
        self.stroke.clear();
        self.stroke_last = None;
        self.paint(hex);
        Task::none()
    }

    /// Paints the brush at `hex`, and along the hex line from the stroke's last sample, so
    /// that a pointer moving fast leaves no gap.
    pub(in crate::app) fn paint(&mut self, hex: Hex) {
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
            // A hex already of the terrain (painted earlier in the stroke, or before it)
            // did not change: its inverse would restore what is there.
            if !matches!(&inverse, Edit::Terrain { terrain: before, .. } if *before == terrain) {
                self.stroke.push(inverse);
            }
        }
        self.snap = Snapshot::of(&self.doc);
        self.caches.terrain.clear();
    }
    pub(in crate::app) fn fill(&self, start: Hex, terrain: &str) -> Edit {
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
}

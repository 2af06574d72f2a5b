//! The zone tools and the zone field: paint a named zone, make one a stretch of the edge, show a zone expression.

use super::super::*;

impl App {
    /// Adds `hex` to the named zone, or takes it out.
    pub(in crate::app) fn press_zone_paint(&mut self, hex: Hex) -> Task<Message> {
        match crate::map_tools::toggle_zone_hex(
            &self.doc.map,
            &self.snap.grid,
            &self.palette.zone_name,
            hex,
        ) {
            Ok(e) => {
                let task = self.apply(e);
                self.show_named_zone();
                task
            }
            Err(e) => {
                self.status = e;
                Task::none()
            }
        }
    }

    /// The first click of the edge-zone tool marks one end; the second (`from` set) makes
    /// the named zone the stretch of edge between them.
    pub(in crate::app) fn press_edge_zone(&mut self, from: Option<Hex>, hex: Hex) -> Task<Message> {
        let Some(from) = from else {
            self.palette.tool = Tool::EdgeZone(Some(hex));
            self.light(vec![hex]);
            self.status = format!(
                "edge zone from {}: click the other end on the same edge",
                self.printed(hex)
            );
            return Task::none();
        };
        self.palette.tool = Tool::EdgeZone(None);
        match crate::map_tools::edge_zone(
            &self.doc.map,
            &self.snap.grid,
            &self.palette.zone_name,
            from,
            hex,
        ) {
            Ok(Some(e)) => {
                let task = self.apply(e);
                self.show_named_zone();
                task
            }
            Ok(None) => {
                self.show_named_zone();
                Task::none()
            }
            Err(e) => {
                self.status = format!("edge zone: {e}");
                Task::none()
            }
        }
    }

    /// Highlights the hexes of the zone typed in the zone field, as the scenario files
    /// write zones (`Row("08xx")`, `Edge(side: East, from: "1401", to: "0401")` …).
    pub(in crate::app) fn show_zone(&mut self) {
        let text = self.palette.zone.trim();
        // Wrapped in a field, so that `Edge(side: ...)` is read as a variant and not as a
        // named top-level struct.
        let parsed = crate::properties::parse_zone(text);
        let zone = match parsed {
            Ok(z) => z,
            Err(e) => {
                self.status = format!("zone: {e}");
                return;
            }
        };
        let mut sink = Vec::new();
        let world =
            muster_rules::World::from_map(&self.doc.map, muster_rules::FileRole::This, &mut sink);
        match world.resolve(&zone) {
            Ok(hexes) => {
                self.light(
                    hexes
                        .into_iter()
                        .filter(|h| self.snap.grid.contains(*h))
                        .collect(),
                );
                self.status = format!("zone: {} hexes", self.highlight.len());
            }
            Err(e) => self.status = format!("zone: {e}"),
        }
    }
    /// Highlights the named zone of the zone-name field.
    pub(in crate::app) fn show_named_zone(&mut self) {
        let id = self
            .palette
            .zone_name
            .trim()
            .to_lowercase()
            .replace(' ', "-");
        let mut sink = Vec::new();
        let world =
            muster_rules::World::from_map(&self.doc.map, muster_rules::FileRole::This, &mut sink);
        if let Some(Ok(hexes)) = world.named_zone(&id).map(|z| world.resolve(z)) {
            self.status = format!("zone {id}: {} hexes", hexes.len());
            self.light(hexes);
        }
    }
}

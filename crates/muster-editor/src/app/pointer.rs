//! What a press, drag or release on the canvas does under each tool.

use super::*;

impl App {
    pub(super) fn canvas(&mut self, m: CanvasMessage) -> Task<Message> {
        match m {
            CanvasMessage::Hover(h) => {
                self.hover = h;
                Task::none()
            }
            CanvasMessage::Pointer(p) => {
                self.pointer = p;
                self.rehover();
                Task::none()
            }
            CanvasMessage::Camera(c, p) => {
                self.camera = c;
                self.pointer = Some(p);
                self.caches.clear_all();
                self.rehover();
                Task::none()
            }
            CanvasMessage::Press(hex, side) => {
                if !self.snap.grid.contains(hex) {
                    return Task::none();
                }
                match self.palette.tool.clone() {
                    Tool::Select => {
                        self.drag = Some((hex, hex));
                        self.select(hex);
                        Task::none()
                    }
                    Tool::Terrain(_) => {
                        self.stroke.clear();
                        self.stroke_last = None;
                        self.paint(hex);
                        Task::none()
                    }
                    Tool::Fill(t) => {
                        let e = self.fill(hex, &t);
                        self.apply(e)
                    }
                    Tool::Hexside(feature) => {
                        let id = self.snap.grid.print_hexside(side);
                        let current = self
                            .doc
                            .map
                            .hexsides
                            .iter()
                            .find(|e| e.side == id)
                            .map(|e| e.feature.clone());
                        let next = if current == feature { None } else { feature };
                        self.apply(Edit::Hexside {
                            side: id,
                            feature: next,
                        })
                    }
                    Tool::Place { .. } if self.bad_turn().is_some() => {
                        self.status = self.bad_turn().unwrap_or_default();
                        Task::none()
                    }
                    Tool::Place { side, unit } => {
                        match self.place_line(side, unit, vec![self.printed(hex)]) {
                            Some(e) => self.apply(e),
                            None => Task::none(),
                        }
                    }
                    Tool::Erase => {
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
                        match self.doc.scenario.as_ref().and_then(|s| {
                            crate::siege_works::erase_works(s, &covering, &self.snap.grid, hex)
                        }) {
                            Some(e) => self.apply(e),
                            None => Task::none(),
                        }
                    }
                    Tool::Elevation => match crate::map_tools::set_elevation(
                        &self.doc.map,
                        &self.snap.grid,
                        hex,
                        &self.palette.elevation,
                    ) {
                        Ok(Some(e)) => self.apply(e),
                        Ok(None) => Task::none(),
                        Err(e) => {
                            self.status = e;
                            Task::none()
                        }
                    },
                    Tool::ZonePaint => {
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
                    Tool::EdgeZone(None) => {
                        self.palette.tool = Tool::EdgeZone(Some(hex));
                        self.highlight = vec![hex];
                        self.status = format!(
                            "edge zone from {}: click the other end on the same edge",
                            self.printed(hex)
                        );
                        Task::none()
                    }
                    Tool::EdgeZone(Some(from)) => {
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
                    Tool::Piece { side, kind } => {
                        let edit = self.doc.scenario.as_ref().and_then(|s| {
                            crate::siege_works::place_piece(
                                s,
                                &self.snap.grid,
                                side,
                                &kind,
                                hex,
                                &self.palette.facing,
                            )
                        });
                        match edit {
                            Some(e) => self.apply(e),
                            None => Task::none(),
                        }
                    }
                    Tool::Marker(kind) => match &self.doc.scenario {
                        Some(s) => {
                            let e = crate::siege_works::toggle_marker(
                                s,
                                &self.snap.grid,
                                &kind,
                                hex,
                                &self.palette.marker_value,
                            );
                            self.apply(e)
                        }
                        None => Task::none(),
                    },
                    Tool::LineOfFire => {
                        self.line_of_fire(hex);
                        Task::none()
                    }
                    Tool::Odds => {
                        self.combat_odds(hex);
                        Task::none()
                    }
                    Tool::Road => {
                        let e = self.extend_road(hex);
                        self.apply(e)
                    }
                    Tool::Overlay { placement, next } => self.place_anchor(placement, next, hex),
                    Tool::Label => {
                        let label =
                            Some(self.palette.label.trim().to_string()).filter(|l| !l.is_empty());
                        self.apply(Edit::Label {
                            hex: self.printed(hex),
                            label,
                        })
                    }
                }
            }
            CanvasMessage::Drag(hex) => {
                if matches!(self.palette.tool, Tool::Terrain(_)) && self.snap.grid.contains(hex) {
                    self.paint(hex);
                }
                if let Some((from, _)) = self.drag {
                    self.drag = Some((from, hex));
                }
                Task::none()
            }
            CanvasMessage::Release => {
                if let Some((from, to)) = self.drag.take() {
                    if from != to && self.snap.grid.contains(to) {
                        if let Some(edit) = self.move_units(from, to) {
                            self.status = format!(
                                "moved from {} to {}",
                                self.printed(from),
                                self.printed(to)
                            );
                            return self.apply(edit);
                        }
                    }
                }
                if self.stroke_last.take().is_none() {
                    return Task::none();
                }
                let mut inverses = std::mem::take(&mut self.stroke);
                inverses.reverse();
                let what = match &self.palette.tool {
                    Tool::Terrain(t) => format!("paint {t}"),
                    other => other.name().to_string(),
                };
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
        }
    }
}

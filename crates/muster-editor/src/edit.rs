//! Undoable edits. Every change to the document is one of these, applied through
//! [`Edit::apply`], which returns the edit that undoes it.

use crate::document::Document;
use muster_model::{HexEntry, HexsideEntry, MapFile, PathEntry, ScenarioFile, SetupEntry};

/// One undoable change.
#[derive(Debug, Clone, PartialEq)]
pub enum Edit {
    /// Set the terrain of a hex (`None`: back to the map's default).
    Terrain {
        /// Printed hex id.
        hex: String,
        /// The terrain to set.
        terrain: Option<String>,
    },
    /// Set the feature on a hexside (`None`: remove it). `side` is canonical (`0504/NE`).
    Hexside {
        /// The hexside.
        side: String,
        /// The feature to set.
        feature: Option<String>,
    },
    /// Insert a set-up line.
    InsertSetup {
        /// Side index.
        side: usize,
        /// Position in the side's set-up.
        index: usize,
        /// The line.
        entry: SetupEntry,
    },
    /// Remove a set-up line.
    RemoveSetup {
        /// Side index.
        side: usize,
        /// Position.
        index: usize,
    },
    /// Replace the map's paths (roads).
    Paths(Vec<PathEntry>),
    /// Set the label printed in a hex (`None` removes it).
    Label {
        /// Printed hex id.
        hex: String,
        /// The label.
        label: Option<String>,
    },
    /// Replace the whole scenario (from the source panel).
    Scenario(Box<ScenarioFile>),
    /// Replace the whole map (from the source panel).
    Map(Box<MapFile>),
    /// Several edits as one step (a brush stroke, a fill, a quick entry).
    Batch(Vec<Edit>),
}

fn set_terrain(map: &mut MapFile, hex: &str, terrain: Option<String>) -> Option<String> {
    let pos = map.hexes.iter().position(|e| e.hex.as_str() == hex);
    let before = pos.and_then(|i| map.hexes[i].terrain.clone());
    match pos {
        Some(i) => {
            map.hexes[i].terrain = terrain;
            let e = &map.hexes[i];
            if e.terrain.is_none() && e.elevation.is_none() && e.label.is_none() {
                map.hexes.remove(i);
            }
        }
        None if terrain.is_some() => {
            let at = map.hexes.partition_point(|e| e.hex.as_str() < hex);
            map.hexes.insert(
                at,
                HexEntry {
                    hex: hex.into(),
                    terrain,
                    elevation: None,
                    label: None,
                },
            );
        }
        None => {}
    }
    before
}

fn set_label(map: &mut MapFile, hex: &str, label: Option<String>) -> Option<String> {
    let pos = map.hexes.iter().position(|e| e.hex.as_str() == hex);
    let before = pos.and_then(|i| map.hexes[i].label.clone());
    match pos {
        Some(i) => {
            map.hexes[i].label = label;
            let e = &map.hexes[i];
            if e.terrain.is_none() && e.elevation.is_none() && e.label.is_none() {
                map.hexes.remove(i);
            }
        }
        None if label.is_some() => {
            let at = map.hexes.partition_point(|e| e.hex.as_str() < hex);
            map.hexes.insert(
                at,
                HexEntry {
                    hex: hex.into(),
                    terrain: None,
                    elevation: None,
                    label,
                },
            );
        }
        None => {}
    }
    before
}

fn set_hexside(map: &mut MapFile, side: &str, feature: Option<String>) -> Option<String> {
    let pos = map.hexsides.iter().position(|e| e.side == side);
    let before = pos.map(|i| map.hexsides[i].feature.clone());
    match (pos, feature) {
        (Some(i), Some(f)) => map.hexsides[i].feature = f,
        (Some(i), None) => {
            map.hexsides.remove(i);
        }
        (None, Some(f)) => {
            let at = map.hexsides.partition_point(|e| e.side.as_str() < side);
            map.hexsides.insert(
                at,
                HexsideEntry {
                    side: side.to_string(),
                    feature: f,
                },
            );
        }
        (None, None) => {}
    }
    before
}

impl Edit {
    /// Applies the edit and returns its inverse. An edit that does not apply (a set-up
    /// line on a document without a scenario) changes nothing and returns an empty batch.
    pub fn apply(self, doc: &mut Document) -> Edit {
        match self {
            Edit::Terrain { hex, terrain } => {
                let before = set_terrain(&mut doc.map, &hex, terrain);
                Edit::Terrain {
                    hex,
                    terrain: before,
                }
            }
            Edit::Hexside { side, feature } => {
                let before = set_hexside(&mut doc.map, &side, feature);
                Edit::Hexside {
                    side,
                    feature: before,
                }
            }
            Edit::InsertSetup { side, index, entry } => {
                match doc.scenario.as_mut().and_then(|s| s.sides.get_mut(side)) {
                    Some(sd) => {
                        let index = index.min(sd.setup.len());
                        sd.setup.insert(index, entry);
                        Edit::RemoveSetup { side, index }
                    }
                    None => Edit::Batch(vec![]),
                }
            }
            Edit::RemoveSetup { side, index } => {
                match doc.scenario.as_mut().and_then(|s| s.sides.get_mut(side)) {
                    Some(sd) if index < sd.setup.len() => {
                        let entry = sd.setup.remove(index);
                        Edit::InsertSetup { side, index, entry }
                    }
                    _ => Edit::Batch(vec![]),
                }
            }
            Edit::Paths(paths) => Edit::Paths(std::mem::replace(&mut doc.map.paths, paths)),
            Edit::Label { hex, label } => {
                let before = set_label(&mut doc.map, &hex, label);
                Edit::Label { hex, label: before }
            }
            Edit::Scenario(new) => match doc.scenario.replace(*new) {
                Some(old) => Edit::Scenario(Box::new(old)),
                None => Edit::Batch(vec![]),
            },
            Edit::Map(new) => Edit::Map(Box::new(std::mem::replace(&mut doc.map, *new))),
            Edit::Batch(edits) => {
                let mut inverses: Vec<Edit> = edits.into_iter().map(|e| e.apply(doc)).collect();
                inverses.reverse();
                Edit::Batch(inverses)
            }
        }
    }

    /// Whether the edit changes nothing.
    pub fn is_empty(&self) -> bool {
        matches!(self, Edit::Batch(v) if v.iter().all(Edit::is_empty))
    }
}

/// Undo and redo stacks.
#[derive(Debug, Default)]
pub struct History {
    undo: Vec<Edit>,
    redo: Vec<Edit>,
}

impl History {
    /// Applies an edit and records it.
    pub fn apply(&mut self, doc: &mut Document, edit: Edit) {
        let inverse = edit.apply(doc);
        if !inverse.is_empty() {
            self.undo.push(inverse);
            self.redo.clear();
        }
    }

    /// Records the inverse of an edit already applied (a brush stroke painted live).
    pub fn record(&mut self, inverse: Edit) {
        if !inverse.is_empty() {
            self.undo.push(inverse);
            self.redo.clear();
        }
    }

    /// Undoes the last edit; false when there is none.
    pub fn undo(&mut self, doc: &mut Document) -> bool {
        match self.undo.pop() {
            Some(e) => {
                self.redo.push(e.apply(doc));
                true
            }
            None => false,
        }
    }

    /// Redoes the last undone edit; false when there is none.
    pub fn redo(&mut self, doc: &mut Document) -> bool {
        match self.redo.pop() {
            Some(e) => {
                self.undo.push(e.apply(doc));
                true
            }
            None => false,
        }
    }

    /// Whether there is something to undo.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// Whether there is something to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }
}

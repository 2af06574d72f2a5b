//! Undoable edits. Every change to the document is one of these, applied through
//! [`Edit::apply`], which returns the edit that undoes it.

use crate::document::Document;
use muster_model::{
    HexEntry, HexsideEntry, MapFile, PathEntry, Reinforcement, ScenarioFile, SetupEntry, Side,
    UnitDef,
};

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
    /// Replace a set-up line (the property inspector).
    ReplaceSetup {
        /// Side index.
        side: usize,
        /// Position in the side's set-up.
        index: usize,
        /// The line.
        entry: SetupEntry,
    },
    /// Replace a reinforcement (the property inspector).
    ReplaceReinforcement {
        /// Side index.
        side: usize,
        /// Position in the side's reinforcements.
        index: usize,
        /// The reinforcement.
        entry: Reinforcement,
    },
    /// Replace a unit definition (the property inspector).
    Unit {
        /// Side index.
        side: usize,
        /// Position in the side's units.
        index: usize,
        /// The definition.
        def: Box<UnitDef>,
    },
    /// Replace a side's own fields (name, commander, morale); its units and set-up stay.
    Side {
        /// Side index.
        side: usize,
        /// The side, of which only the scalar fields are taken.
        def: Box<Side>,
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
    /// Replace a side's set-up lines and reinforcements together (a pasted set-up).
    SideLines {
        /// Side index.
        side: usize,
        /// The set-up lines.
        setup: Vec<SetupEntry>,
        /// The reinforcements.
        reinforcements: Vec<Reinforcement>,
    },
    /// Replace the whole scenario (from the source panel).
    Scenario(Box<ScenarioFile>),
    /// Replace the whole map (from the source panel).
    Map(Box<MapFile>),
    /// Several edits as one step (a brush stroke, a fill, a quick entry).
    Batch(Vec<Edit>),
}

/// Puts `new` in the slot `find` picks in a side of the scenario; the value it held, or
/// `None` when there is no such side or slot.
fn swap<T>(
    doc: &mut Document,
    side: usize,
    find: impl FnOnce(&mut Side) -> Option<&mut T>,
    new: T,
) -> Option<T> {
    let slot = find(doc.scenario.as_mut()?.sides.get_mut(side)?)?;
    Some(std::mem::replace(slot, new))
}

/// The units a set-up line or a reinforcement names, for labels ("Somerset, Archers").
fn unit_names(units: &[muster_model::UnitRef]) -> String {
    units
        .iter()
        .map(|u| u.unit.as_str())
        .collect::<Vec<_>>()
        .join(", ")
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
            Edit::ReplaceSetup { side, index, entry } => {
                match swap(doc, side, |sd| sd.setup.get_mut(index), entry) {
                    Some(entry) => Edit::ReplaceSetup { side, index, entry },
                    None => Edit::Batch(vec![]),
                }
            }
            Edit::ReplaceReinforcement { side, index, entry } => {
                match swap(doc, side, |sd| sd.reinforcements.get_mut(index), entry) {
                    Some(entry) => Edit::ReplaceReinforcement { side, index, entry },
                    None => Edit::Batch(vec![]),
                }
            }
            Edit::Unit { side, index, def } => {
                match swap(doc, side, |sd| sd.units.get_mut(index), *def) {
                    Some(def) => Edit::Unit {
                        side,
                        index,
                        def: Box::new(def),
                    },
                    None => Edit::Batch(vec![]),
                }
            }
            Edit::Side { side, def } => {
                match doc.scenario.as_mut().and_then(|s| s.sides.get_mut(side)) {
                    Some(slot) => {
                        let mut new = *def;
                        // Only the side's own fields: its units and set-up stay as they are.
                        new.units = std::mem::take(&mut slot.units);
                        new.setup = std::mem::take(&mut slot.setup);
                        let old = std::mem::replace(slot, new);
                        Edit::Side {
                            side,
                            def: Box::new(old),
                        }
                    }
                    None => Edit::Batch(vec![]),
                }
            }
            Edit::SideLines {
                side,
                setup,
                reinforcements,
            } => match doc.scenario.as_mut().and_then(|s| s.sides.get_mut(side)) {
                Some(sd) => Edit::SideLines {
                    side,
                    setup: std::mem::replace(&mut sd.setup, setup),
                    reinforcements: std::mem::replace(&mut sd.reinforcements, reinforcements),
                },
                None => Edit::Batch(vec![]),
            },
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

    /// The edit as the user would name it, for "Undo …" ("paint woods on 0504").
    pub fn label(&self) -> String {
        match self {
            Edit::Terrain {
                hex,
                terrain: Some(t),
            } => format!("paint {t} on {hex}"),
            Edit::Terrain { hex, terrain: None } => format!("clear the terrain of {hex}"),
            Edit::Hexside {
                side,
                feature: Some(f),
            } => format!("{f} on {side}"),
            Edit::Hexside {
                side,
                feature: None,
            } => format!("clear hexside {side}"),
            Edit::InsertSetup { entry, .. } => format!("place {}", unit_names(&entry.units)),
            Edit::RemoveSetup { .. } => "remove a set-up line".into(),
            Edit::ReplaceSetup { entry, .. } => {
                format!("edit the set-up line of {}", unit_names(&entry.units))
            }
            Edit::ReplaceReinforcement { entry, .. } => {
                format!("edit the reinforcement of {}", unit_names(&entry.units))
            }
            Edit::Unit { def, .. } => format!("edit unit {}", def.id),
            Edit::Side { def, .. } => format!("edit side {}", def.name),
            Edit::SideLines { side, .. } => format!("replace the set-up of side {}", side + 1),
            Edit::Paths(_) => "edit the roads".into(),
            Edit::Label {
                hex,
                label: Some(l),
            } => format!("label {hex} \"{l}\""),
            Edit::Label { hex, label: None } => format!("remove the label of {hex}"),
            Edit::Scenario(_) => "edit the scenario".into(),
            Edit::Map(_) => "edit the map".into(),
            Edit::Batch(v) => match v.as_slice() {
                [] => "nothing".into(),
                [one] => one.label(),
                [first, rest @ ..] => format!("{} and {} more", first.label(), rest.len()),
            },
        }
    }

    /// Whether the edit changes nothing.
    pub fn is_empty(&self) -> bool {
        matches!(self, Edit::Batch(v) if v.iter().all(Edit::is_empty))
    }
}

/// The canvas layers an edit changes, so that only their caches are cleared.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Layers {
    /// Terrain, hexsides, roads, labels, grid (the map).
    pub terrain: bool,
    /// Counters, pieces and markers (the scenario's set-up).
    pub units: bool,
}

impl Layers {
    /// Every layer.
    pub const ALL: Layers = Layers {
        terrain: true,
        units: true,
    };

    /// Both edits' layers.
    pub fn union(self, other: Layers) -> Layers {
        Layers {
            terrain: self.terrain || other.terrain,
            units: self.units || other.units,
        }
    }
}

impl Edit {
    /// The layers this edit (or its inverse) changes. A whole scenario may move overlays,
    /// and a whole map may resize the grid, so those touch every layer.
    pub fn layers(&self) -> Layers {
        match self {
            Edit::Terrain { .. } | Edit::Hexside { .. } | Edit::Paths(_) | Edit::Label { .. } => {
                Layers {
                    terrain: true,
                    units: false,
                }
            }
            Edit::InsertSetup { .. }
            | Edit::RemoveSetup { .. }
            | Edit::ReplaceSetup { .. }
            | Edit::ReplaceReinforcement { .. }
            | Edit::Unit { .. }
            | Edit::Side { .. }
            | Edit::SideLines { .. } => Layers {
                terrain: false,
                units: true,
            },
            Edit::Scenario(_) | Edit::Map(_) => Layers::ALL,
            Edit::Batch(v) => v.iter().fold(Layers::default(), |l, e| l.union(e.layers())),
        }
    }
}

/// One step of the history: the edit that undoes (or redoes) it, and the state the
/// document is in with the step applied.
#[derive(Debug)]
struct Step {
    edit: Edit,
    state: u64,
    /// What the step did, as the user would name it ("paint woods on 0504").
    label: String,
}

/// Undo and redo stacks. Every state of the document gets a number (its generation): the
/// state with no steps applied is 0, each new step a fresh number; undo and redo move the
/// document between the numbers, so "unsaved changes" is a comparison with the number
/// saved, and undoing back to the saved state makes the document clean again.
#[derive(Debug, Default)]
pub struct History {
    undo: Vec<Step>,
    redo: Vec<Step>,
    last: u64,
}

impl History {
    fn fresh(&mut self) -> u64 {
        self.last += 1;
        self.last
    }

    /// The state with every undo step applied.
    fn top(&self) -> u64 {
        self.undo.last().map_or(0, |s| s.state)
    }

    /// Applies an edit and records it; returns the layers it changed.
    pub fn apply(&mut self, doc: &mut Document, edit: Edit) -> Layers {
        let label = edit.label();
        self.apply_labelled(doc, edit, label)
    }

    /// [`History::apply`] under a label of the caller's ("set elevation of 0504 to 2").
    pub fn apply_labelled(&mut self, doc: &mut Document, edit: Edit, label: String) -> Layers {
        let layers = edit.layers();
        let inverse = edit.apply(doc);
        if !inverse.is_empty() {
            let state = self.fresh();
            doc.set_generation(state);
            self.undo.push(Step {
                edit: inverse,
                state,
                label,
            });
            self.redo.clear();
        }
        layers
    }

    /// What the next undo would undo ("paint woods on 0504"), if anything.
    pub fn undo_label(&self) -> Option<&str> {
        self.undo.last().map(|s| s.label.as_str())
    }

    /// What the next redo would redo, if anything.
    pub fn redo_label(&self) -> Option<&str> {
        self.redo.last().map(|s| s.label.as_str())
    }

    /// Starts an edit applied live, piece by piece (a brush stroke): the document is in a
    /// new state at once; [`History::record`] ends it.
    pub fn begin_live(&mut self, doc: &mut Document) {
        let state = self.fresh();
        doc.set_generation(state);
    }

    /// Records the inverse of an edit applied live since [`History::begin_live`].
    pub fn record(&mut self, doc: &mut Document, inverse: Edit, label: String) {
        if inverse.is_empty() {
            doc.set_generation(self.top());
            return;
        }
        self.undo.push(Step {
            edit: inverse,
            state: doc.generation(),
            label,
        });
        self.redo.clear();
    }

    /// Undoes the last edit; the layers it changed, or `None` when there is nothing to undo.
    pub fn undo(&mut self, doc: &mut Document) -> Option<Layers> {
        let step = self.undo.pop()?;
        let layers = step.edit.layers();
        let forward = step.edit.apply(doc);
        self.redo.push(Step {
            edit: forward,
            state: step.state,
            label: step.label,
        });
        doc.set_generation(self.top());
        Some(layers)
    }

    /// Redoes the last undone edit; the layers it changed, or `None` when there is none.
    pub fn redo(&mut self, doc: &mut Document) -> Option<Layers> {
        let step = self.redo.pop()?;
        let layers = step.edit.layers();
        let inverse = step.edit.apply(doc);
        self.undo.push(Step {
            edit: inverse,
            state: step.state,
            label: step.label,
        });
        doc.set_generation(step.state);
        Some(layers)
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

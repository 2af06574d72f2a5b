//! What an open document means: a scenario loaded with its map, overlays and army lists
//! (through the same loader as `inspect` and `query`, held to the pack boundary), or a map
//! with its world.

use crate::docs::Docs;
use muster_check::{Loaded, LoadedScenario};
use muster_model::{FileKind, MapFile};
use muster_rules::{FileRole, World};
use std::path::Path;

/// A document, loaded.
pub enum Model {
    /// A scenario and everything it references.
    Scenario(Box<LoadedScenario>),
    /// A map.
    Map(Box<Loaded<MapFile>>),
}

impl Model {
    /// Loads the document at `path` as the editor holds it; `None` when it (or, for a
    /// scenario, its map) does not load: its diagnostics say why.
    pub fn load(docs: &Docs, path: &Path, kind: FileKind) -> Option<Model> {
        match kind {
            FileKind::Scenario => docs
                .checker()
                .load_scenario(path)
                .ok()
                .map(|s| Model::Scenario(Box::new(s))),
            FileKind::Map => {
                let text = docs.get(path)?.text.clone();
                muster_check::parse_text::<MapFile>(path, text, FileKind::Map)
                    .ok()
                    .map(|m| Model::Map(Box::new(m)))
            }
            _ => None,
        }
    }

    /// The map's world alone (a map document), with no overlays.
    pub fn map_world(map: &MapFile) -> World {
        World::from_map(map, FileRole::This, &mut Vec::new())
    }
}

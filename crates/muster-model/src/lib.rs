//! Muster's file model.
//!
//! These serde types are the single source of truth for every file a pack holds: the JSON
//! Schemas in `schemas/` are derived from them ([`schema::all_with`], which
//! `muster_rules::schema` calls with each game system's own field types) and a test fails
//! when the committed schemas drift. What a game system alone reads is not here: a
//! scenario, a side and a unit keep their system's fields as written ([`SystemFields`]),
//! typed by the system's folder in `muster-rules`. Files are RON first (JSON accepted) and are written so that a
//! printed set-up line becomes one line of the file: printed hex ids as strings, counts as
//! counts, zones that read like the rule.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod army_list;
pub mod canonical;
mod common;
mod conditions;
mod errata;
mod manifest;
mod map;
mod overlay;
mod ruleset;
mod scenario;
pub mod schema;
mod shaped;
mod siege;
mod system_fields;
mod zone;

pub use army_list::{ArmyListFile, ListEntry, OrderClass};
pub use common::{HexId, Provenance, Source};
pub use conditions::{Condition, Effect, RollWindow, SpecialRule, Stage, Victory, VictoryLevel};
pub use errata::Erratum;
pub use manifest::Manifest;
pub use map::{HexEntry, HexsideEntry, MapFile, NamedZone, PathEntry};
pub use overlay::{OverlayFile, OverlayPlacement};
pub use ruleset::{
    CoverKind, FeatureDef, HexsideEffect, MarkerDef, PieceDef, Ruleset, TerrainDef, UnitKindDef,
};
pub use scenario::{
    Reinforcement, ScenarioFile, SetupEntry, Side, Step, UnitDef, UnitRef, UnitRefError, MAX_COUNT,
};
pub use siege::{Level, Marker, Piece};
pub use system_fields::SystemFields;
pub use zone::{Zone, ZoneError, MAX_NAMED_EXPANSIONS, MAX_STEPS_PER_CELL};

/// The kinds of file Muster reads, recognised by file name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FileKind {
    /// `*.map.ron` / `*.map.json`
    Map,
    /// `*.overlay.ron` / `*.overlay.json`
    Overlay,
    /// `*.scenario.ron` / `*.scenario.json`
    Scenario,
    /// `muster.pack.ron` / `muster.pack.json`
    Manifest,
    /// `*.ruleset.ron` / `*.ruleset.json`
    Ruleset,
    /// `*.armylist.ron` / `*.armylist.json`
    ArmyList,
}

/// The syntax a file is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Syntax {
    /// Rusty Object Notation.
    Ron,
    /// JSON.
    Json,
}

impl FileKind {
    /// Recognises a file by its name, e.g. `civitate.scenario.ron`.
    pub fn from_file_name(name: &str) -> Option<(FileKind, Syntax)> {
        let (stem, syntax) = if let Some(s) = name.strip_suffix(".ron") {
            (s, Syntax::Ron)
        } else if let Some(s) = name.strip_suffix(".json") {
            (s, Syntax::Json)
        } else {
            return None;
        };
        let kind = if stem == "muster.pack" {
            FileKind::Manifest
        } else if stem.ends_with(".map") {
            FileKind::Map
        } else if stem.ends_with(".overlay") {
            FileKind::Overlay
        } else if stem.ends_with(".scenario") {
            FileKind::Scenario
        } else if stem.ends_with(".ruleset") {
            FileKind::Ruleset
        } else if stem.ends_with(".armylist") {
            FileKind::ArmyList
        } else {
            return None;
        };
        Some((kind, syntax))
    }

    /// The schema file name for this kind, e.g. `scenario.schema.json`.
    pub fn schema_name(self) -> &'static str {
        match self {
            FileKind::Map => "map",
            FileKind::Overlay => "overlay",
            FileKind::Scenario => "scenario",
            FileKind::Manifest => "pack",
            FileKind::Ruleset => "ruleset",
            FileKind::ArmyList => "armylist",
        }
    }

    /// What a file of this kind is, for messages: "a map", "an army list".
    pub fn describe(self) -> &'static str {
        match self {
            FileKind::Map => "a map",
            FileKind::Overlay => "an overlay",
            FileKind::Scenario => "a scenario",
            FileKind::Manifest => "a pack manifest",
            FileKind::Ruleset => "a ruleset",
            FileKind::ArmyList => "an army list",
        }
    }
}

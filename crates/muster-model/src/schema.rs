//! JSON Schemas (draft 2020-12) derived from the file types, with `$id`s, for `schemas/`.

use crate::{ArmyListFile, FileKind, Manifest, MapFile, OverlayFile, Ruleset, ScenarioFile};
use schemars::{JsonSchema, Schema};

/// Base of every schema `$id`.
pub const ID_BASE: &str = "https://muster.invalid/schemas/";

fn with_id<T: JsonSchema>(name: &str, title: &str) -> Schema {
    let mut schema = schemars::schema_for!(T);
    schema.insert("$id".into(), format!("{ID_BASE}{name}.schema.json").into());
    schema.insert("title".into(), title.into());
    schema
}

/// The schema of one kind of file.
pub fn for_kind(kind: FileKind) -> Schema {
    match kind {
        FileKind::Map => with_id::<MapFile>("map", "Muster map"),
        FileKind::Overlay => with_id::<OverlayFile>("overlay", "Muster terrain overlay"),
        FileKind::Scenario => with_id::<ScenarioFile>("scenario", "Muster scenario"),
        FileKind::Manifest => with_id::<Manifest>("pack", "Muster pack manifest"),
        FileKind::Ruleset => with_id::<Ruleset>("ruleset", "Muster ruleset"),
        FileKind::ArmyList => with_id::<ArmyListFile>("armylist", "Muster army list"),
    }
}

/// Every schema with the file name it is committed under (`map.schema.json` …).
pub fn all() -> Vec<(String, String)> {
    [
        FileKind::Map,
        FileKind::Overlay,
        FileKind::Scenario,
        FileKind::Manifest,
        FileKind::Ruleset,
    ]
    .into_iter()
    .map(|k| {
        let text = serde_json::to_string_pretty(&for_kind(k)).unwrap_or_default() + "\n";
        (format!("{}.schema.json", k.schema_name()), text)
    })
    .collect()
}

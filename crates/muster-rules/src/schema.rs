//! The JSON Schemas of every file kind, with each game system's own fields
//! ([`crate::fields`]) in the scenario's: what `muster schema` writes to `schemas/`, what
//! the validator checks files with, and what the language server completes from.

use muster_model::schema::{all_with, for_kind_with};
use muster_model::FileKind;
use schemars::{Schema, SchemaGenerator};

fn systems(g: &mut SchemaGenerator) -> Vec<(String, [Schema; 5])> {
    crate::SYSTEMS
        .iter()
        .map(|s| (s.ruleset().name.clone(), s.field_schemas(g)))
        .collect()
}

/// The schema of one kind of file.
pub fn for_kind(kind: FileKind) -> Schema {
    for_kind_with(kind, &systems)
}

/// Every schema with the file name it is committed under (`scenario.schema.json` …).
pub fn all() -> Vec<(String, String)> {
    all_with(&systems)
}

/// The scenario schema as JSON, made once: what the canonical writer shapes each game
/// system's fields by ([`crate::canonical`]) and the validator checks scenarios with.
pub fn scenario_json() -> &'static serde_json::Value {
    static SCHEMA: std::sync::OnceLock<serde_json::Value> = std::sync::OnceLock::new();
    SCHEMA.get_or_init(|| for_kind(FileKind::Scenario).into())
}

//! The compiled JSON Schema validators, one per file kind, built once.

use muster_model::FileKind;
use std::sync::OnceLock;

/// The validator for a file kind.
pub fn validator(kind: FileKind) -> &'static jsonschema::Validator {
    static CELLS: [OnceLock<jsonschema::Validator>; 6] = [const { OnceLock::new() }; 6];
    let i = match kind {
        FileKind::Map => 0,
        FileKind::Overlay => 1,
        FileKind::Scenario => 2,
        FileKind::Manifest => 3,
        FileKind::Ruleset => 4,
        FileKind::ArmyList => 5,
    };
    CELLS[i].get_or_init(|| {
        let schema = serde_json::Value::from(muster_model::schema::for_kind(kind));
        // The schemas are generated from our own types and tested to compile.
        jsonschema::draft202012::new(&schema).expect("generated schema compiles")
    })
}

//! The compiled JSON Schema validators, one per file kind, built once.

use muster_model::FileKind;
use std::sync::OnceLock;

/// The validator for a file kind.
pub fn validator(kind: FileKind) -> &'static jsonschema::Validator {
    static CELLS: [OnceLock<jsonschema::Validator>; 6] = [const { OnceLock::new() }; 6];
    CELLS[index(kind)].get_or_init(|| {
        // The schemas are generated from our own types and tested to compile.
        jsonschema::draft202012::new(crate::suggest::schema(kind))
            .expect("generated schema compiles")
    })
}

/// A file kind's slot in per-kind tables.
pub(crate) fn index(kind: FileKind) -> usize {
    match kind {
        FileKind::Map => 0,
        FileKind::Overlay => 1,
        FileKind::Scenario => 2,
        FileKind::Manifest => 3,
        FileKind::Ruleset => 4,
        FileKind::ArmyList => 5,
    }
}

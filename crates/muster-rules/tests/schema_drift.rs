//! Guards against the committed schemas in `schemas/` drifting from the Rust types.
//! Regenerate with `MUSTER_BLESS=1 cargo test -p muster-rules --test schema_drift`.

use std::path::PathBuf;

#[test]
fn committed_schemas_match_the_types() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../schemas");
    let bless = std::env::var_os("MUSTER_BLESS").is_some();
    let mut stale = Vec::new();
    for (name, text) in muster_rules::schema::all() {
        let path = dir.join(&name);
        if bless {
            std::fs::write(&path, &text).unwrap();
            continue;
        }
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        if committed != text {
            stale.push(name);
        }
    }
    assert!(
        stale.is_empty(),
        "schemas out of date: {stale:?}; run `MUSTER_BLESS=1 cargo test -p muster-rules --test schema_drift` (or `muster schema --out schemas`)"
    );
}

#[test]
fn schemas_are_valid_draft_2020_12_and_have_ids() {
    for (name, text) in muster_rules::schema::all() {
        let value: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert!(
            value["$id"].as_str().unwrap().ends_with(&name),
            "{name} has its $id"
        );
        assert_eq!(
            value["$schema"],
            "https://json-schema.org/draft/2020-12/schema"
        );
        jsonschema::draft202012::new(&value).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
}

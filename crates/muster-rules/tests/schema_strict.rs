//! The generated schemas are strict and portable (issue 15): every object refuses unknown
//! keys, enum struct variants included, and only the `format`s JSON Schema 2020-12 defines
//! appear, so ajv in its default strict mode accepts them.

use muster_model::schema::STANDARD_FORMATS;
use muster_model::{Effect, FileKind, Zone};
use muster_rules::schema::{all, for_kind};
use serde_json::{json, Value};

/// Every subschema of `value` with the JSON pointer leading to it.
fn subschemas(value: &Value) -> Vec<(String, &Value)> {
    let mut out = Vec::new();
    let mut stack = vec![(String::from("#"), value)];
    while let Some((at, v)) = stack.pop() {
        match v {
            Value::Object(map) => {
                out.push((at.clone(), v));
                for (k, child) in map {
                    stack.push((format!("{at}/{k}"), child));
                }
            }
            Value::Array(items) => {
                for (i, child) in items.iter().enumerate() {
                    stack.push((format!("{at}/{i}"), child));
                }
            }
            _ => {}
        }
    }
    out
}

fn is_object_schema(map: &serde_json::Map<String, Value>) -> bool {
    map.contains_key("properties")
        || match map.get("type") {
            Some(Value::String(t)) => t == "object",
            Some(Value::Array(ts)) => ts.iter().any(|t| t == "object"),
            _ => false,
        }
}

/// Guards against a typo such as `CannotMove(..., unles: ...)` validating clean: every
/// object schema says `additionalProperties: false`. A map type (a `BTreeMap` field, e.g.
/// a ruleset's terrain table) has `additionalProperties` as a *schema* for its values and
/// no `properties`; that is fine, since its keys are data, not field names.
#[test]
fn every_object_schema_forbids_unknown_keys() {
    let mut lax = Vec::new();
    for (name, text) in all() {
        let schema: Value = serde_json::from_str(&text).unwrap();
        for (at, sub) in subschemas(&schema) {
            // Inside `properties` the keys are field names, not keywords.
            if at.ends_with("/properties") || at.ends_with("/$defs") {
                continue;
            }
            let Value::Object(map) = sub else { continue };
            if !is_object_schema(map) {
                continue;
            }
            match map.get("additionalProperties") {
                Some(Value::Bool(false)) => {}
                Some(Value::Object(_)) if !map.contains_key("properties") => {} // a map type
                other => lax.push(format!("{name} {at}: additionalProperties {other:?}")),
            }
        }
    }
    assert!(
        lax.is_empty(),
        "object schemas that accept unknown keys:\n{}",
        lax.join("\n")
    );
}

/// Guards against schemars' own formats (`uint32`, `uint8`, `float` …), which ajv's strict
/// mode refuses as unknown.
#[test]
fn only_standard_formats() {
    let mut odd = Vec::new();
    for (name, text) in all() {
        let schema: Value = serde_json::from_str(&text).unwrap();
        for (at, sub) in subschemas(&schema) {
            if at.ends_with("/properties") || at.ends_with("/$defs") {
                continue;
            }
            if let Some(f) = sub.get("format") {
                if !f.as_str().is_some_and(|f| STANDARD_FORMATS.contains(&f)) {
                    odd.push(format!("{name} {at}: format {f}"));
                }
            }
        }
    }
    assert!(odd.is_empty(), "non-standard formats:\n{}", odd.join("\n"));
}

/// The integer formats removed above become bounds: every integer has a `minimum` and a
/// `maximum` (all Muster's integers are 32 bits or narrower, or carry a range).
#[test]
fn every_integer_is_bounded() {
    let mut open = Vec::new();
    for (name, text) in all() {
        let schema: Value = serde_json::from_str(&text).unwrap();
        for (at, sub) in subschemas(&schema) {
            if at.ends_with("/properties") || at.ends_with("/$defs") {
                continue;
            }
            let integer = match sub.get("type") {
                Some(Value::String(t)) => t == "integer",
                Some(Value::Array(ts)) => ts.iter().any(|t| t == "integer"),
                _ => false,
            };
            if integer && (sub.get("minimum").is_none() || sub.get("maximum").is_none()) {
                open.push(format!("{name} {at}"));
            }
        }
    }
    assert!(
        open.is_empty(),
        "integers without bounds:\n{}",
        open.join("\n")
    );
}

/// A validator for one `$defs` entry of a kind's schema.
fn def_validator(kind: FileKind, def: &str) -> jsonschema::Validator {
    let root = Value::from(for_kind(kind));
    let schema = json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$defs": root["$defs"],
        "$ref": format!("#/$defs/{def}"),
    });
    jsonschema::draft202012::new(&schema).unwrap()
}

/// Regression (issue 15): `CannotMove(..., unles: ...)` validated clean and dropped the
/// condition. Both the schema and serde now refuse it.
#[test]
fn misspelt_field_in_a_rule_variant_is_refused() {
    let typo =
        json!({"CannotMove": {"units": ["King Henry"], "unles": {"Captured": "King Henry"}}});
    let right =
        json!({"CannotMove": {"units": ["King Henry"], "unless": {"Captured": "King Henry"}}});
    let v = def_validator(FileKind::Scenario, "Effect");
    assert!(!v.is_valid(&typo));
    assert!(v.is_valid(&right));
    assert!(serde_json::from_value::<Effect>(typo).is_err());
    assert!(serde_json::from_value::<Effect>(right).is_ok());
}

/// Regression (issue 15): `Edge(sied: ...)` validated clean as an edge with no side.
#[test]
fn misspelt_field_in_a_zone_variant_is_refused() {
    let typo = json!({"Edge": {"sied": "East", "from": "1401", "to": "0401"}});
    let right = json!({"Edge": {"side": "East", "from": "1401", "to": "0401"}});
    let v = def_validator(FileKind::Map, "Zone");
    assert!(!v.is_valid(&typo));
    assert!(v.is_valid(&right));
    assert!(serde_json::from_value::<Zone>(typo).is_err());
    assert!(serde_json::from_value::<Zone>(right).is_ok());
}

/// `5.0` is an integer to JSON Schema; the schemas keep that reading (Muster's loader turns
/// whole floats into integers before serde sees them, see muster-check), and `5.5` is not.
#[test]
fn a_whole_number_with_a_point_is_an_integer_to_the_schema() {
    let root = Value::from(for_kind(FileKind::Scenario));
    let turns = &root["properties"]["turns"];
    let v = jsonschema::draft202012::new(turns).unwrap();
    assert!(v.is_valid(&json!(5.0)));
    assert!(!v.is_valid(&json!(5.5)));
    assert!(!v.is_valid(&json!(0)));
}

/// MU002's help names `schemas/armylist.schema.json`; it is generated like the others.
#[test]
fn every_file_kind_has_a_committed_schema() {
    let names: Vec<String> = all().into_iter().map(|(n, _)| n).collect();
    assert!(
        names.contains(&"armylist.schema.json".to_string()),
        "{names:?}"
    );
    assert_eq!(names.len(), muster_model::schema::KINDS.len());
}

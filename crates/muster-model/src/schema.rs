//! JSON Schemas (draft 2020-12) derived from the file types, with `$id`s, for `schemas/`.
//!
//! Every schema passes through [`Strict`] here, the one place schemas are made, so that the
//! committed files, `muster schema` and the validator all see the same strict schema.

use crate::{ArmyListFile, FileKind, Manifest, MapFile, OverlayFile, Ruleset, ScenarioFile};
use schemars::transform::{transform_subschemas, Transform};
use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde_json::Value;

/// Base of every schema `$id`.
pub const ID_BASE: &str = "https://muster.invalid/schemas/";

/// The `format` values JSON Schema 2020-12 defines (Validation §7.3); no other is emitted.
pub const STANDARD_FORMATS: &[&str] = &[
    "date-time",
    "date",
    "time",
    "duration",
    "email",
    "idn-email",
    "hostname",
    "idn-hostname",
    "ipv4",
    "ipv6",
    "uri",
    "uri-reference",
    "iri",
    "iri-reference",
    "uuid",
    "uri-template",
    "json-pointer",
    "relative-json-pointer",
    "regex",
];

/// Makes a generated schema strict and portable, on every subschema:
///
/// - an object schema with `properties` and no `additionalProperties` gets
///   `additionalProperties: false`, so a misspelt key (`unles`, `sied`) is refused, in enum
///   struct variants as much as in structs (maps keep their `additionalProperties` schema);
/// - schemars' own integer formats (`uint32`, `int8` …) become the `minimum`/`maximum` they
///   stand for, and any other non-standard `format` (`float`, `double`) is dropped, because
///   validators in strict mode (ajv) refuse unknown formats.
#[derive(Debug, Clone, Copy, Default)]
pub struct Strict;

impl Transform for Strict {
    fn transform(&mut self, schema: &mut Schema) {
        if let Some(obj) = schema.as_object_mut() {
            let is_object = obj.contains_key("properties")
                || obj.get("type").is_some_and(|t| has_type(t, "object"));
            if is_object && !obj.contains_key("additionalProperties") {
                obj.insert("additionalProperties".into(), Value::Bool(false));
            }
            let format = obj.get("format").and_then(Value::as_str).map(str::to_owned);
            if let Some(format) = format.filter(|f| !STANDARD_FORMATS.contains(&f.as_str())) {
                obj.shift_remove("format");
                if let Some((min, max)) = integer_range(&format) {
                    obj.entry("minimum").or_insert_with(|| min.into());
                    if let Some(max) = max {
                        obj.entry("maximum").or_insert_with(|| max.into());
                    }
                }
            }
        }
        transform_subschemas(self, schema);
    }
}

/// Whether a `type` keyword (a string or a list of them) admits `name`.
fn has_type(t: &Value, name: &str) -> bool {
    match t {
        Value::String(s) => s == name,
        Value::Array(a) => a.iter().any(|v| v == name),
        _ => false,
    }
}

/// The range a schemars integer format stands for; `None` for the upper bound where it is
/// beyond what JSON numbers carry exactly (64-bit).
fn integer_range(format: &str) -> Option<(i64, Option<i64>)> {
    Some(match format {
        "uint8" => (0, Some(u8::MAX.into())),
        "uint16" => (0, Some(u16::MAX.into())),
        "uint32" => (0, Some(u32::MAX.into())),
        "uint64" | "uint128" | "uint" => (0, None),
        "int8" => (i8::MIN.into(), Some(i8::MAX.into())),
        "int16" => (i16::MIN.into(), Some(i16::MAX.into())),
        "int32" => (i32::MIN.into(), Some(i32::MAX.into())),
        _ => return None,
    })
}

fn with_id<T: JsonSchema>(name: &str, title: &str) -> Schema {
    let mut schema = schemars::schema_for!(T);
    Strict.transform(&mut schema);
    schema.insert("$id".into(), format!("{ID_BASE}{name}.schema.json").into());
    schema.insert("title".into(), title.into());
    schema
}

/// The objects a game system may add fields to, as pointers into the scenario schema: the
/// scenario, a side, a unit, a set-up line, a reinforcement.
pub const SYSTEM_LEVELS: [&str; 5] = [
    "",
    "/$defs/Side",
    "/$defs/UnitDef",
    "/$defs/SetupEntry",
    "/$defs/Reinforcement",
];

/// Each game system's own fields, made with the scenario schema's generator (so the types
/// they name land in its `$defs`): the system's name, then the object schemas of its fields
/// at each of [`SYSTEM_LEVELS`].
pub type SystemFieldSchemas<'f> = &'f dyn Fn(&mut SchemaGenerator) -> Vec<(String, [Schema; 5])>;

/// The scenario schema with every game system's fields ([`crate::SystemFields`]) put into
/// the scenario, side and unit objects. A field two systems define alike is listed once;
/// defined differently, it takes either form (`anyOf`). Each field's description names the
/// systems that read it.
fn scenario_with(systems: SystemFieldSchemas) -> Schema {
    let mut g = schemars::generate::SchemaSettings::draft2020_12().into_generator();
    let fields = systems(&mut g);
    let mut root = g.into_root_schema_for::<ScenarioFile>();
    for (level, target) in SYSTEM_LEVELS.into_iter().enumerate() {
        let Some(Value::Object(object)) = root.pointer_mut(target) else {
            continue;
        };
        let properties = object
            .entry("properties")
            .or_insert_with(|| Value::Object(Default::default()));
        let Value::Object(properties) = properties else {
            continue;
        };
        for (system, schemas) in &fields {
            let Some(Value::Object(theirs)) = schemas[level]
                .as_object()
                .and_then(|o| o.get("properties"))
                .cloned()
            else {
                continue;
            };
            for (name, mut schema) in theirs {
                said_by(&mut schema, system);
                match properties.get_mut(&name) {
                    None => {
                        properties.insert(name, schema);
                    }
                    Some(had) => merge(had, schema),
                }
            }
        }
    }
    root
}

/// Prefixes a field's description with the system that reads it.
fn said_by(schema: &mut Value, system: &str) {
    if let Value::Object(o) = schema {
        let text = o
            .get("description")
            .and_then(Value::as_str)
            .unwrap_or_default();
        let said = format!("({system}) {text}").trim_end().to_string();
        o.insert("description".into(), said.into());
    }
}

/// A field a second system also defines: one schema if both say the same, else either.
fn merge(had: &mut Value, theirs: Value) {
    let strip = |v: &Value| {
        let mut v = v.clone();
        if let Value::Object(o) = &mut v {
            o.shift_remove("description");
        }
        v
    };
    let description = |v: &Value| {
        v.get("description")
            .and_then(Value::as_str)
            .map(str::to_owned)
    };
    let joined = format!(
        "{}; {}",
        description(had).unwrap_or_default(),
        description(&theirs).unwrap_or_default()
    );
    if strip(had) != strip(&theirs) {
        let either = vec![strip(had), strip(&theirs)];
        *had = serde_json::json!({ "anyOf": either });
    }
    if let Value::Object(o) = had {
        o.insert("description".into(), joined.into());
    }
}

/// The schema of one kind of file, with the game systems' fields in a scenario's.
pub fn for_kind_with(kind: FileKind, systems: SystemFieldSchemas) -> Schema {
    match kind {
        FileKind::Map => with_id::<MapFile>("map", "Muster map"),
        FileKind::Overlay => with_id::<OverlayFile>("overlay", "Muster terrain overlay"),
        FileKind::Scenario => {
            let mut schema = scenario_with(systems);
            Strict.transform(&mut schema);
            schema.insert(
                "$id".into(),
                format!("{ID_BASE}scenario.schema.json").into(),
            );
            schema.insert("title".into(), "Muster scenario".into());
            schema
        }
        FileKind::Manifest => with_id::<Manifest>("pack", "Muster pack manifest"),
        FileKind::Ruleset => with_id::<Ruleset>("ruleset", "Muster ruleset"),
        FileKind::ArmyList => with_id::<ArmyListFile>("armylist", "Muster army list"),
    }
}

/// Every kind of file, in the order the schemas are listed.
pub const KINDS: [FileKind; 6] = [
    FileKind::Map,
    FileKind::Overlay,
    FileKind::Scenario,
    FileKind::Manifest,
    FileKind::Ruleset,
    FileKind::ArmyList,
];

/// Every schema with the file name it is committed under (`map.schema.json` …), with the
/// game systems' fields in the scenario's.
pub fn all_with(systems: SystemFieldSchemas) -> Vec<(String, String)> {
    KINDS
        .into_iter()
        .map(|k| {
            let text =
                serde_json::to_string_pretty(&for_kind_with(k, systems)).unwrap_or_default() + "\n";
            (format!("{}.schema.json", k.schema_name()), text)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use schemars::json_schema;

    #[test]
    fn strict_closes_nested_objects_and_leaves_maps_open() {
        let mut s = json_schema!({
            "type": "object",
            "properties": {
                "v": {"oneOf": [{"type": "object", "properties": {"Edge": {"properties": {}}}}]},
                "table": {"type": "object", "additionalProperties": {"type": "string"}}
            }
        });
        Strict.transform(&mut s);
        let v = serde_json::Value::from(s);
        assert_eq!(v["additionalProperties"], false);
        let variant = &v["properties"]["v"]["oneOf"][0];
        assert_eq!(variant["additionalProperties"], false);
        assert_eq!(variant["properties"]["Edge"]["additionalProperties"], false);
        assert_eq!(
            v["properties"]["table"]["additionalProperties"]["type"],
            "string"
        );
    }

    #[test]
    fn strict_turns_integer_formats_into_bounds() {
        let mut s = json_schema!({
            "type": "object",
            "properties": {
                "a": {"type": "integer", "format": "uint8", "minimum": 1},
                "b": {"type": ["integer", "null"], "format": "int32"},
                "c": {"type": "number", "format": "double"},
                "d": {"type": "string", "format": "date"}
            }
        });
        Strict.transform(&mut s);
        let p = &serde_json::Value::from(s)["properties"];
        assert_eq!(
            p["a"],
            serde_json::json!({"type": "integer", "minimum": 1, "maximum": 255})
        );
        assert_eq!(p["b"]["minimum"], i32::MIN);
        assert_eq!(p["b"]["maximum"], i32::MAX);
        assert!(p["b"].get("format").is_none() && p["c"].get("format").is_none());
        assert_eq!(p["d"]["format"], "date");
    }
}

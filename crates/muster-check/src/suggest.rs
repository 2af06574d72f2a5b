//! Help for careless input: the fields and forms a schema allows where a value went
//! wrong, and the nearest one to what was written (`titel` → `title`, `Hexs` → `Hexes`).

use muster_model::FileKind;
use serde_json::Value;

/// The generated schema of a file kind, as JSON.
pub fn schema(kind: FileKind) -> &'static Value {
    use std::sync::OnceLock;
    static CELLS: [OnceLock<Value>; 6] = [const { OnceLock::new() }; 6];
    CELLS[crate::schemas::index(kind)].get_or_init(|| match kind {
        FileKind::Scenario => muster_rules::schema::scenario_json().clone(),
        _ => Value::from(muster_rules::schema::for_kind(kind)),
    })
}

/// The schema object holding the keyword at `keyword_location` (`/$defs/Unit/oneOf`).
fn holder<'s>(root: &'s Value, keyword_location: &str) -> Option<&'s Value> {
    let parent = keyword_location.rsplit_once('/')?.0;
    root.pointer(parent)
}

/// Follows a local `$ref` (`#/$defs/Zone`).
fn deref<'s>(root: &'s Value, mut node: &'s Value) -> &'s Value {
    for _ in 0..8 {
        match node.get("$ref").and_then(Value::as_str) {
            Some(r) => match r.strip_prefix('#').and_then(|p| root.pointer(p)) {
                Some(target) => node = target,
                None => break,
            },
            None => break,
        }
    }
    node
}

/// The field names the object schema beside `additionalProperties` allows.
pub fn allowed_fields(kind: FileKind, keyword_location: &str) -> Vec<String> {
    let root = schema(kind);
    holder(root, keyword_location)
        .and_then(|h| h.get("properties"))
        .and_then(Value::as_object)
        .map(|p| p.keys().cloned().collect())
        .unwrap_or_default()
}

/// The forms a `oneOf`/`anyOf` allows, as a designer writes them: `Hexes(..)` for a
/// variant with data, `Printed` for a unit variant, `a number`, `None`.
pub fn allowed_forms(kind: FileKind, keyword_location: &str) -> Vec<String> {
    let root = schema(kind);
    let Some(h) = holder(root, keyword_location) else {
        return vec![];
    };
    let branches = h
        .get("oneOf")
        .or_else(|| h.get("anyOf"))
        .and_then(Value::as_array);
    let mut out = Vec::new();
    for b in branches.into_iter().flatten() {
        forms_of(root, deref(root, b), &mut out, 0);
    }
    out.dedup();
    out
}

fn forms_of(root: &Value, b: &Value, out: &mut Vec<String>, depth: usize) {
    if let Some(c) = b.get("const").and_then(Value::as_str) {
        out.push(c.to_string());
    } else if let Some(e) = b.get("enum").and_then(Value::as_array) {
        out.extend(e.iter().filter_map(Value::as_str).map(str::to_string));
    } else if let (Some(req), Some("object")) = (
        b.get("required").and_then(Value::as_array),
        b.get("type").and_then(Value::as_str),
    ) {
        match (
            req.as_slice(),
            b.get("properties").and_then(Value::as_object),
        ) {
            ([name], Some(p)) if p.len() == 1 => {
                out.push(format!("{}(..)", name.as_str().unwrap_or_default()));
            }
            _ => out.push("a struct `(..)`".into()),
        }
    } else if let (Some(inner), true) = (
        b.get("oneOf")
            .or_else(|| b.get("anyOf"))
            .and_then(Value::as_array),
        depth < 4,
    ) {
        for i in inner {
            forms_of(root, deref(root, i), out, depth + 1);
        }
    } else if let Some(t) = b.get("type").and_then(Value::as_str) {
        out.push(
            match t {
                "null" => "None",
                "string" => "a string",
                "integer" => "a whole number",
                "number" => "a number",
                "boolean" => "true or false",
                "array" => "a list `[..]`",
                _ => "a struct `(..)`",
            }
            .into(),
        );
    }
}

/// The one suggester (Damerau–Levenshtein), shared with the rules' messages.
pub use muster_rules::suggest::nearest;

/// A list for a help line: `a, b or c`.
pub fn listing(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => format!("`{one}`"),
        [init @ .., last] => format!(
            "{} or `{last}`",
            init.iter()
                .map(|i| format!("`{i}`"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

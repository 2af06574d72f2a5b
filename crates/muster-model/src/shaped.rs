//! A game system's field written back as RON in the shape its type gives it: the value was
//! read from the file into JSON, where `training: Well` and `group: "Well"` are both the
//! string `"Well"` and `inches_per_hex: 2.0` may be the integer `2`; the field's schema
//! (from the system's type, in the scenario schema) says which is an enum variant, which a
//! number with a fraction and which a record, so the canonical text is the one the type
//! would write.

use crate::canonical::{inline, WriteError};
use serde_json::Value;

/// How deep a schema's `$ref`s and alternatives are followed (the scenario schema's are a
/// few levels; a cycle stops here).
const MAX_DEPTH: usize = 16;

/// `v` as RON, shaped by `shape` (a subschema of `root`; `None`: no shape known, records
/// as records and strings quoted).
pub(crate) fn ron_shaped(
    v: &Value,
    shape: Option<&Value>,
    root: &Value,
) -> Result<String, WriteError> {
    let forms = shape.map(|s| forms(s, root)).unwrap_or_default();
    Ok(match v {
        Value::Null => "None".into(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => {
            let fractional = forms.iter().any(|f| admits(f, "number"))
                && !forms.iter().any(|f| admits(f, "integer"));
            match n.as_i64().or(n.as_u64().map(|u| u as i64)) {
                Some(whole) if fractional => format!("{whole}.0"),
                _ => n.to_string(),
            }
        }
        Value::String(s) if forms.iter().any(|f| is_variant(f, s)) => s.clone(),
        Value::String(s) => inline(s)?,
        Value::Array(items) => {
            let item = shape.and_then(|s| items_of(s, root));
            let texts: Result<Vec<String>, WriteError> =
                items.iter().map(|i| ron_shaped(i, item, root)).collect();
            format!("[{}]", texts?.join(", "))
        }
        Value::Object(fields) => {
            // In the order the type declares its fields, then any it does not, as written.
            let properties = forms
                .iter()
                .find_map(|f| f.get("properties"))
                .and_then(Value::as_object);
            let rank = |name: &str| {
                properties
                    .and_then(|p| p.keys().position(|k| k == name))
                    .unwrap_or(usize::MAX)
            };
            let mut set: Vec<(&String, &Value)> =
                fields.iter().filter(|(_, v)| !v.is_null()).collect();
            set.sort_by_key(|(name, _)| rank(name));
            let mut parts = Vec::new();
            for (name, value) in set {
                let shape = properties.and_then(|p| p.get(name));
                parts.push(format!("{name}: {}", ron_shaped(value, shape, root)?));
            }
            format!("({})", parts.join(", "))
        }
    })
}

/// The schema of a list's items, where `shape` (or a form it allows) is a list.
pub(crate) fn items_of<'s>(shape: &'s Value, root: &'s Value) -> Option<&'s Value> {
    forms(shape, root).into_iter().find_map(|f| f.get("items"))
}

/// The forms a schema allows: itself, its `$ref`'s target, and each alternative of its
/// `anyOf` / `oneOf`, followed through.
fn forms<'s>(shape: &'s Value, root: &'s Value) -> Vec<&'s Value> {
    let mut out = Vec::new();
    let mut todo = vec![(shape, 0)];
    while let Some((s, depth)) = todo.pop() {
        if depth > MAX_DEPTH {
            continue;
        }
        out.push(s);
        if let Some(target) = s
            .get("$ref")
            .and_then(Value::as_str)
            .and_then(|r| r.strip_prefix('#'))
            .and_then(|p| root.pointer(p))
        {
            todo.push((target, depth + 1));
        }
        for key in ["anyOf", "oneOf"] {
            for alt in s.get(key).and_then(Value::as_array).into_iter().flatten() {
                todo.push((alt, depth + 1));
            }
        }
    }
    out
}

/// Whether a form's `type` admits `name`.
fn admits(form: &Value, name: &str) -> bool {
    match form.get("type") {
        Some(Value::String(t)) => t == name,
        Some(Value::Array(ts)) => ts.iter().any(|t| t == name),
        _ => false,
    }
}

/// Whether `s` is one of a form's enum variants (`enum: [...]` or `const`), written bare.
fn is_variant(form: &Value, s: &str) -> bool {
    let listed = form
        .get("enum")
        .and_then(Value::as_array)
        .is_some_and(|e| e.iter().any(|v| v == s));
    let constant = form.get("const").is_some_and(|c| c == s);
    (listed || constant) && is_identifier(s)
}

/// A RON identifier: a letter or `_`, then letters, digits and `_`.
fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn enum_variants_bare_strings_quoted_fractions_kept() {
        let root = json!({"$defs": {
            "Training": {"oneOf": [{"type": "string", "const": "Well"}, {"type": "string", "const": "Poorly"}]},
            "Scale": {"type": "object", "properties": {
                "inches_per_hex": {"type": "number"},
                "figures": {"type": "string", "enum": ["Mm15", "Mm25"]}}}
        }});
        let training = json!({"anyOf": [{"$ref": "#/$defs/Training"}, {"type": "null"}]});
        let text = |v: Value, shape: &Value| ron_shaped(&v, Some(shape), &root).unwrap();
        assert_eq!(text(json!("Well"), &training), "Well");
        assert_eq!(text(json!("Well"), &json!({"type": "string"})), "\"Well\"");
        assert_eq!(
            text(
                json!({"figures": "Mm25", "inches_per_hex": 2}),
                &json!({"$ref": "#/$defs/Scale"})
            ),
            "(inches_per_hex: 2.0, figures: Mm25)",
            "in the type's order, whatever the order written"
        );
        assert_eq!(
            ron_shaped(&json!({"a": [1, "x"]}), None, &root).unwrap(),
            "(a: [1, \"x\"])"
        );
    }
}

//! The fast way in for JSON files: serde_json's reader straight to a JSON value, refusing
//! a key written twice as Muster's own reader does. Anything it does not take (a syntax
//! error, a duplicate key, nesting past its limit) goes the usual way, through the
//! positioned tree, which reports it where it is; so a file reads the same either way,
//! only faster when it is well formed (issue 17).

use serde::de::{DeserializeSeed, Deserializer, Error, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Number, Value};
use std::fmt;

/// The value of a well-formed JSON text without repeated keys, `None` otherwise.
pub(crate) fn json_value(text: &str) -> Option<Value> {
    let mut de = serde_json::Deserializer::from_str(text);
    let value = Strict.deserialize(&mut de).ok()?;
    de.end().ok()?;
    Some(value)
}

/// A JSON value whose objects never repeat a key.
struct Strict;

impl<'de> DeserializeSeed<'de> for Strict {
    type Value = Value;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Strict {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }

    fn visit_f64<E: Error>(self, v: f64) -> Result<Value, E> {
        Number::from_f64(v)
            .map(Value::Number)
            .ok_or_else(|| E::custom("not a finite number"))
    }

    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_owned()))
    }

    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0));
        while let Some(v) = seq.next_element_seed(Strict)? {
            items.push(v);
        }
        Ok(Value::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut out = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if out.contains_key(&key) {
                return Err(A::Error::custom("a key is written twice"));
            }
            let value = map.next_value_seed(Strict)?;
            out.insert(key, value);
        }
        Ok(Value::Object(out))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_what_the_tree_reads_and_leaves_the_rest_to_it() {
        let text = r#"{"title": "A", "turns": 6, "odds": [1.5, -2], "x": null, "b": true}"#;
        let tree = crate::syntax::read(text).unwrap().into_json();
        assert_eq!(json_value(text), Some(tree));
        assert_eq!(json_value(r#"{"a": 1, "a": 2}"#), None, "a repeated key");
        assert_eq!(json_value(r#"{"a": 1,}"#), None, "a trailing comma");
        assert_eq!(json_value("{} {}"), None, "text after the value");
        let deep = format!("{}{}", "[".repeat(200), "]".repeat(200));
        assert_eq!(json_value(&deep), None, "nesting past serde_json's limit");
    }

    #[test]
    fn every_json_file_of_the_repository_reads_the_same_both_ways() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let mut n = 0;
        for dir in ["schemas", "tests/cases", "scenarios", "maps"] {
            for entry in walkdir(&root.join(dir)) {
                let text = std::fs::read_to_string(&entry).unwrap();
                let Some(fast) = json_value(&text) else {
                    continue;
                };
                let tree = crate::syntax::read(&text).unwrap().into_json();
                assert_eq!(fast, tree, "{}", entry.display());
                n += 1;
            }
        }
        assert!(n >= 5, "only {n} JSON files compared");
    }

    fn walkdir(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
        let mut out = Vec::new();
        for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                out.extend(walkdir(&p));
            } else if p.extension().is_some_and(|x| x == "json") {
                out.push(p);
            }
        }
        out
    }
}

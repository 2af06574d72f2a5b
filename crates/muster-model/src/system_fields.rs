//! The fields a game system adds to a scenario, a side or a unit.
//!
//! The model knows only what every system shares. A system's own fields are written in the
//! file beside the shared ones, as the print names them (`army_morale: 12` on an A la
//! Charge side), and read here as they were written; their types live in the system's
//! folder (`crates/muster-rules/src/<system>/fields.rs`), which reads them with
//! [`SystemFields::typed`]. The scenario schema lists every system's fields
//! (`muster_rules::schema`), so a misspelt one is still refused where it stands.

use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::any::Any;
use std::borrow::Cow;
use std::sync::OnceLock;

/// How many typed readings of one level's fields are kept (one system reads a level as one
/// type; a few more cover a front end or a test that reads it as another).
const READINGS: usize = 4;

/// A typed reading, kept.
type Reading = OnceLock<Box<dyn Any + Send + Sync>>;

/// One level's system fields (a scenario's, a side's or a unit's), in the order written,
/// with the typed reading of the system that reads them kept once made.
#[derive(Default)]
pub struct SystemFields {
    values: Map<String, Value>,
    typed: [Reading; READINGS],
}

impl SystemFields {
    /// The value of field `name`, if set.
    pub fn get(&self, name: &str) -> Option<&Value> {
        self.values.get(name)
    }

    /// Sets field `name` (`None` removes it). A typed reading made before is dropped.
    pub fn set(&mut self, name: &str, value: Option<Value>) {
        match value {
            Some(v) => {
                self.values.insert(name.to_string(), v);
            }
            None => {
                self.values.shift_remove(name);
            }
        }
        self.typed = Default::default();
    }

    /// The fields set, in the order written.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &Value)> {
        self.values.iter().map(|(k, v)| (k.as_str(), v))
    }

    /// Whether no field is set.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The fields read as the system's type `T` (fields of other systems are left out;
    /// a value of the wrong type, which the schema refuses before this is read, reads as
    /// `T`'s default). Read once and kept: a system's checks ask for their fields many
    /// times, and borrow from them as long as from the file.
    ///
    /// # Panics
    ///
    /// When one value is read as more than four different types: code reads a level as
    /// its system's one type, so this is a bug of the caller, never of the file.
    pub fn typed<T: DeserializeOwned + Default + Send + Sync + 'static>(&self) -> &T {
        for slot in &self.typed {
            let kept = slot.get_or_init(|| {
                let read = T::deserialize(Value::Object(self.values.clone()));
                Box::new(read.unwrap_or_default())
            });
            if let Some(t) = kept.downcast_ref::<T>() {
                return t;
            }
        }
        panic!("system fields read as more than {READINGS} types")
    }
}

impl Clone for SystemFields {
    fn clone(&self) -> Self {
        SystemFields {
            values: self.values.clone(),
            typed: Default::default(),
        }
    }
}

impl PartialEq for SystemFields {
    fn eq(&self, other: &Self) -> bool {
        self.values == other.values
    }
}

impl std::fmt::Debug for SystemFields {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.values.fmt(f)
    }
}

impl Serialize for SystemFields {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.values.serialize(s)
    }
}

impl<'de> Deserialize<'de> for SystemFields {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(SystemFields {
            values: Map::deserialize(d)?,
            typed: Default::default(),
        })
    }
}

impl JsonSchema for SystemFields {
    fn schema_name() -> Cow<'static, str> {
        "SystemFields".into()
    }
    fn inline_schema() -> bool {
        true
    }
    // Nothing here: `muster_rules::schema` puts each system's fields in, and the strict
    // schema closes the object to them.
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        schemars::json_schema!({"type": "object"})
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Default, Deserialize, PartialEq)]
    struct Mine {
        level: Option<u32>,
    }

    #[derive(Debug, Default, Deserialize, PartialEq)]
    struct Theirs {
        days: Option<u32>,
    }

    fn fields(v: Value) -> SystemFields {
        serde_json::from_value(v).unwrap()
    }

    #[test]
    fn a_system_reads_its_own_fields_and_leaves_the_others() {
        let f = fields(serde_json::json!({"days": 3, "level": 12}));
        assert_eq!(f.typed::<Mine>().level, Some(12));
        assert_eq!(
            f.typed::<Theirs>().days,
            Some(3),
            "a second type is read and kept beside"
        );
        assert_eq!(f.typed::<Mine>().level, Some(12), "the first stays kept");
    }

    #[test]
    fn setting_a_field_drops_the_kept_reading() {
        let mut f = fields(serde_json::json!({"level": 12}));
        assert_eq!(f.typed::<Mine>().level, Some(12));
        f.set("level", Some(Value::from(9)));
        assert_eq!(f.typed::<Mine>().level, Some(9));
        f.set("level", None);
        assert_eq!(f.typed::<Mine>().level, None);
        assert!(f.is_empty());
    }

    #[test]
    fn a_value_of_the_wrong_type_reads_as_the_default() {
        let f = fields(serde_json::json!({"level": "twelve"}));
        assert_eq!(f.typed::<Mine>(), &Mine::default());
    }
}

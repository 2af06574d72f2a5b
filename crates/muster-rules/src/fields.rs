//! A game system's own scenario, side, unit, set-up line and reinforcement fields: their
//! types live in the system's
//! folder (`src/<system>/fields.rs`), which the system names in the table
//! ([`crate::GameSystem::field_schemas`], with [`schemas_of`]); the file keeps them beside
//! the shared fields ([`muster_model::SystemFields`]) and the system reads them with
//! `typed`. The scenario schema ([`crate::schema`]) lists every system's fields, and a
//! field of another system is told (MU082), naming it.

use schemars::{JsonSchema, Schema, SchemaGenerator};

/// A level without fields of the system's own.
#[derive(Debug, Default, serde::Deserialize, JsonSchema)]
pub struct NoFields {}

/// The object schemas of a system's field types at each level a system may add fields to
/// (`muster_model::schema::SYSTEM_LEVELS`: the scenario, a side, a unit, a set-up line, a
/// reinforcement), made with `g` (the scenario schema's generator, so the types they name
/// land in its `$defs`).
pub fn schemas_of<Sc, Si, U, L, R>(g: &mut SchemaGenerator) -> [Schema; 5]
where
    Sc: JsonSchema,
    Si: JsonSchema,
    U: JsonSchema,
    L: JsonSchema,
    R: JsonSchema,
{
    [
        Sc::json_schema(g),
        Si::json_schema(g),
        U::json_schema(g),
        L::json_schema(g),
        R::json_schema(g),
    ]
}

/// Where each level's fields are in a scenario file, as the field-of-another-system check
/// reads them (`*` for any index), in the order of `muster_model::schema::SYSTEM_LEVELS`.
const PLACES: [&str; 5] = [
    "",
    "/sides/*",
    "/sides/*/units/*",
    "/sides/*/setup/*",
    "/sides/*/reinforcements/*",
];

/// The field names `system` declares at each level.
fn names_by_level(system: &dyn crate::GameSystem) -> [Vec<String>; 5] {
    system
        .field_schemas(&mut SchemaGenerator::default())
        .map(|s| {
            s.as_object()
                .and_then(|o| o.get("properties"))
                .and_then(serde_json::Value::as_object)
                .map(|p| p.keys().cloned().collect())
                .unwrap_or_default()
        })
}

/// The JSON pointers of a system's own fields, `*` for any index (`/sides/*/army_morale`),
/// as the field-of-another-system check reads them.
pub fn pointers(system: &dyn crate::GameSystem) -> Vec<String> {
    let mut out: Vec<String> = system.fields().iter().map(|p| p.to_string()).collect();
    for (place, names) in PLACES.iter().zip(names_by_level(system)) {
        out.extend(names.into_iter().map(|n| format!("{place}/{n}")));
    }
    out
}

/// A side field of a system that holds a whole number (A la Charge's `army_morale`), which
/// a front end may offer to edit without knowing the system.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NumberField {
    /// The field's name in the file.
    pub name: &'static str,
    /// The name in words (`army morale`).
    pub label: &'static str,
}

/// The whole-number side fields of `system`, in the order its type declares them.
pub fn side_numbers(system: &dyn crate::GameSystem) -> &'static [NumberField] {
    use std::sync::OnceLock;
    static FOUND: OnceLock<Vec<(&'static str, Vec<NumberField>)>> = OnceLock::new();
    let found = FOUND.get_or_init(|| {
        crate::SYSTEMS
            .iter()
            .map(|s| {
                let [_, side, ..] = s.field_schemas(&mut SchemaGenerator::default());
                (s.id(), numbers(&side))
            })
            .collect()
    });
    found
        .iter()
        .find(|(id, _)| *id == system.id())
        .map(|(_, n)| n.as_slice())
        .unwrap_or_default()
}

/// The properties of an object schema whose type is an integer (or an optional one). The
/// names are made once per system, from code, and kept for the program's life.
fn numbers(schema: &Schema) -> Vec<NumberField> {
    let Some(properties) = schema
        .as_object()
        .and_then(|o| o.get("properties"))
        .and_then(serde_json::Value::as_object)
    else {
        return Vec::new();
    };
    properties
        .iter()
        .filter(|(_, p)| match p.get("type") {
            Some(serde_json::Value::String(t)) => t == "integer",
            Some(serde_json::Value::Array(ts)) => ts.iter().any(|t| t == "integer"),
            _ => false,
        })
        .map(|(name, _)| NumberField {
            name: Box::leak(name.clone().into_boxed_str()),
            label: Box::leak(name.replace('_', " ").into_boxed_str()),
        })
        .collect()
}

/// A command of an army, for the systems that organise one in commands (And Gentlemen
/// All's centre, wings and reserve; Charles the Bold's command groups).
#[derive(Debug, Clone, PartialEq, serde::Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CommandDef {
    /// Identifier used by regiments and stands.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Declared morale number of the command, when the scenario plays by command (And
    /// Gentlemen All §10).
    #[serde(default)]
    pub morale_number: Option<u32>,
    /// The general commanding the group (a unit id of the side), Charles the Bold.
    #[serde(default)]
    pub general: Option<String>,
}

/// The fields another game system declares, at the level whose schema is at `level` in the
/// scenario schema (one of `muster_model::schema::SYSTEM_LEVELS`: `""` the scenario,
/// `/$defs/Side` a side …), that the system `id` does not: what a front end leaves out
/// when it offers a file of `id` its fields (an unknown `id` leaves out nothing).
pub fn others_fields(id: &str, level: &str) -> Vec<String> {
    let Some(index) = muster_model::schema::SYSTEM_LEVELS
        .iter()
        .position(|l| *l == level)
    else {
        return Vec::new();
    };
    let Some(this) = crate::system(id) else {
        return Vec::new();
    };
    let ours = &names_by_level(this)[index];
    let mut out: Vec<String> = crate::SYSTEMS
        .iter()
        .filter(|s| s.id() != id)
        .flat_map(|s| names_by_level(*s)[index].clone())
        .filter(|n| !ours.contains(n))
        .collect();
    out.sort();
    out.dedup();
    out
}

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

/// What the table says of each system's fields, found once: its id, the field names it
/// declares at each level (`muster_model::schema::SYSTEM_LEVELS`) and its whole-number side
/// fields.
struct Declared {
    id: &'static str,
    names: [Vec<String>; 5],
    side_numbers: Vec<NumberField>,
}

fn declared() -> &'static [Declared] {
    static FOUND: std::sync::OnceLock<Vec<Declared>> = std::sync::OnceLock::new();
    FOUND.get_or_init(|| {
        crate::SYSTEMS
            .iter()
            .map(|system| {
                let schemas = system.field_schemas(&mut SchemaGenerator::default());
                Declared {
                    id: system.id(),
                    side_numbers: numbers(&schemas[1]),
                    names: schemas.map(|s| {
                        s.as_object()
                            .and_then(|o| o.get("properties"))
                            .and_then(serde_json::Value::as_object)
                            .map(|p| p.keys().cloned().collect())
                            .unwrap_or_default()
                    }),
                }
            })
            .collect()
    })
}

fn declared_by(system: &dyn crate::GameSystem) -> Option<&'static Declared> {
    declared().iter().find(|d| d.id == system.id())
}

/// The field names `system` declares at each level (`muster_model::schema::SYSTEM_LEVELS`).
pub fn names_by_level(system: &dyn crate::GameSystem) -> &'static [Vec<String>; 5] {
    static NONE: [Vec<String>; 5] = [const { Vec::new() }; 5];
    declared_by(system).map_or(&NONE, |d| &d.names)
}

/// A field of the model that only some systems read, which a system claims
/// ([`crate::GameSystem::shared_fields`]) so that another system's scenario setting it is
/// told (MU082): the model keeps it because a front end reads it without knowing the
/// system (army lists are files Muster reads; pieces and markers are drawn; a tower's level
/// places counters).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shared {
    /// The army lists a scenario or a side draws on (`army_lists`).
    ArmyLists,
    /// A unit's army-list line (`list_entry`).
    ListEntry,
    /// Pieces on the map (`pieces`).
    Pieces,
    /// Markers on hexes (`markers`).
    Markers,
    /// A set-up line's level in a tower hex (`level`).
    Level,
    /// Reinforcements that count their movement from their entry hex (`moves_from_entry`).
    MovesFromEntry,
}

impl Shared {
    /// The pointers where `f` sets this field.
    pub fn set_in(self, f: &muster_model::ScenarioFile) -> Vec<String> {
        let mut out = Vec::new();
        let sides = f.sides.iter().enumerate();
        match self {
            Shared::ArmyLists => {
                if !f.army_lists.is_empty() {
                    out.push("/army_lists".into());
                }
                for (i, _) in sides.filter(|(_, sd)| !sd.army_lists.is_empty()) {
                    out.push(format!("/sides/{i}/army_lists"));
                }
            }
            Shared::ListEntry => {
                out = each(f, "units", "list_entry", |sd| {
                    sd.units.iter().map(|u| u.list_entry.is_some()).collect()
                })
            }
            Shared::Pieces if !f.pieces.is_empty() => out.push("/pieces".into()),
            Shared::Markers if !f.markers.is_empty() => out.push("/markers".into()),
            Shared::Level => {
                out = each(f, "setup", "level", |sd| {
                    sd.setup.iter().map(|e| e.level.is_some()).collect()
                })
            }
            Shared::MovesFromEntry => {
                out = each(f, "reinforcements", "moves_from_entry", |sd| {
                    sd.reinforcements
                        .iter()
                        .map(|r| r.moves_from_entry)
                        .collect()
                })
            }
            Shared::Pieces | Shared::Markers => {}
        }
        out
    }
}

/// `/sides/{i}/{list}/{j}/{field}` for each item of each side's `list` that `set` marks.
fn each(
    f: &muster_model::ScenarioFile,
    list: &str,
    field: &str,
    set: impl Fn(&muster_model::Side) -> Vec<bool>,
) -> Vec<String> {
    let mut out = Vec::new();
    for (i, sd) in f.sides.iter().enumerate() {
        for (j, _) in set(sd).into_iter().enumerate().filter(|(_, on)| *on) {
            out.push(format!("/sides/{i}/{list}/{j}/{field}"));
        }
    }
    out
}

/// A side field of a system that holds a whole number (A la Charge's `army_morale`), which
/// a front end may offer to edit without knowing the system.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NumberField {
    /// The field's name in the file.
    pub name: String,
    /// The name in words (`army morale`).
    pub label: String,
}

/// The whole-number side fields of `system`, in the order its type declares them.
pub fn side_numbers(system: &dyn crate::GameSystem) -> &'static [NumberField] {
    declared_by(system).map_or(&[], |d| &d.side_numbers)
}

/// The properties of an object schema whose type is an integer (or an optional one).
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
            name: name.clone(),
            label: name.replace('_', " "),
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
        .flat_map(|s| names_by_level(*s)[index].iter().cloned())
        .filter(|n| !ours.contains(n))
        .collect();
    out.sort();
    out.dedup();
    out
}

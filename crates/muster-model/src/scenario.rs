//! Scenario files (`*.scenario.ron`): the map and overlays, the sides, their counters and
//! set-up, reinforcements, special rules, victory conditions and errata.

use crate::common::{Provenance, Source};
use crate::conditions::{SpecialRule, Victory};
use crate::errata::Erratum;
use crate::overlay::OverlayPlacement;
use crate::system_fields::SystemFields;
use crate::zone::Zone;
use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;

// Unknown fields are refused by the schema, which knows every game system's fields
// (`SystemFields`): serde cannot both deny them and keep a system's fields. So for `Side`,
// `UnitDef`, `SetupEntry` and `Reinforcement`.
/// A scenario. Each side lists its counters and its set-up the way the print does.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ScenarioFile {
    /// Title as printed, e.g. "Civitate 18 June 1053".
    pub title: String,
    /// The game system: `"a-la-charge"`, `"siege"`, `"charles-the-bold"`, `"and-gentlemen-all"`.
    pub ruleset: String,
    /// Variant options of the ruleset in use (e.g. `"hills-block-fire"`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<String>,
    /// Printed, or an original example.
    #[serde(default)]
    pub provenance: Provenance,
    /// The printed work this scenario transcribes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<Source>,
    /// Notes for reviewers.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// The map, as a path relative to this file.
    pub map: String,
    /// Overlays placed on the map.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub overlays: Vec<OverlayPlacement>,
    /// Number of turns.
    #[schemars(range(min = 1, max = 999))]
    pub turns: u32,
    /// The side that plays first (a side id).
    pub first_side: String,
    /// The sides.
    pub sides: Vec<Side>,
    /// Special rules.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub special_rules: Vec<SpecialRule>,
    /// Victory conditions.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub victory: Vec<Victory>,
    /// Known errata of the printed source.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub errata: Vec<Erratum>,
    /// Army lists every side may draw on (Charles the Bold), as paths relative to this
    /// file; a list that belongs to one side goes in that side's `army_lists`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub army_lists: Vec<String>,
    /// The game system's own scenario fields, as written (read by the system's folder).
    #[serde(flatten)]
    pub system: SystemFields,
    /// Pieces on (or off) the map: siege engines, horses, carts, screens (Siege).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pieces: Vec<crate::Piece>,
    /// Markers on hexes: filled moat, rubble, fire, wall damage (Siege).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub markers: Vec<crate::Marker>,
}

impl ScenarioFile {
    /// A new scenario with two empty sides (`first`, `second`), ready to fill in.
    pub fn blank(title: &str, ruleset: &str, map: &str) -> ScenarioFile {
        ScenarioFile {
            title: title.into(),
            ruleset: ruleset.into(),
            options: vec![],
            provenance: Provenance::Original,
            source: None,
            notes: vec![],
            map: map.into(),
            overlays: vec![],
            turns: 5,
            first_side: "first".into(),
            sides: vec![
                Side::empty("first", "First side"),
                Side::empty("second", "Second side"),
            ],
            special_rules: vec![],
            victory: vec![],
            errata: vec![],
            army_lists: vec![],
            system: SystemFields::default(),
            pieces: vec![],
            markers: vec![],
        }
    }
}

impl Side {
    /// A side with no units.
    pub fn empty(id: &str, name: &str) -> Side {
        Side {
            id: id.into(),
            name: name.into(),
            commander: None,
            system: SystemFields::default(),
            army_lists: vec![],
            units: vec![],
            setup: vec![],
            reinforcements: vec![],
        }
    }
}

/// One side of a scenario.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Side {
    /// Identifier used in references, e.g. `"normans"`.
    pub id: String,
    /// Display name, e.g. "Norman Army".
    pub name: String,
    /// The side's commander (a unit id of this side), whose loss counts 4 towards army
    /// morale in A la Charge.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commander: Option<String>,
    /// The game system's own side fields, as written (A la Charge's `army_morale`, Charles
    /// the Bold's `training` …), read by the system's folder.
    #[serde(flatten)]
    pub system: SystemFields,
    /// Army lists this side's stands come from (Charles the Bold), as paths relative to
    /// the scenario: a stand's `list_entry` is looked up in these first, then in the
    /// scenario's shared `army_lists`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub army_lists: Vec<String>,
    /// The counters of the side.
    pub units: Vec<UnitDef>,
    /// Set-up at the start, one printed line per entry.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub setup: Vec<SetupEntry>,
    /// Units that enter later (or enter on turn 1 from off the map).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reinforcements: Vec<Reinforcement>,
}

fn one() -> u32 {
    1
}

/// A counter type of a side, with how many of it there are.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct UnitDef {
    /// Identifier used by set-up lines and rules; unique within the side. It may read like
    /// the print: `"Chevaliers Italiens"`, `"(3-2)"`.
    #[schemars(length(min = 1))]
    pub id: String,
    /// Name printed on the counter (several counter types may share it).
    pub name: String,
    /// Unit kind from the ruleset (`"knights"`, `"archers"`, `"leader"` …).
    pub kind: String,
    /// How many counters of this type (at most 10,000: no printed game has more, and the
    /// checks expand counters one by one).
    #[serde(default = "one", skip_serializing_if = "is_one")]
    #[schemars(range(min = 1, max = 10000))]
    pub count: u32,
    /// Ratings per step: the front (full strength) first, then the back.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub steps: Vec<Step>,
    /// A leader's rating.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<i32>,
    /// Movement points of a one-sided counter without steps (a leader).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mp: Option<u32>,
    /// Printed, or supplied by us because the source does not give the values.
    #[serde(default)]
    pub provenance: Provenance,
    /// The line of the army lists this unit is (a Charles the Bold stand): the lists are
    /// files Muster reads (`*.armylist.ron`), so the reference into them is shared.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub list_entry: Option<String>,
    /// The game system's own unit fields, as written, read by the system's folder.
    #[serde(flatten)]
    pub system: SystemFields,
}

impl UnitDef {
    /// A unit type of `count` counters named as its id, with nothing else set (an original
    /// example's, until its values are filled in).
    pub fn new(id: &str, kind: &str, count: u32) -> UnitDef {
        UnitDef {
            id: id.into(),
            name: id.into(),
            kind: kind.into(),
            count,
            steps: vec![],
            rating: None,
            mp: None,
            provenance: Provenance::Original,
            list_entry: None,
            system: SystemFields::default(),
        }
    }
}

impl SetupEntry {
    /// A set-up line putting `units` in `at`, with nothing else said.
    pub fn new(units: Vec<UnitRef>, at: Zone) -> SetupEntry {
        SetupEntry {
            units,
            at,
            hidden: false,
            facing: None,
            level: None,
            system: SystemFields::default(),
            source: None,
        }
    }
}

fn is_one(n: &u32) -> bool {
    *n == 1
}

/// The ratings on one side of a counter.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Step {
    /// Strength (A la Charge: strength and morale in one number).
    pub strength: i32,
    /// Movement points.
    pub mp: u32,
    /// Archery range in hexes, for units that fire.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub range: Option<u32>,
}

/// One printed set-up line: these units in these hexes. With more hexes than one unit, the
/// owning player chooses which unit goes where ("placed in the designated hexes as the
/// owning player chooses").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct SetupEntry {
    /// The units: `["Rudolf"]`, `["6x Chevaliers Italiens"]`, `["Somerset", "6x Archers"]`.
    pub units: Vec<UnitRef>,
    /// Where they set up.
    pub at: Zone,
    /// Placed secretly (the owner notes the hex on paper).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hidden: bool,
    /// Facing: a hexside direction (`N`, `NE` …) for units that face a side, or a corner
    /// for stands that face a vertex.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub facing: Option<String>,
    /// The level in a siege-tower hex: `Lower` (inside) or `Upper` (on top) (Siege 2.46).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<crate::Level>,
    /// The game system's own fields of a set-up line, as written.
    #[serde(flatten)]
    pub system: SystemFields,
    /// Section or page of the print this line comes from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
}

/// Units that enter the map on a given turn through an entry zone.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Reinforcement {
    /// The units.
    pub units: Vec<UnitRef>,
    /// The turn they enter.
    #[schemars(range(min = 1))]
    pub turn: u32,
    /// The hexes through which they enter.
    pub enter: Zone,
    /// The units count their movement from their entry hex: entering it costs nothing (2nd
    /// St Albans: "count their movement from these hexes"). Otherwise entering the entry
    /// hex costs its MP like any other hex (A la Charge §9).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub moves_from_entry: bool,
    /// The game system's own fields of a reinforcement, as written.
    #[serde(flatten)]
    pub system: SystemFields,
    /// Section or page of the print.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
}

/// A reference to some counters of a unit type, written as the print does: `"Rudolf"`,
/// `"6x Chevaliers Italiens"`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct UnitRef {
    /// How many counters.
    pub count: u32,
    /// The unit id.
    pub unit: String,
}

/// The most counters one reference or unit type may stand for.
pub const MAX_COUNT: u32 = 10_000;

/// Why a unit reference could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a unit reference: write a unit id, or a count (1 to 10000) and an id like `6x Archers`")]
pub struct UnitRefError(pub String);

impl std::str::FromStr for UnitRef {
    type Err = UnitRefError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || UnitRefError(s.to_string());
        if s.trim() != s || s.is_empty() {
            return Err(bad());
        }
        if let Some((n, rest)) = s.split_once("x ") {
            if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) {
                let count: u32 = n.parse().map_err(|_| bad())?;
                if count == 0 || count > MAX_COUNT || rest.trim().is_empty() || rest.trim() != rest
                {
                    return Err(bad());
                }
                return Ok(UnitRef {
                    count,
                    unit: rest.to_string(),
                });
            }
        }
        Ok(UnitRef {
            count: 1,
            unit: s.to_string(),
        })
    }
}

impl std::fmt::Display for UnitRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.count == 1 {
            f.write_str(&self.unit)
        } else {
            write!(f, "{}x {}", self.count, self.unit)
        }
    }
}

impl Serialize for UnitRef {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for UnitRef {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

impl JsonSchema for UnitRef {
    fn schema_name() -> Cow<'static, str> {
        "UnitRef".into()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        schemars::json_schema!({
            "description": "A unit id, optionally preceded by a count: `Rudolf`, `6x Chevaliers Italiens`.",
            "type": "string",
            "pattern": r"^([1-9][0-9]{0,4}x )?\S(.*\S)?$"
        })
    }
}

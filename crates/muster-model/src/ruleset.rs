//! Ruleset data files: the vocabulary of a game system (terrain, hexside features, paths,
//! unit kinds, options, combat table) with the rule section each value comes from.

use crate::common::{Provenance, Source};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A game system's data. Where the rules print a value it is `Printed`; where they are
/// silent and we had to supply one it is marked `Supplied` and says so.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Ruleset {
    /// Identifier named by maps and scenarios, e.g. `"a-la-charge"`.
    pub id: String,
    /// Display name.
    pub name: String,
    /// The printed rules.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sources: Vec<Source>,
    /// How lines along a hexside are treated: `"blocked-if-either"` or `"blocked-if-both"`.
    pub line_policy: String,
    /// Terrain types of hexes.
    pub terrain: Vec<TerrainDef>,
    /// Features on hexsides.
    #[serde(default)]
    pub hexside_features: Vec<HexsideEffect>,
    /// Features running through hexes (roads).
    #[serde(default)]
    pub paths: Vec<FeatureDef>,
    /// Kinds of unit.
    pub unit_kinds: Vec<UnitKindDef>,
    /// Variant options a scenario may switch on.
    #[serde(default)]
    pub options: Vec<FeatureDef>,
    /// Combat odds columns, left (worst for the attacker) to right, e.g. `"1-3"` … `"4-1"`.
    #[serde(default)]
    pub odds_columns: Vec<String>,
}

/// A terrain type.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TerrainDef {
    /// Identifier used by maps.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Movement points to enter; absent when units may not enter.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mp: Option<u32>,
    /// Columns the combat shifts left when the defender occupies it.
    #[serde(default)]
    pub defence_shift: i32,
    /// Whether it blocks archery fire passing through it.
    #[serde(default)]
    pub blocks_fire: bool,
    /// Colour used when drawing the map, `#rrggbb`.
    #[schemars(pattern(r"^#[0-9a-fA-F]{6}$"))]
    pub colour: String,
    /// The rule section the values come from.
    pub rule: String,
    /// Printed, or supplied by us.
    #[serde(default)]
    pub provenance: Provenance,
}

impl TerrainDef {
    /// The drawing colour as RGB (a light grey if `colour` is not `#rrggbb`).
    pub fn rgb(&self) -> [u8; 3] {
        let h = self.colour.trim_start_matches('#');
        let p = |i: usize| {
            h.get(i..i + 2)
                .and_then(|s| u8::from_str_radix(s, 16).ok())
                .unwrap_or(200)
        };
        [p(0), p(2), p(4)]
    }
}

/// A feature on a hexside.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HexsideEffect {
    /// Identifier used by maps.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Extra movement points to cross; absent when it cannot be crossed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub crossing_mp: Option<u32>,
    /// Zones of control do not extend across it.
    #[serde(default)]
    pub blocks_zoc: bool,
    /// It counts as a river for rules that name rivers (a bridge does not).
    #[serde(default)]
    pub river: bool,
    /// The rule section.
    pub rule: String,
    /// Printed, or supplied by us.
    #[serde(default)]
    pub provenance: Provenance,
}

/// A named feature with its rule section (paths, options).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FeatureDef {
    /// Identifier.
    pub id: String,
    /// Display name or description.
    pub name: String,
    /// Movement points per hex along it, where it changes movement.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mp: Option<u32>,
    /// The rule section.
    pub rule: String,
    /// Printed, a translator's note, or ours.
    #[serde(default)]
    pub provenance: Provenance,
}

/// A kind of unit.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UnitKindDef {
    /// Identifier used by scenarios.
    pub id: String,
    /// Display name.
    pub name: String,
    /// A leader: one-sided, adds its rating, stacks with friendly units.
    #[serde(default)]
    pub leader: bool,
    /// Stacks with friendly units although not a leader (King Henry).
    #[serde(default)]
    pub stacks: bool,
    /// Mounted.
    #[serde(default)]
    pub mounted: bool,
    /// Fires (has a range).
    #[serde(default)]
    pub archer: bool,
    /// Gains the charge bonus (§10).
    #[serde(default)]
    pub charges: bool,
    /// The rule section.
    pub rule: String,
}

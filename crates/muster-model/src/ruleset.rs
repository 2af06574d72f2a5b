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
    /// Pieces that stand on the map besides characters: siege engines, horses, carts,
    /// screens (Siege).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pieces: Vec<PieceDef>,
    /// Markers placed on hexes: filled moat, rubble, fire, wall damage (Siege).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub markers: Vec<MarkerDef>,
}

/// Cover a hex, hexside or piece gives a character against missiles (Siege, Cry Havoc).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
pub enum CoverKind {
    /// No cover.
    None,
    /// Light cover.
    Light,
    /// Medium cover.
    Medium,
    /// Heavy cover.
    Heavy,
    /// Infinite cover: cannot be hit (inside a siege tower, under a ram).
    Infinite,
}

impl CoverKind {
    /// The lower-case name: `"light"`.
    pub fn name(self) -> &'static str {
        match self {
            CoverKind::None => "none",
            CoverKind::Light => "light",
            CoverKind::Medium => "medium",
            CoverKind::Heavy => "heavy",
            CoverKind::Infinite => "infinite",
        }
    }
}

/// A kind of piece: a siege engine, a horse, a cart, a screen.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PieceDef {
    /// Identifier used by scenarios (`"siege-tower"`).
    pub id: String,
    /// Display name.
    pub name: String,
    /// The hexes it covers, counted along its facing from the hex it is placed on (0):
    /// `[0, 1, -1]` is three hexes in a line centred on it, `[0, -1]` a horse's head and
    /// tail.
    pub line: Vec<i32>,
    /// It may stand off the map (trebuchets and mangonels).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub off_map: bool,
    /// It is a horse or draft animal: the horse movement column and 3.32 apply.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub animal: bool,
    /// It pulls carts (a draft horse, an ox: 5.11).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub draught: bool,
    /// It may be ridden (a horse; not a mule, not a draft animal).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rideable: bool,
    /// Characters that may stand beneath it, one a hex.
    #[serde(default)]
    pub below: u32,
    /// Characters that may stand on top of it, one a hex.
    #[serde(default)]
    pub above: u32,
    /// It moves only on these terrain traits (or on a marker of these ids).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moves_on: Vec<String>,
    /// No character may enter or pass through its hexes.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub no_entry: bool,
    /// It blocks lines of fire of characters on the same level.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub blocks_fire: bool,
    /// Cover of a character beneath it or in its hex.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cover: Option<CoverKind>,
    /// Cover of a character on top of it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cover_above: Option<CoverKind>,
    /// It is faced along one hexside (a screen): its `facing` names that side.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub faced_on_hexside: bool,
    /// Battering points (Siege 4.21, 4.32).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub battering: Option<u32>,
    /// Characters of its side that must stand next to it for it to work (a ballista: 2).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub crew: u32,
    /// A trait one of its crew must have (a ballista: `engineer`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub crew_trait: Option<String>,
    /// The rule section.
    pub rule: String,
    /// Printed, or supplied by us.
    #[serde(default)]
    pub provenance: Provenance,
}

/// A kind of marker placed on a hex.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MarkerDef {
    /// Identifier used by scenarios (`"rubble"`).
    pub id: String,
    /// Display name.
    pub name: String,
    /// Highest value the marker carries (a fire's turn count 3, a wall's damage stage 3);
    /// absent for markers without a value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_value: Option<u32>,
    /// Terrain traits it may be placed on (empty: anywhere); `engine` stands for a hex
    /// holding a siege engine, cart or screen.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub on: Vec<String>,
    /// The rule section.
    pub rule: String,
    /// Printed, or supplied by us.
    #[serde(default)]
    pub provenance: Provenance,
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
    /// Movement points for horses (mounted characters, riderless horses, draft animals)
    /// where they differ from `mp`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub horse_mp: Option<u32>,
    /// Horses may not enter (Siege 3.32).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub no_horses: bool,
    /// Cover a character in the hex has against missiles (Siege, Cry Havoc).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cover: Option<CoverKind>,
    /// Effect on combat as printed (`"+"`, `"-"`, `"0"`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub combat: Option<String>,
    /// Traits the system's rules refer to (`"moat"`, `"wall"`, `"flat"`, `"slope"` …).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub traits: Vec<String>,
}

impl TerrainDef {
    /// Whether the terrain has a trait.
    pub fn has(&self, t: &str) -> bool {
        self.traits.iter().any(|x| x == t)
    }

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
    /// It blocks lines of fire crossing it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub blocks_fire: bool,
    /// Cover it gives a character in a hex it borders against fire crossing it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cover: Option<CoverKind>,
    /// Traits the system's rules refer to (`"wall"`, `"battlement"`, `"lip"`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub traits: Vec<String>,
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
    /// Traits the system's rules refer to (Siege: `"knight"`, `"sergeant"`, `"engineer"`,
    /// `"crossbow"` …).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub traits: Vec<String>,
    /// The kind belongs to the variant a ruleset option selects: it exists only in
    /// scenarios that use this option (A la Charge: `cavalry` and the King are the Saint
    /// Albans variant's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub with_option: Option<String>,
    /// The kind belongs to the variant without this option (A la Charge: knights and
    /// mounted archers are Normans and Byzantines', not the Saint Albans variant's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub without_option: Option<String>,
    /// The rule section.
    pub rule: String,
}

impl UnitKindDef {
    /// Whether the kind exists in a scenario playing with these options.
    pub fn in_variant(&self, options: &[String]) -> bool {
        let has = |o: &String| options.iter().any(|x| x == o);
        self.with_option.as_ref().is_none_or(has) && !self.without_option.as_ref().is_some_and(has)
    }
}

impl UnitKindDef {
    /// Whether the kind has a trait.
    pub fn has(&self, t: &str) -> bool {
        self.traits.iter().any(|x| x == t)
    }
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

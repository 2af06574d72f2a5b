//! What a siege scenario adds to a set-up: the siege's settings, pieces on the map
//! (engines, horses, carts, screens) and markers on hexes (Siege, Cry Havoc).

use crate::common::HexId;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A siege's settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SiegeSettings {
    /// Days the scenario covers: 1 for a single-day assault, more for a siege.
    #[schemars(range(min = 1, max = 366))]
    pub days: u32,
    /// "Filled moat" (fascine) markers the besieger may place (2.2).
    #[serde(default)]
    pub filled_moat_markers: u32,
    /// Rubble markers the attacker places before a single-day assault (2.31).
    #[serde(default)]
    pub rubble_markers: u32,
    /// The defenders' rations (6.71).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rations: Option<Rations>,
    /// Days of half rations before quarter rations start (Scenario 5: 7).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub quarter_rations_after: Option<u32>,
    /// The id of the side that holds the castle: its characters inside the castle neither
    /// panic nor rout (6.1, important note 2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defender: Option<String>,
}

/// The defenders' rations (6.71).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum Rations {
    /// Full rations.
    Full,
    /// Half rations: the defenders' attacks one column left.
    Half,
    /// Quarter rations: also attacks on the defenders one column right.
    Quarter,
}

/// The level a character stands on in a hex with a siege tower (2.42, 2.46).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub enum Level {
    /// On the ground, inside the tower, beneath the counter.
    Lower,
    /// On the upper level, on top of the counter.
    Upper,
}

/// A piece on the map (or off it): a siege engine, a horse, a cart, a screen.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Piece {
    /// Identifier, unique in the scenario (`"north-tower"`).
    #[schemars(length(min = 1))]
    pub id: String,
    /// The piece kind, from the ruleset (`"siege-tower"`, `"ram"`, `"horse"` …).
    pub kind: String,
    /// The side it belongs to.
    pub side: String,
    /// The hex it is placed on (its centre for a three-hex engine, a horse's head); absent
    /// for an engine off the map.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<HexId>,
    /// The direction it faces (a hexside direction: `N`, `NE` …); for a screen, the
    /// hexside its base lies along.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub facing: Option<String>,
    /// It enters through the board edge at the start of the assault (2.41).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub entering: bool,
    /// The character riding it (a unit id of the scenario), for a horse.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rider: Option<String>,
    /// The animal pulling it (a piece id), for a cart (5.11).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub animal: Option<String>,
    /// Section or page of the print, or a note.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
}

/// A marker on a hex.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Marker {
    /// The marker kind, from the ruleset (`"filled-moat"`, `"rubble"`, `"fire"`, `"damage"` …).
    pub kind: String,
    /// The hex, as printed.
    pub hex: HexId,
    /// Its value: a fire's turn count (1–3), a wall's damage stage (1–4; a battlement,
    /// castle wall or arrow-slit demolished takes a rubble marker instead, 4.14).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<u32>,
}

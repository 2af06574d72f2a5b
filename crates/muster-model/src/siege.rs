//! Pieces on the map (engines, horses, carts, screens), markers on hexes and the level a
//! character stands on, of the kinds a ruleset defines (Siege, Cry Havoc). The siege's own
//! settings are Siege's (`muster_rules::siege::fields`).

use crate::common::HexId;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

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

//! A la Charge's own fields: a side's army morale level and rout threshold.

use muster_model::Side;
use schemars::JsonSchema;
use serde::Deserialize;

/// A side's A la Charge fields.
#[derive(Debug, Default, Deserialize, JsonSchema)]
pub struct SideFields {
    /// Army morale level (A la Charge §13): the side loses when its losses exceed it.
    #[serde(default)]
    pub army_morale: Option<u32>,
    /// Rout threshold by units lost (St Albans).
    #[serde(default)]
    pub rout: Option<Rout>,
}

/// A side routs when it has lost this many units, leaders counting `leader_weight` each.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Rout {
    /// Units lost at which the side is routed.
    pub units_lost: u32,
    /// How many units a lost leader counts for ("leaders count double": 2).
    #[serde(default = "one")]
    pub leader_weight: u32,
}

fn one() -> u32 {
    1
}

/// A side's A la Charge fields, as the file sets them.
pub fn side(side: &Side) -> &SideFields {
    side.system.typed()
}

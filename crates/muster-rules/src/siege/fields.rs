//! Siege's own fields: the siege's settings, and a character's sergeant and shooting
//! skill. (Pieces and markers are the model's: the ruleset defines their kinds.)

use muster_model::{ScenarioFile, UnitDef};
use schemars::JsonSchema;
use serde::Deserialize;

/// A scenario's Siege fields.
#[derive(Debug, Default, Deserialize, JsonSchema)]
pub struct ScenarioFields {
    /// Siege settings: days, markers available, rations.
    #[serde(default)]
    pub siege: Option<SiegeSettings>,
}

/// A character's Siege fields.
#[derive(Debug, Default, Deserialize, JsonSchema)]
pub struct UnitFields {
    /// The sergeant (a unit id) the character is placed under (6.5, option
    /// `command-control`).
    #[serde(default)]
    pub group: Option<String>,
    /// Shooting skill, −3 to +3, added to the shooter's die rolls (6.22, option `aiming`).
    #[serde(default)]
    #[schemars(range(min = -3, max = 3))]
    pub shooting_skill: Option<i32>,
}

/// A siege's settings.
#[derive(Debug, Clone, PartialEq, Deserialize, JsonSchema)]
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
    #[serde(default)]
    pub rations: Option<Rations>,
    /// Days of half rations before quarter rations start (Scenario 5: 7).
    #[serde(default)]
    pub quarter_rations_after: Option<u32>,
    /// The id of the side that holds the castle: its characters inside the castle neither
    /// panic nor rout (6.1, important note 2).
    #[serde(default)]
    pub defender: Option<String>,
}

/// The defenders' rations (6.71).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
pub enum Rations {
    /// Full rations.
    Full,
    /// Half rations: the defenders' attacks one column left.
    Half,
    /// Quarter rations: also attacks on the defenders one column right.
    Quarter,
}

/// A scenario's Siege fields, as the file sets them.
pub fn scenario(s: &ScenarioFile) -> &ScenarioFields {
    s.system.typed()
}

/// A character's Siege fields.
pub fn unit(unit: &UnitDef) -> &UnitFields {
    unit.system.typed()
}

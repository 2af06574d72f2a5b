//! Special rules and victory conditions, structured where an engine can use them and
//! carrying the printed wording.

use crate::zone::Zone;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A special rule of a scenario.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SpecialRule {
    /// Title as printed ("Ambush").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// The printed wording.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// What the rule does, for the engine.
    pub rule: Effect,
}

/// What a special rule does. Unit references are unit ids; where two sides have a unit of
/// the same id, write `"side-id/unit-id"`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub enum Effect {
    /// The units cannot move, unless the condition holds ("cannot move unless captured").
    CannotMove {
        /// The units.
        units: Vec<String>,
        /// The condition under which they may move.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        unless: Option<Condition>,
    },
    /// The units cannot move alone: each moves only with a friendly combat unit it is
    /// stacked with, and where that unit moves (2nd St Albans: King Henry "cannot move
    /// alone").
    CannotMoveAlone {
        /// The units.
        units: Vec<String>,
    },
    /// The unit is captured when an enemy unit enters its hex, and is then moved by the
    /// unit it is stacked with (King Henry at St Albans).
    Capturable {
        /// The unit.
        unit: String,
    },
    /// The infantry stands named may move to contact cavalry (Charles the Bold §10: "those
    /// infantry that can move to contact cavalry will be specified in the scenarios").
    MayContactCavalry {
        /// The stands.
        units: Vec<String>,
    },
    /// The side's units cross rivers only by bridges.
    CrossRiversOnlyByBridges {
        /// The side.
        side: String,
    },
    /// The side may move only units in the listed zones, from the given turns on.
    StagedActivation {
        /// The side.
        side: String,
        /// Each stage: from `turn` on, units set up in `zones` may also move.
        stages: Vec<Stage>,
    },
    /// The units cannot take any action before the given turn.
    Inactive {
        /// The units.
        units: Vec<String>,
        /// First turn on which they may act.
        until_turn: u32,
    },
    /// A die roll each turn that, on success, moves a unit to the other side.
    SideChangeRoll {
        /// The side that rolls.
        roller: String,
        /// When the roll is made, as printed ("beginning of each of his movement phases").
        when: String,
        /// The unit that changes side.
        unit: String,
        /// The side it joins.
        to_side: String,
        /// Which rolls succeed on which turns.
        windows: Vec<RollWindow>,
    },
    /// When a unit of `side` enters the zone, the effect applies for the rest of the game.
    ZoneTrigger {
        /// The side whose units trigger it.
        side: String,
        /// The zone.
        zone: Zone,
        /// The side affected.
        affects: String,
        /// Change to strength.
        strength: i32,
        /// Change to morale.
        morale: i32,
    },
    /// A rule kept as text only.
    Text,
}

/// One stage of a staged activation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Stage {
    /// From this turn on.
    pub turn: u32,
    /// Units in these zones may move.
    pub zones: Vec<Zone>,
}

/// Which die rolls succeed during a range of turns.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RollWindow {
    /// First turn.
    pub from_turn: u32,
    /// Last turn.
    pub to_turn: u32,
    /// Rolls of 1d6 that succeed.
    pub succeed_on: Vec<u8>,
}

/// How large a victory is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum VictoryLevel {
    /// Minor victory.
    Minor,
    /// Major victory.
    Major,
    /// A victory the print does not grade.
    Win,
}

/// A victory condition: `side` wins at `level` when `when` holds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Victory {
    /// The side that wins.
    pub side: String,
    /// The level of the victory.
    pub level: VictoryLevel,
    /// The condition.
    pub when: Condition,
    /// The printed wording.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

/// A condition on the state of the game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub enum Condition {
    /// The unit has been captured by the enemy.
    Captured(String),
    /// The unit has been eliminated.
    Eliminated(String),
    /// The side controls the unit at the end of the game.
    ControlsAtEnd {
        /// The side.
        side: String,
        /// The unit.
        unit: String,
    },
    /// The side is routed (its rout threshold is reached).
    Routed(String),
    /// The side's losses exceed its army morale level.
    ArmyMoraleExceeded(String),
    /// Every side's losses exceed its army morale level in the same turn, and this side's
    /// total exceeds its level by the least (A la Charge §13: "the one whose total exceeds
    /// the limit by the least amount wins a minor victory").
    ArmyMoraleExceededByLeast(String),
    /// The side holds a major victory.
    MajorVictory(String),
    /// A unit of the side is in the zone.
    SideInZone {
        /// The side.
        side: String,
        /// The zone.
        zone: Zone,
    },
    /// The game ends with no other victory.
    Otherwise,
    /// All of the conditions.
    All(Vec<Condition>),
    /// Any of the conditions.
    Any(Vec<Condition>),
    /// Not the condition.
    Not(Box<Condition>),
}

impl Condition {
    /// Unit references in the condition.
    pub fn unit_refs(&self) -> Vec<&str> {
        match self {
            Condition::Captured(u) | Condition::Eliminated(u) => vec![u],
            Condition::ControlsAtEnd { unit, .. } => vec![unit],
            Condition::All(v) | Condition::Any(v) => v.iter().flat_map(|c| c.unit_refs()).collect(),
            Condition::Not(c) => c.unit_refs(),
            _ => vec![],
        }
    }

    /// Side references in the condition.
    pub fn side_refs(&self) -> Vec<&str> {
        match self {
            Condition::ControlsAtEnd { side, .. } | Condition::SideInZone { side, .. } => {
                vec![side]
            }
            Condition::Routed(s)
            | Condition::ArmyMoraleExceeded(s)
            | Condition::ArmyMoraleExceededByLeast(s)
            | Condition::MajorVictory(s) => vec![s],
            Condition::All(v) | Condition::Any(v) => v.iter().flat_map(|c| c.side_refs()).collect(),
            Condition::Not(c) => c.side_refs(),
            _ => vec![],
        }
    }

    /// Sides whose army morale level the condition counts (A la Charge §13): a side named
    /// by `ArmyMoraleExceeded`, and every side for `ArmyMoraleExceededByLeast` (`None`
    /// stands for "every side").
    pub fn army_morale_refs(&self) -> Vec<Option<&str>> {
        match self {
            Condition::ArmyMoraleExceeded(s) => vec![Some(s)],
            Condition::ArmyMoraleExceededByLeast(_) => vec![None],
            Condition::All(v) | Condition::Any(v) => {
                v.iter().flat_map(|c| c.army_morale_refs()).collect()
            }
            Condition::Not(c) => c.army_morale_refs(),
            _ => vec![],
        }
    }

    /// Sides whose rout threshold the condition counts (`Routed`).
    pub fn rout_refs(&self) -> Vec<&str> {
        match self {
            Condition::Routed(s) => vec![s],
            Condition::All(v) | Condition::Any(v) => v.iter().flat_map(|c| c.rout_refs()).collect(),
            Condition::Not(c) => c.rout_refs(),
            _ => vec![],
        }
    }

    /// Zones in the condition.
    pub fn zones(&self) -> Vec<&Zone> {
        match self {
            Condition::SideInZone { zone, .. } => vec![zone],
            Condition::All(v) | Condition::Any(v) => v.iter().flat_map(|c| c.zones()).collect(),
            Condition::Not(c) => c.zones(),
            _ => vec![],
        }
    }
}

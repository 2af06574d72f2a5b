//! The Charles the Bold checks, one per file, and their table.

use crate::registry::ScenarioCheck;

mod break_points;
mod charge_cavalry;
pub(crate) mod command_range;
mod facing;
pub(crate) mod general_enemy;
mod general_move;
mod group_general;
mod impetuous;
mod list_duplicates;
mod list_entry;
mod list_values;
mod ranks;
mod stacking;
mod stand_group;
mod unit_kind;

pub use list_values::{list_coherence, DOC as LIST_VALUES};

/// The checks of Charles the Bold, in code order.
pub static CHECKS: &[ScenarioCheck] = &[
    stand_group::CHECK,
    group_general::CHECK,
    command_range::CHECK,
    stacking::CHECK,
    facing::CHECK,
    ranks::CHECK,
    charge_cavalry::CHECK,
    break_points::CHECK,
    impetuous::CHECK,
    list_entry::CHECK,
    list_duplicates::CHECK,
    general_enemy::CHECK,
    general_move::CHECK,
    unit_kind::CHECK,
];

use crate::scenario::Scenario;

/// Whether a unit is a general.
pub(crate) fn is_general(s: &Scenario, side: usize, unit: usize) -> bool {
    s.unit(side, unit).1.is_some_and(|k| k.leader)
}

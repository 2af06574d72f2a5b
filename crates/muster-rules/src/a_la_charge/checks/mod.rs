//! The A la Charge checks, one per file, and their table.

use crate::registry::ScenarioCheck;

mod army_morale_level;
mod bridges_rule;
mod commander_required;
mod entry_zone;
mod group_hexes;
pub(crate) mod impassable;
mod option_variant;
mod ratings;
mod rout_threshold;
mod stacking;
mod staged_activation;
mod victory_measures;

/// The checks of A la Charge, in code order.
pub static CHECKS: &[ScenarioCheck] = &[
    stacking::CHECK,
    impassable::CHECK,
    group_hexes::CHECK,
    entry_zone::CHECK,
    army_morale_level::CHECK,
    commander_required::CHECK,
    rout_threshold::CHECK,
    ratings::CHECK,
    staged_activation::CHECK,
    bridges_rule::CHECK,
    option_variant::CHECK,
    victory_measures::CHECK,
];

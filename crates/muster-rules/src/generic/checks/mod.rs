//! The generic checks, one per file, and their tables.

use crate::registry::{MapCheck, ScenarioCheck};

mod commander;
mod duplicate_ids;
mod erratum_codes;
mod erratum_quote;
mod facing;
mod first_side;
mod options;
mod reinforcement_turns;
mod rule_turns;
mod rule_zones;
mod side_refs;
mod system_fields;
mod unit_counts;
mod unit_refs;
mod vocabulary;

/// Checks run on every map, overlay and scenario world.
pub static MAP_CHECKS: &[MapCheck] =
    &[vocabulary::TERRAIN, vocabulary::HEXSIDES, vocabulary::PATHS];

/// Checks run on every scenario, whatever its system.
pub static SCENARIO_CHECKS: &[ScenarioCheck] = &[
    duplicate_ids::CHECK,
    reinforcement_turns::CHECK,
    first_side::CHECK,
    side_refs::CHECK,
    unit_refs::CHECK,
    unit_counts::CHECK,
    rule_zones::CHECK,
    rule_turns::CHECK,
    commander::CHECK,
    options::CHECK,
    erratum_codes::CHECK,
    erratum_quote::CHECK,
    facing::CHECK,
    system_fields::CHECK,
];

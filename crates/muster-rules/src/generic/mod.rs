//! Checks every scenario gets whatever its game system: references, ids, terrain
//! vocabulary, turns, counts, options and errata. Codes `MU0xx`.

mod checks;
pub mod codes;

pub use checks::{MAP_CHECKS, SCENARIO_CHECKS};
pub use codes::PIPELINE_CODES;

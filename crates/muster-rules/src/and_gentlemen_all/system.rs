//! And Gentlemen All in the system table.

use crate::movement::Reach;
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;
use crate::system::{parse_ruleset, GameSystem};
use muster_hex::Hex;
use muster_model::Ruleset;
use std::sync::OnceLock;

/// And Gentlemen All (line of fire is not modelled: its rules measure fire in inches on an
/// open table).
pub struct System;

impl GameSystem for System {
    fn id(&self) -> &'static str {
        "and-gentlemen-all"
    }

    fn ruleset(&self) -> &'static Ruleset {
        static CELL: OnceLock<Ruleset> = OnceLock::new();
        parse_ruleset(
            &CELL,
            include_str!("../../rulesets/and-gentlemen-all.ruleset.ron"),
        )
    }

    fn checks(&self) -> &'static [ScenarioCheck] {
        super::CHECKS
    }

    fn reach(&self, s: &Scenario, side: usize, unit: usize, from: Hex) -> Reach {
        super::reach::reach(s, side, unit, from)
    }
}

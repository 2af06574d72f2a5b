//! And Gentlemen All in the system table.

use crate::movement::Reach;
use crate::scenario::Scenario;
use crate::system::{system_basics, GameSystem};
use muster_hex::Hex;

/// And Gentlemen All (line of fire is not modelled: its rules measure fire in inches on an
/// open table).
pub struct System;

impl GameSystem for System {
    system_basics!(
        "and-gentlemen-all",
        "and-gentlemen-all.ruleset.ron",
        super::CHECKS
    );

    fn reach(&self, s: &Scenario, side: usize, unit: usize, from: Hex) -> Reach {
        super::reach::reach(s, side, unit, from)
    }
}

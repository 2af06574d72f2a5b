//! A la Charge in the system table.

use crate::fire::{FireEnd, LineOfFire};
use crate::movement::Reach;
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;
use crate::system::{parse_ruleset, GameSystem, QueryError};
use muster_hex::Hex;
use muster_model::Ruleset;
use std::sync::OnceLock;

/// A la Charge, both variants.
pub struct System;

impl GameSystem for System {
    fn id(&self) -> &'static str {
        "a-la-charge"
    }

    fn ruleset(&self) -> &'static Ruleset {
        static CELL: OnceLock<Ruleset> = OnceLock::new();
        parse_ruleset(
            &CELL,
            include_str!("../../rulesets/a-la-charge.ruleset.ron"),
        )
    }

    fn checks(&self) -> &'static [ScenarioCheck] {
        super::CHECKS
    }

    fn reach(&self, s: &Scenario, side: usize, unit: usize, from: Hex) -> Reach {
        super::reach::reach(s, side, unit, from)
    }

    fn line_of_fire(
        &self,
        s: &Scenario,
        from: FireEnd,
        to: FireEnd,
    ) -> Result<LineOfFire, QueryError> {
        let l = super::los::line_of_fire(s, from.hex, to.hex);
        Ok(LineOfFire {
            clear: l.clear,
            cover: l.cover,
            one_sided: false,
            path: l.path,
            levels: None,
            steps: vec![],
            reason: l.reason,
            uncertain: vec![],
        })
    }
}

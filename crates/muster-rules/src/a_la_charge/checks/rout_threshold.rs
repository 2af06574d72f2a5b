//! AC107 — a rout threshold must be reachable (2nd St Albans: "routed when they have lost 9
//! units").

use crate::a_la_charge::SECOND_ST_ALBANS;
use crate::diagnostic::{Diagnostic, Location};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;

/// `AC107`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("AC107", "unreachable-rout", "a-la-charge", "A side's rout threshold is more than it can lose.",
        "Counts the side's combat units, and its leaders at their weight (\"leaders count double\"); if the total is below the rout threshold, the side can never rout.",
        "A side that can never rout makes the victory conditions that depend on it meaningless.",
        "`rout: (units_lost: 20)` for a side of 15 units.",
        "A la Charge (The Red Rose and the White) 2nd St Albans (printed as a second §13.1), victory conditions."),
    run,
};

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    for (si, side) in s.file.sides.iter().enumerate() {
        let fields = super::super::fields::side(side);
        let Some(rout) = &fields.rout else { continue };
        let mut most: u64 = 0;
        for (ui, u) in side.units.iter().enumerate() {
            let (_, kind) = s.unit(si, ui);
            most += match kind {
                Some(k) if k.stacks => 0,
                Some(k) if k.leader => u.count as u64 * rout.leader_weight as u64,
                _ => u.count as u64,
            };
        }
        if most < rout.units_lost as u64 {
            out.push(
                Diagnostic::warning(
                    CHECK.doc.code,
                    Location::here(format!("/sides/{si}/rout/units_lost")),
                    format!(
                        "{} can lose at most {most} units, fewer than its rout threshold {}",
                        side.name, rout.units_lost
                    ),
                )
                .rule(SECOND_ST_ALBANS),
            );
        }
    }
}

//! The first side must be one of the sides.

use crate::diagnostic::{Diagnostic, Location};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;

/// `MU061`: unknown first side.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!(
        "MU061",
        "first-side",
        "generic",
        "`first_side` is not one of the scenario's sides.",
        "`first_side` must be the id of a side.",
        "Who moves first decides the sequence of play.",
        "`first_side: \"norman\"` when the side id is `normans`.",
        "Sequence of play (A la Charge §6)."
    ),
    run,
};

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    if s.side_index(&s.file.first_side).is_none() {
        let ids: Vec<_> = s.file.sides.iter().map(|x| x.id.as_str()).collect();
        out.push(
            Diagnostic::error(
                CHECK.doc.code,
                Location::here("/first_side"),
                format!("`{}` is not a side of this scenario", s.file.first_side),
            )
            .help(format!("the sides are {}", ids.join(", "))),
        );
    }
}

//! Every counter defined is placed exactly once: set-up and reinforcements together use
//! each unit type's `count`.

use crate::diagnostic::{Diagnostic, Location};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;

/// `MU064`: counters placed a different number of times than defined.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("MU064", "unit-count", "generic", "A unit type is placed more or fewer times than its count.",
        "For each unit type, the counts in set-up lines and reinforcements add up to the type's `count`. Placing more is an error; placing fewer is a warning (the rest never enter).",
        "Counting is where transcription goes wrong: \"6x Chevaliers Italiens\" over five hexes.",
        "`(id: \"Archers\", count: 6)` with set-up lines placing 7 archers.",
        "The scenario's set-up."),
    run,
};

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    for (si, side) in s.file.sides.iter().enumerate() {
        for (ui, u) in side.units.iter().enumerate() {
            let refs: Vec<_> = s
                .deployments
                .iter()
                .filter(|d| d.side == si)
                .flat_map(|d| d.units.iter().filter(|x| x.unit == ui))
                .collect();
            let placed: u64 = refs.iter().map(|r| u64::from(r.count)).sum();
            let loc = Location::here(format!("/sides/{si}/units/{ui}/count"));
            if placed > u64::from(u.count) {
                let mut d = Diagnostic::error(
                    CHECK.doc.code,
                    loc,
                    format!(
                        "{} `{}` counters are placed but {} defines {}",
                        placed, u.id, side.name, u.count
                    ),
                );
                for r in refs {
                    d = d.label(Location::here(r.pointer.clone()), "placed here");
                }
                out.push(d.help("fix the count or the set-up lines"));
            } else if placed < u64::from(u.count) {
                out.push(
                    Diagnostic::warning(
                        CHECK.doc.code,
                        loc,
                        format!(
                            "only {placed} of {} `{}` counters are placed",
                            u.count, u.id
                        ),
                    )
                    .help("place the rest in a set-up line or a reinforcement, or lower the count"),
                );
            }
        }
    }
}

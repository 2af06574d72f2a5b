//! Reinforcements must arrive within the scenario's turns.

use crate::diagnostic::{Diagnostic, Location};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;

/// `MU060`: reinforcement after the last turn.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!(
        "MU060",
        "late-reinforcement",
        "generic",
        "A reinforcement arrives after the last turn.",
        "Every reinforcement's turn is between 1 and the scenario's number of turns.",
        "A reinforcement that can never arrive is a transcription slip in the turn or the length.",
        "`turn: 7` in a scenario that lasts 6 turns.",
        "The scenario's length (A la Charge §5)."
    ),
    run,
};

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    for (i, side) in s.file.sides.iter().enumerate() {
        for (k, r) in side.reinforcements.iter().enumerate() {
            if r.turn > s.file.turns {
                out.push(
                    Diagnostic::error(
                        CHECK.doc.code,
                        Location::here(format!("/sides/{i}/reinforcements/{k}/turn")),
                        format!(
                            "reinforcement arrives on turn {} but the scenario lasts {} turns",
                            r.turn, s.file.turns
                        ),
                    )
                    .label(Location::here("/turns"), "the scenario's length")
                    .rule(s.cite("§5")),
                );
            }
        }
    }
}

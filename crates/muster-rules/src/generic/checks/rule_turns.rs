//! MU066 — special rules name turns the game has and faces a die has.

use crate::diagnostic::{Diagnostic, Location};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;
use muster_model::Effect;

/// `MU066`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("MU066", "rule-turns", "generic", "A special rule names a turn the game never reaches, or a die face that does not exist.",
        "An `Inactive` rule's `until_turn` and every `SideChangeRoll` window lie within turns 1 to the scenario's last turn (a window's first turn not after its last, windows not overlapping), and every window lists at least one face, every face in `succeed_on` is 1 to 6 (the rules roll 1d6).",
        "A unit inactive until turn 9 of a six-turn game never acts, and a roll that succeeds on a 7 never succeeds: either way the rule changes the game silently, and it is a transcription slip.",
        "`Inactive(units: [\"Turc (force 3)\"], until_turn: 9)` in a scenario of 6 turns; `succeed_on: [5, 6, 7]`.",
        "The scenario's length and its special rules (A la Charge §5; Kalavryai special rules 1 and 2 roll 1d6)."),
    run,
};

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    let last = s.file.turns;
    for (i, r) in s.file.special_rules.iter().enumerate() {
        let at = |tail: &str| Location::here(format!("/special_rules/{i}/rule/{tail}"));
        match &r.rule {
            Effect::Inactive { until_turn, .. } if *until_turn == 0 || *until_turn > last => {
                out.push(
                    Diagnostic::error(
                        CHECK.doc.code,
                        at("Inactive/until_turn"),
                        format!("the units are inactive until turn {until_turn}, but the scenario's turns are 1 to {last}"),
                    )
                    .label(Location::here("/turns"), "the scenario's length")
                    .help("check the turn against the print: units inactive past the last turn never act"),
                );
            }
            Effect::SideChangeRoll { windows, .. } => {
                for (k, w) in windows.iter().enumerate() {
                    let bad_turns = w.from_turn == 0 || w.from_turn > w.to_turn || w.to_turn > last;
                    if bad_turns {
                        out.push(
                            Diagnostic::error(
                                CHECK.doc.code,
                                at(&format!("SideChangeRoll/windows/{k}")),
                                format!(
                                    "the roll window runs from turn {} to turn {}, but the scenario's turns are 1 to {last}",
                                    w.from_turn, w.to_turn
                                ),
                            )
                            .label(Location::here("/turns"), "the scenario's length")
                            .help("a window's first turn comes before its last, both within the game"),
                        );
                    }
                    if w.succeed_on.is_empty() {
                        out.push(
                            Diagnostic::error(
                                CHECK.doc.code,
                                at(&format!("SideChangeRoll/windows/{k}/succeed_on")),
                                "no face succeeds: the roll can never succeed in this window",
                            )
                            .help("list the faces of 1d6 that succeed, as printed"),
                        );
                    }
                    if let Some(j) = windows[..k]
                        .iter()
                        .position(|v| v.from_turn <= w.to_turn && w.from_turn <= v.to_turn)
                    {
                        out.push(
                            Diagnostic::error(
                                CHECK.doc.code,
                                at(&format!("SideChangeRoll/windows/{k}")),
                                format!("this window's turns overlap window {} ({} to {}): two rules for the same turn", j + 1, windows[j].from_turn, windows[j].to_turn),
                            )
                            .label(at(&format!("SideChangeRoll/windows/{j}")), "the other window")
                            .help("each turn belongs to one window, as printed"),
                        );
                    }
                    for (f, face) in w.succeed_on.iter().enumerate() {
                        if !(1..=6).contains(face) {
                            out.push(
                                Diagnostic::error(
                                    CHECK.doc.code,
                                    at(&format!("SideChangeRoll/windows/{k}/succeed_on/{f}")),
                                    format!("a six-sided die has no face {face}"),
                                )
                                .help("the roll is 1d6: faces 1 to 6"),
                            );
                        }
                    }
                }
            }
            _ => {}
        }
    }
}

//! AG207 — per-command morale numbers, when the scenario uses them (§10).

use super::super::cite;
use super::super::morale_number::army_morale;
use super::{counted, regiments};
use crate::and_gentlemen_all::fields;
use crate::diagnostic::{Diagnostic, Location};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;

/// `AG207`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("AG207", "command-morale-number", "and-gentlemen-all", "A command's declared morale number disagrees with its regiments.",
        "For each command with a `morale_number`, computes two thirds (rounded up) of its foot and horse/dragoon regiments and compares.",
        "Playing by command (§10, alternatively) needs each command's number right.",
        "A wing of 6 horse regiments declaring morale number 3 (it is 4).",
        "And Gentlemen All §10 Army Morale (alternatively, per command)."),
    run,
};

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    for (si, side) in s.file.sides.iter().enumerate() {
        for (ci, c) in fields::side(side).commands.iter().enumerate() {
            let Some(declared) = c.morale_number else {
                continue;
            };
            let m = army_morale(counted(
                regiments(s, si).filter(|(_, _, r)| r.command == c.id),
            ));
            if declared != m.number {
                out.push(
                    Diagnostic::error(CHECK.doc.code, Location::here(format!("/sides/{si}/commands/{ci}/morale_number")), format!("command `{}` declares morale number {declared}, but its {} regiments give {} (demoralised after {} losses)", c.id, m.regiments, m.number, m.demoralised_at))
                        .rule(cite("§10")),
                );
            }
        }
    }
}

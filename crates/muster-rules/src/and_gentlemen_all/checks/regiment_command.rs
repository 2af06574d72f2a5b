//! AG208 — every regiment belongs to a command of its side (§3).

use super::super::cite;
use super::regiments;
use crate::and_gentlemen_all::fields;
use crate::diagnostic::{Diagnostic, Location};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;

/// `AG208`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("AG208", "regiment-command", "and-gentlemen-all", "A regiment names a command its side does not have.",
        "Each regiment's `command` is the id of one of its side's `commands`.",
        "Armies were organised into commands (centre, wings, reserve); per-command morale and orders depend on it.",
        "`command: \"left-wing\"` when the side's commands are `left`, `centre`, `right`.",
        "And Gentlemen All §3 Organization."),
    run,
};

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    for (si, side) in s.file.sides.iter().enumerate() {
        for (ui, u, r) in regiments(s, si) {
            if !fields::side(side)
                .commands
                .iter()
                .any(|c| c.id == r.command)
            {
                let ids: Vec<_> = fields::side(side)
                    .commands
                    .iter()
                    .map(|c| c.id.as_str())
                    .collect();
                out.push(
                    Diagnostic::error(
                        CHECK.doc.code,
                        Location::here(format!("/sides/{si}/units/{ui}/regiment/command")),
                        format!(
                            "`{}` belongs to command `{}`, which {} does not have",
                            u.id, r.command, side.name
                        ),
                    )
                    .rule(cite("§3"))
                    .help(if ids.is_empty() {
                        "add the side's `commands`".to_string()
                    } else {
                        format!("its commands are {}", ids.join(", "))
                    }),
                );
            }
        }
    }
}

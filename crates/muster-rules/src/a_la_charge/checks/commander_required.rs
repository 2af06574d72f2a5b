//! AC106 — army morale needs a commander (§13).

use crate::a_la_charge::cite;
use crate::diagnostic::{Diagnostic, Location};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;

/// `AC106`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("AC106", "army-morale-without-commander", "a-la-charge", "A side has an army morale level but no commander.",
        "Every side with an army morale level names its commander.",
        "§13 adds 4 to a side's losses when its commander is eliminated; without a commander the level is counted wrongly.",
        "`army_morale: 12` with no `commander`.",
        "A la Charge (Normans and Byzantines) §13 Victory Conditions."),
    run,
};

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    for (si, side) in s.file.sides.iter().enumerate() {
        if super::super::fields::side(side).army_morale.is_some() && side.commander.is_none() {
            out.push(
                Diagnostic::error(
                    CHECK.doc.code,
                    Location::here(format!("/sides/{si}/army_morale")),
                    format!("{} has an army morale level but no commander", side.name),
                )
                .rule(cite(s, "§13"))
                .help("name the side's commander (a leader) in `commander`"),
            );
        }
    }
}

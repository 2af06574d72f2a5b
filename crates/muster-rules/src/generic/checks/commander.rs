//! A side's commander must be one of its leaders.

use crate::diagnostic::{Diagnostic, Location};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;

/// `MU081`: commander not a leader of the side.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!(
        "MU081",
        "commander",
        "generic",
        "A side's commander is not a leader of that side.",
        "`commander` names a unit id of the same side whose kind is a leader.",
        "The commander adds to morale checks and counts 4 when lost (A la Charge §12.7, §13).",
        "`commander: \"Rudolph\"` for the unit `Rudolf`.",
        "A la Charge §8, §13."
    ),
    run,
};

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    for (si, side) in s.file.sides.iter().enumerate() {
        let Some(c) = &side.commander else { continue };
        let loc = Location::here(format!("/sides/{si}/commander"));
        match side.units.iter().position(|u| &u.id == c) {
            None => out.push(
                Diagnostic::error(
                    CHECK.doc.code,
                    loc,
                    format!("{} has no unit `{c}` to be its commander", side.name),
                )
                .rule(s.cite("§8"))
                .help(crate::suggest::did_you_mean(
                    c,
                    &format!("unit ids of {}", side.name),
                    &side.units.iter().map(|u| u.id.as_str()).collect::<Vec<_>>(),
                    &format!("define the commander in the `units` of {}", side.name),
                )),
            ),
            Some(ui) => {
                let (_, kind) = s.unit(si, ui);
                if !kind.is_some_and(|k| k.leader) {
                    out.push(
                        Diagnostic::error(
                            CHECK.doc.code,
                            loc,
                            format!("commander `{c}` is not a leader"),
                        )
                        .label(
                            Location::here(format!("/sides/{si}/units/{ui}/kind")),
                            "its kind",
                        )
                        .rule(s.cite("§8")),
                    );
                }
            }
        }
    }
}

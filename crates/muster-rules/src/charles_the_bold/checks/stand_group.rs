//! CB301 — each stand in exactly one command group (§1.1).

use super::super::cite;
use crate::charles_the_bold::fields;
use crate::diagnostic::{Diagnostic, Location};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;

/// `CB301`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("CB301", "stand-group", "charles-the-bold", "A stand is in no command group, or in one its side does not have.",
        "Every stand (and general) names one `group`, which is a command id of its side.",
        "Each army is divided into command groups, each under a general; a stand outside every group can never move.",
        "A stand with `group: \"vanguard\"` when the side's commands are `left`, `centre`, `right`.",
        "Charles the Bold §1.1 Command Groups."),
    run,
};

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    for (si, side) in s.file.sides.iter().enumerate() {
        for (ui, u) in side.units.iter().enumerate() {
            let loc = Location::here(format!("/sides/{si}/units/{ui}"));
            match &fields::unit(u).group {
                None => out.push(
                    Diagnostic::error(
                        CHECK.doc.code,
                        loc,
                        format!("`{}` is in no command group (`group:`)", u.id),
                    )
                    .rule(cite("§1.1")),
                ),
                Some(g) if !fields::side(side).commands.iter().any(|c| &c.id == g) => out.push(
                    Diagnostic::error(
                        CHECK.doc.code,
                        Location::here(format!("/sides/{si}/units/{ui}/group")),
                        format!(
                            "`{}` is in group `{g}`, which {} does not have",
                            u.id, side.name
                        ),
                    )
                    .rule(cite("§1.1")),
                ),
                _ => {}
            }
        }
    }
}

//! CB302 — each command group has exactly one general (§1.1).

use super::super::cite;
use super::is_general;
use crate::charles_the_bold::fields;
use crate::diagnostic::{Diagnostic, Location};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;

/// `CB302`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("CB302", "group-general", "charles-the-bold", "A command group has no general, or more than one.",
        "Each command of a side names its `general`, a unit of kind general in that group, and no other general is in the group.",
        "\"Each army is divided into a number of command groups each commanded by a General\"; command range is measured from him.",
        "A group `centre` with no `general:`.",
        "Charles the Bold §1.1 Command Groups, §2.0."),
    run,
};

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    for (si, side) in s.file.sides.iter().enumerate() {
        for (ci, c) in fields::side(side).commands.iter().enumerate() {
            let loc = Location::here(format!("/sides/{si}/commands/{ci}"));
            let generals: Vec<usize> = side
                .units
                .iter()
                .enumerate()
                .filter(|(ui, u)| {
                    is_general(s, si, *ui)
                        && fields::unit(u).group.as_deref() == Some(c.id.as_str())
                })
                .map(|(ui, _)| ui)
                .collect();
            match &c.general {
                None => out.push(
                    Diagnostic::error(
                        CHECK.doc.code,
                        loc,
                        format!("group `{}` has no general", c.id),
                    )
                    .rule(cite("§1.1")),
                ),
                Some(g) => {
                    let ok = side
                        .units
                        .iter()
                        .position(|u| &u.id == g)
                        .is_some_and(|ui| is_general(s, si, ui) && generals.contains(&ui));
                    if !ok {
                        out.push(Diagnostic::error(CHECK.doc.code, loc, format!("group `{}` names `{g}` as its general, which is not a general of the group", c.id)).rule(cite("§1.1")));
                    } else if generals.len() > 1 {
                        out.push(
                            Diagnostic::error(
                                CHECK.doc.code,
                                loc,
                                format!(
                                    "group `{}` has {} generals; it has exactly one",
                                    c.id,
                                    generals.len()
                                ),
                            )
                            .rule(cite("§1.1")),
                        );
                    }
                }
            }
        }
    }
}

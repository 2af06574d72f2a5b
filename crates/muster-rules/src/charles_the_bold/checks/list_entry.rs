//! CB311 — every stand names a line of the scenario's army lists.

use super::super::cite;
use super::is_general;
use crate::diagnostic::{Diagnostic, Location};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;

/// `CB311`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("CB311", "list-entry", "charles-the-bold", "A stand names no army-list line, or one the lists do not have; or carries values only its line gives.",
        "Every stand has `list_entry:` naming a line of an army list its side draws on: the side's own `army_lists`, then the scenario's shared `army_lists` (never the other side's). A stand's own `mp` or `rating` is a warning: its MP and its order rating (A, B, C) are its list line's (§1.3, §16), so these values are never read.",
        "The list gives the stand's Cat, MP, SP, IF, fire and BP; without it nothing can be computed.",
        "`list_entry: \"knight\"` when the list calls it `knights`.",
        "Charles the Bold §16 Reading the Army List, §1.3."),
    run,
};

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    for (si, side) in s.file.sides.iter().enumerate() {
        for (ui, u) in side.units.iter().enumerate() {
            if is_general(s, si, ui) {
                continue;
            }
            let loc = Location::here(format!("/sides/{si}/units/{ui}"));
            own_values(si, ui, u, out);
            match &u.list_entry {
                None => out.push(
                    Diagnostic::error(
                        CHECK.doc.code,
                        loc,
                        format!("stand `{}` names no army-list line (`list_entry:`)", u.id),
                    )
                    .rule(cite("§16")),
                ),
                Some(id) if s.list_entry(si, ui).is_none() => {
                    let ids: Vec<&str> = s
                        .lists
                        .of_side(si)
                        .flat_map(|l| l.list.entries.iter().map(|e| e.id.as_str()))
                        .collect();
                    out.push(
                        Diagnostic::error(
                            CHECK.doc.code,
                            Location::here(format!("/sides/{si}/units/{ui}/list_entry")),
                            format!("no army list of {} has a line `{id}`", side.name),
                        )
                        .rule(cite("§16"))
                        .help(if ids.is_empty() {
                            "name the side's army lists in its `army_lists` (or the shared ones in the scenario's)".to_string()
                        } else {
                            format!("the lines are {}", ids.join(", "))
                        }),
                    );
                }
                _ => {}
            }
        }
    }
}

/// A stand's own `mp` and `rating`: its list line gives both (§16 MP column; §1.3 "All
/// stands have an order rating of A, B, or C"), so the stand's are never read.
fn own_values(si: usize, ui: usize, u: &muster_model::UnitDef, out: &mut Vec<Diagnostic>) {
    let own = [
        ("mp", u.mp.map(i64::from), "its MP are its army-list line's (§16)", "§16"),
        ("rating", u.rating.map(i64::from), "its order rating is its army-list line's class, A, B or C (§1.3, §16); only a general has a rating of his own", "§1.3"),
    ];
    for (field, value, why, section) in own {
        let Some(v) = value else { continue };
        out.push(
            Diagnostic::warning(
                CHECK.doc.code,
                Location::here(format!("/sides/{si}/units/{ui}/{field}")),
                format!(
                    "stand `{}` has `{field}: {v}` of its own, which is never read: {why}",
                    u.id
                ),
            )
            .rule(cite(section))
            .help(format!(
                "remove `{field}`; change the list line if the value differs"
            )),
        );
    }
}

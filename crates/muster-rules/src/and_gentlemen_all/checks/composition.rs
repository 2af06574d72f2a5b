//! AG201 — regiment composition by type (§3, §6).

use super::super::cite;
use super::super::tables::allowed_stands;
use crate::and_gentlemen_all::fields;
use crate::diagnostic::{Diagnostic, Location};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;

/// `AG201`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("AG201", "composition", "and-gentlemen-all", "A regiment's stands or organisation do not fit its type.",
        "Foot has 3 stands (balanced: 2 musket + 1 pike; musket-heavy: 3 musket; pike-heavy: 3, or 4 with the optional extra pike stand behind (§6 \"may have\"), and says which; horse, dragoons and artillery have 2 stands; horse says its kind (horse, cuirassier, lancer); dragoons say whether they are mounted; every unit that is not a general is a regiment.",
        "The organisation sets the unit-type modifiers and the stand count what the table shows.",
        "`(kind: \"foot\", regiment: (stands: 2, foot: Balanced, ...))`.",
        "And Gentlemen All §3 Organization, §6 Formations."),
    run,
};

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    for (si, side) in s.file.sides.iter().enumerate() {
        for (ui, u) in side.units.iter().enumerate() {
            let base = format!("/sides/{si}/units/{ui}");
            let (_, kind) = s.unit(si, ui);
            if kind.is_some_and(|k| k.leader) {
                continue;
            }
            let Some(r) = &fields::unit(u).regiment else {
                out.push(
                    Diagnostic::error(
                        CHECK.doc.code,
                        Location::here(base),
                        format!(
                            "`{}` has no `regiment`: stands, rating, formation and command",
                            u.id
                        ),
                    )
                    .rule(cite("§3")),
                );
                continue;
            };
            let mut err = |field: &str, msg: String| {
                out.push(
                    Diagnostic::error(
                        CHECK.doc.code,
                        Location::here(format!("{base}/regiment{field}")),
                        msg,
                    )
                    .rule(cite("§3")),
                )
            };
            match u.kind.as_str() {
                "foot" if r.foot.is_none() => err("", format!("foot regiment `{}` does not say whether it is Balanced, MusketHeavy or PikeHeavy (`foot:`)", u.id)),
                "horse" if r.horse.is_none() => err("", format!("horse regiment `{}` does not say its kind (`horse: Horse | Cuirassier | Lancer`)", u.id)),
                "dragoons" if r.mounted.is_none() => err("", format!("dragoons `{}` do not say whether they are mounted (`mounted:`)", u.id)),
                _ => {}
            }
            if u.kind != "foot" && r.foot.is_some() {
                err(
                    "/foot",
                    format!(
                        "`{}` is {} and cannot have a foot organisation",
                        u.id, u.kind
                    ),
                );
            }
            if u.kind != "horse" && r.horse.is_some() {
                err(
                    "/horse",
                    format!("`{}` is {} and cannot have a horse kind", u.id, u.kind),
                );
            }
            if let Some(ns) = allowed_stands(&u.kind, r.foot) {
                if !ns.contains(&r.stands) {
                    let allowed = ns
                        .iter()
                        .map(u32::to_string)
                        .collect::<Vec<_>>()
                        .join(" or ");
                    err(
                        "/stands",
                        format!(
                            "`{}` has {} stands; a {} regiment{} has {allowed}",
                            u.id,
                            r.stands,
                            u.kind,
                            r.foot.map(|f| format!(" ({f:?})")).unwrap_or_default()
                        ),
                    );
                }
            }
        }
    }
}

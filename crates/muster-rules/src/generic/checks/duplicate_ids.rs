//! Side ids and unit ids must be unique.

use crate::diagnostic::{Diagnostic, Location};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;

/// `MU030`: duplicate ids.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("MU030", "duplicate-id", "generic", "Two sides, or two unit types of one side, share an id.",
        "Side ids are unique in a scenario; unit ids are unique within their side.",
        "Set-up lines and rules refer to units and sides by id; a duplicate makes the reference ambiguous.",
        "Two unit types of the rebels both with `id: \"Macedoniens\"` (give the second `\"Macedoniens (2)\"`).",
        "Muster file format."),
    run,
};

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    let sides = &s.file.sides;
    for (i, side) in sides.iter().enumerate() {
        if let Some(j) = sides[..i].iter().position(|o| o.id == side.id) {
            out.push(
                Diagnostic::error(
                    CHECK.doc.code,
                    Location::here(format!("/sides/{i}/id")),
                    format!("side id `{}` is used twice", side.id),
                )
                .label(Location::here(format!("/sides/{j}/id")), "first used here"),
            );
        }
        for (k, u) in side.units.iter().enumerate() {
            if let Some(m) = side.units[..k].iter().position(|o| o.id == u.id) {
                out.push(
                    Diagnostic::error(
                        CHECK.doc.code,
                        Location::here(format!("/sides/{i}/units/{k}/id")),
                        format!("unit id `{}` is used twice in {}", u.id, side.name),
                    )
                    .label(
                        Location::here(format!("/sides/{i}/units/{m}/id")),
                        "first used here",
                    )
                    .help("give each counter type its own id; the printed name goes in `name`"),
                );
            }
        }
    }
}

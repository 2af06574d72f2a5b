//! AG202 — artillery is never Veteran (§3).

use super::super::cite;
use super::super::fields::TroopRating;
use super::regiments;
use crate::diagnostic::{Diagnostic, Location};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;

/// `AG202`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!(
        "AG202",
        "artillery-rating",
        "and-gentlemen-all",
        "An artillery unit is rated Veteran.",
        "Artillery units are Green or Regular.",
        "\"Artillery units may only be Green (the norm) or Regular, never Veteran.\"",
        "`(kind: \"heavy-artillery\", regiment: (rating: Veteran, ...))`.",
        "And Gentlemen All §3 Organization."
    ),
    run,
};

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    for si in 0..s.file.sides.len() {
        for (ui, u, r) in regiments(s, si) {
            if u.kind.ends_with("artillery") && r.rating == TroopRating::Veteran {
                out.push(
                    Diagnostic::error(
                        CHECK.doc.code,
                        Location::here(format!("/sides/{si}/units/{ui}/regiment/rating")),
                        format!("artillery `{}` cannot be Veteran", u.id),
                    )
                    .rule(cite("§3"))
                    .help("rate it Green (the norm) or Regular"),
                );
            }
        }
    }
}

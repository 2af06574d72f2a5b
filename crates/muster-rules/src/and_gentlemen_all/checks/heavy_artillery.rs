//! AG203 — deployed heavy artillery cannot move (§6), reported as information.

use super::super::cite;
use super::super::fields::Formation;
use super::regiments;
use crate::diagnostic::{Diagnostic, Location};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;

/// `AG203`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("AG203", "heavy-artillery-fixed", "and-gentlemen-all", "Deployed heavy artillery cannot move (a note, not an error).",
        "Reports each heavy artillery unit set up deployed, which may not move until it changes formation.",
        "A designer placing guns deployed should know they stay put.",
        "`(kind: \"heavy-artillery\", regiment: (formation: Deployed, ...))`.",
        "And Gentlemen All §6 Basic movement rates (deployed heavy artillery NA; may not move)."),
    run,
};

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    for si in 0..s.file.sides.len() {
        for (ui, u, r) in regiments(s, si) {
            if u.kind == "heavy-artillery" && r.formation == Formation::Deployed {
                out.push(Diagnostic::note(CHECK.doc.code, Location::here(format!("/sides/{si}/units/{ui}/regiment/formation")), format!("heavy artillery `{}` is deployed and cannot move until it limbers (changes formation)", u.id)).rule(cite("§6")));
            }
        }
    }
}

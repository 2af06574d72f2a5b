//! AG206 — the army morale number (§10): computed, reported, and a declared number that
//! disagrees is an error.

use super::super::cite;
use super::super::morale_number::army_morale;
use super::{counted, regiments};
use crate::and_gentlemen_all::fields;
use crate::diagnostic::{Diagnostic, Location};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;

/// `AG206`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("AG206", "army-morale-number", "and-gentlemen-all", "The army morale number: computed and reported; a declared number that disagrees is an error.",
        "Computes two thirds (rounded up) of the side's foot and horse/dragoon regiments (artillery excluded, dragoons once), and the losses at which it is demoralised (a third) and shattered (a half); reports them as a note, and as an error when `army_morale_number` says otherwise.",
        "A wrong morale number decides the battle.",
        "30 regiments with `army_morale_number: 18` (it is 20; demoralised after 7 losses).",
        "And Gentlemen All §10 Army Morale."),
    run,
};

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    for (si, side) in s.file.sides.iter().enumerate() {
        let n = counted(regiments(s, si));
        let m = army_morale(n);
        let figures = format!("{} regiments count (artillery excluded): morale number {}, demoralised after {} losses, shattered after {}", m.regiments, m.number, m.demoralised_at, m.shattered_at);
        match fields::side(side).army_morale_number {
            Some(declared) if declared != m.number => out.push(
                Diagnostic::error(
                    CHECK.doc.code,
                    Location::here(format!("/sides/{si}/army_morale_number")),
                    format!(
                        "{} declares army morale number {declared}, but {figures}",
                        side.name
                    ),
                )
                .rule(cite("§10")),
            ),
            _ => out.push(
                Diagnostic::note(
                    CHECK.doc.code,
                    Location::here(format!("/sides/{si}/name")),
                    format!("{}: {figures}", side.name),
                )
                .rule(cite("§10")),
            ),
        }
    }
}

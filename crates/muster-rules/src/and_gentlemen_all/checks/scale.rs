//! AG209 — the scenario declares its scale (inches per hex, figure scale).

use super::super::cite;
use crate::and_gentlemen_all::fields;
use crate::diagnostic::{Diagnostic, Location};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;

/// `AG209`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("AG209", "scale", "and-gentlemen-all", "The scenario does not declare its scale.",
        "An And Gentlemen All scenario has `scale: (inches_per_hex: ..., figures: Mm15 | Mm25)`.",
        "The rules are written in inches; movement and ranges in hexes depend on the scale, and the figure scale picks the table's column (Muster's adaptation to a hex map).",
        "A scenario without `scale`.",
        "And Gentlemen All §2 Game scales; Muster's hex adaptation."),
    run,
};

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    if fields::scenario(s.file).scale.is_none() {
        out.push(Diagnostic::error(CHECK.doc.code, Location::here("/ruleset"), "this scenario does not declare its scale").rule(cite("§2")).help("add `scale: (inches_per_hex: 2.0, figures: Mm15)`: Muster's adaptation of the rules' inches to hexes"));
    }
}

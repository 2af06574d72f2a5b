//! AC103 — owner's-choice set-up lines have enough free hexes.

use crate::a_la_charge::cite;
use crate::collision_report::{report_collisions, Finding, OneAHex};
use crate::diagnostic::Diagnostic;
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;

/// `AC103`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("AC103", "group-hexes", "a-la-charge", "Set-up lines place more combat units than their hexes hold.",
        "Through the placement model, every set-up line at once: the lines that can only use a set of hexes (an owner's-choice line and the lines that fill hexes it names) do not place more combat units than those hexes (pigeonhole). Each colliding line is labelled.",
        "\"Placed in the designated hexes as the owning player chooses\" only works if there is a hex for each unit; otherwise units must stack (§7).",
        "`Somerset, 6x Archers, 2x (3-2), 2x (2-2), 1x (1-2)` over only ten hexes, or a choice of two hexes one of which another line fills, for two units.",
        "A la Charge §7; the scenario's set-up."),
    run,
};

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    let rule = cite(s, "§7");
    out.extend(report_collisions(
        s,
        &OneAHex {
            shared: None, // AC101
            overfull: None,
            squeezed: Some(Finding {
                code: CHECK.doc.code,
                help: None,
            }),
            noun: ("combat unit", "combat units"),
            must: "stack",
            rule: &rule,
        },
        |_| true,
    ));
}

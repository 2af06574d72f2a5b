//! CB304 — one stand a hex; generals may share (§1.2, §2.1).

use super::super::cite;
use crate::collision_report::{report_collisions, Finding, OneAHex};
use crate::diagnostic::Diagnostic;
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;

/// `CB304`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("CB304", "one-stand-a-hex", "charles-the-bold", "Two stands set up in one hex.",
        "No hex holds two stands at set-up (a stand's extra ranks are part of it, in its one hex); generals may be in a hex with a stand. Read through the placement model: two lines that each fill their hexes naming one hex, a line with more stands than hexes (`3x English Foot` at one hex), and owner's-choice lines that cannot all fit (each colliding line labelled).",
        "Stands must fit a 4\" hex; multi-rank stands are one unit and cannot be split (§7.4).",
        "Two set-up lines both naming 0606.",
        "Charles the Bold §1.2 Stands, §2.1, §7.4."),
    run,
};

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    let finding = |help| {
        Some(Finding {
            code: CHECK.doc.code,
            help,
        })
    };
    out.extend(report_collisions(
        s,
        &OneAHex {
            shared: finding(None),
            overfull: finding(Some("one stand a hex: give each stand its own hex")),
            squeezed: finding(None),
            noun: ("stand", "stands"),
            must: "share",
            rule: &cite("§1.2"),
        },
        |_| true,
    ));
}

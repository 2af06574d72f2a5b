//! AG212 — one regiment a hex, friendly or hostile (§6).

use super::super::cite;
use crate::collision_report::{report_collisions, Finding, OneAHex};
use crate::diagnostic::Diagnostic;
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;

/// `AG212`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("AG212", "one-regiment-a-hex", "and-gentlemen-all", "Two regiments set up in one hex.",
        "No hex holds two regiments at set-up, whether of one side or of both; generals (ours: the text has no general counters, a general marks where a command's commander stands) may share a hex with a regiment of their own side (ours; a general in an enemy regiment's hex is AG214's). Read through the placement model: two lines that each fill their hexes naming one hex, a line with more regiments than hexes (`2x` foot at one hex), and owner's-choice lines that cannot all fit (each colliding line labelled).",
        "\"No unit may ever move through a friendly or enemy unit. Units must either move around friendly units or halt upon contact\" (§6): a regiment's stands fill the ground they stand on, friend and foe alike keep out of it, and enemies meet in contact (§8), not in one place. Our reading, on hexes: a hex holds one regiment, since a regiment may not stand where it may not even pass; this holds for friendly regiments as for hostile ones, as the text names both.",
        "Parliament's Blue Regiment and the King's Welsh Foot both set up in 0812.",
        "And Gentlemen All §6 Moving through other units; §8 (contact)."),
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
            shared: finding(Some(
                "one regiment a hex, friend or foe (ours, from §6's \"no unit may ever move through a friendly or enemy unit\"): move one of them",
            )),
            overfull: finding(Some("one regiment a hex: give each regiment its own hex")),
            squeezed: finding(None),
            noun: ("regiment", "regiments"),
            must: "share",
            rule: &cite("§6"),
        },
        |_| true,
    ));
}

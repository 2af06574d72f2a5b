//! AC101 — one combat unit a hex (§7).

use crate::a_la_charge::cite;
use crate::collision_report::{report_collisions, Finding, OneAHex};
use crate::diagnostic::Diagnostic;
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;

/// `AC101`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("AC101", "stacking", "a-la-charge", "Two combat units set up in one hex.",
        "At set-up, no hex holds two combat units. Read through the placement model: a set-up line with as many combat units as hexes fills each of its hexes, so two such lines naming one hex stack them; a line with more combat units than hexes (thirteen over the twelve hexes of a row, three on one hex) must stack some. Leaders (and King Henry at St Albans) may stack with friendly units but never with an enemy unit. Owner's-choice lines that cannot all fit are AC103.",
        "Only one combat unit may occupy a hex; a stacked set-up is a transcription slip or an erratum of the print.",
        "`Archers: 0909` and `Infanteries Normands: 0908, 0909` in Civitate both fill 0909 (a known erratum of the print).",
        "A la Charge §7 Unit Placement."),
    run,
};

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    let rule = cite(s, "§7");
    out.extend(report_collisions(
        s,
        &OneAHex {
            shared: Some(Finding {
                code: CHECK.doc.code,
                help: Some("only leaders (and King Henry at St Albans) may stack; move one unit, or record an erratum if the print says so"),
            }),
            overfull: Some(Finding {
                code: CHECK.doc.code,
                help: Some("check the count of units and the hexes against the print"),
            }),
            squeezed: None, // AC103
            noun: ("combat unit", "combat units"),
            must: "stack",
            rule: &rule,
        },
        |_| true,
    ));
    leaders_with_enemies(s, out);
}

/// Leaders certainly in a hex an enemy unit (a combat unit or another leader) certainly
/// holds: "leaders may stack with friendly units" (§7), never with the enemy.
fn leaders_with_enemies(s: &Scenario, out: &mut Vec<Diagnostic>) {
    let mut hexes: Vec<_> = s.placements.certain_hexes().collect();
    hexes.sort_by_cached_key(|h| s.world.grid.to_printed(*h));
    hexes.dedup();
    for hex in hexes {
        let held = s.placements.certainly_held(hex);
        for leader in held.iter().filter(|h| h.free) {
            // A side with a combat unit here is stacking combat units (reported above). A
            // combat unit of lines of both sides that may swap here is neither: which side
            // stands with the leader is the owners' choice.
            if held.iter().any(|h| !h.side_sure) {
                continue;
            }
            let own_combat = held.iter().any(|h| h.side == leader.side && !h.free);
            let enemy = held.iter().find(|h| h.side != leader.side);
            let (Some(enemy), false) = (enemy, own_combat) else {
                continue;
            };
            if enemy.free && enemy.line < leader.line {
                continue; // two lone leaders: reported once
            }
            let id = s.world.grid.to_printed(hex);
            out.push(
                Diagnostic::error(
                    CHECK.doc.code,
                    s.deployments[leader.line].hex_location(hex),
                    format!("a leader is set up in {id}, with an enemy unit"),
                )
                .at_hex(id)
                .label(
                    s.deployments[enemy.line].hex_location(hex),
                    "the enemy unit is here",
                )
                .rule(cite(s, "§7"))
                .help("leaders stack only with friendly units; move one of them"),
            );
        }
    }
}

//! AC101 — one combat unit a hex (§7).

use crate::a_la_charge::cite;
use crate::diagnostic::{Diagnostic, Location};
use crate::placement::Collision;
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
    let g = &s.world.grid;
    for c in s.placements.collisions().iter().cloned() {
        match c {
            Collision::Shared { hex, lines, .. } => {
                let id = g.to_printed(hex);
                let mut d = Diagnostic::error(CHECK.doc.code, s.deployments[lines[1]].hex_location(hex), format!("two combat units set up in {id}"))
                    .at_hex(id.clone())
                    .rule(cite(s, "§7"))
                    .help("only leaders (and King Henry at St Albans) may stack; move one unit, or record an erratum if the print says so")
                    .label(s.deployments[lines[0]].hex_location(hex), "another combat unit is set up here");
                for r in &lines[2..] {
                    d = d.label(s.deployments[*r].hex_location(hex), "and another here");
                }
                out.push(d);
            }
            Collision::Overfull { line } => {
                let l = s.placements.line(line);
                let dep = &s.deployments[line];
                let (message, hex) = match l.hexes.as_slice() {
                    [one] => (format!("{} combat units set up in the one hex {}", l.bound, g.to_printed(*one)), Some(g.to_printed(*one))),
                    many => (format!("{} combat units set up over the {} hexes of this line: some must stack", l.bound, many.len()), None),
                };
                let mut d = Diagnostic::error(
                    CHECK.doc.code,
                    Location::here(format!("{}/units", dep.pointer)),
                    message,
                )
                .rule(cite(s, "§7"))
                .help("check the count of units and the hexes against the print")
                .label(
                    Location::here(dep.zone_pointer.clone()),
                    format!("{} hexes here", l.hexes.len()),
                );
                if let Some(h) = hex {
                    d = d.at_hex(h);
                }
                out.push(d);
            }
            Collision::Squeezed { .. } => {} // AC103
        }
    }
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
            // A side with a combat unit here is stacking combat units (reported above).
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

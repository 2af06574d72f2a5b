//! AC101 — one combat unit a hex (§7).

use crate::a_la_charge::cite;
use crate::diagnostic::{Diagnostic, Location};
use crate::occupancy::{certain_combat, counts};
use crate::registry::ScenarioCheck;
use crate::scenario::{DeployKind, Scenario};

/// `AC101`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("AC101", "stacking", "a-la-charge", "Two combat units set up in one hex.",
        "At set-up, no hex holds two combat units. A set-up line with as many combat units as hexes fills each of its hexes; two such lines naming one hex, or a line putting several combat units on one hex, stack them. Leaders (and King Henry at St Albans) may stack with friendly units but never with an enemy unit.",
        "Only one combat unit may occupy a hex; a stacked set-up is a transcription slip or an erratum of the print.",
        "`Archers: 0909` and `Infanteries Normands: 0908, 0909` in Civitate both fill 0909 (a known erratum of the print).",
        "A la Charge §7 Unit Placement."),
    run,
};

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    let certain = certain_combat(s);
    let mut hexes: Vec<_> = certain.iter().filter(|(_, v)| v.len() > 1).collect();
    hexes.sort_by_key(|(h, _)| s.world.grid.to_printed(**h));
    for (h, lines) in hexes {
        let id = s.world.grid.to_printed(*h);
        let (first, rest) = (lines[0], &lines[1..]);
        let d0 = &s.deployments[first];
        let mut d = Diagnostic::error("AC101", s.deployments[rest[0]].hex_location(*h), format!("two combat units set up in {id}"))
            .at_hex(id.clone())
            .rule(cite(s, "§7"))
            .help("only leaders (and King Henry at St Albans) may stack; move one unit, or record an erratum if the print says so");
        d = d.label(d0.hex_location(*h), "another combat unit is set up here");
        for r in &rest[1..] {
            d = d.label(s.deployments[*r].hex_location(*h), "and another here");
        }
        out.push(d);
    }
    for (i, dep) in s.deployments.iter().enumerate() {
        if !matches!(dep.kind, DeployKind::Setup { .. }) {
            continue;
        }
        let c = counts(s, i);
        if dep.hexes.len() == 1 && c.combat > 1 {
            let id = s.world.grid.to_printed(dep.hexes[0]);
            out.push(
                Diagnostic::error(
                    "AC101",
                    Location::here(format!("{}/units", dep.pointer)),
                    format!("{} combat units set up in the one hex {id}", c.combat),
                )
                .at_hex(id)
                .rule(cite(s, "§7")),
            );
        }
        // Leaders set up alone in a hex an enemy combat unit fills.
        if c.combat == 0 && dep.hexes.len() == 1 {
            if let Some(lines) = certain.get(&dep.hexes[0]) {
                if let Some(enemy) = lines.iter().find(|l| s.deployments[**l].side != dep.side) {
                    let id = s.world.grid.to_printed(dep.hexes[0]);
                    out.push(
                        Diagnostic::error(
                            "AC101",
                            dep.hex_location(dep.hexes[0]),
                            format!("a leader is set up in {id}, with an enemy unit"),
                        )
                        .at_hex(id)
                        .label(
                            s.deployments[*enemy].hex_location(dep.hexes[0]),
                            "the enemy unit is here",
                        )
                        .rule(cite(s, "§7")),
                    );
                }
            }
        }
    }
}

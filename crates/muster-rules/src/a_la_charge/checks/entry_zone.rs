//! AC104 — reinforcements enter through enterable hexes on a map edge.

use crate::a_la_charge::is_saint_albans;
use crate::diagnostic::Diagnostic;
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;

/// `AC104`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("AC104", "entry-zone", "a-la-charge", "A reinforcement's entry hexes are not on a map edge, or none can be entered.",
        "Every hex of a reinforcement's entry zone lies on an edge of the map, and at least one can be entered.",
        "Units arriving from off the map enter at its edge (\"enter east edge between 1401 and 0401\").",
        "`enter: Hexes([\"0505\"])` in the middle of the map.",
        "The scenario's reinforcements: N&B Kalavryai (\"arrives on turn 2 between hexes 1201 and 1215\"); St Albans, 1st St Albans (\"enter east edge between 1401 and 0401\") and 2nd St Albans (\"enters by the three roads\"). Ours: entry hexes lie on a map edge — only 1st St Albans prints an edge (\"enter east edge\"); Kalavryai prints two hexes and 2nd St Albans three roads, which the reconstructed maps put at an edge."),
    run,
};

/// Where the scenarios print their reinforcements' entries (the rules' own sections print
/// none: §9 is movement on the map).
fn entries(s: &Scenario) -> &'static str {
    if is_saint_albans(s) {
        "A la Charge (The Red Rose and the White) 1st St Albans set-up (\"enter east edge\"), 2nd St Albans set-up (\"enters by the three roads\"); on a map edge: ours (only 1st St Albans prints an edge)"
    } else {
        "A la Charge (Normans and Byzantines) Kalavryai, Re-enforcements (\"arrives on turn 2 between hexes 1201 and 1215\"); on a map edge: ours (the print names hexes, not an edge)"
    }
}

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    for (i, l) in s.placements.lines().iter().enumerate() {
        if l.entry_turn().is_none() || l.hexes.is_empty() {
            continue;
        }
        let d = &s.deployments[i];
        for h in l
            .hexes
            .iter()
            .filter(|h| s.world.grid.sides_of(**h).is_empty())
        {
            let id = s.world.grid.to_printed(*h);
            out.push(
                Diagnostic::error(CHECK.doc.code, d.hex_location(*h), format!("entry hex {id} is not on an edge of the map"))
                    .at_hex(id)
                    .rule(entries(s))
                    .help("reinforcements enter from off the map: name edge hexes, or write `Edge(side: ..., from: ..., to: ...)`"),
            );
        }
        let enterable = l.hexes.iter().any(|h| {
            s.ruleset
                .terrain
                .iter()
                .any(|t| t.id == s.world.terrain(*h) && t.mp.is_some())
        });
        if !enterable {
            out.push(
                Diagnostic::error(
                    CHECK.doc.code,
                    crate::diagnostic::Location::here(d.zone_pointer.clone()),
                    "no hex of the entry zone can be entered",
                )
                .rule(entries(s)),
            );
        }
    }
}

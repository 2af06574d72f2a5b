//! AC104 — reinforcements enter through enterable hexes on a map edge.

use crate::a_la_charge::cite;
use crate::diagnostic::Diagnostic;
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;

/// `AC104`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("AC104", "entry-zone", "a-la-charge", "A reinforcement's entry hexes are not on a map edge, or none can be entered.",
        "Every hex of a reinforcement's entry zone lies on an edge of the map, and at least one can be entered.",
        "Units arriving from off the map enter at its edge (\"enter east edge between 1401 and 0401\").",
        "`enter: Hexes([\"0505\"])` in the middle of the map.",
        "The scenario's reinforcements (N&B Kalavryai; St Albans §13.1)."),
    run,
};

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
                    .rule(cite(s, "§9"))
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
                .rule(cite(s, "§9")),
            );
        }
    }
}

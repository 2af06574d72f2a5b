//! AC110 — "cross the river only by the bridges" needs a river with bridges.

use crate::a_la_charge::cite;
use crate::a_la_charge::vocabulary::{features, terrain};
use crate::diagnostic::{Diagnostic, Location};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;
use muster_model::Effect;

/// `AC110`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("AC110", "bridges-rule", "a-la-charge", "A side may cross rivers only by bridges, but the map has no river with a bridge.",
        "When a special rule restricts a side to crossing rivers by bridges, the map (with overlays) has river hexsides and at least one bridge.",
        "The rule would otherwise be meaningless, or the map is missing its bridges.",
        "2nd St Albans on a map without the river south of the town.",
        "A la Charge (The Red Rose and the White) §13.1, 2nd St Albans; §11 (rivers and bridges)."),
    run,
};

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    for (i, r) in s.file.special_rules.iter().enumerate() {
        let Effect::CrossRiversOnlyByBridges { .. } = &r.rule else {
            continue;
        };
        let features: Vec<&str> = s.world.hexside_entries().map(|(_, f, _)| f).collect();
        let rivers = features.iter().any(|f| {
            s.ruleset
                .hexside_features
                .iter()
                .any(|d| d.id == *f && d.river)
        });
        let bridges = features.contains(&features::BRIDGE)
            || s.world
                .grid
                .hexes()
                .any(|h| s.world.terrain(h) == terrain::BRIDGE);
        if !rivers || !bridges {
            out.push(
                Diagnostic::error(
                    CHECK.doc.code,
                    Location::here(format!("/special_rules/{i}/rule")),
                    format!(
                        "the side may cross rivers only by bridges, but the map has {}",
                        if rivers { "no bridge" } else { "no river" }
                    ),
                )
                .rule(cite(s, "§13.1")),
            );
        }
    }
}

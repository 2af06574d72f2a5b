//! AC110 — "cross the river only by the bridges" needs a river with bridges.

use crate::a_la_charge::{river, SECOND_ST_ALBANS};
use crate::diagnostic::{Diagnostic, Location};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;
use muster_model::Effect;

/// `AC110`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("AC110", "bridges-rule", "a-la-charge", "A side may cross rivers only by bridges, but the map has no river with a bridge.",
        "When a special rule restricts a side to crossing rivers by bridges, the map (with overlays) has a river (river hexsides or river hexes) and at least one bridge over it: a bridge hexside, or a bridge hex that a river hexside bounds or a river hex touches. Movement reach reads the same definition: a bridge hex carries the crossing over the river hexsides of its own hex (ours: the texts draw no map).",
        "The rule would otherwise be meaningless, or the map is missing its bridges.",
        "2nd St Albans on a map without the river south of the town.",
        "A la Charge (The Red Rose and the White) 2nd St Albans (printed as a second §13.1), set-up; §11 (rivers and bridges)."),
    run,
};

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    for (i, r) in s.file.special_rules.iter().enumerate() {
        let Effect::CrossRiversOnlyByBridges { .. } = &r.rule else {
            continue;
        };
        // The definition movement reach crosses by (`river`): a river of hexsides or of
        // hexes, a bridge hexside or a bridge hex over the river.
        let rivers = river::has_river(s);
        let bridges = river::bridges(s) > 0;
        if !rivers || !bridges {
            out.push(
                Diagnostic::error(
                    CHECK.doc.code,
                    Location::here(format!("/special_rules/{i}/rule")),
                    format!(
                        "the side may cross rivers only by bridges, but the map has {}",
                        if rivers {
                            "no bridge over the river"
                        } else {
                            "no river"
                        }
                    ),
                )
                .rule(SECOND_ST_ALBANS)
                .help(if rivers {
                    "draw a bridge hexside over the river, or a bridge hex on a river hexside or beside a river hex (Muster reads a bridge hex as crossing the river hexsides of its own hex, ours)"
                } else {
                    "draw the river as river hexsides or river hexes"
                }),
            );
        }
    }
}

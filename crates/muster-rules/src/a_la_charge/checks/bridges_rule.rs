//! AC110 — "cross the river only by the bridges" needs a river with bridges.

use crate::a_la_charge::{reach, river, SECOND_ST_ALBANS};
use crate::diagnostic::{Diagnostic, Location};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;
use muster_model::Effect;

/// `AC110`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("AC110", "bridges-rule", "a-la-charge", "A side may cross rivers only by bridges, but the map has no river with a bridge.",
        "When a special rule restricts a side to crossing rivers by bridges, the map (with overlays) has a river (river hexsides or river hexes) and at least one bridge movement reach crosses it by, for that side: a bridge hexside on a river hexside or in its place (without the bridges its two hexes lie on different banks), a bridge hex across a river hexside of its own hex, or a bridge hex in a river of hexes joining land on both banks (a bridge of several bridge hexes joins the banks its hexes touch). A bridge hexside away from the river, into a river hex or onto a bridge hex that crosses nothing, or a bridge hex on a bank beside river hexes, crosses nothing and does not count; nor does a bridge joining only banks where the side neither sets up nor enters. Ours: the texts draw no map; reading a bridge hex as carrying the crossing over its own river hexsides, and a bridge hex among river hexes as joining the banks, is Muster's.",
        "The rule would otherwise be meaningless, or the map is missing its bridges.",
        "2nd St Albans on a map without the river south of the town.",
        "A la Charge (The Red Rose and the White) 2nd St Albans (printed as a second §13.1), set-up; §11 (rivers and bridges)."),
    run,
};

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    for (i, r) in s.file.special_rules.iter().enumerate() {
        let Effect::CrossRiversOnlyByBridges { side } = &r.rule else {
            continue;
        };
        // The crossing movement reach takes (`river::bridges` with reach's own step): a
        // bridge counts only if reach crosses the river by it for this side.
        let Some(side) = s.file.sides.iter().position(|sd| sd.id == *side) else {
            continue;
        };
        let rivers = river::has_river(s);
        // Where the side stands and enters: a bridge counts only if it touches one of
        // those banks.
        let mut from: Vec<muster_hex::Hex> = s
            .placements
            .lines()
            .iter()
            .filter(|l| l.side == side && l.on_map())
            .flat_map(|l| l.hexes.iter().copied())
            .collect();
        for r in &s.file.sides[side].reinforcements {
            from.extend(s.world.resolve(&r.enter).unwrap_or_default());
        }
        let step = |a, b| reach::step_cost(s, side, a, b).is_some();
        let bridges = river::bridges(s, step, &from) > 0;
        let elsewhere = !bridges && !from.is_empty() && river::bridges(s, step, &[]) > 0;
        if !rivers || !bridges {
            out.push(
                Diagnostic::error(
                    CHECK.doc.code,
                    Location::here(format!("/special_rules/{i}/rule")),
                    format!(
                        "the side may cross rivers only by bridges, but the map has {}",
                        if elsewhere {
                            "no bridge the side can reach: its bridges join only banks where the side neither sets up nor enters"
                        } else if rivers {
                            "no bridge over the river"
                        } else {
                            "no river"
                        }
                    ),
                )
                .rule(SECOND_ST_ALBANS)
                .help(if rivers {
                    "draw a bridge hexside on the river (on or in place of a river hexside), or a bridge hex in the river with land on both banks (a bridge hex on a bank crosses nothing; Muster's reading of bridge hexes, ours)"
                } else {
                    "draw the river as river hexsides or river hexes"
                }),
            );
        }
    }
}

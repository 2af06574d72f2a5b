//! AC109 — every stage of a staged activation frees some unit (St Albans §13.1).

use crate::a_la_charge::cite;
use crate::diagnostic::{Diagnostic, Location};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;
use muster_model::Effect;

/// `AC109`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("AC109", "staged-activation", "a-la-charge", "A stage of a staged activation covers no unit of the side, or a set-up line no stage frees.",
        "For each stage (\"second turn he can also move the units on hex row 06xx\"), at least one set-up line of the side lies in the stage's zones; and every set-up line of the side lies, at least in part, in some stage's zones (a line no stage frees never moves).",
        "A stage that frees nobody points at a wrong row or a wrong side.",
        "`(turn: 2, zones: [Row(\"07xx\")])` when the Yorkists set up on 06xx.",
        "A la Charge (The Red Rose and the White) §13.1, 2nd St Albans."),
    run,
};

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    for (i, r) in s.file.special_rules.iter().enumerate() {
        let Effect::StagedActivation { side, stages } = &r.rule else {
            continue;
        };
        let Some(si) = s.side_index(side) else {
            continue;
        };
        let mut freed: std::collections::HashSet<muster_hex::Hex> = Default::default();
        for (k, st) in stages.iter().enumerate() {
            let mut hexes = Vec::new();
            for z in &st.zones {
                hexes.extend(s.world.resolve(z).unwrap_or_default());
            }
            freed.extend(hexes.iter().copied());
            let covered = s.placements.lines().iter().any(|l| {
                l.side == si
                    && l.on_map()
                    && !l.hexes.is_empty()
                    && l.hexes.iter().all(|h| hexes.contains(h))
            });
            if !covered {
                out.push(
                    Diagnostic::warning(CHECK.doc.code, Location::here(format!("/special_rules/{i}/rule/StagedActivation/stages/{k}/zones")), format!("this stage frees no unit of {side}: no set-up line of the side lies in its zones"))
                        .rule(cite(s, "§13.1")),
                );
            }
        }
        // The other way round: a set-up line of the side that no stage frees never moves.
        for (li, l) in s.placements.lines().iter().enumerate() {
            let stuck = l.side == si
                && l.on_map()
                && !l.hexes.is_empty()
                && !l.hexes.iter().any(|h| freed.contains(h));
            if stuck {
                out.push(
                    Diagnostic::warning(
                        CHECK.doc.code,
                        Location::here(s.deployments[li].zone_pointer.clone()),
                        format!("no stage of {side}'s staged activation frees this set-up line: its units never move"),
                    )
                    .label(Location::here(format!("/special_rules/{i}/rule")), "the stages")
                    .rule(cite(s, "§13.1"))
                    .help("add the line's row to a stage, or check its hexes against the print"),
                );
            }
        }
    }
}

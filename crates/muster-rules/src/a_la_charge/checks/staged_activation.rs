//! AC109 — every stage of a staged activation frees some unit (2nd St Albans).

use crate::a_la_charge::SECOND_ST_ALBANS;
use crate::diagnostic::{Diagnostic, Location};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;
use muster_model::Effect;

/// Where staged activation is printed, whatever the variant the scenario plays.
const STAGES: &str = SECOND_ST_ALBANS;

/// `AC109`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("AC109", "staged-activation", "a-la-charge", "A stage of a staged activation covers no unit of the side, or a set-up line no stage frees.",
        "For each stage (\"second turn he can also move the units on hex row 06xx\"), at least one set-up line of the side lies in the stage's zones; and every set-up line of the side lies, at least in part, in some stage's zones (a line no stage frees never moves), and a line that fills its hexes has every hex in some stage's zones (each of its hexes certainly holds a unit), and an owner's-choice line has at least as many hexes in stages' zones as combat units, counting only hexes a combat unit of the line can take: not terrain no unit enters, not certainly held by another line's combat unit (they cannot share a hex, §7: the rest stand where no stage frees them).",
        "A stage that frees nobody points at a wrong row or a wrong side.",
        "`(turn: 2, zones: [Row(\"07xx\")])` when the Yorkists set up on 06xx.",
        "A la Charge (The Red Rose and the White) 2nd St Albans (printed as a second §13.1)."),
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
                        .rule(STAGES),
                );
            }
        }
        // The other way round: a set-up line of the side that no stage frees never moves.
        for (li, l) in s.placements.lines().iter().enumerate() {
            if l.side != si || !l.on_map() || l.hexes.is_empty() {
                continue;
            }
            // A line that fills its hexes certainly has a unit on each: every hex no stage
            // frees holds one that never moves.
            let unfreed: Vec<String> = l
                .hexes
                .iter()
                .filter(|h| !freed.contains(h))
                .map(|h| s.world.grid.to_printed(*h))
                .collect();
            if l.fills_every_hex() && !unfreed.is_empty() && unfreed.len() < l.hexes.len() {
                out.push(
                    Diagnostic::warning(
                        CHECK.doc.code,
                        Location::here(s.deployments[li].zone_pointer.clone()),
                        format!(
                            "no stage of {side}'s staged activation frees {}: the units set up there never move",
                            unfreed.join(", ")
                        ),
                    )
                    .label(Location::here(format!("/special_rules/{i}/rule")), "the stages")
                    .rule(STAGES)
                    .help("add those hexes' row to a stage, or check the line against the print"),
                );
            }
            // An owner's-choice line with more combat units than freed hexes they can take
            // puts the rest where no stage frees them (pigeonhole: they cannot share a hex,
            // §7). A freed hex counts only if a combat unit of the line can stand there: not
            // terrain no unit enters (AC102's reading), not certainly held by another line's
            // combat unit.
            let freed_here = l.hexes.len() - unfreed.len();
            let mut lost = Vec::new();
            // Freed hexes no combat unit of the line can take: named (terrain, another line
            // filling it) or, taken by other owners' choices, counted.
            let (mut taken, mut shared) = (0, 0);
            for h in l.hexes.iter().filter(|h| freed.contains(h)) {
                let t = s.world.terrain(*h);
                let enterable = s
                    .ruleset
                    .terrain
                    .iter()
                    .any(|d| d.id == t && d.mp.is_some());
                let holders: Vec<usize> = s
                    .placements
                    .certainly_held(*h)
                    .iter()
                    .filter(|o| o.line != li && !o.free)
                    .map(|o| o.line)
                    .collect();
                let at = s.world.grid.to_printed(*h);
                if !enterable {
                    taken += 1;
                    lost.push(format!("{at} is {t}, which no unit enters"));
                } else if holders
                    .iter()
                    .any(|o| s.placements.line(*o).fills_every_hex())
                {
                    taken += 1;
                    lost.push(format!("{at} is held by another line's combat unit"));
                } else if !holders.is_empty() {
                    // Filled in every arrangement, but which of the freed hexes the other
                    // owner's choices take is the owner's: counted, not named.
                    shared += 1;
                }
            }
            match shared {
                0 => {}
                1 => lost.push(
                    "another owner's choice sharing its freed hexes takes one of them".into(),
                ),
                n => lost.push(format!(
                    "other owners' choices sharing its freed hexes take {n} of them"
                )),
            }
            let usable = freed_here - taken - shared;
            let bound = usize::try_from(l.bound).unwrap_or(usize::MAX);
            // Every hex freed but too few usable: the line cannot fit at all, which AC102
            // reports; nothing stands where no stage frees it.
            // The unfreed hexes a combat unit of the line can take (not terrain no unit
            // enters, not another line's): where "the rest" would stand.
            let unfreed_usable: Vec<String> = l
                .hexes
                .iter()
                .filter(|h| !freed.contains(h))
                .filter(|h| {
                    let t = s.world.terrain(**h);
                    let enterable = s
                        .ruleset
                        .terrain
                        .iter()
                        .any(|d| d.id == t && d.mp.is_some());
                    let held = s
                        .placements
                        .certainly_held(**h)
                        .iter()
                        .any(|o| o.line != li && !o.free);
                    enterable && !held
                })
                .map(|h| s.world.grid.to_printed(*h))
                .collect();
            if !l.fills_every_hex()
                && freed_here > 0
                && !unfreed_usable.is_empty()
                && bound > usable
            {
                let why = if lost.is_empty() {
                    String::new()
                } else {
                    format!(" ({})", lost.join("; "))
                };
                out.push(
                    Diagnostic::warning(
                        CHECK.doc.code,
                        Location::here(s.deployments[li].zone_pointer.clone()),
                        format!(
                            "{side}'s staged activation frees only {usable} of this line's hexes for its {bound} combat units{why}: at least {} must stand where no stage frees them ({}) and never move",
                            bound - usable,
                            unfreed_usable.join(", ")
                        ),
                    )
                    .label(Location::here(format!("/special_rules/{i}/rule")), "the stages")
                    .rule(STAGES)
                    .help("add the line's other hexes to a stage, or check the line's units and hexes against the print"),
                );
            }
            let stuck = unfreed.len() == l.hexes.len();
            if stuck {
                out.push(
                    Diagnostic::warning(
                        CHECK.doc.code,
                        Location::here(s.deployments[li].zone_pointer.clone()),
                        format!("no stage of {side}'s staged activation frees this set-up line: its units never move"),
                    )
                    .label(Location::here(format!("/special_rules/{i}/rule")), "the stages")
                    .rule(STAGES)
                    .help("add the line's row to a stage, or check its hexes against the print"),
                );
            }
        }
    }
}

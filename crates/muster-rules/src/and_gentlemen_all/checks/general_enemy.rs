//! AG214 — a general sets up in an enemy regiment's hex (ours, from §6).

use super::super::cite;
use crate::diagnostic::Diagnostic;
use crate::placement::Stakes;
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;
use muster_hex::Hex;

/// `AG214`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("AG214", "general-among-enemy", "and-gentlemen-all", "A general sets up in a hex an enemy regiment holds.",
        "No general is set up in a hex that a regiment of the other side certainly holds; a general may share a hex with a regiment of his own side (AG212). Read through the placement model: a general alone on his line's one hex is there, so it is an error; a general whose line leaves the owner a choice is warned about the enemy's hexes to avoid, and an error only when every hex of his line holds an enemy regiment. The mirror case: an owner's choice of regiments that may take a hex an enemy general certainly holds is warned to avoid it (an error when it can take no other).",
        "The text has no general counters (the general kind is ours: a general marks where a command's commander stands), so it says nothing of where one may stand. Ours, from §6: \"No unit may ever move through a friendly or enemy unit. Units must either move around friendly units or halt upon contact\": enemies meet in contact, never in one place, and a commander among the enemy's ranks would be taken, not commanding. Charles the Bold prints the same for its commanders (§2.1 there: a commander never stays in a hex with an enemy stand); a general with his own side's regiment is where commanders stood.",
        "The King's general Lord Ashby set up in 0812, where Parliament's Blue Regiment stands.",
        "And Gentlemen All §6 Moving through other units (ours: the text has no general counters)."),
    run,
};

/// Whether a unit of the set-up is a general (the kind's `leader`).
fn is_general(s: &Scenario, side: usize, unit: usize) -> bool {
    s.unit(side, unit).1.is_some_and(|k| k.leader)
}

/// The enemy regiment certainly set up in `hex`, as side `side` sees it: its id, or the
/// line's words when the line mixes types.
fn enemy_regiment(s: &Scenario, side: usize, hex: Hex) -> Option<String> {
    s.placements
        .certainly_held(hex)
        .into_iter()
        .filter(|o| !o.free && o.side != side && o.unit.is_none_or(|u| !is_general(s, o.side, u)))
        .map(|o| match o.unit {
            Some(u) => format!("the enemy regiment `{}`", s.file.sides[o.side].units[u].id),
            None => format!("a regiment of {}", s.file.sides[o.side].name),
        })
        .next()
}

/// The enemy general certainly set up in `hex`, as side `side` sees it.
fn enemy_general(s: &Scenario, side: usize, hex: Hex) -> Option<String> {
    s.placements
        .certainly_held(hex)
        .into_iter()
        .filter(|o| o.side != side)
        .filter_map(|o| o.unit.map(|u| (o.side, u)))
        .find(|&(os, u)| is_general(s, os, u))
        .map(|(os, u)| format!("the enemy general `{}`", s.file.sides[os].units[u].id))
}

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    regiments_choosing_a_generals_hex(s, out);
    for (i, l) in s.placements.lines().iter().enumerate() {
        if !l.on_map() || !l.counters.iter().any(|c| is_general(s, l.side, c.unit)) {
            continue;
        }
        let verdict = s.placements.judge(i, |unit, hex| {
            if !is_general(s, l.side, unit) {
                return None;
            }
            enemy_regiment(s, l.side, hex).map(|e| format!("{e} is set up there"))
        });
        let side = &s.file.sides[l.side];
        let findings = verdict.report(s, i, CHECK.doc.code, &cite("§6"), Stakes::Forbidden, |m| {
            format!(
                "general `{}` sets up in {}: {}",
                side.units[m.unit].id,
                s.world.grid.to_printed(m.hex),
                m.why
            )
        });
        // A general's own one-hex line gets the fix; a choice keeps the report's help.
        out.extend(findings.into_iter().map(|d| {
            if d.help.is_some() {
                d
            } else {
                d.help("a general never stands among the enemy (ours, from §6: enemies meet in contact, not in one place): set him up alone or with a regiment of his side")
            }
        }));
    }
}

/// The mirror case: an owner's choice of regiments that may take a hex an enemy general is
/// certainly set up in is warned to avoid it (an error when it can take no other). A regiment
/// line that fills its hexes is left to the general's own line, which is then an error.
fn regiments_choosing_a_generals_hex(s: &Scenario, out: &mut Vec<Diagnostic>) {
    for (i, l) in s.placements.lines().iter().enumerate() {
        if !l.on_map()
            || l.fills_every_hex()
            || l.counters.iter().all(|c| is_general(s, l.side, c.unit))
        {
            continue;
        }
        let verdict = s.placements.judge(i, |unit, hex| {
            if is_general(s, l.side, unit) {
                return None;
            }
            enemy_general(s, l.side, hex).map(|g| format!("{g} is set up there"))
        });
        let side = &s.file.sides[l.side];
        out.extend(
            verdict.report(s, i, CHECK.doc.code, &cite("§6"), Stakes::Forbidden, |m| {
                format!(
                    "regiment `{}` may set up in {}: {}",
                    side.units[m.unit].id,
                    s.world.grid.to_printed(m.hex),
                    m.why
                )
            }),
        );
    }
}

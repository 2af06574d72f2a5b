//! CB313 — a general sets up in an enemy stand's hex (§2.1).

use super::super::cite;
use super::is_general;
use crate::diagnostic::Diagnostic;
use crate::placement::Stakes;
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;
use muster_hex::Hex;

/// `CB313`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("CB313", "general-among-enemy", "charles-the-bold", "A general sets up in a hex an enemy stand holds.",
        "No general is set up in a hex that a stand of the other side certainly holds. Read through the placement model: a general alone on his line's one hex is there, so it is an error; a general whose line leaves the owner a choice is warned about the enemy's hexes to avoid, and an error only when every hex of his line holds an enemy stand. The mirror case: an owner's choice of stands that may take a hex an enemy general certainly holds is warned to avoid it (an error when it can take no other).",
        "\"Commanders can be in a hex by themselves. If an enemy stand enters the hex the commander will move to the nearest stand of his command\": a general never stays in a hex with an enemy stand, so a set-up that puts him in one cannot be played.",
        "The Burgundian general set up in 0505 while an English stand is set up in 0505.",
        "Charles the Bold §2.1 Moving Commanders."),
    run,
};

/// The enemy stand certainly set up in `hex`, as side `side` sees it: its id, or the
/// line's words when the line mixes types.
fn enemy_stand(s: &Scenario, side: usize, hex: Hex) -> Option<String> {
    s.placements
        .certainly_held(hex)
        .into_iter()
        .filter(|o| !o.free && o.side != side)
        .map(|o| match o.unit {
            Some(u) => format!("the enemy stand `{}`", s.file.sides[o.side].units[u].id),
            None => format!("a stand of {}", s.file.sides[o.side].name),
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
    stands_choosing_a_generals_hex(s, out);
    for (i, l) in s.placements.lines().iter().enumerate() {
        if !l.on_map() || !l.counters.iter().any(|c| is_general(s, l.side, c.unit)) {
            continue;
        }
        let verdict = s.placements.judge(i, |unit, hex| {
            if !is_general(s, l.side, unit) {
                return None;
            }
            enemy_stand(s, l.side, hex).map(|e| format!("{e} is set up there"))
        });
        let side = &s.file.sides[l.side];
        let findings = verdict.report(
            s,
            i,
            CHECK.doc.code,
            &cite("§2.1"),
            Stakes::Forbidden,
            |m| {
                format!(
                    "general `{}` sets up in {}: {}",
                    side.units[m.unit].id,
                    s.world.grid.to_printed(m.hex),
                    m.why
                )
            },
        );
        // A general's own one-hex line gets the fix; a choice keeps the report's help.
        out.extend(findings.into_iter().map(|d| {
            if d.help.is_some() {
                d
            } else {
                d.help("a general never stays in a hex with an enemy stand (§2.1): set him up alone or with a stand of his side")
            }
        }));
    }
}

/// The mirror case: an owner's choice of stands that may take a hex an enemy general is
/// certainly set up in is warned to avoid it (an error when it can take no other). A stand
/// line that fills its hexes is left to the general's own line, which is then an error.
fn stands_choosing_a_generals_hex(s: &Scenario, out: &mut Vec<Diagnostic>) {
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
        out.extend(verdict.report(
            s,
            i,
            CHECK.doc.code,
            &cite("§2.1"),
            Stakes::Forbidden,
            |m| {
                format!(
                    "stand `{}` may set up in {}: {}",
                    side.units[m.unit].id,
                    s.world.grid.to_printed(m.hex),
                    m.why
                )
            },
        ));
    }
}

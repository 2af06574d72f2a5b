//! One check, two systems: a general never sets up in a hex the enemy's fighting units hold
//! (Charles the Bold CB313, §2.1; And Gentlemen All AG214, ours from §6). Read through the
//! placement model: a general alone on his line's one hex is there, so it is an error; a
//! general whose line leaves the owner a choice is warned about the enemy's hexes to avoid,
//! an error only when every hex of his line holds one. The mirror case: an owner's choice of
//! fighting units that may take a hex an enemy general certainly holds is warned to avoid it
//! (an error when it can take no other). Generals are not fighting units (Charles the Bold
//! §1.2: "stands"; And Gentlemen All: "regiments").

use crate::diagnostic::Diagnostic;
use crate::placement::Stakes;
use crate::scenario::Scenario;
use muster_hex::Hex;

/// What the system calls things, and where its rule is.
pub struct Words {
    /// The diagnostic code.
    pub code: &'static str,
    /// The rule cited (the system's `cite(...)`).
    pub rule: String,
    /// Its fighting unit, singular: "regiment", "stand".
    pub unit: &'static str,
    /// The help on a general's own line.
    pub help: &'static str,
}

/// Whether a unit of the set-up is a general (the kind's `leader`).
fn is_general(s: &Scenario, side: usize, unit: usize) -> bool {
    s.unit(side, unit).1.is_some_and(|k| k.leader)
}

/// The enemy fighting unit certainly set up in `hex`, as side `side` sees it: its id, or
/// the line's words when the line mixes types.
fn enemy_unit(s: &Scenario, side: usize, hex: Hex, w: &Words) -> Option<String> {
    s.placements
        .certainly_held(hex)
        .into_iter()
        .filter(|o| {
            !o.free
                && o.side_sure
                && o.side != side
                && o.unit.is_none_or(|u| !is_general(s, o.side, u))
        })
        .map(|o| match o.unit {
            Some(u) => format!(
                "the enemy {} `{}`",
                w.unit, s.file.sides[o.side].units[u].id
            ),
            None => format!("a {} of {}", w.unit, s.file.sides[o.side].name),
        })
        .next()
}

/// The enemy general certainly set up in `hex`, as side `side` sees it.
fn enemy_general(s: &Scenario, side: usize, hex: Hex) -> Option<String> {
    s.placements
        .certainly_held(hex)
        .into_iter()
        .filter(|o| o.side_sure && o.side != side)
        .filter_map(|o| o.unit.map(|u| (o.side, u)))
        .find(|&(os, u)| is_general(s, os, u))
        .map(|(os, u)| format!("the enemy general `{}`", s.file.sides[os].units[u].id))
}

/// Why unit `unit` of set-up line `line` may not stand on `hex` by this rule: a general in
/// a hex an enemy fighting unit certainly holds, or a fighting unit of an owner's choice in
/// a hex an enemy general certainly holds. The arrangement avoids both (the system's
/// `stand_rule`).
pub fn why_not(s: &Scenario, line: usize, unit: usize, hex: Hex, w: &Words) -> Option<String> {
    let l = s.placements.line(line);
    match is_general(s, l.side, unit) {
        true => enemy_unit(s, l.side, hex, w).map(|e| format!("{e} is set up there")),
        false => enemy_general(s, l.side, hex).map(|g| format!("{g} is set up there")),
    }
}

/// Runs the check with the system's words. Each line is judged with the set-up's other
/// choices ([`Scenario::judge_all`]): a general's choice that could avoid the enemy alone,
/// but not while every line avoids every hex its rules forbid, is an error.
pub fn run(s: &Scenario, out: &mut Vec<Diagnostic>, w: &Words) {
    units_choosing_a_generals_hex(s, out, w);
    let lines = s.placements.lines();
    let has_general = |i: usize| {
        let l = &lines[i];
        l.counters.iter().any(|c| is_general(s, l.side, c.unit))
    };
    let verdicts = s.judge_all(has_general, |i, unit, hex| {
        let side = lines[i].side;
        if !is_general(s, side, unit) {
            return None;
        }
        enemy_unit(s, side, hex, w).map(|e| format!("{e} is set up there"))
    });
    for (i, verdict) in verdicts {
        let side = &s.file.sides[lines[i].side];
        let findings = verdict.report(s, i, w.code, &w.rule, Stakes::Forbidden, |m| {
            format!(
                "general `{}` sets up in {}: {}",
                side.units[m.unit].id,
                s.world.grid.to_printed(m.hex),
                m.why
            )
        });
        // A general's own one-hex line gets the fix; a choice keeps the report's help.
        out.extend(
            findings
                .into_iter()
                .map(|d| if d.help.is_some() { d } else { d.help(w.help) }),
        );
    }
}

/// The mirror case: an owner's choice of fighting units that may take a hex an enemy
/// general is certainly set up in. A line that fills its hexes is left to the general's own
/// line, which is then an error.
fn units_choosing_a_generals_hex(s: &Scenario, out: &mut Vec<Diagnostic>, w: &Words) {
    let lines = s.placements.lines();
    let a_choice_of_fighting_units = |i: usize| {
        let l = &lines[i];
        !l.fills_every_hex() && !l.counters.iter().all(|c| is_general(s, l.side, c.unit))
    };
    let verdicts = s.judge_all(a_choice_of_fighting_units, |i, unit, hex| {
        let side = lines[i].side;
        if is_general(s, side, unit) {
            return None;
        }
        enemy_general(s, side, hex).map(|g| format!("{g} is set up there"))
    });
    for (i, verdict) in verdicts {
        let side = &s.file.sides[lines[i].side];
        out.extend(
            verdict.report(s, i, w.code, &w.rule, Stakes::Forbidden, |m| {
                format!(
                    "{} `{}` may set up in {}: {}",
                    w.unit,
                    side.units[m.unit].id,
                    s.world.grid.to_printed(m.hex),
                    m.why
                )
            }),
        );
    }
}

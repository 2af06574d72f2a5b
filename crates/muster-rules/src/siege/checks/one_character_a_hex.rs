//! SI408 — Two characters in one hex, or a level that is not there.

use super::super::cite;
use super::super::field::{Character, Field};
use super::support::*;
use crate::diagnostic::Diagnostic;
use crate::placement::Line;
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;
use muster_hex::Hex;
use muster_model::Level;

/// `SI408`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("SI408", "one-character-a-hex", "siege", "Two characters in one hex, or a level that is not there.",
        "One character a hex; in a siege tower's hexes one on the lower and one on the upper level (at most 3 + 3); beneath a ram one a hex and none on top; `level` is written only in a hex with a siege tower or ram, and `Upper` only where the engine has an upper level. Read through the placement model: lines that fill their hexes naming one hex, a line with more characters than hexes, owner's-choice lines that cannot all fit (each colliding line labelled), and a choice that would stand on another horse's second hex or put its own horse's second hex on a character certainly there or on another horse's (a character on horseback occupies two hexes, 3.31).",
        "\"There can be three characters each occupying one hex on the lower level of the tower and three other characters each occupying one hex on the upper level\"; a ram carries none on top (4.31).",
        "Two characters both set up in 0705 at ground level.",
        "Siege 2.46, 4.31."),
    run: stacking,
};

/// Why a character of `line` may not stand on `h` (2.46, 3.31: "a character on horseback
/// occupies two hexes"): `h` is the second hex of another character's horse; or, mounted,
/// his horse's second hex holds a character certainly there or is another horse's second
/// hex. The arrangement avoids these too (the system's `stand_rule`).
pub(crate) fn why_not(f: &Field, line: &Line, unit: usize, h: Hex) -> Option<String> {
    let s = f.s;
    let g = &s.world.grid;
    let name = |c: &Character| format!("`{}`", s.file.sides[c.side].units[c.unit].id);
    let horse_at = |x: Hex| {
        f.characters
            .iter()
            .find(|c| c.deployment != line.deployment && c.tail == Some(x))
    };
    if let Some(c) = horse_at(h) {
        return Some(format!("the second hex of {}'s horse", name(c)));
    }
    let tail = mounted_tail(s, line, unit, h)?;
    if let Some(o) = s
        .placements
        .certainly_held(tail)
        .into_iter()
        .find(|o| o.line != line.deployment)
    {
        return Some(format!(
            "the horse's second hex {} holds {}",
            g.to_printed(tail),
            o_name(s, o)
        ));
    }
    horse_at(tail).map(|c| {
        format!(
            "the horse's second hex {} is also the second hex of {}'s horse",
            g.to_printed(tail),
            name(c)
        )
    })
}

fn stacking(s: &Scenario, out: &mut Vec<Diagnostic>) {
    let f = Field::new(s);
    let g = &s.world.grid;
    line_collisions(s, CHECK.doc.code, out);
    // A choice's horse must not put its second hex on a character certainly there, nor a
    // choice stand on (or put its horse on) another horse's second hex.
    out.extend(judge_where(
        s,
        CHECK.doc.code,
        &cite("2.46, 3.31"),
        // Lines laid out character by character are compared pair by pair below.
        |line| !line.laid_out() || line.hidden(),
        |line, unit, h| why_not(&f, line, unit, h),
    ));
    let name = |c: &Character| s.file.sides[c.side].units[c.unit].id.clone();
    let mut seen: Vec<(Hex, bool, &Character)> = Vec::new();
    for c in f.characters {
        let engine = f
            .pieces_at(c.hex)
            .find(|p| p.def.below > 0 || p.def.above > 0);
        let upper = c.level == Some(Level::Upper);
        let loc = s.deployments[c.deployment].hex_location(c.hex);
        let id = g.to_printed(c.hex);
        match (engine, c.level) {
            (None, Some(l)) => {
                out.push(
                    Diagnostic::error(
                        CHECK.doc.code,
                        loc.clone(),
                        format!(
                            "{} is given level {l:?} in {id}, where no siege tower or ram stands",
                            name(c)
                        ),
                    )
                    .at_hex(id.clone())
                    .rule(cite("2.46")),
                );
            }
            (Some(p), Some(Level::Upper)) if p.def.above == 0 => {
                out.push(
                    Diagnostic::error(
                        CHECK.doc.code,
                        loc.clone(),
                        format!(
                            "no character stands on top of the {} (in {id})",
                            p.def.name.to_lowercase()
                        ),
                    )
                    .at_hex(id.clone())
                    .rule(cite("4.31")),
                );
            }
            _ => {}
        }
        for h in [c.hex].into_iter().chain(c.tail) {
            if let Some((_, _, other)) = seen.iter().find(|(sh, su, _)| *sh == h && *su == upper) {
                out.push(
                    Diagnostic::error(CHECK.doc.code, loc.clone(), format!("{} and {} are both in {}{}", name(other), name(c), g.to_printed(h), if engine.is_some() { if upper { " on the upper level" } else { " on the lower level" } } else { "" }))
                        .at_hex(g.to_printed(h))
                        .label(s.deployments[other.deployment].hex_location(other.hex), "the other character")
                        .rule(cite("2.46"))
                        .help("one character a hex; in a siege tower one a level (`level: Lower` / `Upper`)"),
                );
            }
        }
        for h in [c.hex].into_iter().chain(c.tail) {
            seen.push((h, upper, c));
        }
    }
}

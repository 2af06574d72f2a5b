//! SI406 — A horse stands where horses cannot go.

use super::super::cite;
use super::super::field::Field;
use super::support::*;
use crate::diagnostic::{Diagnostic, Location};
use crate::placement::Line;
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;
use muster_hex::Hex;

/// `SI406`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("SI406", "horse-terrain", "siege", "A horse stands where horses cannot go.",
        "No hex of a mounted character, riderless horse, mule or draft animal is battlement, stairway, doorway, building, tower or keep interior, moat (filled or not), rubble, trees, tent, or a siege engine's hex, and none ends on a trench. Set-up lines are read through the placement model: a line that fills its hexes is judged at each (an error per hex); an owner's choice is an error only when no legal arrangement exists, else a warning naming the hexes to avoid.",
        "\"The following terrain types are impassable to horses and their riders …\"; mounted characters \"cannot end their movement on a trench hex\".",
        "A mounted knight at 0507 facing N whose tail is in a tent hex.",
        "Siege 3.32."),
    run: horses,
};

/// Why a mounted character of `line` may not stand on `h`: his horse's hexes run off the
/// map or onto terrain closed to horses. The arrangement avoids it too (the system's
/// `stand_rule`).
pub(crate) fn why_not(f: &Field, line: &Line, unit: usize, h: Hex) -> Option<String> {
    let s = f.s;
    let g = &s.world.grid;
    if !s.unit(line.side, unit).1.is_some_and(|k| k.mounted) {
        return None;
    }
    [h].into_iter()
        .chain(mounted_tail(s, line, unit, h))
        .find_map(|x| {
            if !g.contains(x) {
                Some(format!("the horse runs off the map at {}", g.to_printed(x)))
            } else {
                horse_ban(f, x).map(|why| about(s, h, x, &why))
            }
        })
}

fn horses(s: &Scenario, out: &mut Vec<Diagnostic>) {
    let f = Field::new(s);
    let g = &s.world.grid;
    for (i, l) in s.placements.lines().iter().enumerate() {
        let mounted = l
            .counters
            .iter()
            .find(|c| s.unit(l.side, c.unit).1.is_some_and(|k| k.mounted));
        if let (Some(c), None, true) = (mounted, l.facing, l.on_map()) {
            out.push(
                Diagnostic::error(
                    CHECK.doc.code,
                    Location::here(s.deployments[i].zone_pointer.clone()),
                    format!(
                        "the mounted {} needs a facing, a hexside direction, to lay out the two hexes of his horse",
                        s.file.sides[l.side].units[c.unit].id
                    ),
                )
                .rule(cite("3.31"))
                .help("add `facing: \"N\"` (the way the horse's head points) to the set-up line"),
            );
        }
    }
    // Every set-up line, through the placement model: the horse's head and tail hexes.
    out.extend(judge_lines(
        s,
        CHECK.doc.code,
        &cite("3.31, 3.32"),
        |line, unit, h| why_not(&f, line, unit, h),
    ));
    for p in f.pieces.iter().filter(|p| p.def.animal) {
        for &h in &p.hexes {
            if let Some(why) = horse_ban(&f, h) {
                out.push(
                    Diagnostic::error(
                        CHECK.doc.code,
                        Location::here(format!("/pieces/{}/at", p.index)),
                        format!(
                            "the {} `{}` covers {}: {why}",
                            p.def.name.to_lowercase(),
                            p.piece.id,
                            g.to_printed(h)
                        ),
                    )
                    .at_hex(g.to_printed(h))
                    .rule(cite("3.32")),
                );
            }
        }
    }
}

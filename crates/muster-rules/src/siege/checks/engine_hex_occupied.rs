//! SI410 — Something stands in a ballista's or engine's hex, or two pieces overlap.

use super::super::cite;
use super::super::field::Field;
use super::support::*;
use crate::diagnostic::Diagnostic;
use crate::placement::Line;
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;
use muster_hex::Hex;

/// `SI410`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("SI410", "engine-hex-occupied", "siege", "Something stands in a ballista's or engine's hex, or two pieces overlap.",
        "No character and no other piece is in the hex of a ballista, trebuchet or mangonel on the map, nor a character in a hex of a riderless horse, mule or draft animal (ours: the animal's counter holds its hexes, as a mounted character's horse holds his); no two pieces share a hex (a horse may stand with nothing else). Set-up lines are read through the placement model: a line that fills its hexes is judged at each (an error per hex); an owner's choice is an error only when no legal arrangement exists, else a warning naming the hexes to avoid.",
        "\"No character can enter or pass through a hex occupied by a ballista\"; trebuchets and mangonels on the map have the same restrictions (4.22).",
        "A crossbowman set up in 0910 where the ballista stands.",
        "Siege 3.43, 4.22."),
    run: no_entry,
};

/// A ballista, trebuchet or mangonel (3.43, 4.22), or an animal no one rides (ours: 3.34
/// and 5.11 have it led beside a character, never stood on).
fn closed(p: &super::super::field::PlacedPiece) -> bool {
    p.def.no_entry || (p.def.animal && p.piece.rider.is_none())
}

/// Why a character of `line` may not stand on `h`: his hex (or his horse's second hex) is
/// an engine's. The arrangement avoids it too (the system's `stand_rule`).
pub(crate) fn why_not(f: &Field, line: &Line, unit: usize, h: Hex) -> Option<String> {
    [h].into_iter()
        .chain(mounted_tail(f.s, line, unit, h))
        .find_map(|x| {
            let p = f.pieces_at(x).find(|p| closed(p))?;
            Some(about(
                f.s,
                h,
                x,
                &format!("the {} `{}`'s hex", p.def.name.to_lowercase(), p.piece.id),
            ))
        })
}

fn no_entry(s: &Scenario, out: &mut Vec<Diagnostic>) {
    let f = Field::new(s);
    let g = &s.world.grid;
    // Characters, through the placement model (a horse's second hex too).
    let characters = judge_lines(s, CHECK.doc.code, &cite("3.43, 4.22"), |line, unit, h| {
        why_not(&f, line, unit, h)
    });
    // Label the engine whose hex the character would stand in.
    out.extend(characters.into_iter().map(|d| {
        let engine = d
            .hex
            .as_deref()
            .and_then(|id| g.from_printed(id).ok())
            .and_then(|h| f.pieces_at(h).find(|p| closed(p)));
        match engine {
            Some(p) => d.label(p.location(), "the engine is here"),
            None => d,
        }
    }));
    for p in f.pieces {
        for &h in &p.hexes {
            let id = g.to_printed(h);
            if let Some(q) = f.pieces_at(h).find(|q| q.index > p.index) {
                out.push(
                    Diagnostic::error(
                        CHECK.doc.code,
                        q.location(),
                        format!(
                            "the {} `{}` overlaps the {} `{}` in {id}",
                            q.def.name.to_lowercase(),
                            q.piece.id,
                            p.def.name.to_lowercase(),
                            p.piece.id
                        ),
                    )
                    .at_hex(id)
                    .label(p.location(), "the other piece")
                    .rule(cite("3.43, 4.22"))
                    .help("our rule: two pieces never share a hex (the rules give each engine its own hexes)"),
                );
            }
        }
    }
}

//! A horse in the line of fire: a mounted character or a riderless horse covers two hexes
//! and "if the two hexes do not offer the same type of cover, treat the horse as if the
//! whole of it benefits from the heaviest cover type" (3.31); a riderless horse is shot at
//! "in the same way as against a mounted character" (3.35).
//!
//! Ours, where the text is silent: the shooter may aim at either hex of the horse, so the
//! shot is possible when a line reaches either; the cover is the heaviest that any hex the
//! line reaches gives (the terrain of both hexes always counts); a hex no line reaches
//! adds nothing but its terrain.

use super::super::cite;
use super::super::field::Field;
use super::{End, Fire};
use muster_hex::Hex;

/// The second hex of the horse standing in the target's hex, if one does: a mounted
/// character (head or tail) or a riderless horse, mule or draft horse (an animal piece of
/// two hexes). None on a siege tower's upper level, where no horse goes.
pub(super) fn other_hex(f: &Field, to: End) -> Option<Hex> {
    if to.upper {
        return None;
    }
    let b = to.hex;
    let rider = f.characters_at(b).find_map(|c| {
        let tail = c.tail?;
        Some(if c.hex == b { tail } else { c.hex })
    });
    rider.or_else(|| {
        f.standing_at(b)
            .filter(|p| p.def.animal && p.hexes.len() == 2)
            .find_map(|p| p.hexes.iter().copied().find(|h| *h != b))
    })
}

/// The answer at the whole horse: `trace` to each of its hexes, the clear line with the
/// heavier cover kept (3.31); the aimed hex's answer when no horse stands there or neither
/// line is clear.
pub(super) fn whole_horse(
    f: &Field,
    from: End,
    to: End,
    trace: impl Fn(&Field, End, End) -> Fire,
) -> Fire {
    let aimed = trace(f, from, to);
    let Some(other) = other_hex(f, to).filter(|h| *h != from.hex) else {
        return aimed;
    };
    let second = trace(f, from, End::at(other));
    let id = |h: Hex| f.world().grid.to_printed(h);
    let take_second = match (aimed.clear, second.clear) {
        (false, true) => true,
        (true, true) => second.cover > aimed.cover,
        _ => false,
    };
    let (mut out, at) = if take_second {
        (second, other)
    } else {
        (aimed, to.hex)
    };
    if out.clear {
        let note = format!(
            "the horse covers {} and {} and takes the heavier cover of the two, here by the line to {} ({}; ours: a line to either hex will do)",
            id(to.hex),
            id(other),
            id(at),
            cite("3.31")
        );
        out.steps.insert(0, note.clone());
        out.reason.push_str(&format!("; {note}"));
    }
    out
}

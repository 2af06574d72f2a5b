//! Shots over a wall: the battlement distance rule of 2.43 and the wall straddling two
//! hexes (note to 3.23).

use super::super::cite;
use super::super::field::Field;
use super::Eval;
use crate::siege::vocabulary::traits;
use muster_hex::{distance, Hex};

/// The hex beside the wall hex `path[i]` on the side of the character above it (the
/// shooter's side when `high_shoots`): the second hex the wall straddles (2.43 note).
pub(super) fn outer_of(path: &[Hex], i: usize, high_shoots: bool) -> Option<Hex> {
    if high_shoots {
        i.checked_sub(1).map(|j| path[j])
    } else {
        path.get(i + 1).copied()
    }
}

/// 2.43 note: over a wall, the character below it on the far side must be at least as far
/// from the wall as the one above it, whichever of them shoots. The distance is measured
/// "from the wall and not from the battlement hex" (note to 3.23): the wall straddles the
/// wall hex and the hex beside it on the line (`outer`), and each distance is to the
/// nearer of the two — except when the one above is on a siege tower standing in the
/// filled moat hex beside the wall (any hex of it), where the text measures from the wall
/// hex alone.
pub(super) fn battlement_rule(
    f: &Field,
    (high, low): (Hex, Hex),
    wall: Hex,
    outer: Option<Hex>,
    e: &mut Eval,
) {
    let id = |h: Hex| f.world().grid.to_printed(h);
    // "except when the siege tower is in an adjacent filled moat hex": any hex of the
    // shooter's tower in the moat beside the wall.
    let adjacent_tower = (outer == Some(high) && f.has(high, traits::MOAT))
        || f.standing_at(high).any(|p| {
            p.def.above > 0
                && p.hexes
                    .iter()
                    .any(|h| f.has(*h, traits::MOAT) && distance(*h, wall) == 1)
        });
    let straddle = outer.filter(|_| !adjacent_tower);
    let from_wall = |h: Hex| {
        let d = distance(h, wall);
        straddle.map_or(d, |o| d.min(distance(h, o)))
    };
    let (dh, dl) = (from_wall(high), from_wall(low));
    let measured = match straddle {
        Some(o) => format!("the wall straddling {} and {}", id(wall), id(o)),
        None => format!(
            "the wall hex {} (the tower stands in the adjacent moat)",
            id(wall)
        ),
    };
    if dl >= dh {
        e.steps.push(format!(
            "{}: over the wall, the character below is {dl} from {measured} and the one above {dh} ({})",
            id(wall),
            cite("2.43 note")
        ));
    } else {
        e.block(format!(
            "over the wall in {} the character below is closer to it ({dl}) than the one above ({dh}), measured from {measured} ({})",
            id(wall),
            cite("2.43 note")
        ));
    }
}

//! What a hexside crossed by the line does: walls, battlements, the lip of a slope.

use super::super::cite;
use super::super::field::Field;
use super::{End, Eval};
use crate::siege::vocabulary::{side_traits, traits};
use muster_hex::{distance, Hex};
use muster_model::CoverKind;
use std::collections::HashSet;

/// The shot a crossing belongs to: its ends, their levels, and what a siege tower's upper
/// level changes.
pub(super) struct Shot<'r> {
    /// The shooter.
    pub(super) from: End,
    /// The target.
    pub(super) to: End,
    /// The shooter's level.
    pub(super) ls: i32,
    /// The target's level.
    pub(super) lt: i32,
    /// From a siege tower's upper level, within 10 hexes (2.43).
    pub(super) tower_shot: bool,
    /// The target's room, when a tower shot aims into a house (3.26 b).
    pub(super) target_room: Option<&'r HashSet<Hex>>,
}

/// What the hexside between two consecutive hexes of the line does. `shelters`: a
/// battlement crossed here shelters the target, because `q` is his hex or the wall hex
/// beside him that the line clips just before his (2.43 note).
pub(super) fn crossing(f: &Field, p: Hex, q: Hex, shot: &Shot, shelters: bool, e: &mut Eval) {
    let Shot {
        from,
        to,
        ls,
        lt,
        tower_shot,
        target_room,
    } = *shot;
    let w = f.world();
    let r = f.ruleset();
    let id = |h: Hex| w.grid.to_printed(h);
    let side = w
        .grid
        .hexside_between(p, q)
        .map(|s| w.grid.print_hexside(s))
        .unwrap_or_default();
    for feat in w.features_between(p, q) {
        let Some(d) = r.hexside_features.iter().find(|d| d.id == feat) else {
            continue;
        };
        let battlement = d.traits.iter().any(|t| t == side_traits::BATTLEMENT);
        if battlement {
            // A demolished wall keeps no parapet (2.32: rubble gives medium cover
            // whatever the direction).
            // The parapet shelters the one on the wall side, against a line coming over it.
            let wall_side = f.has(q, traits::RAISED) && !f.has(p, traits::RAISED);
            if shelters && wall_side && !f.demolished(p) && !f.demolished(q) {
                e.cover(
                    d.cover.unwrap_or(CoverKind::Heavy),
                    format!("behind the battlement at {side} ({})", cite("2.43 note")),
                    None,
                );
            }
            continue;
        }
        // From a siege tower's upper level a wall below him (a house's, a free-standing
        // courtyard wall: both its hexes below his level) is ignored like any obstacle
        // below (2.43), but the walls of the target's own room (ours: 3.26 b, a house is
        // shot into only through a window, from a tower as from the ground). A castle wall
        // beside a gate stands at the level of the wall hex it joins: it still blocks.
        let own_room = target_room.is_some_and(|r| r.contains(&p) || r.contains(&q));
        let below = tower_shot && f.level(p, false) < ls && f.level(q, false) < ls;
        if d.blocks_fire && below && !own_room {
            e.steps.push(format!(
                "{side}: {} below the shooter on the siege tower's upper level, ignored ({})",
                d.name.to_lowercase(),
                cite("2.43")
            ));
        } else if d.blocks_fire && below {
            e.block(format!(
                "{} at {side}, a wall of the target's room (ours: the siege-tower shooter ignores obstacles below him, {}, but a house is shot into only through a window, {})",
                d.name.to_lowercase(),
                cite("2.43"),
                cite("3.26 b")
            ));
        } else if d.blocks_fire {
            e.block(format!("{} at {side} ({})", d.name.to_lowercase(), d.rule));
        }
    }
    // The lip of a slope (3.23).
    let lip = |s: Hex, top: Hex| {
        f.has(s, traits::SLOPE) && w.elevation(top) > w.elevation(s)
            || w.features_between(s, top).iter().any(|ft| {
                r.hexside_features
                    .iter()
                    .any(|d| d.id == *ft && d.traits.iter().any(|t| t == side_traits::LIP))
            }) && w.elevation(top) >= w.elevation(s)
    };
    let slope = if lip(p, q) && f.has(p, traits::SLOPE) {
        p
    } else if lip(q, p) && f.has(q, traits::SLOPE) {
        q
    } else {
        return;
    };
    if tower_shot {
        return;
    }
    let (lower, higher, lower_is_target) = if ls < lt {
        (from.hex, to.hex, false)
    } else if lt < ls {
        (to.hex, from.hex, true)
    } else {
        // 3.23 compares a lower with a higher character; with neither lower the lip
        // decides nothing, and higher ground between them blocks (below) on its own.
        e.steps.push(format!(
            "{side}: lip of the slope between characters on one level; neither is lower, so it does not block (our reading of {})",
            cite("3.23")
        ));
        return;
    };
    if lower == slope {
        e.steps.push(format!(
            "{side}: lip of the slope; the lower character is in the slope hex {} itself ({})",
            id(slope),
            cite("3.23 exception")
        ));
        if lower_is_target {
            e.cover(
                CoverKind::Medium,
                format!(
                    "in the slope hex {} with the line crossing its lip ({})",
                    id(slope),
                    cite("3.23")
                ),
                None,
            );
        }
        return;
    }
    let (dl, dh) = (distance(lower, slope), distance(higher, slope));
    if dl >= dh {
        e.steps.push(format!(
            "{side}: lip of the slope; the lower character is {dl} from the slope hex {}, the higher {dh} ({})",
            id(slope),
            cite("3.23")
        ));
    } else {
        e.block(format!(
            "the line crosses the lip of the slope at {side} and the lower character is closer to the slope hex {} ({dl}) than the higher one ({dh}) ({})",
            id(slope),
            cite("3.23")
        ));
    }
}

//! The target's cover: pieces, the terrain of his hex(es), doorways, gateways and building
//! corners (2.44, 3.1, 3.21–3.29, 4.33, 5.22).

use super::super::cite;
use super::super::field::Field;
use super::{End, Eval};
use crate::siege::vocabulary::{options, traits};
use muster_hex::Hex;
use muster_model::CoverKind;

pub(super) fn target_cover(
    f: &Field,
    from: End,
    to: End,
    path: &[Hex],
    tower_shot: bool,
    e: &mut Eval,
) {
    let w = f.world();
    let id = |h: Hex| w.grid.to_printed(h);
    let b = to.hex;
    // Pieces: inside a siege tower, beneath a ram, on top of a tower, behind a screen.
    for p in f.standing_at(b) {
        if to.upper && p.def.above > 0 {
            let mut c = p.def.cover_above.unwrap_or(CoverKind::Light);
            if f.s
                .file
                .options
                .iter()
                .any(|o| o == options::EXTENSION_SETS)
            {
                c = c.max(CoverKind::Medium);
            }
            e.cover(
                c,
                format!(
                    "on the upper level of the {} ({})",
                    p.def.name.to_lowercase(),
                    cite("2.44")
                ),
                None,
            );
        } else if !to.upper && p.def.below > 0 {
            e.cover(
                p.def.cover.unwrap_or(CoverKind::Infinite),
                format!(
                    "beneath the {} ({})",
                    p.def.name.to_lowercase(),
                    cite("2.44, 4.33")
                ),
                None,
            );
        } else if p.def.faced_on_hexside {
            let Some(face) = p.facing else { continue };
            let prev = path[path.len() - 2];
            let entered = muster_hex::Direction::between(b, prev, w.grid.orientation());
            let covered =
                entered.is_some_and(|d| d == face || d == face.rotated(1) || d == face.rotated(5));
            if covered {
                e.cover(
                    CoverKind::Heavy,
                    format!("behind the screen in {} ({})", id(b), cite("5.22")),
                    None,
                );
            } else {
                e.steps.push(format!(
                    "{}: the screen faces away from the shooter ({})",
                    id(b),
                    cite("5.22")
                ));
            }
        }
    }
    // Terrain of the target's hex(es): a mounted character takes the heavier (3.31).
    let mut hexes = vec![b];
    hexes.extend(super::horse::other_hex(f, to));
    for h in hexes {
        let Some(t) = f.terrain(h) else { continue };
        let c = f.terrain_cover(h);
        let skip = tower_shot && (t.has(traits::SCRUB) || t.has(traits::SLOPE));
        if skip {
            e.steps.push(format!(
                "{}: no cover from {} within 10 hexes of a tower's upper level ({})",
                id(h),
                t.name.to_lowercase(),
                cite("2.43")
            ));
            continue;
        }
        if t.has(traits::BUILDING) && !t.has(traits::DOORWAY) && !t.has(traits::WINDOW) {
            continue; // interior: cover only through an opening (note 2), handled on the line
        }
        if t.has(traits::SLOPE) {
            continue; // medium only when the lip is crossed (3.23), handled at the lip
        }
        // A doorway or gateway covers one side only (3.28): the face is the side the line
        // comes from. The inner side of a house's doorway is the house (a building hex
        // before it; a courtyard is outside the house); that of a courtyard gateway is the
        // courtyard.
        let face = (t.has(traits::DOORWAY) || t.has(traits::GATEWAY)).then(|| {
            let before = path.len().checked_sub(2).map(|i| path[i]);
            let inside = if t.has(traits::DOORWAY) {
                traits::BUILDING
            } else {
                traits::COURTYARD
            };
            let inner = before.is_some_and(|p| f.has(p, inside));
            format!(
                "the {} side of {}",
                if inner { "inner" } else { "outer" },
                id(h)
            )
        });
        e.cover(
            c,
            format!("{} in {} ({})", t.name.to_lowercase(), id(h), t.rule),
            face,
        );
    }
    if !tower_shot {
        corner_cover(f, from.hex, b, e);
    }
}

/// 3.29: a character in a hex holding an exterior building corner (terrain with the trait
/// `corner`) has medium cover from a shooter who cannot see both sides of the building at
/// once. The sides are the hexsides the corner hex and its outside neighbour share with
/// the building hex.
pub(super) fn corner_cover(f: &Field, a: Hex, b: Hex, e: &mut Eval) {
    let w = f.world();
    let g = &w.grid;
    let building = |h: Hex| f.has(h, traits::BUILDING);
    // Only hexes the map marks as holding an exterior building corner.
    if building(b) || !f.has(b, traits::CORNER) {
        return;
    }
    let centre = |h: Hex| g.center(h, 1.0);
    let (sx, sy) = centre(a);
    for d in muster_hex::Direction::ALL {
        let bh = g.neighbor(b, d);
        if !building(bh) {
            continue;
        }
        // The two corners of the side b|bh; a convex corner has the third hex outside.
        for u in [g.neighbor(b, d.rotated(1)), g.neighbor(b, d.rotated(5))] {
            if building(u) {
                continue;
            }
            // Face 1: side b|bh, seen from b's half-plane. Face 2: side u|bh, seen from u's.
            let sees = |outer: Hex, wall: Hex| {
                let (ox, oy) = centre(outer);
                let (wx, wy) = centre(wall);
                let (mx, my) = ((ox + wx) / 2.0, (oy + wy) / 2.0);
                let (nx, ny) = (ox - wx, oy - wy);
                (sx - mx) * nx + (sy - my) * ny > 1e-4
            };
            let both = sees(b, bh) && sees(u, bh);
            if !both {
                // The face the corner protects against: the wall the shooter sees (3.29:
                // "from which direction he is protected by the corner").
                let seen = if sees(b, bh) { b } else { u };
                let face = if sees(b, bh) || sees(u, bh) {
                    format!(
                        "the wall of {} facing {}",
                        g.to_printed(bh),
                        g.to_printed(seen)
                    )
                } else {
                    format!("behind the corner of {}", g.to_printed(bh))
                };
                e.cover(
                    CoverKind::Medium,
                    format!(
                        "by the corner of the building at {}, the shooter sees only one side of it ({})",
                        g.to_printed(bh),
                        cite("3.29")
                    ),
                    Some(face),
                );
                return;
            }
        }
    }
}

//! A regiment's front, flanks and rear on hexes, from the facing its set-up line gives (a
//! hexside): the one geometry §7's fire arc and flank fire, §8's contact to the front and in
//! flank or rear, and the queries read.
//!
//! The text measures on a table; on hexes these readings are ours:
//! - **Fire arc** (§7 "within a 45° arc of their front"): the hexes whose centres lie within
//!   45° either side of straight ahead (through the faced hexside), seen from the firer's
//!   centre. The text does not say whether 45° is the whole arc or each side of it; a whole
//!   arc of 45° would leave a regiment, whose line of stands is wider than a hex at the usual
//!   scales, unable to fire at any neighbour but the one dead ahead or at the hexes two out on
//!   its front diagonals, so we take 45° each side.
//! - **Front, flank, rear** (§8): the front is the half of the hexes ahead of the line abreast
//!   of the regiment (its three front hexsides' neighbours), the rear the cone behind its
//!   back hexside (the neighbour behind), the flanks between (the two neighbours beside the
//!   back). §8 lets a unit attack "one enemy unit (of its choice) it is in contact with" to
//!   its front, so a front touches more than one hex; a deployed regiment is a line, wider than
//!   deep, whose short ends are its flanks. A hex exactly on a boundary is flank: §8 itself
//!   prefers flank when a unit is contacted in flank and rear.

use crate::scenario::Scenario;
use muster_hex::{Direction, Grid, Hex};

/// Where a hex lies from a regiment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Quarter {
    /// Ahead of the line abreast of it.
    Front,
    /// Beside it, between front and rear.
    Flank,
    /// Behind its back hexside.
    Rear,
}

impl Quarter {
    /// "front", "flank", "rear".
    pub fn name(self) -> &'static str {
        match self {
            Quarter::Front => "front",
            Quarter::Flank => "flank",
            Quarter::Rear => "rear",
        }
    }
}

/// `to − from` written in the basis of the faced hexside's step `u` and the next one's `w`
/// (60° apart): `(a, b)` with `to − from = a·u + b·w`. The two steps span the hex lattice,
/// so the answer is always whole.
fn in_basis(grid: &Grid, from: Hex, facing: Direction, to: Hex) -> (i64, i64) {
    let step = |d: Direction| {
        let h = grid.neighbor(from, d);
        (i64::from(h.x - from.x), i64::from(h.y - from.y))
    };
    let (u, w) = (step(facing), step(facing.rotated(1)));
    let v = (i64::from(to.x - from.x), i64::from(to.y - from.y));
    let det = u.0 * w.1 - u.1 * w.0;
    if det == 0 {
        return (0, 0);
    }
    ((v.0 * w.1 - v.1 * w.0) / det, (u.0 * v.1 - u.1 * v.0) / det)
}

/// Twice the component of `to − from` along the facing, and the squared length, both in
/// hex steps: `cos θ = d / (2·√n)` for the angle θ off straight ahead. Exact integers.
fn angle_terms(grid: &Grid, from: Hex, facing: Direction, to: Hex) -> (i64, i64) {
    let (a, b) = in_basis(grid, from, facing, to);
    (2 * a + b, a * a + a * b + b * b)
}

/// The quarter of a regiment at `from` facing `facing` in which `to` lies; `None` for its
/// own hex.
pub fn quarter(grid: &Grid, from: Hex, facing: Direction, to: Hex) -> Option<Quarter> {
    if from == to {
        return None;
    }
    let (d, n) = angle_terms(grid, from, facing, to);
    // Front: θ < 90°. Rear: θ > 150° (cos θ < −√3/2). Flank between, boundaries included.
    Some(if d > 0 {
        Quarter::Front
    } else if d < 0 && d * d > 3 * n {
        Quarter::Rear
    } else {
        Quarter::Flank
    })
}

/// Whether `to` lies behind the flank of a regiment at `from` facing `facing` (§9 "+3
/// Enemy foot or horse behind flank"; ours, on hexes): strictly behind the line abreast of
/// it, more than 90° off straight ahead, so in its rear or the back of its flank quarter. A
/// hex exactly abreast is beside the flank, not behind it.
pub fn behind_flank(grid: &Grid, from: Hex, facing: Direction, to: Hex) -> bool {
    from != to && angle_terms(grid, from, facing, to).0 < 0
}

/// Whether `to` lies in the fire arc of a regiment at `from` facing `facing`: within 45°
/// either side of straight ahead (`cos θ > 1/√2`; never exactly 45° on a hex grid).
pub fn in_fire_arc(grid: &Grid, from: Hex, facing: Direction, to: Hex) -> bool {
    if from == to {
        return false;
    }
    let (d, n) = angle_terms(grid, from, facing, to);
    d > 0 && d * d > 2 * n
}

/// The facing the set-up gives the regiment `(side, unit)` certainly standing in `hex`:
/// the `facing` of the line that puts it there.
pub fn facing_of(s: &Scenario, (side, unit): (usize, usize), hex: Hex) -> Option<Direction> {
    s.placements
        .certainly_held(hex)
        .into_iter()
        .find(|o| o.sure && o.side == side && o.unit == Some(unit) && !o.free)
        .and_then(|o| s.placements.line(o.line).facing)
}

/// The facing's printed name ("N").
pub fn facing_name(s: &Scenario, facing: Direction) -> &'static str {
    facing.name(s.world.grid.orientation())
}

#[cfg(test)]
mod tests {
    use super::*;
    use muster_hex::GridSpec;

    fn grid() -> Grid {
        Grid::new(GridSpec::flat(12, 12))
    }

    fn at(g: &Grid, id: &str) -> Hex {
        g.from_printed(id).expect("a hex of the test grid")
    }

    #[test]
    fn neighbours_three_front_two_flank_one_rear() {
        let g = grid();
        let h = at(&g, "0606");
        for f in Direction::ALL {
            let q: Vec<Quarter> = Direction::ALL
                .iter()
                .map(|d| quarter(&g, h, f, g.neighbor(h, d.rotated(u32::from(f.index())))))
                .map(|q| q.expect("a neighbour"))
                .collect();
            use Quarter::*;
            assert_eq!(q, [Front, Front, Flank, Rear, Flank, Front], "facing {f:?}");
        }
    }

    #[test]
    fn the_fire_arc_is_45_degrees_either_side_of_straight_ahead() {
        let g = grid();
        let h = at(&g, "0606");
        let n = Direction::from_name("N", g.orientation()).expect("N");
        // Dead ahead: 0605, 0604; the front diagonal two out (30°): 0705 and 0505.
        for id in ["0605", "0604", "0705", "0505", "0603"] {
            assert!(in_fire_arc(&g, h, n, at(&g, id)), "{id}");
        }
        // The front neighbours beside (60°), abreast, behind.
        for id in ["0706", "0506", "0607", "0806", "0608"] {
            assert!(!in_fire_arc(&g, h, n, at(&g, id)), "{id}");
        }
        // 0606 → 0804 is u + 2w (40.9°): in; 0904 is u + 3w (46.1°): out.
        assert!(in_fire_arc(&g, h, n, at(&g, "0804")));
        assert!(!in_fire_arc(&g, h, n, at(&g, "0904")));
    }
}

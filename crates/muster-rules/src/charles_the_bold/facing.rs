//! A stand faces one of the six points of its hex (§3.0): the two hexes either side of
//! that point are its front, the next two its flanks, the last two its rear. Firing goes
//! out through the front (§6.0), artillery only straight ahead in a corridor two hexes wide
//! (ours); the
//! command range is a radius around the general (§2.0).

use muster_hex::{Corner, Direction, Grid, Hex};

/// Front, flank and rear neighbours of a stand at `hex` facing `corner`.
pub fn arcs(grid: &Grid, hex: Hex, corner: Corner) -> ([Hex; 2], [Hex; 2], [Hex; 2]) {
    let k = corner.index();
    let n = |i: u8| grid.neighbor(hex, Direction::new(i));
    ([n(k), n(k + 1)], [n(k + 5), n(k + 2)], [n(k + 3), n(k + 4)])
}

/// Writes `v` as `a·u + b·w` (integers) when it can be.
fn decompose(v: (i32, i32), u: (i32, i32), w: (i32, i32)) -> Option<(i32, i32)> {
    let det = u.0 * w.1 - u.1 * w.0;
    if det == 0 {
        return None;
    }
    let a = v.0 * w.1 - v.1 * w.0;
    let b = u.0 * v.1 - u.1 * v.0;
    (a % det == 0 && b % det == 0).then(|| (a / det, b / det))
}

/// Whether `target` lies in the firing arc of a stand at `from` facing `corner`: the
/// wedge between its two front lines (inclusive). With `narrow` (artillery, "along the
/// narrow 2H front", §6.0) a corridor two hexes wide straight ahead: hexes of the wedge at
/// most one step off its middle line (ours: the two front hexes, the hex dead ahead, and
/// on along the facing).
pub fn in_arc(grid: &Grid, from: Hex, corner: Corner, target: Hex, narrow: bool) -> bool {
    if target == from {
        return false;
    }
    let k = corner.index();
    let step = |i: u8| {
        let h = grid.neighbor(from, Direction::new(i));
        (h.x - from.x, h.y - from.y)
    };
    let (u, w) = (step(k), step(k + 1));
    match decompose((target.x - from.x, target.y - from.y), u, w) {
        Some((a, b)) if a >= 0 && b >= 0 => !narrow || (a - b).abs() <= 1,
        _ => false,
    }
}

/// The hexes of the map within `range` of a general (§2.0: 6 hexes, 4 for a poorly
/// trained army or a replacement general).
pub fn command_radius(grid: &Grid, general: Hex, range: u32) -> Vec<Hex> {
    grid.hexes()
        .filter(|h| muster_hex::distance(*h, general) <= range)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use muster_hex::GridSpec;

    fn grid() -> Grid {
        Grid::new(GridSpec::flat(12, 12))
    }

    #[test]
    fn front_flank_and_rear_partition_the_neighbours() {
        let g = grid();
        let h = g.from_printed("0606").unwrap();
        for k in 0..6 {
            let (front, flank, rear) = arcs(&g, h, Corner::new(k));
            let mut all: Vec<Hex> = front.iter().chain(&flank).chain(&rear).copied().collect();
            all.sort_by_key(|x| (x.x, x.y));
            all.dedup();
            assert_eq!(all.len(), 6);
        }
        // Facing the NE point of a flat hex: the front hexes are N and NE.
        let (front, _, rear) = arcs(&g, h, Corner::from_name("NE", g.orientation()).unwrap());
        assert_eq!(
            front.map(|x| g.to_printed(x)),
            ["0605", "0706"],
            "0606 is an even (lowered) column"
        );
        assert_eq!(rear.map(|x| g.to_printed(x)), ["0607", "0507"]);
    }

    #[test]
    fn firing_arc_is_the_wedge_between_the_front_lines() {
        let g = grid();
        let h = g.from_printed("0606").unwrap();
        let ne = Corner::from_name("NE", g.orientation()).unwrap();
        let ahead = g.neighbor(g.neighbor(h, Direction::new(0)), Direction::new(1));
        assert!(
            in_arc(&g, h, ne, ahead, false),
            "two hexes out between the front lines"
        );
        assert!(
            in_arc(&g, h, ne, ahead, true),
            "artillery fires straight ahead (ours: a corridor two hexes wide)"
        );
        let along = g.neighbor(ahead, Direction::new(0));
        assert!(in_arc(&g, h, ne, along, true), "one step off the middle");
        let straight = g.neighbor(g.neighbor(h, Direction::new(0)), Direction::new(0));
        assert!(
            !in_arc(&g, h, ne, straight, true),
            "two steps off the middle: outside the corridor"
        );
        let behind = g.neighbor(h, Direction::new(3));
        assert!(!in_arc(&g, h, ne, behind, false));
        assert_eq!(command_radius(&g, h, 1).len(), 7);
    }
}

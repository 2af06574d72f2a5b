//! Property and example tests for printed ids, hexsides, vertices, edges and lines.

use muster_hex::*;
use proptest::prelude::*;

fn spec(
    orientation: Orientation,
    stagger: Stagger,
    numbering: Numbering,
    first: u32,
    size: u32,
) -> GridSpec {
    GridSpec {
        orientation,
        stagger,
        numbering,
        first_column: first,
        first_row: first,
        columns: size,
        rows: size,
        north: GridSide::Top,
    }
}

fn any_spec() -> impl Strategy<Value = GridSpec> {
    (
        prop_oneof![Just(Orientation::Flat), Just(Orientation::Pointy)],
        prop_oneof![Just(Stagger::Even), Just(Stagger::Odd)],
        prop_oneof![Just(Numbering::ColumnRow), Just(Numbering::RowColumn)],
        0u32..=1,
        prop_oneof![1u32..30, 95u32..130],
    )
        .prop_map(|(o, s, n, f, size)| spec(o, s, n, f, size))
}

proptest! {
    #[test]
    fn printed_ids_round_trip(spec in any_spec(), c in 0i32..130, r in 0i32..130) {
        let grid = Grid::new(spec);
        prop_assume!(grid.digits() == 3 || (c < 100 && r < 100));
        let hex = grid.from_column_row(c, r);
        prop_assert_eq!(grid.to_column_row(hex), (c, r));
        let printed = grid.to_printed(hex);
        prop_assert_eq!(grid.from_printed(&printed).unwrap(), hex);
    }

    #[test]
    fn hexside_is_named_the_same_from_both_sides(spec in any_spec(), c in 1i32..30, r in 1i32..30, d in 0u8..6) {
        let grid = Grid::new(spec);
        let hex = grid.from_column_row(c, r);
        let dir = Direction::new(d);
        let other = grid.neighbor(hex, dir);
        let a = Hexside::new(hex, dir, grid.orientation());
        let b = Hexside::new(other, dir.opposite(), grid.orientation());
        prop_assert_eq!(a, b);
        prop_assert_eq!(grid.parse_hexside(&grid.print_hexside(a)), Some(a));
    }

    #[test]
    fn vertex_is_named_the_same_from_its_three_hexes(spec in any_spec(), c in 1i32..30, r in 1i32..30, k in 0u8..6) {
        let grid = Grid::new(spec);
        let o = grid.orientation();
        let v = Vertex::new(grid.from_column_row(c, r), Corner::new(k), o);
        for hex in v.hexes(o) {
            let named = Corner::ALL.into_iter().map(|corner| Vertex::new(hex, corner, o)).filter(|w| *w == v).count();
            prop_assert_eq!(named, 1, "each of the three hexes has exactly one corner at the vertex");
        }
        prop_assert_eq!(grid.parse_vertex(&grid.print_vertex(v)), Some(v));
    }

    #[test]
    fn neighbours_are_at_distance_one(c in 1i32..40, r in 1i32..40, d in 0u8..6) {
        let grid = Grid::new(spec(Orientation::Flat, Stagger::Even, Numbering::ColumnRow, 1, 40));
        let h = grid.from_column_row(c, r);
        prop_assert_eq!(distance(h, grid.neighbor(h, Direction::new(d))), 1);
    }

    #[test]
    fn rotation_keeps_distance_and_six_turns_is_identity(x in -20i32..20, y in -20i32..20, cx in -5i32..5, cy in -5i32..5, n in 0u32..6) {
        let (h, c) = (Hex::new(x, y), Hex::new(cx, cy));
        prop_assert_eq!(distance(rotate_about(h, c, n), c), distance(h, c));
        prop_assert_eq!(rotate_about(h, c, 6), h);
    }

    #[test]
    fn lines_are_connected_and_symmetric(x in -15i32..15, y in -15i32..15) {
        let (a, b) = (Hex::ZERO, Hex::new(x, y));
        let line = hex_line(a, b);
        prop_assert_eq!(line.len() as u32, distance(a, b) + 1);
        let back: Vec<Vec<Hex>> = hex_line(b, a).into_iter().rev().map(|s| { let mut v = s.hexes(); v.sort_by_key(|h| (h.x, h.y)); v }).collect();
        let fwd: Vec<Vec<Hex>> = line.into_iter().map(|s| { let mut v = s.hexes(); v.sort_by_key(|h| (h.x, h.y)); v }).collect();
        prop_assert_eq!(fwd, back);
    }

    #[test]
    fn lines_from_a_hexside_are_connected(x in -12i32..12, y in -12i32..12, d in 0u8..6) {
        let from = Hex::ZERO;
        let across = from.neighbor(hexx::EdgeDirection::ALL_DIRECTIONS[d as usize]);
        let to = Hex::new(x, y);
        prop_assume!(to != from);
        let steps = hex_line_from_hexside(from, across, to);
        for second in [false, true] {
            let path: Vec<Hex> = steps.iter().map(|s| match *s {
                LineStep::One(h) => h,
                LineStep::Between(a, b) => if second { b } else { a },
            }).fold(vec![], |mut v, h| { if v.last() != Some(&h) { v.push(h) } v });
            prop_assert_eq!(path[0], from);
            prop_assert_eq!(*path.last().unwrap(), to);
            for w in path.windows(2) {
                prop_assert_eq!(distance(w[0], w[1]), 1, "{:?}", path);
            }
        }
    }

    #[test]
    fn pixel_centre_maps_back_to_its_hex(x in -30i32..30, y in -30i32..30, o in prop_oneof![Just(Orientation::Flat), Just(Orientation::Pointy)]) {
        let grid = Grid::new(spec(o, Stagger::Even, Numbering::ColumnRow, 1, 10));
        let h = Hex::new(x, y);
        let (px, py) = grid.center(h, 20.0);
        prop_assert_eq!(grid.hex_at(px + 3.0, py - 2.0, 20.0), h);
    }
}

#[test]
fn flat_even_stagger_matches_printed_maps() {
    // Even columns are shoved down: 0201's upper-right neighbour is 0301, lower-right 0302.
    let grid = Grid::new(spec(
        Orientation::Flat,
        Stagger::Even,
        Numbering::ColumnRow,
        1,
        20,
    ));
    let h = grid.from_printed("0201").unwrap();
    let ne =
        grid.to_printed(grid.neighbor(h, Direction::from_name("NE", Orientation::Flat).unwrap()));
    let se =
        grid.to_printed(grid.neighbor(h, Direction::from_name("SE", Orientation::Flat).unwrap()));
    assert_eq!((ne.as_str(), se.as_str()), ("0301", "0302"));
}

#[test]
fn six_digit_ids_past_ninety_nine() {
    let grid = Grid::new(spec(
        Orientation::Flat,
        Stagger::Even,
        Numbering::ColumnRow,
        1,
        120,
    ));
    let h = grid.from_column_row(105, 7);
    assert_eq!(grid.to_printed(h), "105007");
    assert!(
        grid.from_printed("0507").is_err(),
        "a 4-digit id on a 6-digit grid is malformed"
    );
}

#[test]
fn malformed_ids_are_errors_not_panics() {
    let grid = Grid::new(spec(
        Orientation::Flat,
        Stagger::Even,
        Numbering::ColumnRow,
        1,
        20,
    ));
    for bad in ["", "05", "05x4", "050405", "-504", "٠٥٠٤"] {
        assert!(grid.from_printed(bad).is_err(), "{bad:?} should not parse");
    }
}

#[test]
fn compass_follows_the_declared_north() {
    // Saint Albans: the east edge is the xx01 side, i.e. the top; north is the left.
    let mut s = spec(
        Orientation::Flat,
        Stagger::Even,
        Numbering::ColumnRow,
        1,
        18,
    );
    s.north = GridSide::Left;
    let grid = Grid::new(s);
    assert_eq!(grid.side_facing(Compass::East), GridSide::Top);
    assert_eq!(grid.side_facing(Compass::South), GridSide::Right);
    assert_eq!(grid.compass_of(GridSide::Bottom), Compass::West);
    let east = grid.edge_hexes(GridSide::Top);
    assert!(east.contains(&grid.from_printed("1401").unwrap()));
}

#[test]
fn line_along_a_hexside_reports_both_hexes() {
    let grid = Grid::new(spec(
        Orientation::Flat,
        Stagger::Even,
        Numbering::ColumnRow,
        1,
        20,
    ));
    let a = grid.from_printed("0505").unwrap();
    // Two steps NE then SE is a straight line along the hexside between the NE and SE neighbours.
    let b = grid.neighbor(grid.neighbor(a, Direction::new(1)), Direction::new(2));
    let line = hex_line(a, b);
    assert_eq!(line.len(), 3);
    assert!(matches!(line[1], LineStep::Between(_, _)), "{line:?}");
}

#[test]
fn line_from_a_hexside_lists_the_hexes_it_clips() {
    // From the middle of the hexside between 0,0 and its neighbour 1,-1, straight on
    // through the neighbour's centre: the hexes of the centre line from 1,-1, after 0,0.
    let (from, across) = (Hex::ZERO, Hex::new(1, -1));
    let line = hex_line_from_hexside(from, across, Hex::new(3, -3));
    let hexes: Vec<Hex> = line.iter().flat_map(|s| s.hexes()).collect();
    assert_eq!(
        hexes,
        vec![from, across, Hex::new(2, -2), Hex::new(3, -3)],
        "{line:?}"
    );
    // From that midpoint to the centre of 2,-3: the centre line 0,0 → 2,-3 would pass
    // 1,-2 or 1,-1; the sill line leaves 0,0 at once, runs through 1,-1 and clips 1,-2.
    let line = hex_line_from_hexside(from, across, Hex::new(2, -3));
    let hexes: Vec<Hex> = line.iter().flat_map(|s| s.hexes()).collect();
    assert_eq!(hexes.first(), Some(&from));
    assert_eq!(hexes.get(1), Some(&across), "{line:?}");
    assert_eq!(hexes.last(), Some(&Hex::new(2, -3)));
}

//! Proves the exported numbering: for every hex centre of every bundled map (and of grids
//! of every orientation, stagger, numbering and first number), VASSAL's own algorithm,
//! ported below from `HexGrid.java` (`getRawColumn`, `getRawRow`) and
//! `HexGridNumbering.java` / `RegularGridNumbering.java` (`getRow`, `getColumn`,
//! `getName`, `getCenterPoint`), names the hex with our printed id, and the printed id
//! leads back to the hex centre (the path a `SetupStack` with `useGridLocation` takes).

use muster_hex::{Grid, GridSpec, Numbering, Orientation, Stagger};
use muster_model::{FileKind, MapFile};
use muster_render::{placement, Scene};
use muster_vassal::{board_options, VassalGrid};
use std::path::Path;

/// Java's `Math.round` on a double, cast to int.
fn jround(x: f64) -> i32 {
    (x + 0.5).floor() as i32
}

fn rotate(v: &VassalGrid, p: (i32, i32)) -> (i32, i32) {
    if v.sideways {
        (p.1, p.0)
    } else {
        p
    }
}

/// `HexGrid.getRawColumn`.
fn raw_column(v: &VassalGrid, p: (i32, i32)) -> i32 {
    let p = rotate(v, p);
    ((p.0 - v.x0) as f64 / v.dx + 0.5).floor() as i32
}

/// `HexGrid.getRawRow`.
fn raw_row(v: &VassalGrid, p: (i32, i32)) -> i32 {
    let p = rotate(v, p);
    let nx = jround((p.0 - v.x0) as f64 / v.dx);
    if nx % 2 == 0 {
        jround((p.1 - v.y0) as f64 / v.dy)
    } else {
        jround(((p.1 - v.y0) as f64 - v.dy / 2.0) / v.dy)
    }
}

/// `HexGridNumbering.getRow` (not descending).
fn row(v: &VassalGrid, p: (i32, i32)) -> i32 {
    let mut ny = raw_row(v, p);
    if v.stagger && raw_column(v, p) % 2 != 0 {
        ny += 1;
    }
    ny
}

/// `RegularGridNumbering.getName(int, char, int)` for numeric names.
fn name_part(n: i32, leading: u32) -> String {
    let mut val = if n < 0 {
        "-".to_string()
    } else {
        String::new()
    };
    let n = n.abs();
    let mut leading = leading as i32;
    while leading > 0 && (n as f64) < 10f64.powi(leading) {
        leading -= 1;
        val.push('0');
    }
    format!("{val}{n}")
}

/// `RegularGridNumbering.getName(row, column)`, as `locationName` gives it.
fn location_name(v: &VassalGrid, p: (i32, i32)) -> String {
    let (r, c) = (row(v, p), raw_column(v, p));
    let rn = name_part(r + v.v_off, v.leading);
    let cn = name_part(c + v.h_off, v.leading);
    if v.first == 'H' {
        cn + &rn
    } else {
        rn + &cn
    }
}

/// `RegularGridNumbering.getLocation` then `HexGridNumbering.getCenterPoint`.
fn location(v: &VassalGrid, name: &str) -> (i32, i32) {
    let half = name.len() / 2;
    let (a, b): (i32, i32) = (name[..half].parse().unwrap(), name[half..].parse().unwrap());
    let (c, r) = if v.first == 'H' { (a, b) } else { (b, a) };
    let (col, mut row) = (c - v.h_off, r - v.v_off);
    if v.stagger && col % 2 != 0 {
        row -= 1;
    }
    let x = (col as f64 * v.dx) as i32 + v.x0;
    let y = if col % 2 == 0 {
        (row as f64 * v.dy) as i32
    } else {
        (row as f64 * v.dy + v.dy / 2.0) as i32
    } + v.y0;
    rotate(v, (x, y))
}

/// Checks every hex of a map; returns how many.
fn check(map: &MapFile) -> usize {
    let ruleset = muster_rules::ruleset(&map.ruleset).expect("a known ruleset");
    let scene = Scene::of_map(map, ruleset);
    let place = placement(&scene, &board_options()).expect("a placement");
    let grid = Grid::new(map.grid.clone());
    let v = VassalGrid::new(&grid, &place);
    let mut n = 0;
    for hex in grid.hexes() {
        let (x, y) = place.centre(&grid, hex);
        let p = (x.round() as i32, y.round() as i32);
        let id = grid.to_printed(hex);
        assert_eq!(
            location_name(&v, p),
            id,
            "{}: the hex at {p:?} ({:?})",
            map.title,
            map.grid
        );
        let back = location(&v, &id);
        assert!(
            (back.0 - p.0).abs() <= 1 && (back.1 - p.1).abs() <= 1,
            "{}: {id} leads VASSAL to {back:?}, its centre is {p:?}",
            map.title
        );
        n += 1;
    }
    n
}

fn bundled_maps() -> Vec<MapFile> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../maps");
    let mut maps = Vec::new();
    for e in std::fs::read_dir(&dir).expect("maps/") {
        let path = e.expect("an entry").path();
        if path.to_string_lossy().ends_with(".map.ron") {
            let m = muster_check::load_value::<MapFile>(&path, FileKind::Map)
                .unwrap_or_else(|_| panic!("{} loads", path.display()));
            maps.push(m.value);
        }
    }
    assert!(maps.len() >= 5, "the bundled maps were found");
    maps
}

#[test]
fn every_hex_of_every_bundled_map_has_its_printed_name_in_vassal() {
    let mut total = 0;
    for m in bundled_maps() {
        total += check(&m);
    }
    assert!(total > 1000, "{total} hexes checked");
}

#[test]
fn every_grid_kind_numbers_as_printed_in_vassal() {
    // The bundled maps are all flat, even-staggered, column-first from 0101: the other
    // orientations, staggers, orders, first numbers and three-digit ids as well.
    let base = bundled_maps().remove(0);
    for orientation in [Orientation::Flat, Orientation::Pointy] {
        for stagger in [Stagger::Even, Stagger::Odd] {
            for numbering in [Numbering::ColumnRow, Numbering::RowColumn] {
                for first in [0, 1] {
                    for (columns, rows) in [(7, 5), (4, 9), (102, 3)] {
                        let mut m = base.clone();
                        m.hexes.clear();
                        m.hexsides.clear();
                        m.paths.clear();
                        m.zones.clear();
                        m.grid = GridSpec {
                            orientation,
                            stagger,
                            numbering,
                            first_column: first,
                            first_row: first,
                            columns,
                            rows,
                            ..m.grid
                        };
                        check(&m);
                    }
                }
            }
        }
    }
}

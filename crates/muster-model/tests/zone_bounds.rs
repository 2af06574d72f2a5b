//! Zone expressions do bounded work whatever a file says (security review F3): parts are
//! deduplicated as they are built, `All` and `Except` test membership in a set, named zones
//! are resolved once per expression, and past the caps on hex steps and named-zone
//! expansions resolution stops with an error (reported as MU050). Each test failed on the
//! old code (it ran out of time, out of memory, or answered without the cap).

use muster_hex::{Grid, GridSpec};
use muster_model::{Zone, ZoneError, MAX_NAMED_EXPANSIONS};

fn zone(text: &str) -> Zone {
    ron::from_str(text).expect("a zone")
}

fn within(hex: &str, d: u32) -> String {
    format!("Within(hex: \"{hex}\", distance: {d})")
}

#[test]
fn all_of_two_whole_map_withins_is_the_whole_map() {
    // 300 × 300: the old `All` compared 90 000 × 90 000 hexes (about 8·10^9 steps).
    let grid = Grid::new(GridSpec::flat(300, 300));
    let z = zone(&format!(
        "All([{}, {}])",
        within("150150", 999),
        within("150151", 999)
    ));
    let hexes = z.resolve(&grid, &|_| None).expect("resolves");
    assert_eq!(hexes.len(), 300 * 300);
}

#[test]
fn except_of_two_withins_leaves_the_ring() {
    let grid = Grid::new(GridSpec::flat(300, 300));
    let z = zone(&format!(
        "Except({}, {})",
        within("150150", 10),
        within("150150", 9)
    ));
    let hexes = z.resolve(&grid, &|_| None).expect("resolves");
    assert_eq!(hexes.len(), 6 * 10, "the ring at distance 10");
    let whole = zone(&format!(
        "Except({}, {})",
        within("150150", 999),
        within("150150", 998)
    ));
    assert!(whole
        .resolve(&grid, &|_| None)
        .expect("resolves")
        .is_empty());
}

#[test]
fn any_of_many_whole_map_withins_stops_at_the_step_cap() {
    // F3: Any([Within(…, 999)] × 400) on 999 × 999 aborted on a 1 GB allocation.
    let grid = Grid::new(GridSpec::flat(300, 300));
    let parts = vec![within("150150", 999); 400].join(", ");
    let z = zone(&format!("Any([{parts}])"));
    let r = z.resolve(&grid, &|_| None);
    assert!(matches!(r, Err(ZoneError::TooMuchWork { .. })), "{r:?}");
    let msg = r.err().map(|e| e.to_string()).unwrap_or_default();
    assert!(
        msg.contains("hex steps"),
        "the message names the cap: {msg}"
    );
}

#[test]
fn any_of_a_few_overlapping_zones_has_no_repeats_and_keeps_the_order() {
    let grid = Grid::new(GridSpec::flat(20, 20));
    let z = zone(&format!(
        "Any([Hexes([\"0505\", \"0101\"]), {}, Hexes([\"0101\", \"0202\"])])",
        within("0505", 1)
    ));
    let hexes = z.resolve(&grid, &|_| None).expect("resolves");
    assert_eq!(
        hexes.len(),
        1 + 1 + 6 + 1,
        "0505, 0101, its six neighbours, 0202"
    );
    assert_eq!(grid.to_printed(hexes[0]), "0505");
    assert_eq!(grid.to_printed(hexes[1]), "0101");
    assert_eq!(grid.to_printed(hexes[hexes.len() - 1]), "0202");
}

#[test]
fn listed_hexes_off_the_map_are_kept_once() {
    let grid = Grid::new(GridSpec::flat(8, 8));
    let z = zone(r#"Any([Hexes(["0909", "0101", "0909"]), Hexes(["0909"])])"#);
    let hexes = z.resolve(&grid, &|_| None).expect("resolves");
    assert_eq!(hexes.len(), 2);
    assert!(!grid.contains(hexes[0]));
}

/// The fan-out bomb of F3: zones z0 … z15 on an 8 × 8 map, each `Any([Named(next)] × 8)`,
/// the last a row. The old code expanded 8^15 names (aborted after 10 s at 1 GiB).
fn fan_out(levels: usize, fan: usize) -> Vec<(String, Zone)> {
    let mut zones = Vec::new();
    for i in 0..levels {
        let next = format!("Named(\"z{}\")", i + 1);
        zones.push((
            format!("z{i}"),
            zone(&format!("Any([{}])", vec![next; fan].join(", "))),
        ));
    }
    zones.push((format!("z{levels}"), zone(r#"Row("xx03")"#)));
    zones
}

#[test]
fn a_fan_out_of_named_zones_resolves_each_name_once() {
    let grid = Grid::new(GridSpec::flat(8, 8));
    let zones = fan_out(15, 8);
    let named = |n: &str| zones.iter().find(|(id, _)| id == n).map(|(_, z)| z);
    let hexes = zone(r#"Named("z0")"#)
        .resolve(&grid, &named)
        .expect("resolves");
    assert_eq!(hexes.len(), 8, "row xx03 of an 8 × 8 map");
}

#[test]
fn named_zone_expansions_are_capped() {
    let grid = Grid::new(GridSpec::flat(8, 8));
    let zones = [("a".to_string(), zone(r#"Hexes(["0101"])"#))];
    let named = |n: &str| zones.iter().find(|(id, _)| id == n).map(|(_, z)| z);
    let n = MAX_NAMED_EXPANSIONS as usize;
    let ok = zone(&format!("Any([{}])", vec![r#"Named("a")"#; n].join(", ")));
    assert_eq!(ok.resolve(&grid, &named).expect("at the cap").len(), 1);
    let over = zone(&format!(
        "Any([{}])",
        vec![r#"Named("a")"#; n + 1].join(", ")
    ));
    let r = over.resolve(&grid, &named);
    assert!(
        matches!(r, Err(ZoneError::TooManyExpansions { .. })),
        "{r:?}"
    );
    assert!(r
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default()
        .contains("named-zone expansions"));
}

#[test]
fn a_named_zone_that_refers_to_itself_is_still_too_deep() {
    let grid = Grid::new(GridSpec::flat(8, 8));
    let zones = [("a".to_string(), zone(r#"Any([Named("a"), Named("a")])"#))];
    let named = |n: &str| zones.iter().find(|(id, _)| id == n).map(|(_, z)| z);
    let r = zone(r#"Named("a")"#).resolve(&grid, &named);
    assert_eq!(r, Err(ZoneError::TooDeep));
}

#[test]
fn rows_and_sides_match_a_filter_over_the_whole_grid() {
    // The rows and blocks are now built directly; they must name the hexes a filter over
    // every hex of the grid names, in the same order.
    for spec in [GridSpec::flat(12, 9), {
        let mut s = GridSpec::flat(9, 12);
        s.orientation = muster_hex::Orientation::Pointy;
        s
    }] {
        let grid = Grid::new(spec);
        let check = |text: &str, keep: &dyn Fn(i32, i32) -> bool| {
            let got = zone(text).resolve(&grid, &|_| None).expect(text);
            let want: Vec<_> = grid
                .hexes()
                .filter(|h| {
                    let (c, r) = grid.to_column_row(*h);
                    keep(c, r)
                })
                .collect();
            assert_eq!(got, want, "{text}");
        };
        check(r#"Row("04xx")"#, &|c, _| c == 4);
        check(r#"Row("xx07")"#, &|_, r| r == 7);
        check(r#"Row("xx40")"#, &|_, _| false);
        check(r#"OnOrBeyond(side: South, row: "xx07")"#, &|_, r| r >= 7);
        check(r#"OnOrBeyond(side: North, row: "xx07")"#, &|_, r| r <= 7);
        check(r#"OnOrBeyond(side: East, row: "05xx")"#, &|c, _| c >= 5);
        check(r#"OnOrBeyond(side: West, row: "05xx")"#, &|c, _| c <= 5);
        let centre = grid.from_printed("0506").expect("hex");
        for d in [0, 1, 2, 3, 7, 40] {
            check(&within("0506", d), &|c, r| {
                muster_hex::distance(grid.from_column_row(c, r), centre) <= d
            });
        }
        let off = grid.from_printed("0101").expect("hex");
        check(&within("0101", 3), &|c, r| {
            muster_hex::distance(grid.from_column_row(c, r), off) <= 3
        });
    }
}

//! Memory held to the hexes named (issue 27, security review F10): the placement model
//! keeps a few entries per hex a set-up line names, never per hex of the map, and a reach
//! with a huge allowance over a large map answers every hex, in printed-id order.

use muster_model::{MapFile, ScenarioFile};
use muster_rules::placement::Fill;
use muster_rules::{Diagnostic, Scenario};

mod files;
use files::parse;

/// A clear map of `n` × `n` hexes.
fn map(n: u32) -> MapFile {
    parse(&format!(
        r#"(
    title: "Field", ruleset: "a-la-charge", provenance: Original,
    grid: (orientation: Flat, stagger: Even, numbering: ColumnRow, first_column: 1, first_row: 1, columns: {n}, rows: {n}, north: Top),
    default_terrain: "clear",
)"#
    ))
}

/// Red's set-up lines `red` (a RON list body) against a blue leader in `blue_at`; the red
/// leader has `mp`.
fn scenario(red: &str, blue_at: &str, mp: u32) -> ScenarioFile {
    parse(&format!(
        r#"(
    title: "Hostile", ruleset: "a-la-charge", provenance: Original, map: "x.map.ron", turns: 5, first_side: "red",
    sides: [
        (id: "red", name: "Red", commander: "Red Leader", army_morale: 6,
         units: [
            (id: "Red Leader", name: "Red Leader", kind: "leader", rating: 1, mp: {mp}),
            (id: "Red Knights", name: "Red Knights", kind: "knights", count: 10000, steps: [(strength: 3, mp: 6)]),
         ],
         setup: [{red}]),
        (id: "blue", name: "Blue", commander: "Blue Leader", army_morale: 6,
         units: [
            (id: "Blue Leader", name: "Blue Leader", kind: "leader", rating: 1, mp: 6),
         ],
         setup: [(units: ["Blue Leader"], at: Hexes(["{blue_at}"]))]),
    ],
)"#
    ))
}

fn resolved<'a>(s: &'a ScenarioFile, map: &MapFile, out: &mut Vec<Diagnostic>) -> Scenario<'a> {
    let rs = muster_rules::ruleset("a-la-charge").expect("ruleset");
    muster_rules::resolve(s, map, &[], &muster_rules::ArmyLists::none(), rs, out)
}

#[test]
fn a_whole_map_line_keeps_a_few_entries_per_hex_named() {
    // "10000x Red Knights" over every hex of a 400 × 400 map, the leaders on one hex each.
    let n = 400;
    let m = map(n);
    let f = scenario(
        r#"(units: ["Red Leader"], at: Hexes(["001001"])), (units: ["10000x Red Knights"], at: Within(hex: "200200", distance: 999))"#,
        "400400",
        6,
    );
    let mut out = vec![];
    let s = resolved(&f, &m, &mut out);
    let hexes = (n * n) as usize;
    assert_eq!(s.placements.line(1).hexes.len(), hexes);
    assert_eq!(s.placements.line(1).fill, Fill::Choice);
    let fp = s.placements.footprint();
    assert_eq!(fp.hexes, hexes, "every hex is named once");
    // One entry per line and hex named: the knights on every hex, each leader on one.
    assert_eq!(fp.line_entries, hexes + 2);
    assert_eq!(fp.slots, hexes, "one slot a hex, for the knights only");
    assert!(fp.table_cells <= 4 * hexes + 4096, "{fp:?}");
    assert!(
        !s.placements.worst_is_certain(),
        "the knights are the owner's choice"
    );
    // The model still answers as before: no hex certainly held by the knights, every hex
    // possibly held, the leaders certainly where they stand.
    let g = &s.world.grid;
    let h = |id: &str| g.from_printed(id).expect("hex id");
    assert!(s.placements.certainly_held(h("200200")).is_empty());
    assert!(s.placements.possibly_held(h("399001")));
    assert_eq!(s.placements.who_could_be(h("001001")), &[0, 1]);
    assert_eq!(s.placements.certainly_held(h("001001")).len(), 1);
    assert!(s.placements.collisions().is_empty());
}

#[test]
fn a_few_hexes_on_the_largest_map_keep_a_few_entries() {
    // Three named hexes in far corners of a 999 × 999 map: nothing sized by the map.
    let m = map(999);
    let f = scenario(
        r#"(units: ["Red Leader"], at: Hexes(["001001"])), (units: ["2x Red Knights"], at: Hexes(["999999", "500500"]))"#,
        "999001",
        6,
    );
    let mut out = vec![];
    let s = resolved(&f, &m, &mut out);
    let fp = s.placements.footprint();
    assert_eq!((fp.hexes, fp.line_entries, fp.slots), (4, 4, 2), "{fp:?}");
    assert!(fp.table_cells <= 4 * 4 + 4096, "{fp:?}");
    assert!(
        s.placements.worst_is_certain(),
        "every line fills its hexes"
    );
}

#[test]
fn a_huge_allowance_reaches_every_hex_of_a_large_map_in_printed_order() {
    let n = 300;
    let m = map(n);
    let f = scenario(
        r#"(units: ["Red Leader"], at: Hexes(["150150"]))"#,
        "001001",
        u32::MAX,
    );
    let mut out = vec![];
    let s = resolved(&f, &m, &mut out);
    let g = &s.world.grid;
    let from = g.from_printed("150150").expect("hex id");
    let r = muster_rules::reach(&s, 0, 0, from);
    // Every hex but the start and the blue leader's (reached only through his zone of
    // control, where a move stops).
    assert_eq!(r.hexes.len(), (n * n) as usize - 2);
    assert!(r.uncertain.is_empty());
    let printed: Vec<String> = r.hexes.iter().map(|(h, _)| g.to_printed(*h)).collect();
    assert!(
        printed.windows(2).all(|w| w[0] < w[1]),
        "sorted by printed id"
    );
    // Clear terrain costs one a hex: the cost is the distance.
    for (h, c) in r.hexes.iter().step_by(997) {
        assert_eq!(*c, muster_hex::distance(from, *h), "{}", g.to_printed(*h));
    }
}

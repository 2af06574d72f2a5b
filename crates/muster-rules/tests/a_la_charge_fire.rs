//! A la Charge (The Red Rose and the White) §12.2: archers "can shoot down a road that runs
//! through a building hex so long as they shoot in a straight line of hexes along that road".

use muster_hex::{hex_line, LineStep};

// Our reading: the line of fire runs centre to centre, so it is straight by construction;
// "along that road" is read as every hex of the line joined to the next by one and the same
// road. A line whose hexes straddle a hexside, or that changes road at a junction, is not
// along that road.
use muster_model::{MapFile, ScenarioFile};

mod files;
use files::parse;

const GRID: &str = "(orientation: Flat, stagger: Even, numbering: ColumnRow, first_column: 1, first_row: 1, columns: 8, rows: 8, north: Top)";

/// Whether a shot from `from` to `to` is clear when a road runs along the line's hexes and
/// the middle hex of the line is a building.
fn shot_along_road(from: &str, to: &str) -> (bool, usize) {
    shot_along_roads(from, to, false)
}

/// As `shot_along_road`; with `split`, two roads meet at the building (one runs to it from
/// the shooter, another on from it to the target).
fn shot_along_roads(from: &str, to: &str, split: bool) -> (bool, usize) {
    let grid = muster_hex::Grid::new(parse(GRID));
    let (a, b) = (
        grid.from_printed(from).unwrap(),
        grid.from_printed(to).unwrap(),
    );
    let hexes: Vec<String> = hex_line(a, b)
        .into_iter()
        .map(|st| match st {
            LineStep::One(h) => grid.to_printed(h),
            LineStep::Between(h, _) => grid.to_printed(h),
        })
        .collect();
    let middle = &hexes[hexes.len() / 2];
    let quoted = |hs: &[String]| {
        hs.iter()
            .map(|h| format!("\"{h}\""))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let roads = if split {
        let m = hexes.len() / 2;
        format!(
            "(kind: \"road\", name: \"first road\", hexes: [{}]), (kind: \"road\", name: \"second road\", hexes: [{}])",
            quoted(&hexes[..=m]),
            quoted(&hexes[m..])
        )
    } else {
        format!("(kind: \"road\", hexes: [{}])", quoted(&hexes))
    };
    let map: MapFile = parse(&format!(
        r#"(title: "Town", ruleset: "a-la-charge", provenance: Original, grid: {GRID},
            default_terrain: "clear", hexes: [(hex: "{middle}", terrain: "building")],
            paths: [{roads}])"#
    ));
    let file: ScenarioFile = parse(
        r#"(title: "T", ruleset: "a-la-charge", options: ["saint-albans"], provenance: Original,
            map: "x.map.ron", turns: 5, first_side: "a",
            sides: [(id: "a", name: "A", units: []), (id: "b", name: "B", units: [])])"#,
    );
    let rs = muster_rules::ruleset("a-la-charge").expect("ruleset");
    let s = muster_rules::resolve(
        &file,
        &map,
        &[],
        &muster_rules::ArmyLists::none(),
        rs,
        &mut vec![],
    );
    let l = muster_rules::line_of_fire(
        &s,
        muster_rules::FireEnd::at(a),
        muster_rules::FireEnd::at(b),
    )
    .expect("A la Charge has line of fire");
    (l.clear, hexes.len())
}

#[test]
fn a_shot_straight_down_a_diagonal_row_of_road_passes_the_building() {
    // 0101 to 0503 steps the same way each time (a diagonal hex row).
    assert!(shot_along_road("0101", "0503").0);
}

#[test]
fn a_shot_straight_down_a_hex_row_of_road_passes_the_building() {
    let (clear, n) = shot_along_road("0201", "0205");
    assert_eq!(n, 5);
    assert!(clear, "straight down the column, along the road");
}

/// "Along that road": a line joined hex to hex by road, but by two roads that meet in the
/// building hex, does not pass the building (it ran along any road before).
#[test]
fn a_shot_that_changes_road_at_the_building_is_blocked() {
    let (clear, n) = shot_along_roads("0201", "0205", true);
    assert_eq!(n, 5);
    assert!(!clear, "two roads meet at 0203: not a line along one road");
    assert!(shot_along_roads("0201", "0205", false).0);
}

/// AC111's reading made true: the N&B translator's `hills-block-fire` does nothing in the
/// Saint Albans variant, whose slope and hilltop rule decides instead.
#[test]
fn hills_block_fire_does_not_apply_in_saint_albans() {
    let map: MapFile = parse(&format!(
        r#"(title: "Hill", ruleset: "a-la-charge", provenance: Original, grid: {GRID},
            default_terrain: "clear", hexes: [(hex: "0404", terrain: "hill"), (hex: "0403", terrain: "hill")])"#
    ));
    let shot = |options: &str| {
        let file: ScenarioFile = parse(&format!(
            r#"(title: "T", ruleset: "a-la-charge", options: [{options}], provenance: Original,
                map: "x.map.ron", turns: 5, first_side: "a",
                sides: [(id: "a", name: "A", units: []), (id: "b", name: "B", units: [])])"#
        ));
        let rs = muster_rules::ruleset("a-la-charge").expect("ruleset");
        let s = muster_rules::resolve(
            &file,
            &map,
            &[],
            &muster_rules::ArmyLists::none(),
            rs,
            &mut vec![],
        );
        let (a, b) = (
            s.world.grid.from_printed("0504").unwrap(),
            s.world.grid.from_printed("0304").unwrap(),
        );
        muster_rules::line_of_fire(
            &s,
            muster_rules::FireEnd::at(a),
            muster_rules::FireEnd::at(b),
        )
        .expect("A la Charge has line of fire")
        .clear
    };
    assert!(
        !shot(r#""hills-block-fire""#),
        "N&B with the house rule: the hill blocks"
    );
    assert!(
        shot(r#""saint-albans", "hills-block-fire""#),
        "Saint Albans: the option does nothing"
    );
}

/// Whether the shot from `from` to `to` is clear over a map with one hex of `terrain` at
/// 0403, in the variant `options` names.
fn shot_over(terrain: &str, options: &str, from: &str, to: &str) -> bool {
    let map: MapFile = parse(&format!(
        r#"(title: "Field", ruleset: "a-la-charge", provenance: Original, grid: {GRID},
            default_terrain: "clear", hexes: [(hex: "0403", terrain: "{terrain}")])"#
    ));
    let file: ScenarioFile = parse(&format!(
        r#"(title: "T", ruleset: "a-la-charge", options: [{options}], provenance: Original,
            map: "x.map.ron", turns: 5, first_side: "a",
            sides: [(id: "a", name: "A", units: []), (id: "b", name: "B", units: [])])"#
    ));
    let rs = muster_rules::ruleset("a-la-charge").expect("ruleset");
    let s = muster_rules::resolve(
        &file,
        &map,
        &[],
        &muster_rules::ArmyLists::none(),
        rs,
        &mut vec![],
    );
    let at = |h: &str| muster_rules::FireEnd::at(s.world.grid.from_printed(h).unwrap());
    muster_rules::line_of_fire(&s, at(from), at(to))
        .expect("A la Charge has line of fire")
        .clear
}

/// One rule in both variants (issue 29, AC 5): terrain the ruleset marks `blocks_fire`
/// blocks. St Albans §12.2 prints it for buildings; the ruleset supplies it for a building
/// in a Normans and Byzantines map and for a village in either (ours). Guards against a
/// building never blocking in N&B and a village never blocking in Saint Albans.
#[test]
fn terrain_that_blocks_fire_blocks_in_both_variants() {
    for (terrain, options) in [
        ("building", ""),
        ("building", r#""saint-albans""#),
        ("village", ""),
        ("village", r#""saint-albans""#),
    ] {
        assert!(
            !shot_over(terrain, options, "0401", "0405"),
            "{terrain} with options [{options}] blocks the shot over it"
        );
        assert!(
            shot_over(terrain, options, "0401", "0402"),
            "{terrain} with options [{options}]: nothing between"
        );
    }
    // Woods do not block (supplied: the translator's note is silent).
    assert!(shot_over("woods", "", "0401", "0405"));
}

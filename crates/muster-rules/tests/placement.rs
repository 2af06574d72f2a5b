//! The placement model on small scenarios written the way users write them: what is
//! certain, what is a choice, what collides, and what reach makes of it.

use muster_model::{MapFile, ScenarioFile};
use muster_rules::placement::{Collision, Fill};
use muster_rules::Scenario;

mod files;
use files::parse;

const MAP: &str = r#"(
    title: "Test field", ruleset: "a-la-charge", provenance: Original,
    grid: (orientation: Flat, stagger: Even, numbering: ColumnRow, first_column: 1, first_row: 1, columns: 6, rows: 6, north: Top),
    default_terrain: "clear",
)"#;

/// A scenario of two sides whose set-up lines are `red` and `blue` (RON list bodies).
fn scenario(red: &str, blue: &str) -> ScenarioFile {
    parse(&format!(
        r#"(
    title: "Test", ruleset: "a-la-charge", provenance: Original, map: "x.map.ron", turns: 5, first_side: "red",
    sides: [
        (id: "red", name: "Red", commander: "Red Leader", army_morale: 6,
         units: [
            (id: "Red Leader", name: "Red Leader", kind: "leader", rating: 1, mp: 6),
            (id: "Red Knights", name: "Red Knights", kind: "knights", count: 9, steps: [(strength: 3, mp: 6)]),
            (id: "Red Foot", name: "Red Foot", kind: "infantry", count: 9, steps: [(strength: 2, mp: 4)]),
         ],
         setup: [{red}]),
        (id: "blue", name: "Blue", commander: "Blue Leader", army_morale: 6,
         units: [
            (id: "Blue Leader", name: "Blue Leader", kind: "leader", rating: 1, mp: 6),
            (id: "Blue Knights", name: "Blue Knights", kind: "knights", count: 9, steps: [(strength: 3, mp: 6)]),
         ],
         setup: [{blue}]),
    ],
)"#
    ))
}

fn resolved<'a>(s: &'a ScenarioFile, map: &MapFile) -> Scenario<'a> {
    let rs = muster_rules::ruleset("a-la-charge").expect("ruleset");
    let mut out = vec![];
    muster_rules::resolve(s, map, &[], &muster_rules::ArmyLists::none(), rs, &mut out)
}

fn hex(s: &Scenario, id: &str) -> muster_hex::Hex {
    s.world.grid.from_printed(id).expect("hex id")
}

#[test]
fn a_line_that_fills_its_hexes_holds_each_of_them_and_a_choice_holds_none() {
    let map: MapFile = parse(MAP);
    let f = scenario(
        r#"(units: ["2x Red Knights"], at: Hexes(["0202", "0203"])), (units: ["Red Foot"], at: Hexes(["0402", "0403"]))"#,
        "",
    );
    let s = resolved(&f, &map);
    let p = &s.placements;
    assert_eq!(p.line(0).fill, Fill::Filled);
    assert_eq!(p.line(1).fill, Fill::Choice);
    assert_eq!(p.certainly_held(hex(&s, "0202")).len(), 1);
    assert!(p.certainly_held(hex(&s, "0402")).is_empty());
    assert!(p.possibly_held(hex(&s, "0402")));
    assert!(!p.possibly_held(hex(&s, "0505")));
    assert_eq!(p.who_could_be(hex(&s, "0403")), &[1]);
}

#[test]
fn a_choice_squeezed_by_filled_lines_becomes_certain() {
    // Red Foot chooses between 0302 and 0303; 0303 is filled by the knights: it is 0302.
    let map: MapFile = parse(MAP);
    let f = scenario(
        r#"(units: ["Red Foot"], at: Hexes(["0302", "0303"])), (units: ["Red Knights"], at: Hexes(["0303"]))"#,
        "",
    );
    let s = resolved(&f, &map);
    let held = s.placements.certainly_held(hex(&s, "0302"));
    assert_eq!(held.len(), 1, "{held:?}");
    assert_eq!(held[0].line, 0);
    assert!(s.placements.collisions().is_empty());
}

#[test]
fn every_form_of_collision_is_found() {
    let map: MapFile = parse(MAP);
    // Shared: two filled lines on 0202; overfull: three knights on 0505 alone;
    // squeezed: two choices of two foot each over three hexes.
    let f = scenario(
        r#"(units: ["Red Knights"], at: Hexes(["0202"])),
           (units: ["2x Red Knights"], at: Hexes(["0202", "0203"])),
           (units: ["3x Red Knights"], at: Hexes(["0505"])),
           (units: ["2x Red Foot"], at: Hexes(["0301", "0302", "0303"])),
           (units: ["2x Red Foot"], at: Hexes(["0302", "0303"]))"#,
        "",
    );
    let s = resolved(&f, &map);
    let c = s.placements.collisions();
    assert!(
        c.iter()
            .any(|x| matches!(x, Collision::Shared { lines, .. } if lines == &vec![0, 1])),
        "{c:?}"
    );
    assert!(
        c.iter()
            .any(|x| matches!(x, Collision::Overfull { line: 2 })),
        "{c:?}"
    );
    assert!(
        c.iter().any(
            |x| matches!(x, Collision::Squeezed { lines, counters: 4, .. } if lines == &vec![3, 4])
        ),
        "{c:?}"
    );
    assert_eq!(c.len(), 3, "{c:?}");
}

#[test]
fn an_enemy_leader_alone_can_be_entered_but_not_a_combat_unit() {
    // A la Charge §8: a leader alone in a hex entered by an enemy unit is eliminated.
    let map: MapFile = parse(MAP);
    let f = scenario(
        r#"(units: ["Red Leader"], at: Hexes(["0303"])), (units: ["Red Knights"], at: Hexes(["0305"]))"#,
        r#"(units: ["Blue Knights"], at: Hexes(["0302"]))"#,
    );
    let s = resolved(&f, &map);
    // From 0302, next to the leader (whose zone of control it starts in).
    let r = muster_rules::reach(&s, 1, 1, hex(&s, "0302"));
    let ids: Vec<String> = r
        .hexes
        .iter()
        .map(|(h, _)| s.world.grid.to_printed(*h))
        .collect();
    assert!(ids.contains(&"0303".to_string()), "{ids:?}");
    assert!(!ids.contains(&"0305".to_string()), "{ids:?}");
    // The old reading refused the leader's hex as if a combat unit stood there.
    let blocked = scenario(
        r#"(units: ["Red Foot"], at: Hexes(["0303"]))"#,
        r#"(units: ["Blue Knights"], at: Hexes(["0302"]))"#,
    );
    let s = resolved(&blocked, &map);
    let r = muster_rules::reach(&s, 1, 1, hex(&s, "0302"));
    assert!(!r.hexes.iter().any(|(h, _)| *h == hex(&s, "0303")));
}

#[test]
fn a_hidden_line_is_possible_everywhere_in_its_zone_and_certain_nowhere() {
    let map: MapFile = parse(MAP);
    let f = scenario(
        r#"(units: ["Red Foot"], at: Row("05xx"), hidden: true)"#,
        r#"(units: ["Blue Knights"], at: Hexes(["0302"]))"#,
    );
    let s = resolved(&f, &map);
    assert!(s.placements.line(0).hidden());
    assert!(s.placements.certain_hexes().next().is_some());
    assert!(s.placements.certainly_held(hex(&s, "0503")).is_empty());
    let r = muster_rules::reach(&s, 1, 1, hex(&s, "0302"));
    let uncertain: Vec<String> = r
        .uncertain
        .iter()
        .map(|h| s.world.grid.to_printed(*h))
        .collect();
    assert!(uncertain.contains(&"0503".to_string()), "{uncertain:?}");
    // Beyond the row: reached only through hexes the hidden unit may hold.
    assert!(uncertain.contains(&"0603".to_string()), "{uncertain:?}");
    // Next to the row: reached as cheaply whatever the hidden unit does (entering its zone
    // of control only ends the move there).
    assert!(!uncertain.contains(&"0402".to_string()), "{uncertain:?}");
}

/// A la Charge §9, §11: a road over a river without a bridge gives no road cost, and a side
/// that crosses only by bridges cannot cross there at all (issue 13).
#[test]
fn a_road_over_an_unbridged_river_is_not_a_road_crossing() {
    let map: MapFile = parse(
        r#"(
    title: "River", ruleset: "a-la-charge", provenance: Original,
    grid: (orientation: Flat, stagger: Even, numbering: ColumnRow, first_column: 1, first_row: 1, columns: 6, rows: 6, north: Top),
    default_terrain: "clear",
    hexsides: [(side: "0302/S", feature: "river")],
    paths: [(kind: "road", hexes: ["0301", "0302", "0303", "0304"])],
)"#,
    );
    let f = scenario("", r#"(units: ["Blue Knights"], at: Hexes(["0302"]))"#);
    let s = resolved(&f, &map);
    let from = hex(&s, "0302");
    let r = muster_rules::reach(&s, 1, 1, from);
    let cost = |id: &str| {
        r.hexes
            .iter()
            .find(|(h, _)| *h == hex(&s, id))
            .map(|(_, c)| *c)
    };
    assert_eq!(cost("0301"), Some(1), "along the road");
    assert_eq!(
        cost("0303"),
        Some(2),
        "across the river: clear 1 + river 1, not the road's 1"
    );
    // The same with the bridges-only rule: the step over the river is closed.
    let mut only = f.clone();
    only.special_rules =
        parse(r#"[(title: "Bridges", text: "t", rule: CrossRiversOnlyByBridges(side: "blue"))]"#);
    let s = resolved(&only, &map);
    let step = |a: &str, b: &str| {
        muster_rules::a_la_charge::reach::step_cost(&s, 1, hex(&s, a), hex(&s, b))
    };
    assert_eq!(step("0302", "0303"), None, "the road gives no bridge");
    assert_eq!(
        step("0302", "0301"),
        Some(1),
        "the road elsewhere still counts"
    );
}

/// A la Charge §9: a road gives no way into a hex that cannot be entered (a river hex).
#[test]
fn a_road_through_a_river_hex_does_not_open_it() {
    let map: MapFile = parse(
        r#"(
    title: "Ford", ruleset: "a-la-charge", provenance: Original,
    grid: (orientation: Flat, stagger: Even, numbering: ColumnRow, first_column: 1, first_row: 1, columns: 6, rows: 6, north: Top),
    default_terrain: "clear",
    hexes: [(hex: "0204", terrain: "river"), (hex: "0205", terrain: "river")],
    paths: [(kind: "road", hexes: ["0206", "0205", "0204", "0203"])],
)"#,
    );
    let f = scenario("", r#"(units: ["Blue Knights"], at: Hexes(["0206"]))"#);
    let s = resolved(&f, &map);
    let step = |a: &str, b: &str| {
        muster_rules::a_la_charge::reach::step_cost(&s, 1, hex(&s, a), hex(&s, b))
    };
    assert_eq!(
        step("0206", "0205"),
        None,
        "the river hex stays closed on the road"
    );
    let r = muster_rules::reach(&s, 1, 1, hex(&s, "0206"));
    assert!(!r
        .hexes
        .iter()
        .any(|(h, _)| *h == hex(&s, "0205") || *h == hex(&s, "0204")));
}

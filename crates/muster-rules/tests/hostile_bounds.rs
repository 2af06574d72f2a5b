//! Bounded work and unwrapped arithmetic on hostile scenarios (issue 27; security review F3
//! and F10, code review 6): zone bombs end in MU050 naming the cap, many counters over a
//! huge zone are placed without blowing up, reach with a huge allowance covers the map,
//! and the largest strengths give the right odds.

use muster_model::{MapFile, ScenarioFile};
use muster_rules::a_la_charge::combat::{odds, Ask};
use muster_rules::placement::{Collision, Fill};
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

/// Red's set-up lines `red` (a RON list body) against a blue leader in `blue_at`; the
/// knights' strength and MP are `strength` and `mp`.
fn scenario(red: &str, blue_at: &str, strength: i32, mp: u32) -> ScenarioFile {
    parse(&format!(
        r#"(
    title: "Hostile", ruleset: "a-la-charge", provenance: Original, map: "x.map.ron", turns: 5, first_side: "red",
    sides: [
        (id: "red", name: "Red", commander: "Red Leader", army_morale: 6,
         units: [
            (id: "Red Leader", name: "Red Leader", kind: "leader", rating: 1, mp: {mp}),
            (id: "Red Knights", name: "Red Knights", kind: "knights", count: 10000, steps: [(strength: {strength}, mp: {mp})]),
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
fn a_zone_bomb_on_a_set_up_line_is_mu050_naming_the_cap() {
    let m = map(200);
    let parts = vec![r#"Within(hex: "100100", distance: 999)"#; 400].join(", ");
    let f = scenario(
        &format!(r#"(units: ["Red Leader"], at: Any([{parts}]))"#),
        "0101",
        3,
        6,
    );
    let mut out = vec![];
    let s = resolved(&f, &m, &mut out);
    let d = out
        .iter()
        .find(|d| d.code == "MU050")
        .unwrap_or_else(|| panic!("MU050 in {out:?}"));
    assert!(d.message.contains("hex steps"), "{}", d.message);
    assert_eq!(s.placements.line(0).fill, Fill::Nowhere);
}

#[test]
fn ten_thousand_counters_over_a_whole_map_zone_are_a_choice() {
    // F10: "10000x Red Knights" at Within(500500, 999) on 999 × 999 took 1.33 s, 362 MB.
    let m = map(150);
    let f = scenario(
        r#"(units: ["10000x Red Knights"], at: Within(hex: "075075", distance: 999))"#,
        "0101",
        3,
        6,
    );
    let mut out = vec![];
    let s = resolved(&f, &m, &mut out);
    let l = s.placements.line(0);
    assert_eq!(l.hexes.len(), 150 * 150);
    assert_eq!(l.fill, Fill::Choice);
    assert!(s.placements.collisions().is_empty());
    assert!(s.placements.certainly_held(l.hexes[0]).is_empty());
}

#[test]
fn two_choices_over_more_counters_than_hexes_are_squeezed_over_every_hex() {
    // The squeezed finding's hexes were deduplicated by a search of the list (quadratic in
    // the slots of the shortfall).
    let m = map(99);
    let whole = r#"Within(hex: "5050", distance: 999)"#;
    let f = scenario(
        &format!(
            r#"(units: ["9000x Red Knights"], at: {whole}), (units: ["9000x Red Knights"], at: {whole})"#
        ),
        "0101",
        3,
        6,
    );
    let mut out = vec![];
    let s = resolved(&f, &m, &mut out);
    assert_eq!(s.placements.line(0).fill, Fill::Choice);
    let squeezed: Vec<_> = s
        .placements
        .collisions()
        .iter()
        .filter_map(|c| match c {
            Collision::Squeezed {
                hexes, counters, ..
            } => Some((hexes.len(), *counters)),
            _ => None,
        })
        .collect();
    assert_eq!(squeezed, vec![(99 * 99, 18000)]);
    let f = scenario(
        &format!(
            r#"(units: ["10000x Red Knights"], at: {whole}), (units: ["10000x Red Knights"], at: {whole})"#
        ),
        "0101",
        3,
        6,
    );
    let mut out = vec![];
    let s = resolved(&f, &m, &mut out);
    let overfull = s
        .placements
        .collisions()
        .iter()
        .filter(|c| matches!(c, Collision::Overfull { .. }))
        .count();
    assert_eq!(overfull, 2, "each line alone overflows 9801 hexes");
}

#[test]
fn reach_with_the_largest_allowance_covers_the_map() {
    // F10: MP 4294967295 on 999 × 999 ran more than 100 s (the uncertain hexes were found
    // by a search of the worst case's list for each hex). The answer: every hex but the
    // start and the enemy leader's (entered, §8: a leader alone may be entered).
    let n = 60;
    let m = map(n);
    let f = scenario(
        r#"(units: ["Red Knights"], at: Hexes(["3030"]))"#,
        "0101",
        3,
        u32::MAX,
    );
    let mut out = vec![];
    let s = resolved(&f, &m, &mut out);
    let start = s.world.grid.from_printed("3030").expect("hex");
    let r = muster_rules::reach(&s, 0, 1, start);
    assert_eq!(r.mp, u32::MAX);
    assert!(r.restricted.is_none(), "{r:?}");
    // The blue leader exerts a zone of control: its neighbours stop a move, and no step
    // runs from one of them to another, but every hex is still reached.
    let missing: Vec<_> = s
        .world
        .grid
        .hexes()
        .filter(|h| !r.hexes.iter().any(|(x, _)| x == h))
        .map(|h| s.world.grid.to_printed(h))
        .collect();
    assert_eq!(
        missing,
        vec!["0101", "3030"],
        "the start, and the leader past its ZoC"
    );
    assert!(r.uncertain.is_empty());
    let near = s.world.grid.from_printed("3031").expect("hex");
    assert!(r.hexes.contains(&(near, 1)));
}

#[test]
fn the_largest_strength_gives_four_to_one_not_one_to_three() {
    // code.md 6: Red Knights strength 2147483647 with a leader (+1) wrapped negative and
    // was clamped to 0: 1-3 where 4-1 is right.
    let text = include_str!("../../../tests/rules-examples/ac-odds.scenario.ron").replace(
        r#"(id: "Red Knights", name: "Red Knights", kind: "knights", steps: [(strength: 3, mp: 6)"#,
        r#"(id: "Red Knights", name: "Red Knights", kind: "knights", steps: [(strength: 2147483647, mp: 6)"#,
    );
    assert!(
        text.contains("2147483647"),
        "the example still has the knights"
    );
    let f: ScenarioFile = parse(&text);
    let m: MapFile = parse(include_str!(
        "../../../tests/rules-examples/ac-odds.map.ron"
    ));
    let mut out = vec![];
    let s = resolved(&f, &m, &mut out);
    let h = |id: &str| s.world.grid.from_printed(id).expect("hex");
    let o = odds(
        &s,
        &Ask {
            attackers: vec![h("0302"), h("0304")],
            defender: h("0303"),
            fire: false,
            charging: vec![],
            reduced: vec![],
        },
    )
    .expect("odds");
    assert!(o.attack > i64::from(i32::MAX), "attack {}", o.attack);
    assert_eq!(o.ratio_column, "4-1");
}

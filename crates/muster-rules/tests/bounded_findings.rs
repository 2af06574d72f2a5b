//! A hostile map does not make the rules build one diagnostic per entry (issue 15): past
//! `MAX_ALIKE` findings of one code in one list, the rest are counted on the last one
//! built, and none is lost. (Before the bound, 2,500 off-map entries built 2,500
//! diagnostics, and a 400,000-entry map held 400,000 of them at once.)

use muster_model::{HexEntry, HexId, HexsideEntry, MapFile};
use muster_rules::{FileRole, World, MAX_ALIKE};

fn hostile_map(off_map: usize) -> MapFile {
    let mut m = MapFile::blank(
        "t",
        "a-la-charge",
        "clear",
        muster_hex::GridSpec::flat(6, 6),
    );
    for i in 0..off_map {
        m.hexes.push(HexEntry {
            hex: HexId(format!("{:02}{:02}", 10 + i % 90, 10 + (i / 90) % 90)),
            terrain: Some("clear".into()),
            elevation: None,
            label: None,
        });
        m.hexsides.push(HexsideEntry {
            side: format!("{:02}{:02}/N", 10 + i % 90, 10 + (i / 90) % 90),
            feature: "river".into(),
        });
    }
    // Two entries on the map, one of them twice (MU026), after the flood: still reported.
    for id in ["0101", "0102", "0101"] {
        m.hexes.push(HexEntry {
            hex: HexId(id.into()),
            terrain: Some("clear".into()),
            elevation: None,
            label: None,
        });
    }
    m
}

#[test]
fn past_the_bound_off_map_entries_are_counted_not_built() {
    let n = MAX_ALIKE * 2 + 500;
    let mut out = Vec::new();
    let _ = World::from_map(&hostile_map(n), FileRole::This, &mut out);
    let built = |code: &str| out.iter().filter(|d| d.code == code).count();
    let counted = |code: &str| {
        out.iter()
            .filter(|d| d.code == code)
            .map(|d| 1 + d.alike)
            .sum::<usize>()
    };
    // Hexes and hexsides are separate lists: each keeps MAX_ALIKE of its own.
    assert_eq!(built("MU023"), 2 * MAX_ALIKE, "built, not {n} a list");
    assert_eq!(counted("MU023"), 2 * n, "every off-map entry counted");
    assert_eq!(
        built("MU026"),
        1,
        "a finding of another code still comes through"
    );
    let last_hex = out
        .iter()
        .rfind(|d| d.code == "MU023" && d.location.pointer.starts_with("/hexes/"))
        .unwrap();
    assert_eq!(last_hex.alike, n - MAX_ALIKE);
    assert_eq!(
        last_hex.location.pointer,
        format!("/hexes/{}/hex", MAX_ALIKE - 1)
    );
}

/// Every list the map checks walk is bounded: off-map entries of an unknown terrain
/// (MU023 and MU020 each), hexsides of an unknown feature on the map (MU021), and one road
/// listing thousands of off-map hexes (MU023 inside a single path).
#[test]
fn every_map_list_is_bounded_and_every_finding_counted() {
    let n = MAX_ALIKE + 700;
    let mut m = hostile_map(n);
    for e in &mut m.hexes {
        e.terrain = Some("lava".into());
    }
    m.hexsides.clear();
    for i in 0..n {
        m.hexsides.push(HexsideEntry {
            side: format!("{:02}{:02}/N", 1 + i % 6, 2 + (i / 6) % 5),
            feature: "moat-of-fire".into(),
        });
    }
    m.paths.push(muster_model::PathEntry {
        kind: "road".into(),
        name: None,
        hexes: (0..n).map(|_| HexId("9999".into())).collect(),
    });
    let ruleset = muster_rules::ruleset("a-la-charge").unwrap();
    let out = muster_rules::check_map(&m, ruleset);
    let built = |code: &str| out.iter().filter(|d| d.code == code).count();
    let counted = |code: &str| {
        out.iter()
            .filter(|d| d.code == code)
            .map(|d| 1 + d.alike)
            .sum::<usize>()
    };
    // MU023: the off-map hexes, then the road's ids, each list bounded on its own.
    assert_eq!(built("MU023"), 2 * MAX_ALIKE);
    assert_eq!(counted("MU023"), 2 * n);
    // MU020: the off-map entries' unknown terrain, and the three on the map.
    assert!(built("MU020") <= MAX_ALIKE + 3, "{}", built("MU020"));
    assert_eq!(counted("MU020"), n + 3);
    assert!(built("MU021") <= MAX_ALIKE);
    assert_eq!(counted("MU021"), n);
}

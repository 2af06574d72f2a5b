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

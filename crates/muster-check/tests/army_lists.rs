//! Army lists resolve with the scenario, per side (issue 12): a stand's list line comes
//! from its own side's list, never from the other side's row of the same id.

use muster_check::Checker;
use std::path::Path;

#[test]
fn each_side_takes_its_own_row_of_a_shared_line_id() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let path = root.join("scenarios/charles-the-bold/saint-aubin.scenario.ron");
    // The repository is the pack: its map lies beside the scenarios' folder.
    let loaded = Checker::new()
        .with_roots([root.clone()])
        .load_scenario(&path)
        .unwrap_or_else(|_| panic!("Saint-Aubin loads"));
    let s = loaded.resolve();
    let unit = |side: &str, id: &str| {
        let si = s.side_index(side).expect("side");
        let ui = s.file.sides[si]
            .units
            .iter()
            .position(|u| u.id == id)
            .expect("unit");
        (si, ui)
    };
    // Both lists have a line `archers`: the English row is printed (§16), ours is not.
    let (si, ui) = unit("english", "Archers");
    let english = s.list_entry(si, ui).expect("the English archers' line");
    assert_eq!(english.provenance, muster_model::Provenance::Printed);
    let (si, ui) = unit("burgundians", "Burgundian Archers");
    let burgundian = s.list_entry(si, ui).expect("the Burgundian archers' line");
    assert_eq!(burgundian.provenance, muster_model::Provenance::Original);
    assert_ne!(english, burgundian);
}

//! Fixtures the crates' tests share, so each test does not keep its own copy.

use std::path::{Path, PathBuf};

/// The red side's set-up lines of `tests/cases/valid-minimal`, as the file writes them.
const MINIMAL_RED_LINES: &str = r#"                (units: ["Red Leader"], at: Hexes(["0202"])),
                (units: ["2x Red Knights"], at: Hexes(["0202", "0203"])),
                (units: ["Red Foot"], at: Hexes(["0204"])),
"#;

/// A copy of the corpus case `tests/cases/valid-minimal` in `dir` (made afresh: a pack of
/// its own, with its manifest), its red set-up lines replaced by `red`; the scenario's path.
/// Panics when the case's red lines are no longer as this crate expects them, so
/// a test never runs on a scenario it did not mean.
pub fn minimal_with(dir: &Path, red: &str) -> PathBuf {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/cases/valid-minimal");
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir).expect("a folder");
    std::fs::write(dir.join("muster.pack.ron"), "(name: \"scratch\")\n").expect("pack");
    std::fs::copy(src.join("x.map.ron"), dir.join("x.map.ron")).expect("map");
    let scenario = std::fs::read_to_string(src.join("x.scenario.ron")).expect("scenario");
    assert!(
        scenario.contains(MINIMAL_RED_LINES),
        "valid-minimal's red lines changed"
    );
    let path = dir.join("x.scenario.ron");
    std::fs::write(&path, scenario.replace(MINIMAL_RED_LINES, red)).expect("written");
    path
}

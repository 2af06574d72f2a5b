//! What the muster-check test files share.

use std::path::{Path, PathBuf};

/// Every bundled file (maps, and the scenarios and army lists of the four games) whose
/// name ends in `.{kind}.ron`.
pub fn bundled(kind: &str) -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut out = Vec::new();
    for dir in [
        "maps",
        "scenarios/a-la-charge",
        "scenarios/and-gentlemen-all",
        "scenarios/charles-the-bold",
        "scenarios/siege",
    ] {
        for e in std::fs::read_dir(root.join(dir)).unwrap() {
            let p = e.unwrap().path();
            if p.to_string_lossy().ends_with(&format!(".{kind}.ron")) {
                out.push(p);
            }
        }
    }
    assert!(!out.is_empty(), "no bundled .{kind}.ron file");
    out
}

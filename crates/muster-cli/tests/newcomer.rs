//! Issue 28 (newcomer review, shared/reviews/2026-11-25/newcomer.md): scaffolds that
//! validate, one suggester for every unknown name, `diff` in game terms, and the odds and
//! ends a first-time user runs into.

use std::path::{Path, PathBuf};
use std::process::Command;

mod common;
use common::muster;

/// A fresh scratch folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("muster-newcomer-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `muster ARGS` run in `dir`: exit code, stdout, stderr.
fn muster_in(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_muster"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

const SYSTEMS: [&str; 4] = [
    "a-la-charge",
    "siege",
    "charles-the-bold",
    "and-gentlemen-all",
];

/// Finding 7: `muster new pack` makes a pack that validates with no error and no warning,
/// for every system, with one example unit and a commented set-up line.
#[test]
fn new_pack_validates_clean_for_every_system() {
    let dir = scratch("new-pack");
    for system in SYSTEMS {
        let name = format!("p-{system}");
        let (code, _, err) = muster_in(&dir, &["new", "pack", &name, "--ruleset", system]);
        assert_eq!(code, 0, "new pack {system}: {err}");
        let (code, out, err) = muster_in(&dir, &["validate", &name, "--color", "never"]);
        assert_eq!(code, 0, "validate {system}: {out}{err}");
        assert!(out.contains("0 errors, 0 warnings"), "{system}: {out}");
        let (code, out, err) = muster_in(&dir, &["fmt", "--check", &name]);
        assert_eq!(code, 0, "fmt --check {system}: {out}{err}");
        let text = std::fs::read_to_string(
            dir.join(&name)
                .join(format!("scenarios/{name}.scenario.ron")),
        )
        .unwrap();
        assert!(text.contains("setup: ["), "{system}: a set-up line\n{text}");
        assert!(text.contains("// "), "{system}: a comment\n{text}");
        assert!(text.contains("(id: "), "{system}: an example unit\n{text}");
    }
    // `new map` and `new scenario` on it validate too.
    for system in SYSTEMS {
        let sub = dir.join(format!("single-{system}"));
        std::fs::create_dir_all(&sub).unwrap();
        let (code, _, err) = muster_in(&sub, &["new", "map", "field", "--ruleset", system]);
        assert_eq!(code, 0, "{err}");
        let (code, _, err) = muster_in(&sub, &["new", "scenario", "field", "--ruleset", system]);
        assert_eq!(code, 0, "{err}");
        let (code, out, err) = muster_in(
            &sub,
            &[
                "validate",
                "field.scenario.ron",
                "field.map.ron",
                "--color",
                "never",
            ],
        );
        assert_eq!(code, 0, "validate {system}: {out}{err}");
        assert!(out.contains("0 errors, 0 warnings"), "{system}: {out}");
    }
    let _ = muster(&["--version"]);
}

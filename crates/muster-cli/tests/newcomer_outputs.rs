//! Issue 28, newcomer findings 18, 20 and 22: `validate` without a path checks `.`,
//! `muster schema` prints one JSON document, and notes are not GitHub annotations unless
//! asked for.

use serde_json::Value;

mod common;
use common::{muster, root};

/// Finding 22: the bundled pack's notes (break points, recorded errata) are not
/// annotations by default; `--github-notes` adds them as `::notice`.
#[test]
fn notes_are_github_annotations_only_on_request() {
    let (_, out, err) = muster(&["validate", "scenarios", "maps", "--format", "github"]);
    assert!(!out.contains("::notice "), "{out}{err}");
    let (_, json, _) = muster(&["validate", "scenarios", "maps", "--format", "json"]);
    let json: Value = serde_json::from_str(&json).unwrap();
    let notes = json["summary"]["notes"].as_u64().unwrap();
    assert!(notes > 0, "the bundled pack has notes");
    let (_, out, _) = muster(&[
        "validate",
        "scenarios",
        "maps",
        "--format",
        "github",
        "--github-notes",
    ]);
    let notices = out.lines().filter(|l| l.starts_with("::notice ")).count() as u64;
    assert_eq!(notices, notes, "{out}");
    // Errors are still annotations.
    let (code, out, _) = muster(&[
        "validate",
        "tests/cases/invalid-ac101-stacking",
        "--format",
        "github",
    ]);
    assert_eq!(code, 1);
    assert!(out.lines().any(|l| l.starts_with("::error ")), "{out}");
}

/// Finding 20: one JSON object keyed by kind (not six documents glued together), and
/// `--kind` for one schema, equal to the file in schemas/.
#[test]
fn schema_prints_one_json_document() {
    let (code, out, err) = muster(&["schema"]);
    assert_eq!(code, 0, "{err}");
    let all: Value = serde_json::from_str(&out).expect("one JSON document");
    let kinds: Vec<&str> = all
        .as_object()
        .unwrap()
        .keys()
        .map(|k| k.as_str())
        .collect();
    for k in ["map", "overlay", "scenario", "pack", "armylist", "ruleset"] {
        assert!(kinds.contains(&k), "{kinds:?}");
        let file = root().join(format!("schemas/{k}.schema.json"));
        let on_disk: Value = serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
        assert_eq!(all[k], on_disk, "{k}");
    }
    let (code, out, _) = muster(&["schema", "--kind", "map"]);
    assert_eq!(code, 0);
    let map: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(map, all["map"]);
    let (code, _, err) = muster(&["schema", "--kind", "mapp"]);
    assert_eq!(code, 2);
    assert!(err.contains("`map`"), "{err}");
}

/// Finding 18: `muster validate` with no path checks the working directory.
#[test]
fn validate_without_a_path_checks_the_working_directory() {
    let dir = root().join("tests/cases/invalid-ac101-stacking");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_muster"))
        .args(["validate", "--format", "json"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["diagnostics"][0]["code"], "AC101", "{v}");
}

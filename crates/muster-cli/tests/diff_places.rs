//! `muster diff` says in words where units went when their line stands on no hex of the
//! map (issue 28: "moved from 1004, 1003 to " ended with an empty list).

use std::path::{Path, PathBuf};
use std::process::Command;

mod common;

const KALAVRYAI: &str = "scenarios/a-la-charge/kalavryai-1078.scenario.ron";

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let target = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_dir(&e.path(), &target);
        } else {
            std::fs::copy(e.path(), target).unwrap();
        }
    }
}

/// The bundled pack copied twice into a scratch folder, `old` and `new`, with `edits`
/// made to the new Kalavryai.
fn two_packs(name: &str, edits: &[(&str, &str)]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("muster-diff-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for side in ["old", "new"] {
        for part in ["scenarios", "maps"] {
            copy_dir(&common::root().join(part), &dir.join(side).join(part));
        }
        std::fs::copy(
            common::root().join("muster.pack.ron"),
            dir.join(side).join("muster.pack.ron"),
        )
        .unwrap();
    }
    let path = dir.join("new").join(KALAVRYAI);
    let mut text = std::fs::read_to_string(&path).unwrap();
    for (from, to) in edits {
        assert!(text.contains(from), "{from}");
        text = text.replacen(from, to, 1);
    }
    std::fs::write(path, text).unwrap();
    dir
}

fn diff(dir: &Path, format: &str) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_muster"))
        .args(["diff", "old", "new", "--format", format])
        .current_dir(dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    String::from_utf8_lossy(&out.stdout).into()
}

#[test]
fn units_moved_off_the_map_are_said_to_be_off_it() {
    let dir = two_packs(
        "off",
        &[("Hexes([\"1004\", \"1003\"])", "Hexes([\"4004\", \"4003\"])")],
    );
    let out = diff(&dir, "human");
    assert!(
        out.contains(
            "2x Chomatenoi (byzantines) moved from 1004, 1003 to off the map (4004, 4003)"
        ),
        "{out}"
    );
    assert!(!out.lines().any(|l| l.trim_end().ends_with(" to")), "{out}");
    let md = diff(&dir, "markdown");
    assert!(
        md.contains(
            "**2x Chomatenoi** (byzantines) moved from 1004, 1003 to off the map (4004, 4003)"
        ),
        "{md}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn units_moved_to_a_zone_with_no_hex_name_the_zone() {
    let dir = two_packs(
        "zone",
        &[(
            "Hexes([\"1004\", \"1003\"])",
            "Within(hex: \"4004\", distance: 1)",
        )],
    );
    let out = diff(&dir, "human");
    let line = out
        .lines()
        .find(|l| l.contains("Chomatenoi"))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(
        line.contains("moved from 1004, 1003 to no hex of the map (Within("),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

//! Whole-program tests of the A la Charge queries on the bundled scenarios (issue 13):
//! the King who cannot move alone, and combat odds.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

fn muster(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_muster"))
        .args(args)
        .current_dir(root())
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

fn json(args: &[&str]) -> Value {
    let (code, out, err) = muster(args);
    assert_eq!(code, 0, "muster {args:?} failed: {err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("muster {args:?}: not JSON ({e}): {out}"))
}

const ST_ALBANS_2: &str = "scenarios/a-la-charge/st-albans-2.scenario.ron";

/// 2nd St Albans: "King Henry sets up in St Peters church (1006) and cannot move alone."
/// He goes where the archer set up with him in 1006 goes, and nowhere else.
#[test]
fn the_king_who_cannot_move_alone_moves_with_the_archer_in_his_hex() {
    let king = json(&["query", "reach", ST_ALBANS_2, "King Henry"]);
    assert_eq!(king["from"], "1006");
    assert!(
        king["moves_with"]
            .as_str()
            .unwrap_or("")
            .contains("Archers"),
        "{king}"
    );
    let archer = json(&[
        "query",
        "reach",
        ST_ALBANS_2,
        "yorkists/Archers",
        "--from",
        "1006",
    ]);
    assert!(!archer["hexes"].as_array().unwrap().is_empty(), "{archer}");
    assert_eq!(king["hexes"], archer["hexes"], "{king} {archer}");
    // Without a companion (another hex) he stays.
    let alone = json(&[
        "query",
        "reach",
        ST_ALBANS_2,
        "King Henry",
        "--from",
        "1007",
    ]);
    assert_eq!(alone["hexes"].as_array().unwrap().len(), 0, "{alone}");
    assert!(
        alone["restricted"]
            .as_str()
            .unwrap_or("")
            .contains("cannot move alone"),
        "{alone}"
    );
}

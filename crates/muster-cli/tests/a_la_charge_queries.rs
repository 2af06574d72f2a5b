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

const KALAVRYAI: &str = "scenarios/a-la-charge/kalavryai-1078.scenario.ron";

/// §9: "A unit cannot enter a hex if it does not have enough MP remaining to do so" — the
/// entry hex of a reinforcement too. The Athanatoi (force 2, 6 MP supplied) enter at 1201
/// (clear, 1 MP): they may stop there for 1 MP and have 5 MP left beyond it.
#[test]
fn a_reinforcement_pays_for_its_entry_hex() {
    let r = json(&["query", "reach", KALAVRYAI, "Athanatoi (force 2)"]);
    assert_eq!(r["from"], "1201");
    assert_eq!(r["mp"], 6);
    assert_eq!(r["cost"]["1201"], 1, "{r}");
    assert_eq!(r["cost"]["1202"], 2, "{r}");
    let hexes: Vec<&str> = r["hexes"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|h| h.as_str())
        .collect();
    assert!(
        !hexes.contains(&"0601"),
        "six hexes from the edge needs 7 MP with the entry hex: {r}"
    );
}

/// 2nd St Albans: the Lancastrians "enter by the three roads south of the river and count
/// their movement from these hexes" (`moves_from_entry`): the entry hex is free.
#[test]
fn the_lancastrians_count_their_movement_from_the_road_hexes() {
    let r = json(&["query", "reach", ST_ALBANS_2, "Cavalry"]);
    assert_eq!(r["from"], "1803");
    assert!(r["cost"].get("1803").is_none(), "{r}");
    assert_eq!(r["cost"]["1703"], 1, "{r}");
}

//! `muster transcribe` (issue 32): every printed set-up of the rules texts, pasted as printed
//! (tests/transcribe/), reproduces the bundled scenario's set-up lines and reinforcements of
//! that side — the same units, counts and hexes (zones compared by the hexes they resolve
//! to), hidden and turn.

use muster_check::Checker;
use serde_json::Value;
use std::path::Path;

mod common;
use common::muster;

/// One line, comparable: units (sorted), the hexes its zone resolves to (sorted), hidden or
/// the turn and whether movement counts from the entry hex.
type Key = (Vec<String>, Vec<String>, String);

fn keys(
    s: &muster_rules::Scenario,
    lines: &[(Vec<String>, muster_model::Zone, String)],
) -> Vec<Key> {
    let mut out: Vec<Key> = lines
        .iter()
        .map(|(units, zone, extra)| {
            let mut u = units.clone();
            u.sort();
            let mut h: Vec<String> = s
                .world
                .resolve(zone)
                .unwrap_or_else(|e| panic!("{zone:?}: {e}"))
                .into_iter()
                .map(|h| s.world.grid.to_printed(h).as_str().to_string())
                .collect();
            h.sort();
            (u, h, extra.clone())
        })
        .collect();
    out.sort();
    out
}

fn setup_lines(v: &[muster_model::SetupEntry]) -> Vec<(Vec<String>, muster_model::Zone, String)> {
    v.iter()
        .map(|e| {
            let units = e.units.iter().map(ToString::to_string).collect();
            (units, e.at.clone(), format!("hidden {}", e.hidden))
        })
        .collect()
}

fn entries(v: &[muster_model::Reinforcement]) -> Vec<(Vec<String>, muster_model::Zone, String)> {
    v.iter()
        .map(|r| {
            let units = r.units.iter().map(ToString::to_string).collect();
            (
                units,
                r.enter.clone(),
                format!("turn {} from entry {}", r.turn, r.moves_from_entry),
            )
        })
        .collect()
}

#[test]
fn every_printed_set_up_pasted_reproduces_the_bundled_lines() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut pasted = 0;
    for entry in std::fs::read_dir(root.join("tests/transcribe")).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_str().unwrap().to_string();
        let Some(stem) = name.strip_suffix(".txt") else {
            continue;
        };
        let (scenario, side) = stem.rsplit_once('.').unwrap();
        let file = root.join(format!("scenarios/a-la-charge/{scenario}.scenario.ron"));
        let (code, out, err) = muster(&[
            "transcribe",
            file.to_str().unwrap(),
            "--side",
            side,
            "--from",
            path.to_str().unwrap(),
            "--format",
            "json",
        ]);
        assert_eq!(code, 0, "{name}: {err}{out}");
        let v: Value = serde_json::from_str(&out).unwrap();
        let setup: Vec<muster_model::SetupEntry> =
            serde_json::from_value(v["setup"].clone()).unwrap();
        let reinf: Vec<muster_model::Reinforcement> =
            serde_json::from_value(v["reinforcements"].clone()).unwrap();
        let loaded = Checker::new()
            .load_scenario(&file)
            .expect("bundled scenario loads");
        let s = loaded.resolve();
        let d = s.file.sides.iter().find(|d| d.id == side).unwrap();
        assert_eq!(
            keys(&s, &setup_lines(&setup)),
            keys(&s, &setup_lines(&d.setup)),
            "{name}: set-up lines"
        );
        assert_eq!(
            keys(&s, &entries(&reinf)),
            keys(&s, &entries(&d.reinforcements)),
            "{name}: reinforcements"
        );
        // Every line keeps the printed text it was read from.
        assert!(
            setup
                .iter()
                .all(|e| e.source.as_deref().is_some_and(|t| !t.is_empty())),
            "{name}"
        );
        pasted += 1;
    }
    assert_eq!(
        pasted, 8,
        "the eight printed sides of the four A la Charge scenarios"
    );
}

/// An unknown name is an error (exit 1) naming the line and the nearest unit; nothing is
/// written.
#[test]
fn an_unknown_name_is_an_error_and_nothing_is_written() {
    let dir = std::env::temp_dir().join(format!("muster-transcribe-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    std::fs::create_dir_all(dir.join("scenarios/a-la-charge")).unwrap();
    std::fs::create_dir_all(dir.join("maps")).unwrap();
    for m in std::fs::read_dir(root.join("maps")).unwrap() {
        let m = m.unwrap().path();
        std::fs::copy(&m, dir.join("maps").join(m.file_name().unwrap())).unwrap();
    }
    std::fs::copy(root.join("muster.pack.ron"), dir.join("muster.pack.ron")).unwrap();
    let file = dir.join("scenarios/a-la-charge/civitate.scenario.ron");
    std::fs::copy(
        root.join("scenarios/a-la-charge/civitate-1053.scenario.ron"),
        &file,
    )
    .unwrap();
    let text = dir.join("paste.txt");
    std::fs::write(&text, "Rudolf: 0508\nSaracens: 0101\n").unwrap();
    let before = std::fs::read(&file).unwrap();
    let (code, _, err) = muster(&[
        "transcribe",
        file.to_str().unwrap(),
        "--side",
        "papal",
        "--from",
        text.to_str().unwrap(),
        "--write",
    ]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("line 2: error: unknown unit `Saracens`"),
        "{err}"
    );
    assert_eq!(std::fs::read(&file).unwrap(), before, "nothing written");
    let _ = std::fs::remove_dir_all(&dir);
}

//! `muster validate --shard i/n`, `--cache DIR` and `muster merge`: shards together give
//! the unsharded report with each finding once and stay put when files are added; the
//! cache gives the same report, re-checks what changed and survives a hostile cache.

use serde_json::Value;
use std::collections::BTreeMap;
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

fn report(args: &[&str]) -> Value {
    let (code, out, err) = muster(args);
    assert!(code == 0 || code == 1, "muster {args:?}: exit {code}: {err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("muster {args:?}: not JSON ({e})"))
}

/// Each diagnostic as one line, counted.
fn diagnostics(v: &Value) -> BTreeMap<String, usize> {
    let mut m = BTreeMap::new();
    for d in v["diagnostics"].as_array().unwrap() {
        *m.entry(d.to_string()).or_default() += 1;
    }
    m
}

fn sum(reports: &[Value], key: &str) -> u64 {
    reports
        .iter()
        .map(|r| r["summary"][key].as_u64().unwrap())
        .sum()
}

/// A fresh folder under the target's temporary folder (inside the repository's pack).
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn rel(p: &Path) -> String {
    p.strip_prefix(root()).unwrap().display().to_string()
}

/// Twelve scenarios sharing one map with an error (MU020), the map in `maps/` beside
/// the `scenarios/` folder.
fn shared_map_pack(name: &str) -> PathBuf {
    let dir = scratch(name);
    let case = root().join("tests/cases/invalid-mu020-unknown-terrain");
    std::fs::create_dir_all(dir.join("maps")).unwrap();
    std::fs::create_dir_all(dir.join("scenarios")).unwrap();
    std::fs::copy(case.join("x.map.ron"), dir.join("maps/x.map.ron")).unwrap();
    let text = std::fs::read_to_string(case.join("x.scenario.ron"))
        .unwrap()
        .replace("map: \"x.map.ron\"", "map: \"../maps/x.map.ron\"");
    for i in 0..12 {
        std::fs::write(dir.join(format!("scenarios/s{i:02}.scenario.ron")), &text).unwrap();
    }
    dir
}

fn assert_shards_make_the_whole(paths: &[&str], n: u32) {
    let mut args = vec!["validate", "--format", "json"];
    args.extend(paths);
    let whole = report(&args);
    let shards: Vec<Value> = (1..=n)
        .map(|i| {
            let shard = format!("{i}/{n}");
            let mut a = args.clone();
            a.extend(["--shard", shard.as_str()]);
            report(&a)
        })
        .collect();
    let mut union = BTreeMap::new();
    for s in &shards {
        for (d, k) in diagnostics(s) {
            *union.entry(d).or_default() += k;
        }
    }
    assert_eq!(union, diagnostics(&whole), "{paths:?} in {n} shards");
    for key in ["files", "errors", "warnings", "notes", "suppressed"] {
        assert_eq!(
            sum(&shards, key),
            whole["summary"][key].as_u64().unwrap(),
            "{key} of {paths:?} in {n} shards"
        );
    }
}

#[test]
fn shards_together_are_the_unsharded_report_each_finding_once() {
    assert_shards_make_the_whole(&["tests/cases"], 3);
    assert_shards_make_the_whole(&["scenarios", "maps"], 2);
    // Maps reached only through references (not walked).
    assert_shards_make_the_whole(&["scenarios"], 3);
}

#[test]
fn a_map_shared_by_scenarios_of_several_shards_is_reported_once() {
    let dir = shared_map_pack("shard-shared-map");
    for walked in [
        vec![rel(&dir)],
        // The map outside the folder walked: the lowest shard using it reports it.
        vec![rel(&dir.join("scenarios"))],
    ] {
        let paths: Vec<&str> = walked.iter().map(String::as_str).collect();
        assert_shards_make_the_whole(&paths, 3);
        let mut mu020 = 0;
        for i in 1..=3 {
            let shard = format!("{i}/3");
            let mut a = vec!["validate", "--format", "json", "--shard", &shard];
            a.extend(&paths);
            let r = report(&a);
            let codes: Vec<&str> = r["diagnostics"]
                .as_array()
                .unwrap()
                .iter()
                .map(|d| d["code"].as_str().unwrap())
                .collect();
            mu020 += codes.iter().filter(|c| **c == "MU020").count();
        }
        assert_eq!(mu020, 1, "the map's finding once, walking {paths:?}");
    }
    let shards = assignment(&rel(&dir.join("scenarios")), 3);
    let used: std::collections::BTreeSet<_> = shards
        .iter()
        .filter(|(f, _)| f.ends_with(".scenario.ron"))
        .map(|(_, s)| s)
        .collect();
    assert!(used.len() >= 2, "scenarios using the map sit in several shards");
}

/// The files each shard reports (JUnit lists one test case per file, clean ones too).
fn assignment(dir: &str, n: u32) -> BTreeMap<String, u32> {
    let mut m = BTreeMap::new();
    for i in 1..=n {
        let shard = format!("{i}/{n}");
        let (_, out, _) = muster(&["validate", "--format", "junit", "--shard", &shard, dir]);
        for case in out.split("<testcase name=\"").skip(1) {
            let name = case.split('"').next().unwrap().to_string();
            assert!(m.insert(name, i).is_none(), "a file in two shards");
        }
    }
    m
}

#[test]
fn adding_a_file_moves_no_other_file_between_shards() {
    let dir = shared_map_pack("shard-stable");
    let before = assignment(&rel(&dir), 3);
    assert_eq!(before.len(), 13);
    assert!(before.values().any(|s| *s != before.values().next().copied().unwrap()));
    let text = std::fs::read_to_string(dir.join("scenarios/s00.scenario.ron")).unwrap();
    std::fs::write(dir.join("scenarios/added.scenario.ron"), text).unwrap();
    std::fs::create_dir_all(dir.join("more")).unwrap();
    std::fs::copy(dir.join("maps/x.map.ron"), dir.join("more/y.map.ron")).unwrap();
    let after = assignment(&rel(&dir), 3);
    assert_eq!(after.len(), 15);
    for (file, shard) in &before {
        assert_eq!(after.get(file), Some(shard), "{file} moved");
    }
}

#[test]
fn shard_arguments_are_checked() {
    for bad in ["0/2", "3/2", "x"] {
        let (code, _, err) = muster(&["validate", "--shard", bad, "scenarios"]);
        assert_eq!(code, 2, "{bad}: {err}");
    }
}

//! `muster validate --shard i/n`, `--cache DIR` and `muster merge`: shards together give
//! the unsharded report with each finding once and stay put when files are added; the
//! cache gives the same report, re-checks what changed and survives a hostile cache.

use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

mod common;
use common::{muster, root};

fn report(args: &[&str]) -> Value {
    let (code, out, err) = muster(args);
    assert!(
        code == 0 || code == 1,
        "muster {args:?}: exit {code}: {err}"
    );
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

/// A fresh folder under the repository's `target/` (inside the repository's pack, wherever
/// CARGO_TARGET_DIR points).
fn scratch(name: &str) -> PathBuf {
    let dir = root().join("target/shards-tests").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A cache folder outside the repository (whose `muster.pack.ron` makes it one pack):
/// `validate` refuses a cache inside the pack it checks (issue 27).
fn cache_scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("muster-{name}-{}", std::process::id()));
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
    assert!(
        used.len() >= 2,
        "scenarios using the map sit in several shards"
    );
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
    assert!(before
        .values()
        .any(|s| *s != before.values().next().copied().unwrap()));
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

fn human(args: &[&str]) -> (i32, String, String) {
    let mut a = args.to_vec();
    a.extend(["--color", "never"]);
    muster(&a)
}

#[test]
fn the_cache_gives_the_same_report_and_rechecks_what_changed() {
    let dir = shared_map_pack("cache-pack");
    let cache = cache_scratch("cache-dir");
    let (pack, cache) = (rel(&dir), cache.display().to_string());
    let plain = human(&["validate", &pack]);
    let first = human(&["validate", &pack, "--cache", &cache]);
    assert_eq!((first.0, &first.1), (plain.0, &plain.1));
    assert!(first.2.contains("0 of 13 files unchanged"), "{}", first.2);
    let second = human(&["validate", &pack, "--cache", &cache]);
    assert_eq!(
        (second.0, &second.1),
        (plain.0, &plain.1),
        "a hit renders alike"
    );
    assert!(
        second.2.contains("13 of 13 files unchanged"),
        "{}",
        second.2
    );
    let json = |extra: &[&str]| {
        let mut a = vec!["validate", "--format", "json", pack.as_str()];
        a.extend(extra);
        report(&a)
    };
    assert_eq!(json(&["--cache", &cache]), json(&[]));

    // The map changes under unchanged scenarios: a broken map is MU012 on every one.
    let map = dir.join("maps/x.map.ron");
    let text = std::fs::read_to_string(&map).unwrap();
    std::fs::write(&map, format!("{text}\n)")).unwrap();
    let changed = human(&["validate", &pack, "--cache", &cache]);
    let fresh = human(&["validate", &pack]);
    assert_eq!((changed.0, &changed.1), (fresh.0, &fresh.1));
    assert!(
        changed.2.contains("0 of 13 files unchanged"),
        "{}",
        changed.2
    );
    assert_eq!(fresh.1.matches("MU012").count(), 12, "{}", fresh.1);

    // One scenario changes: it alone is checked again.
    std::fs::write(&map, &text).unwrap();
    human(&["validate", &pack, "--cache", &cache]);
    let s = dir.join("scenarios/s03.scenario.ron");
    let scenario = std::fs::read_to_string(&s).unwrap();
    std::fs::write(&s, scenario.replacen("map:", "mapp:", 1)).unwrap();
    let one = human(&["validate", &pack, "--cache", &cache]);
    assert_eq!(
        (one.0, &one.1),
        (
            human(&["validate", &pack]).0,
            &human(&["validate", &pack]).1
        )
    );
    assert!(one.2.contains("12 of 13 files unchanged"), "{}", one.2);
}

#[test]
fn a_corrupt_or_hostile_cache_is_ignored_not_trusted() {
    let dir = shared_map_pack("cache-hostile-pack");
    let cache_dir = cache_scratch("cache-hostile");
    let (pack, cache) = (rel(&dir), cache_dir.display().to_string());
    let plain = human(&["validate", &pack]);
    human(&["validate", &pack, "--cache", &cache]);
    let file = cache_dir.join("all.muster-cache.json");
    let good: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let entries = good["entries"].as_object().unwrap();
    assert_eq!(
        entries.len(),
        2,
        "twelve identical scenarios share one entry"
    );
    // Each way an entry can lie: spans out of the file or off a character boundary, an
    // unknown code or severity, a file index that names nothing, a wrong type.
    type Lie = Box<dyn Fn(&mut Value)>;
    let lies: Vec<Lie> = vec![
        Box::new(|f| f["span"][1] = 1_000_000_000u64.into()),
        Box::new(|f| f["span"] = serde_json::json!([5, 3, 1, 1, 1, 1])),
        Box::new(|f| f["code"] = "ZZ999".into()),
        Box::new(|f| f["severity"] = "fatal".into()),
        Box::new(|f| f["file"] = 99.into()),
        Box::new(|f| f["file"] = "zero".into()),
    ];
    for lie in &lies {
        let mut bad = good.clone();
        for (_, e) in bad["entries"].as_object_mut().unwrap() {
            let findings = e["entry"]["findings"].as_array_mut().unwrap();
            if findings.is_empty() {
                findings.push(serde_json::json!({
                    "code": "MU020", "severity": "error", "message": "forged", "role": 0,
                    "pointer": "", "hex": null, "rule": null, "help": null, "erratum": null,
                    "labels": [], "file": 0, "span": [0, 0, 1, 1, 1, 1], "located": []
                }));
            }
            for f in findings.iter_mut() {
                lie(f);
            }
        }
        std::fs::write(&file, bad.to_string()).unwrap();
        let run = human(&["validate", &pack, "--cache", &cache]);
        assert_eq!((run.0, &run.1), (plain.0, &plain.1), "{}", run.2);
    }
    for garbage in ["", "{", "[1,2,3]", "\u{0}\u{ff}not json"] {
        std::fs::write(&file, garbage).unwrap();
        let run = human(&["validate", &pack, "--cache", &cache]);
        assert_eq!((run.0, &run.1), (plain.0, &plain.1));
    }
    std::fs::write(&file, "{").unwrap();
    let run = human(&["validate", &pack, "--cache", &cache]);
    assert!(run.2.contains("cache file ignored"), "{}", run.2);
    // The run wrote a sound cache back.
    let again = human(&["validate", &pack, "--cache", &cache]);
    assert!(again.2.contains("13 of 13 files unchanged"), "{}", again.2);
}

#[test]
fn merge_joins_shard_reports_into_the_unsharded_report() {
    let out = scratch("merge");
    let paths = ["tests/cases", "scenarios", "maps"];
    for format in ["json", "sarif", "junit"] {
        let mut a = vec!["validate", "--format", format];
        a.extend(paths);
        let (code, whole, _) = muster(&a);
        let mut files = Vec::new();
        for i in 1..=3 {
            let shard = format!("{i}/3");
            let mut s = a.clone();
            s.extend(["--shard", shard.as_str()]);
            let (_, text, _) = muster(&s);
            let f = out.join(format!("{i}.{format}"));
            std::fs::write(&f, text).unwrap();
            files.push(rel(&f));
        }
        let mut m = vec!["merge"];
        m.extend(files.iter().map(String::as_str));
        let (merged_code, merged, err) = muster(&m);
        assert_eq!(merged_code, code, "{format}: {err}");
        if format == "junit" {
            assert_eq!(merged, whole, "{format}");
        } else {
            let (merged, whole): (Value, Value) = (
                serde_json::from_str(&merged).unwrap(),
                serde_json::from_str(&whole).unwrap(),
            );
            assert_eq!(merged, whole, "{format}");
        }
    }
    // Reports of different formats do not merge.
    let (code, _, err) = muster(&[
        "merge",
        &rel(&out.join("1.json")),
        &rel(&out.join("2.junit")),
    ]);
    assert_eq!(code, 2, "{err}");
}

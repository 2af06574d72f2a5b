//! `muster merge` on inputs that do not make one run (security review F14, code review 5):
//! each is refused with exit 2 and a reason, never merged silently, never a panic or a hang.

use serde_json::{json, Value};
use std::path::{Path, PathBuf};

mod common;
use common::{muster, root};

fn scratch(name: &str) -> PathBuf {
    let dir = root().join("target/merge-tests").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn rel(p: &Path) -> String {
    p.strip_prefix(root())
        .unwrap()
        .to_string_lossy()
        .into_owned()
}

/// The reports of `validate --format FORMAT --shard i/n PATH` for each i, written to `dir`.
fn shards(dir: &Path, format: &str, path: &str, n: u32) -> Vec<String> {
    (1..=n)
        .map(|i| {
            let shard = format!("{i}/{n}");
            let (code, out, err) =
                muster(&["validate", "--format", format, "--shard", &shard, path]);
            assert!(code < 2, "{err}");
            let f = dir.join(format!("{path}-{i}-of-{n}.{format}").replace('/', "_"));
            std::fs::write(&f, out).unwrap();
            rel(&f)
        })
        .collect()
}

/// `muster merge FILES`, which must be refused (exit 2) with a message holding `why`.
fn refused(files: &[&str], why: &str) {
    let mut args = vec!["merge"];
    args.extend(files);
    let (code, out, err) = muster(&args);
    assert_eq!(code, 2, "{files:?}: {err}");
    assert!(out.is_empty(), "nothing merged: {out}");
    assert!(err.contains(why), "{files:?}: `{why}` not in {err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn sharded_reports_record_their_shard_and_pack_in_every_format() {
    let dir = scratch("record");
    let json_shards = shards(&dir, "json", "tests/cases", 2);
    let v: Vec<Value> = json_shards
        .iter()
        .map(|f| serde_json::from_str(&std::fs::read_to_string(root().join(f)).unwrap()).unwrap())
        .collect();
    assert_eq!(
        (v[0]["shard"].as_str(), v[1]["shard"].as_str()),
        (Some("1/2"), Some("2/2"))
    );
    assert!(
        v[0]["pack"].is_string() && v[0]["pack"] == v[1]["pack"],
        "one pack id"
    );
    let sarif = shards(&dir, "sarif", "tests/cases", 2);
    let s: Value =
        serde_json::from_str(&std::fs::read_to_string(root().join(&sarif[1])).unwrap()).unwrap();
    assert_eq!(s["runs"][0]["properties"]["shard"], "2/2");
    assert_eq!(s["runs"][0]["properties"]["pack"], v[0]["pack"]);
    let junit = shards(&dir, "junit", "tests/cases", 2);
    let j = std::fs::read_to_string(root().join(&junit[0])).unwrap();
    assert!(
        j.contains(r#"<property name="muster.shard" value="1/2"/>"#),
        "{j}"
    );
    // Another pack has another identity.
    let other = shards(&dir, "json", "scenarios", 2);
    let o: Value =
        serde_json::from_str(&std::fs::read_to_string(root().join(&other[0])).unwrap()).unwrap();
    assert_ne!(o["pack"], v[0]["pack"]);
}

#[test]
fn duplicated_missing_and_foreign_shards_are_refused() {
    let dir = scratch("sets");
    for format in ["json", "sarif", "junit"] {
        let a = shards(&dir, format, "tests/cases", 3);
        let b = shards(&dir, format, "scenarios", 3);
        let four = shards(&dir, format, "tests/cases", 4);
        refused(&[&a[0], &a[0], &a[1], &a[2]], "given twice");
        refused(&[&a[0], &a[1]], "shard 3/3 missing");
        refused(&[&a[0], &b[1], &a[2]], "different packs");
        refused(&[&a[0], &a[1], &four[2]], "one N");
        // The whole set still merges.
        let (code, _, err) = muster(&["merge", &a[0], &a[1], &a[2]]);
        assert_eq!(code, 1, "{format}: {err}");
    }
}

fn write(dir: &Path, name: &str, v: &Value) -> String {
    let f = dir.join(name);
    std::fs::write(&f, v.to_string()).unwrap();
    rel(&f)
}

fn report(shard: &str, summary: Value, diagnostics: Value) -> Value {
    json!({"version": 1, "shard": shard, "pack": "p", "summary": summary,
           "suppressed": [], "diagnostics": diagnostics})
}

#[test]
fn counts_that_overflow_or_contradict_the_findings_are_refused() {
    let dir = scratch("counts");
    let zero = json!({"files": 1, "errors": 0, "warnings": 0, "notes": 0, "suppressed": 0});
    let mut huge = zero.clone();
    huge["files"] = json!(u64::MAX);
    let one = write(&dir, "1.json", &report("1/2", zero.clone(), json!([])));
    let max = write(&dir, "2.json", &report("2/2", huge, json!([])));
    refused(&[&one, &max], "overflow");
    // u64::MAX errors listed as none: the summary is not what the report lists.
    let mut lying = zero.clone();
    lying["errors"] = json!(u64::MAX);
    let lie = write(&dir, "3.json", &report("2/2", lying, json!([])));
    refused(&[&one, &lie], "the summary counts");
    // An error listed, the summary saying none (merged, it passed with exit 0).
    let error = json!([{"file": "a.scenario.ron", "line": 1, "column": 1, "code": "MU010",
                        "severity": "error", "message": "x", "labels": []}]);
    let hidden = write(&dir, "4.json", &report("2/2", zero, error));
    refused(&[&one, &hidden], "lists 1");
}

#[test]
fn malformed_sarif_is_refused_not_a_panic() {
    let dir = scratch("sarif");
    let props = json!({"shard": "1/1", "pack": "p"});
    for (name, log) in [
        (
            "a.sarif",
            json!({"runs": [{"results": [], "properties": 5}]}),
        ),
        (
            "b.sarif",
            json!({"runs": [{"results": [], "invocations": 7, "properties": props}]}),
        ),
        ("c.sarif", json!({"runs": 5})),
        ("d.sarif", json!({"runs": [7]})),
    ] {
        let f = write(&dir, name, &log);
        let (code, _, err) = muster(&["merge", &f]);
        assert_eq!(code, 2, "{name}: {err}");
        assert!(!err.contains("panicked"), "{name}: {err}");
    }
}

#[cfg(unix)]
#[test]
fn special_files_are_refused_without_reading_them() {
    let dir = scratch("special");
    let fifo = dir.join("fifo.json");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if made.is_ok_and(|s| s.success()) {
        let t = std::time::Instant::now();
        let (code, _, err) = muster(&["merge", &rel(&fifo)]);
        assert_eq!(code, 2, "{err}");
        assert!(t.elapsed().as_secs() < 5, "a FIFO does not hang merge");
    }
    let t = std::time::Instant::now();
    let (code, _, err) = muster(&["merge", "/dev/zero"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("not a regular file"), "{err}");
    assert!(t.elapsed().as_secs() < 5);
}

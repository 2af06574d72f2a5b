//! Commands that could amplify a small hostile scenario (issue 27): `inspect` and
//! `export vassal` capped like `validate` (security review F12), and `inspect`/`diff`
//! counting counters per set-up line instead of one object per counter (code review 7).

use serde_json::Value;
use std::path::{Path, PathBuf};

mod common;
use common::{muster, root};

const MINIMAL: &str = "tests/cases/valid-minimal";

/// A copy of the minimal case in `target/amplify-tests/NAME`, its scenario changed by `f`
/// and its map made `size` x `size`.
fn pack(name: &str, size: u32, f: impl Fn(String) -> String) -> PathBuf {
    let dir = root().join("target/amplify-tests").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("muster.pack.ron"), "(name: \"amplify\")\n").unwrap();
    let src = root().join(MINIMAL);
    let map = std::fs::read_to_string(src.join("x.map.ron"))
        .unwrap()
        .replace(
            "columns: 6, rows: 6",
            &format!("columns: {size}, rows: {size}"),
        );
    std::fs::write(dir.join("x.map.ron"), map).unwrap();
    let scenario = f(std::fs::read_to_string(src.join("x.scenario.ron")).unwrap());
    std::fs::write(dir.join("x.scenario.ron"), scenario).unwrap();
    dir
}

fn rel(p: &Path) -> String {
    p.strip_prefix(root())
        .unwrap()
        .to_string_lossy()
        .into_owned()
}

/// Code review 7: eight `10000x` hidden lines over a 99-hex row.
fn big_lines(s: String) -> String {
    let line = "(units: [\"10000x Red Foot\"], at: Row(\"xx06\"), hidden: true),\n";
    s.replace(
        "(units: [\"Red Foot\"], at: Hexes([\"0204\"])),",
        &format!(
            "(units: [\"Red Foot\"], at: Hexes([\"0204\"])),\n{}",
            line.repeat(8)
        ),
    )
}

#[test]
fn inspect_counts_counters_instead_of_listing_each() {
    let dir = pack("big", 99, big_lines);
    let file = rel(&dir.join("x.scenario.ron"));
    let (code, out, err) = muster(&["inspect", &file]);
    assert_eq!(code, 0, "{err}");
    assert!(out.len() < 1_000_000, "{} bytes of JSON", out.len());
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["version"], 4);
    let big: Vec<&Value> = v["placements"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["units"][0]["count"] == 10000)
        .collect();
    assert_eq!(big.len(), 8, "one entry per line");
    assert_eq!(big[0]["hexes"].as_array().unwrap().len(), 99);
    assert_eq!(big[0]["hidden"], true);
    // 10000 counters over a 99-hex row: the line fills it, counted a hex at a time.
    assert_eq!(big[0]["units"][0]["mode"], "overflow");
    let at = big[0]["units"][0]["at"].as_array().unwrap();
    assert_eq!(at.len(), 99, "one entry a hex, never one a counter");
    let placed: u64 = at.iter().map(|a| a["count"].as_u64().unwrap()).sum();
    assert_eq!(placed, 10000);
    let (code, out, _) = muster(&["inspect", &file, "--format", "human"]);
    assert_eq!(code, 0);
    assert!(out.contains("10000x Red Foot"), "{out}");
    assert!(out.lines().count() < 30, "{out}");
}

#[test]
fn diff_counts_counters_in_game_terms() {
    let a = pack("diff-a", 99, big_lines);
    let b = pack("diff-b", 99, |s| {
        big_lines(s).replace(
            "(units: [\"2x Red Knights\"], at: Hexes([\"0202\", \"0203\"])),",
            "(units: [\"2x Red Knights\"], at: Hexes([\"0302\", \"0303\"])),",
        )
    });
    let (code, out, err) = muster(&["diff", &rel(&a), &rel(&b)]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("2x Red Knights (red) moved from 0202, 0203 to 0302, 0303"),
        "{out}"
    );
    assert!(
        !out.contains("Red Foot"),
        "the big lines did not change: {out}"
    );
    let c = pack("diff-c", 99, |s| {
        big_lines(s).replacen("10000x Red Foot", "9998x Red Foot", 1)
    });
    let (_, out, _) = muster(&["diff", &rel(&a), &rel(&c)]);
    assert!(out.contains("2x Red Foot (red) removed from"), "{out}");
    assert_eq!(out.lines().count(), 2, "{out}");
}

/// Security review F12: one overlays list naming the map 10,000 times.
fn many_overlays(s: String) -> String {
    let one = "(file: \"x.map.ron\", at: {}),";
    s.replace(
        "    turns: 5,",
        &format!("    overlays: [{}],\n    turns: 5,", one.repeat(10_000)),
    )
}

#[test]
fn inspect_and_export_vassal_are_capped_like_validate() {
    let dir = pack("overlays", 6, many_overlays);
    let file = rel(&dir.join("x.scenario.ron"));
    let (code, _, err) = muster(&["inspect", &file]);
    assert_eq!(code, 2, "{err}");
    let blocks = err.matches("error[").count();
    assert!(blocks > 0 && blocks <= 200, "{blocks} findings shown");
    assert!(err.contains("more in"), "an `and N more` line: {err}");
    let out = rel(&dir.join("v.vmod"));
    let (_, _, err) = muster(&["export", "vassal", &file, "-o", &out, "--force"]);
    let blocks = err.matches("error[").count();
    assert!(blocks > 0 && blocks <= 400, "{blocks} findings shown");
    assert!(err.contains("more in"), "{err}");
}

/// Code review 7: `export vassal` sets up at most `MAX_COUNTERS` counters a scenario and
/// names the rest.
#[test]
fn export_vassal_bounds_the_counters_it_sets_up() {
    let dir = pack("vassal", 30, big_lines);
    let file = rel(&dir.join("x.scenario.ron"));
    let out = rel(&dir.join("v.vmod"));
    let (code, stdout, err) = muster(&["export", "vassal", &file, "-o", &out, "--force"]);
    assert_eq!(code, 0, "{err}");
    let max = muster_vassal::MAX_COUNTERS;
    assert!(
        stdout.contains(&format!("a scenario sets up at most {max} counters")),
        "{stdout}"
    );
    let size = std::fs::metadata(dir.join("v.vmod")).unwrap().len();
    assert!(size < 20_000_000, "{size} bytes");
}

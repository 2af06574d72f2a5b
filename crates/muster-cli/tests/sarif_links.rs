//! SARIF rule metadata as Microsoft's SARIF multitool checks it (issue 28, newcomer
//! finding 3): every rule carries its help text, and `helpUri` is an absolute URL or
//! absent — never a relative string (SARIF1002). `scripts/sarif-check.sh` runs the
//! multitool itself.

use serde_json::Value;
use std::path::PathBuf;
use std::process::Command;

mod common;
use common::{muster, root};

fn rules(sarif: &Value) -> &Vec<Value> {
    sarif["runs"][0]["tool"]["driver"]["rules"]
        .as_array()
        .expect("rules")
}

/// An absolute URI: a scheme, `://` and something after it.
fn absolute(uri: &str) -> bool {
    let Some((scheme, rest)) = uri.split_once("://") else {
        return false;
    };
    !rest.is_empty()
        && scheme
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic())
        && scheme
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
}

fn sarif(args: &[&str]) -> (i32, Value) {
    let (code, out, err) = muster(args);
    let v = serde_json::from_str(&out).unwrap_or_else(|e| panic!("not JSON ({e}): {out}{err}"));
    (code, v)
}

#[test]
fn every_rule_has_help_text_and_no_relative_help_uri() {
    let (code, v) = sarif(&["validate", "--format", "sarif", "scenarios", "maps"]);
    assert!(code == 0 || code == 1, "{code}");
    let rules = rules(&v);
    assert!(!rules.is_empty());
    for r in rules {
        let id = r["id"].as_str().unwrap();
        let text = r["help"]["text"].as_str().unwrap_or("");
        let markdown = r["help"]["markdown"].as_str().unwrap_or("");
        assert!(!text.trim().is_empty(), "{id}: no help.text");
        assert!(!markdown.trim().is_empty(), "{id}: no help.markdown");
        // The help is what `muster explain` prints.
        let (_, explained, _) = muster(&["explain", id]);
        let summary = r["shortDescription"]["text"].as_str().unwrap();
        assert!(explained.contains(summary), "{id}: {explained}");
        let doc = text.strip_prefix(summary).unwrap_or(text).trim();
        assert!(explained.contains(doc), "{id}: help is not explain's text");
        // A friendly name is one Pascal-case identifier (the multitool's SARIF2012).
        let name = r["name"].as_str().unwrap();
        assert!(
            name.starts_with(|c: char| c.is_ascii_uppercase())
                && name.chars().all(|c| c.is_ascii_alphanumeric()),
            "{id}: name {name}"
        );
        match r.get("helpUri") {
            None => {}
            Some(u) => panic!("{id}: helpUri {u} without a configured base"),
        }
    }
}

#[test]
fn help_base_makes_absolute_links_with_the_codes_anchor() {
    let base = "https://example.org/pack/blob/main/docs/codes.md";
    let (code, v) = sarif(&[
        "validate",
        "--format",
        "sarif",
        "--help-base",
        base,
        "scenarios",
        "maps",
    ]);
    assert!(code == 0 || code == 1, "{code}");
    for r in rules(&v) {
        let id = r["id"].as_str().unwrap();
        let uri = r["helpUri"]
            .as_str()
            .unwrap_or_else(|| panic!("{id}: no helpUri"));
        assert!(absolute(uri), "{id}: {uri}");
        assert_eq!(uri, format!("{base}#{}", id.to_ascii_lowercase()));
    }
}

#[test]
fn a_relative_help_base_is_refused() {
    for bad in [
        "/blob/main/docs/codes.md",
        "docs/codes.md",
        "https://x.org/c.md#top",
    ] {
        let (code, _, err) = muster(&["validate", "--format", "sarif", "--help-base", bad, "maps"]);
        assert_eq!(code, 2, "{bad}: {err}");
        assert!(err.contains("--help-base"), "{err}");
    }
}

/// A scratch pack under target/: a manifest with `help_base` and one broken map.
fn failing_pack(name: &str, help_base: &str) -> PathBuf {
    let dir = root().join("target/test-scratch/sarif_links").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("muster.pack.ron"),
        format!("(\n    name: \"links\",\n    help_base: \"{help_base}\",\n)\n"),
    )
    .unwrap();
    std::fs::write(dir.join("broken.map.ron"), "(name: \"x\", hexes: [\n").unwrap();
    dir
}

#[test]
fn the_manifest_help_base_links_a_failing_packs_rules() {
    let base = "https://example.org/links/docs/codes.md";
    let dir = failing_pack("good", base);
    let out = Command::new(env!("CARGO_BIN_EXE_muster"))
        .args(["validate", "--format", "sarif", "."])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(!v["runs"][0]["results"].as_array().unwrap().is_empty());
    for r in rules(&v) {
        let uri = r["helpUri"].as_str().unwrap();
        assert!(absolute(uri) && uri.starts_with(base), "{uri}");
    }
    let bad = failing_pack("bad", "docs/codes.md");
    let out = Command::new(env!("CARGO_BIN_EXE_muster"))
        .args(["validate", "--format", "sarif", "."])
        .current_dir(&bad)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("help_base"), "{err}");
}

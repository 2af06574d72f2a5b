//! A code is a value: every code is written once, as the first argument of its `doc!` (a
//! check file's `CHECK`, or a named item of `muster_rules::codes` for the codes the
//! pipeline raises outside check functions), and everything that raises or reads it uses
//! the value (`CHECK.doc.code`, `codes::SYNTAX.code`). So the code a finding carries and
//! the code `muster explain` documents cannot drift apart (ruff ties each code to one rule
//! the same way). [`no_code_literal_outside_its_declaration`] holds this for the product
//! source of every crate; tests and fixtures may name codes as they like.

mod common;

use common::{product_code, rust_files};
use std::collections::BTreeMap;
use std::path::Path;

/// Check files that declare more than one code, and why.
const EXCEPTIONS: &[(&str, &str)] = &[
    // Three map checks in one file (terrain, hexside and path vocabularies).
    ("generic/checks/vocabulary.rs", "three vocabulary checks"),
];

fn code_literals(text: &str) -> Vec<String> {
    code_literals_at(text).into_iter().map(|(_, c)| c).collect()
}

/// Every `"XX000"` literal of `text` with its byte offset (of the opening quote).
fn code_literals_at(text: &str) -> Vec<(usize, String)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    for i in 0..b.len().saturating_sub(6) {
        let w = &b[i..i + 7];
        if w[0] == b'"'
            && w[1].is_ascii_uppercase()
            && w[2].is_ascii_uppercase()
            && w[3..6].iter().all(u8::is_ascii_digit)
            && w[6] == b'"'
        {
            out.push((i, String::from_utf8_lossy(&w[1..6]).into_owned()));
        }
    }
    out
}

/// Product source files that may write a code literal outside its `doc!`, and why. Empty:
/// every raiser uses the declared value.
const LITERAL_EXCEPTIONS: &[(&str, &str)] = &[];

/// A code is a value everywhere, not only under `checks/`: in the product source of every
/// crate (`crates/*/src`, outside comments and `#[cfg(test)]` items) a code literal is
/// only ever the first argument of a `doc!`, and each code is declared once (review
/// 2026-11-25, finding 11).
#[test]
fn no_code_literal_outside_its_declaration() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    for c in std::fs::read_dir(&crates).expect("crates") {
        rust_files(&c.expect("entry").path().join("src"), &mut files);
    }
    files.sort();
    assert!(files.len() > 100, "found only {} source files", files.len());
    let mut stray = Vec::new();
    let mut declared: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for path in &files {
        let rel = path
            .strip_prefix(&crates)
            .expect("under crates")
            .to_string_lossy()
            .replace('\\', "/");
        let text = product_code(&std::fs::read_to_string(path).expect("readable"));
        for (at, code) in code_literals_at(&text) {
            if text[..at].trim_end().ends_with("doc!(") {
                declared.entry(code).or_default().push(rel.clone());
            } else if !LITERAL_EXCEPTIONS.iter().any(|(e, _)| *e == rel) {
                let line = text[..at].matches('\n').count() + 1;
                stray.push(format!("{rel}:{line}: \"{code}\""));
            }
        }
    }
    assert!(
        stray.is_empty(),
        "code literals outside their `doc!` (use the declared value, e.g. \
         `codes::SYNTAX.code` or `CHECK.doc.code`):\n{}",
        stray.join("\n")
    );
    let twice: Vec<_> = declared.iter().filter(|(_, at)| at.len() > 1).collect();
    assert!(twice.is_empty(), "codes declared more than once: {twice:?}");
    // Every declaration is one `muster explain` knows, and every code it knows is declared.
    let documented: Vec<&str> = muster_rules::registry::all_codes()
        .iter()
        .map(|d| d.code)
        .collect();
    let undocumented: Vec<_> = declared
        .keys()
        .filter(|c| !documented.contains(&c.as_str()))
        .collect();
    assert!(
        undocumented.is_empty(),
        "declared but not in the registry: {undocumented:?}"
    );
    let unseen: Vec<_> = documented
        .iter()
        .filter(|c| !declared.contains_key(**c))
        .collect();
    assert!(
        unseen.is_empty(),
        "in the registry but no declaration found: {unseen:?}"
    );
}

/// The scanner above sees through comments and unit tests but not through product code.
#[test]
fn the_scanner_skips_comments_and_tests_only() {
    let text = "/// e.g. \"AC101\"\nconst A: &str = \"AB123\"; // \"AC102\"\n/* \"AC103\" */\n\
        #[cfg(test)]\nmod tests {\n    const B: &str = \"{ \\\" }\";\n    const C: char = '{';\n    \
        fn f<'a>(x: &'a str) {}\n    const D: &str = r#\"}\"#;\n    const E: &str = \"AC104\";\n}\n\
        const F: &str = \"AC105\";\n";
    let codes: Vec<String> = code_literals(&product_code(text));
    assert_eq!(codes, ["AB123", "AC105"]);
}

#[test]
fn every_check_file_writes_its_code_once() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut failures = Vec::new();
    let mut checked = 0;
    for system in std::fs::read_dir(&src).expect("src") {
        let dir = system.expect("entry").path().join("checks");
        let Ok(files) = std::fs::read_dir(&dir) else {
            continue;
        };
        for f in files {
            let path = f.expect("entry").path();
            let rel = path
                .strip_prefix(&src)
                .expect("under src")
                .to_string_lossy()
                .replace('\\', "/");
            let text = std::fs::read_to_string(&path).expect("readable");
            if !text.contains("pub const CHECK: ScenarioCheck")
                || EXCEPTIONS.iter().any(|(e, _)| *e == rel)
            {
                continue;
            }
            checked += 1;
            let codes = code_literals(&text);
            if codes.len() != 1 {
                failures.push(format!("{rel}: {codes:?} (emit `CHECK.doc.code`)"));
            }
        }
    }
    assert!(checked > 50, "found only {checked} check files");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `muster explain CB306` says what the check does: any shortfall of ranks the list line
/// gives strength for is a warning, not only a stand without `ranks` (review of issue 13).
#[test]
fn cb306_explains_every_shortfall_of_ranks() {
    let d = muster_rules::registry::explain("CB306").expect("CB306");
    assert!(d.doc.contains("fewer extra ranks"), "{}", d.doc);
}

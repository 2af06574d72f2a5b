//! The words of a ruleset the rules read (terrain ids and traits, hexside features and
//! their traits, paths, options, markers, pieces, unit traits) are a vocabulary: each
//! system declares its words once, in its `vocabulary.rs`, and rule code uses the
//! constants. These tests hold every declared word against the system's bundled ruleset
//! (so renaming a trait in the RON, or misspelling a constant, fails here) and scan the
//! system's folder for any other literal of that vocabulary (so a word typed in rule code
//! instead of the constant fails here too, spelled right or not). Review 2026-11-25,
//! finding 11.

mod common;

use common::{product_code, rust_files, skip_literal};
use muster_model::Ruleset;
use muster_rules::{a_la_charge, and_gentlemen_all, charles_the_bold, siege};
use std::collections::BTreeSet;
use std::path::Path;

/// A kind of word of a ruleset.
#[derive(Debug, Clone, Copy)]
enum Kind {
    Terrain,
    Traits,
    Features,
    SideTraits,
    Paths,
    Options,
    Markers,
    MarkerOn,
    Pieces,
    UnitTraits,
}

/// The words of a kind the ruleset defines.
fn defined(r: &Ruleset, kind: Kind) -> BTreeSet<&str> {
    match kind {
        Kind::Terrain => r.terrain.iter().map(|t| t.id.as_str()).collect(),
        Kind::Traits => r
            .terrain
            .iter()
            .flat_map(|t| &t.traits)
            .map(String::as_str)
            .collect(),
        Kind::Features => r.hexside_features.iter().map(|f| f.id.as_str()).collect(),
        Kind::SideTraits => r
            .hexside_features
            .iter()
            .flat_map(|f| &f.traits)
            .map(String::as_str)
            .collect(),
        Kind::Paths => r.paths.iter().map(|p| p.id.as_str()).collect(),
        Kind::Options => r.options.iter().map(|o| o.id.as_str()).collect(),
        Kind::Markers => r.markers.iter().map(|m| m.id.as_str()).collect(),
        Kind::MarkerOn => {
            let traits = defined(r, Kind::Traits);
            r.markers
                .iter()
                .flat_map(|m| &m.on)
                .map(String::as_str)
                .filter(|w| !traits.contains(w))
                .collect()
        }
        Kind::Pieces => r.pieces.iter().map(|p| p.id.as_str()).collect(),
        Kind::UnitTraits => r
            .unit_kinds
            .iter()
            .flat_map(|k| &k.traits)
            .map(String::as_str)
            .collect(),
    }
}

/// A system's folder, its ruleset, the words it declares by kind, and the calls and
/// comparisons of its rule code that read a ruleset word (a string literal as their
/// argument or operand is a vocabulary literal whatever it spells; a reader ending in `(`
/// is a call, any other is the text before the literal).
struct System {
    folder: &'static str,
    ruleset: &'static str,
    words: &'static [(Kind, &'static [&'static str])],
    readers: &'static [&'static str],
}

const SYSTEMS: &[System] = &[
    System {
        folder: "a_la_charge",
        ruleset: "a-la-charge",
        words: &[
            (Kind::Terrain, a_la_charge::vocabulary::terrain::ALL),
            (Kind::Features, a_la_charge::vocabulary::features::ALL),
            (Kind::Paths, a_la_charge::vocabulary::paths::ALL),
            (Kind::Options, a_la_charge::vocabulary::options::ALL),
        ],
        readers: &[
            "|o| o == ",
            "o == ",
            "t == ",
            "t != ",
            ") == ",
            "path_joins(",
        ],
    },
    System {
        folder: "and_gentlemen_all",
        ruleset: "and-gentlemen-all",
        words: &[
            (Kind::Terrain, and_gentlemen_all::vocabulary::terrain::ALL),
            (Kind::Features, and_gentlemen_all::vocabulary::features::ALL),
            (Kind::Paths, and_gentlemen_all::vocabulary::paths::ALL),
        ],
        readers: &["here == ", "terrain(x.hex) == ", "path_joins("],
    },
    System {
        folder: "charles_the_bold",
        ruleset: "charles-the-bold",
        words: &[(Kind::Terrain, charles_the_bold::vocabulary::terrain::ALL)],
        readers: &["t == ", ") == "],
    },
    System {
        folder: "siege",
        ruleset: "siege",
        words: &[
            (Kind::Traits, siege::vocabulary::traits::ALL),
            (Kind::SideTraits, siege::vocabulary::side_traits::ALL),
            (Kind::Features, siege::vocabulary::features::ALL),
            (Kind::Markers, siege::vocabulary::markers::ALL),
            (Kind::MarkerOn, siege::vocabulary::marker_on::ALL),
            (Kind::Options, siege::vocabulary::options::ALL),
            (Kind::UnitTraits, siege::vocabulary::unit_traits::ALL),
            (Kind::Pieces, siege::vocabulary::pieces::ALL),
        ],
        readers: &[
            "has(",
            "marked(",
            "feature_has(",
            "option(",
            "|o| o == ",
            "|t| t == ",
            "t == ",
            "kind == ",
            "kind != ",
        ],
    },
];

/// Literals of a system's vocabulary that rule code may write, and why: (file under
/// `src/`, word, reason).
const EXCEPTIONS: &[(&str, &str, &str)] = &[
    (
        "a_la_charge/los.rs",
        "slope",
        "`hilltop_class` names the class of a hex for §12.2 (slope, hilltop by a slope, \
         inner hilltop, level): a word of the rule, not the terrain id it matches on",
    ),
    (
        "siege/checks/marker_kind_and_value.rs",
        "wall",
        "the word a message uses for a hex without terrain, not a trait it reads",
    ),
    (
        "siege/system.rs",
        "screen",
        "the load `muster query reach --carrying` accepts (screen, oil, barrel): a word of \
         the query's argument, not the piece id",
    ),
    (
        "siege/system.rs",
        "oil",
        "the load `muster query reach --carrying` accepts (screen, oil, barrel): a word of \
         the query's argument, not the marker id",
    ),
];

/// Whether the literal at `at` is an argument or operand of one of `readers`.
fn read_as_vocabulary(readers: &[&str], text: &str, at: usize) -> bool {
    let line = text[..at].rsplit('\n').next().unwrap_or("");
    if readers
        .iter()
        .any(|r| !r.ends_with('(') && line.ends_with(r))
    {
        return true;
    }
    // Inside an open call: the last unclosed `(` of the line ends a reader's name.
    let mut depth = 0i32;
    for (i, c) in line.char_indices().rev() {
        match c {
            ')' => depth += 1,
            '(' if depth == 0 => {
                let before = &line[..=i];
                return readers.iter().any(|r| {
                    r.ends_with('(')
                        && before.ends_with(r)
                        && !before[..before.len() - r.len()]
                            .ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
                });
            }
            '(' => depth -= 1,
            _ => {}
        }
    }
    false
}

/// Whether the literal at `at` is a check's kebab name, the second argument of its `doc!`
/// (`doc!("SI415", "command-control", …)` names the check, not the option).
fn check_name(text: &str, at: usize) -> bool {
    let Some(before) = text[..at].trim_end().strip_suffix(',') else {
        return false;
    };
    let before = before.trim_end();
    before.len() > 7
        && before.ends_with('"')
        && before[..before.len() - 7].trim_end().ends_with("doc!(")
}

/// The string literals of product code, each with its offset and content.
fn string_literals(text: &str) -> Vec<(usize, &str)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        match skip_literal(b, i) {
            Some(end) => {
                if b[i] == b'"' {
                    out.push((i, &text[i + 1..end - 1]));
                }
                i = end;
            }
            None => i += 1,
        }
    }
    out
}

#[test]
fn every_word_the_rules_read_is_in_the_ruleset() {
    let mut failures = Vec::new();
    for sys in SYSTEMS {
        let r = muster_rules::ruleset(sys.ruleset).expect("bundled ruleset");
        for (kind, words) in sys.words {
            let known = defined(r, *kind);
            assert!(
                !words.is_empty(),
                "{}: {kind:?} declares nothing",
                sys.folder
            );
            for w in *words {
                if !known.contains(w) {
                    failures.push(format!(
                        "{}/vocabulary.rs: {kind:?} `{w}` is not in {}.ruleset.ron (it has {known:?})",
                        sys.folder, sys.ruleset
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn rule_code_writes_no_vocabulary_literal() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut stray = Vec::new();
    let mut scanned = 0;
    for sys in SYSTEMS {
        let r = muster_rules::ruleset(sys.ruleset).expect("bundled ruleset");
        // Every word of the kinds this system declares, whether it declares it or not.
        let vocabulary: BTreeSet<&str> = sys
            .words
            .iter()
            .flat_map(|(kind, _)| defined(r, *kind))
            .collect();
        let mut files = Vec::new();
        rust_files(&src.join(sys.folder), &mut files);
        for path in files {
            let rel = path
                .strip_prefix(&src)
                .expect("under src")
                .to_string_lossy()
                .replace('\\', "/");
            if rel.ends_with("/vocabulary.rs") {
                continue;
            }
            scanned += 1;
            let text = product_code(&std::fs::read_to_string(&path).expect("readable"));
            for (at, lit) in string_literals(&text) {
                let word = vocabulary.contains(lit)
                    && !check_name(&text, at)
                    && !EXCEPTIONS.iter().any(|(f, w, _)| *f == rel && *w == lit);
                if word || read_as_vocabulary(sys.readers, &text, at) {
                    let line = text[..at].matches('\n').count() + 1;
                    stray.push(format!("{rel}:{line}: \"{lit}\""));
                }
            }
        }
    }
    assert!(scanned > 80, "scanned only {scanned} files");
    assert!(
        stray.is_empty(),
        "ruleset words written as literals in rule code (declare them in the system's \
         vocabulary.rs and use the constant):\n{}",
        stray.join("\n")
    );
}

/// The scan sees a word in a reader's call or comparison whatever it spells.
#[test]
fn the_scan_sees_readers() {
    let text = "f.has(h, \"bilding\") && t.has(\"x\") && s.marked(a, \"y\") && t == \"z\" \
        && f(\"not\") && feature_has(f, p, q, \"w\") && g(k.has(h, q), \"no\")";
    let readers = SYSTEMS
        .iter()
        .find(|s| s.folder == "siege")
        .expect("siege")
        .readers;
    let read: Vec<&str> = string_literals(text)
        .into_iter()
        .filter(|(at, _)| read_as_vocabulary(readers, text, *at))
        .map(|(_, l)| l)
        .collect();
    assert_eq!(read, ["bilding", "x", "y", "z", "w"]);
}

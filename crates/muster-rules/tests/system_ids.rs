//! No Rust source matches on a game system's id outside the system table: a string literal
//! that is exactly a system's id (or the A la Charge Saint Albans variant's option id)
//! appears only in `crates/muster-rules/src/system.rs` and in that system's own folder.
//! Walks `crates/*/src` and `crates/*/examples`. Not counted: comments (doc comments
//! included), prose and paths that merely contain an id, and `#[cfg(test)]` items.

use std::path::{Path, PathBuf};

/// Each id, and the folder of `crates/muster-rules/src/` that may write it.
const IDS: &[(&str, &str)] = &[
    ("a-la-charge", "a_la_charge"),
    ("saint-albans", "a_la_charge"),
    ("and-gentlemen-all", "and_gentlemen_all"),
    ("charles-the-bold", "charles_the_bold"),
    ("siege", "siege"),
];

/// Places that may write an id for another reason than the system, each with why.
const ALLOWED: &[(&str, &str, &str)] = &[
    (
        "crates/muster-model/src/canonical.rs",
        "siege",
        "the scenario's `siege` field, written by name",
    ),
    (
        "crates/muster-check/src/inspect.rs",
        "siege",
        "the scenario's `siege` field in inspect's JSON",
    ),
    (
        "crates/muster-bench/",
        "a-la-charge",
        "the benchmark writes synthetic A la Charge packs (fixtures)",
    ),
];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The string literals of Rust source outside comments and `#[cfg(test)]` items, each with
/// its line.
fn literals(src: &str) -> Vec<(usize, String)> {
    let b: Vec<char> = src.chars().collect();
    let mut out = Vec::new();
    let (mut i, mut line) = (0, 1);
    // Code with comments and literals blanked, to find `#[cfg(test)]` and its item.
    let mut code = String::new();
    let mut code_lits: Vec<(usize, usize, String)> = Vec::new(); // (offset in code, line, text)
    while i < b.len() {
        let c = b[i];
        let next = b.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < b.len() && b[i] != '\n' {
                i += 1;
            }
            continue;
        }
        if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < b.len() {
                if b[i] == '/' && b.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if b[i] == '*' && b.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    if b[i] == '\n' {
                        line += 1;
                        code.push('\n');
                    }
                    i += 1;
                }
            }
            continue;
        }
        // Raw strings: r"…", r#"…"#, br#"…"#.
        if c == 'r' && (next == Some('"') || next == Some('#')) && !ident_before(&b, i) {
            let mut j = i + 1;
            let mut hashes = 0;
            while b.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if b.get(j) == Some(&'"') {
                let start_line = line;
                let mut text = String::new();
                j += 1;
                loop {
                    match b.get(j) {
                        None => break,
                        Some('"') if (1..=hashes).all(|k| b.get(j + k) == Some(&'#')) => {
                            j += 1 + hashes;
                            break;
                        }
                        Some(ch) => {
                            if *ch == '\n' {
                                line += 1;
                            }
                            text.push(*ch);
                            j += 1;
                        }
                    }
                }
                code_lits.push((code.len(), start_line, text));
                code.push_str("\"\"");
                i = j;
                continue;
            }
        }
        if c == '"' {
            let start_line = line;
            let mut text = String::new();
            let mut j = i + 1;
            while j < b.len() && b[j] != '"' {
                if b[j] == '\\' {
                    text.push(b[j]);
                    j += 1;
                }
                if let Some(ch) = b.get(j) {
                    if *ch == '\n' {
                        line += 1;
                    }
                    text.push(*ch);
                }
                j += 1;
            }
            code_lits.push((code.len(), start_line, text));
            code.push_str("\"\"");
            i = j + 1;
            continue;
        }
        if c == '\'' {
            // A char literal ('x', '\n', '"'); otherwise a lifetime.
            if next == Some('\\') {
                let mut j = i + 2;
                while j < b.len() && b[j] != '\'' {
                    j += 1;
                }
                code.push_str("' '");
                i = j + 1;
                continue;
            }
            if b.get(i + 2) == Some(&'\'') {
                code.push_str("' '");
                i += 3;
                continue;
            }
        }
        if c == '\n' {
            line += 1;
        }
        code.push(c);
        i += 1;
    }
    // Drop the literals inside `#[cfg(test)]` items.
    let mut skipped: Vec<(usize, usize)> = Vec::new();
    let mut from = 0;
    while let Some(at) = code[from..].find("#[cfg(test)]") {
        let start = from + at;
        let mut depth = 0;
        let mut end = code.len();
        for (k, ch) in code[start + "#[cfg(test)]".len()..].char_indices() {
            let k = start + "#[cfg(test)]".len() + k;
            match ch {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = k;
                        break;
                    }
                }
                ';' if depth == 0 => {
                    end = k;
                    break;
                }
                _ => {}
            }
        }
        skipped.push((start, end));
        from = end.max(start + 1);
    }
    for (off, l, text) in code_lits {
        if !skipped.iter().any(|(a, z)| off >= *a && off <= *z) {
            out.push((l, text));
        }
    }
    out
}

fn ident_before(b: &[char], i: usize) -> bool {
    i > 0 && (b[i - 1].is_alphanumeric() || b[i - 1] == '_')
}

#[test]
fn no_system_id_is_written_outside_the_system_table_and_its_folder() {
    let root = root();
    let mut files = Vec::new();
    let crates = std::fs::read_dir(root.join("crates")).expect("crates/");
    for c in crates.flatten() {
        rust_files(&c.path().join("src"), &mut files);
        rust_files(&c.path().join("examples"), &mut files);
    }
    assert!(files.len() > 50, "the walk found the crates' sources");
    let mut found = Vec::new();
    for f in &files {
        let rel = f
            .strip_prefix(&root)
            .unwrap_or(f)
            .to_string_lossy()
            .replace('\\', "/");
        let Ok(src) = std::fs::read_to_string(f) else {
            continue;
        };
        for (line, text) in literals(&src) {
            for (id, folder) in IDS {
                if text != *id {
                    continue;
                }
                let own = rel == "crates/muster-rules/src/system.rs"
                    || rel.starts_with(&format!("crates/muster-rules/src/{folder}/"));
                let allowed = ALLOWED
                    .iter()
                    .any(|(p, lit, _)| rel.starts_with(p) && lit == id);
                if !own && !allowed {
                    found.push(format!("{rel}:{line}: \"{id}\""));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "system ids outside the table (ask `muster_rules::system`/`GameSystem` instead):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_scanner_sees_code_and_skips_comments_and_tests() {
    let src = r##"
// "siege" in a comment
/// "siege" in a doc comment
fn f() -> &'static str { if x == "siege" { 'a' } ; r#"siege"# }
#[cfg(test)]
mod tests { fn g() { "siege"; } }
fn h() { "scenarios/siege/x.ron"; }
"##;
    let lits: Vec<(usize, String)> = literals(src)
        .into_iter()
        .filter(|(_, t)| t == "siege")
        .collect();
    assert_eq!(
        lits,
        vec![(4, "siege".to_string()), (4, "siege".to_string())]
    );
}

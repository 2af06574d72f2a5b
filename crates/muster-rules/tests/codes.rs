//! A code is a value: each check file declares its code once, in its `doc!`, and emits it
//! as `CHECK.doc.code`, so the code a check raises and the code `muster explain` documents
//! cannot drift apart (ruff ties each code to one rule the same way).

use std::path::Path;

/// Files that legitimately name other codes, and why.
const EXCEPTIONS: &[(&str, &str)] = &[
    // Reads the zone findings of resolution (MU050, MU051) and raises the turn finding
    // of a rule's zone as the reinforcement-turn code.
    (
        "generic/checks/rule_zones.rs",
        "reads and raises the zone codes of resolution",
    ),
    // Three map checks in one file (terrain, hexside and path vocabularies).
    ("generic/checks/vocabulary.rs", "three vocabulary checks"),
];

fn code_literals(text: &str) -> Vec<String> {
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
            out.push(String::from_utf8_lossy(&w[1..6]).into_owned());
        }
    }
    out
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

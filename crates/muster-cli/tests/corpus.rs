//! The fixture corpus in `tests/cases/`: each case is a folder of Muster files. Cases
//! named `invalid-*` must yield at least one located error; cases named `valid-*` none.
//! Every case's rendered diagnostics are compared with its snapshot in
//! `tests/snapshots/` (review changes with `cargo insta review`).

use muster_check::{Checker, Severity};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

fn cases() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(root().join("tests/cases"))
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .collect();
    v.sort();
    v
}

#[test]
fn corpus_cases_render_as_their_snapshots() {
    let root = root();
    let cases = cases();
    assert!(cases.len() >= 10, "the corpus has its cases");
    let mut failures = Vec::new();
    for case in cases {
        let name = case.file_name().unwrap().to_string_lossy().to_string();
        let report = Checker::new().check_paths(std::slice::from_ref(&case));
        let errors = report.count(Severity::Error);
        if name.starts_with("invalid-") {
            if errors == 0 {
                failures.push(format!("{name}: expected at least one error, got none"));
            }
            for f in report
                .findings()
                .filter(|f| f.diagnostic.severity == Severity::Error)
            {
                if f.line == 0 || f.diagnostic.code.len() != 5 {
                    failures.push(format!(
                        "{name}: unlocated or uncoded finding {:?}",
                        f.diagnostic
                    ));
                }
            }
        } else if name.starts_with("valid-") && errors != 0 {
            failures.push(format!("{name}: expected no error, got {errors}"));
        }
        let text = muster_cli::render::human(&report, Some(&root));
        let mut settings = insta::Settings::clone_current();
        settings.set_snapshot_path(root.join("tests/snapshots"));
        settings.set_prepend_module_to_snapshot(false);
        settings.set_omit_expression(true);
        settings.bind(|| insta::assert_snapshot!(name.clone(), text));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_invalid_case_names_its_code_and_every_code_has_a_failing_case() {
    // Each invalid case folder holds an EXPECT file with the code it must produce.
    let mut covered = std::collections::BTreeSet::new();
    for case in cases().into_iter().filter(|c| {
        c.file_name()
            .unwrap()
            .to_string_lossy()
            .starts_with("invalid-")
    }) {
        let expect = std::fs::read_to_string(case.join("EXPECT"))
            .unwrap_or_else(|_| panic!("{} has an EXPECT file", case.display()));
        let report = Checker::new().check_paths(std::slice::from_ref(&case));
        for code in expect.split_whitespace() {
            // Codes that only ever inform (AG203) count as notes; all others must be findings.
            let informational = muster_rules::registry::explain(code)
                .is_some_and(|d| d.summary.contains("(a note"));
            assert!(
                report.findings().any(|f| f.diagnostic.code == code
                    && (informational || f.diagnostic.severity > Severity::Note)),
                "{}: expected a {code} finding",
                case.display()
            );
            covered.insert(code.to_string());
        }
    }
    let missing: Vec<_> = muster_rules::registry::all_codes()
        .into_iter()
        .map(|d| d.code)
        .filter(|c| !covered.contains(*c))
        .collect();
    assert!(
        missing.is_empty(),
        "codes without a failing case in tests/cases: {missing:?}"
    );
}

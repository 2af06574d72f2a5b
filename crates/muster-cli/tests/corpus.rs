//! The fixture corpus in `tests/cases/`: each case is a folder of Muster files. Cases
//! named `invalid-*` must yield at least one located error; cases named `valid-*` none.
//! Every case's rendered diagnostics are compared with its snapshot in
//! `tests/snapshots/` (review changes with `cargo insta review`).
//!
//! Each case is its own test (a libtest-mimic harness), so the first mismatch hides no
//! other: `cargo test -p muster-cli --test corpus -- invalid-ac101` runs one.

use libtest_mimic::{Arguments, Failed, Trial};
use muster_check::{Checker, Severity};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("the workspace root")
}

fn cases() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(root().join("tests/cases"))
        .expect("tests/cases")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .collect();
    v.sort();
    v
}

/// One case: its verdict, its EXPECT codes (invalid cases), its snapshot.
fn check_case(case: &Path) -> Result<(), Failed> {
    let root = root();
    let name = case
        .file_name()
        .unwrap_or_default()
        .to_string_lossy()
        .to_string();
    let report = Checker::new().check_paths(&[case.to_path_buf()]);
    let errors = report.count(Severity::Error);
    let mut failures = Vec::new();
    if name.starts_with("invalid-") {
        if errors == 0 {
            failures.push("expected at least one error, got none".to_string());
        }
        for f in report
            .findings()
            .filter(|f| f.diagnostic.severity == Severity::Error)
        {
            if f.line == 0 || f.diagnostic.code.len() != 5 {
                failures.push(format!("unlocated or uncoded finding {:?}", f.diagnostic));
            }
        }
        let expect = std::fs::read_to_string(case.join("EXPECT"))
            .map_err(|_| format!("{name} has no EXPECT file"))?;
        for code in expect.split_whitespace() {
            // Codes that only ever inform (AG203) count as notes; all others must be findings.
            let informational = muster_rules::registry::explain(code)
                .is_some_and(|d| d.summary.contains("(a note"));
            if !report.findings().any(|f| {
                f.diagnostic.code == code
                    && (informational || f.diagnostic.severity > Severity::Note)
            }) {
                failures.push(format!("expected a {code} finding"));
            }
        }
    } else if name.starts_with("valid-") && errors != 0 {
        failures.push(format!("expected no error, got {errors}"));
    }
    let text = muster_cli::render::human(&report, Some(&root));
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(root.join("tests/snapshots"));
    settings.set_prepend_module_to_snapshot(false);
    settings.set_omit_expression(true);
    settings.bind(|| insta::assert_snapshot!(name.clone(), text));
    if failures.is_empty() {
        Ok(())
    } else {
        Err(failures.join("\n").into())
    }
}

/// Every code has a failing case: the union of the EXPECT files covers the registry.
fn every_code_has_a_failing_case() -> Result<(), Failed> {
    let mut covered = std::collections::BTreeSet::new();
    for case in cases() {
        if let Ok(expect) = std::fs::read_to_string(case.join("EXPECT")) {
            covered.extend(expect.split_whitespace().map(str::to_string));
        }
    }
    let missing: Vec<_> = muster_rules::registry::all_codes()
        .into_iter()
        .map(|d| d.code)
        .filter(|c| !covered.contains(*c))
        .collect();
    if missing.is_empty() {
        Ok(())
    } else {
        Err(format!("codes without a failing case in tests/cases: {missing:?}").into())
    }
}

fn main() {
    let args = Arguments::from_args();
    let cases = cases();
    assert!(cases.len() >= 10, "the corpus has its cases");
    let mut trials: Vec<Trial> = cases
        .into_iter()
        .map(|case| {
            let name = case
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .to_string();
            Trial::test(name, move || check_case(&case))
        })
        .collect();
    trials.push(Trial::test(
        "every_code_has_a_failing_case",
        every_code_has_a_failing_case,
    ));
    libtest_mimic::run(&args, trials).exit();
}

//! The fixture corpus in `tests/cases/`: each case is a folder of Muster files holding one
//! thing under test, and an `EXPECT` file listing every finding the case yields.
//!
//! # `EXPECT`
//!
//! One line per code and severity, `CODE severity count`:
//!
//! ```text
//! # The line of six knights cannot reach its morale hexes.
//! AC105 warning 1
//! ```
//!
//! `severity` is `error`, `warning` or `note`; `count` is how many findings of that code at
//! that severity the case yields over all its files (findings left out by a cap count too).
//! Blank lines are ignored and `#` starts a comment. The match is exact: the case fails on a
//! listed code it does not yield, a code it yields that is not listed, and a wrong count or
//! severity; the failure lists the case's findings as `EXPECT` lines. Severity is the
//! finding's own, never read from a code's prose.
//!
//! Every case has an `EXPECT`, so a missing or misnamed file can never pass for "no
//! findings": a case with no findings has an `EXPECT` holding only comments.
//!
//! # Names
//!
//! The name says only whether the case is meant to be clean:
//! - `invalid-<code>-<what>`: a case of a mistake; it yields at least one finding (of any
//!   severity: a warning or a note is a case as good as an error, and no case carries a
//!   second mistake to have an error).
//! - `valid-<what>`: a clean case; it yields no error. The warnings and notes it does yield
//!   are listed in its `EXPECT` like any other finding.
//!
//! Every finding of every case must be located (a line) and coded (a five-character code),
//! and every registered code must be listed in some `invalid-*` case's `EXPECT`.
//!
//! Every case's rendered diagnostics are also compared with its snapshot in
//! `tests/snapshots/` (review changes with `cargo insta review`).
//!
//! Each case is its own test (a libtest-mimic harness), so the first mismatch hides no
//! other: `cargo test -p muster-cli --test corpus -- invalid-ac101` runs one; the tests of
//! the `EXPECT` reader itself are named `expect::…`.

use libtest_mimic::{Arguments, Failed, Trial};
use muster_check::{Checker, Report, Severity};
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

/// Reading `EXPECT` files and comparing them with what a case yields.
mod expect {
    use muster_check::{Report, Severity};
    use std::collections::BTreeMap;

    /// How many findings of each code and severity: what `EXPECT` lists, or what a case
    /// yields.
    pub type Tally = BTreeMap<(String, Severity), usize>;

    fn severity(word: &str) -> Option<Severity> {
        [Severity::Error, Severity::Warning, Severity::Note]
            .into_iter()
            .find(|s| s.as_str() == word)
    }

    /// A code is a system prefix of two capital letters and three digits (`MU023`).
    pub fn is_code(code: &str) -> bool {
        let b = code.as_bytes();
        b.len() == 5
            && b[..2].iter().all(u8::is_ascii_uppercase)
            && b[2..].iter().all(u8::is_ascii_digit)
    }

    /// Reads an `EXPECT` file: `CODE severity count` lines, blank lines, `#` comments.
    pub fn parse(text: &str) -> Result<Tally, String> {
        let mut tally = Tally::new();
        for (i, line) in text.lines().enumerate() {
            let at = i + 1;
            let line = line.split('#').next().unwrap_or_default().trim();
            if line.is_empty() {
                continue;
            }
            let words: Vec<&str> = line.split_whitespace().collect();
            let [code, sev, count] = words[..] else {
                return Err(format!(
                    "EXPECT line {at}: `{line}` is not `CODE severity count` (e.g. `AC105 warning 1`)"
                ));
            };
            if !is_code(code) {
                return Err(format!(
                    "EXPECT line {at}: `{code}` is not a code (two capitals and three digits)"
                ));
            }
            let sev = severity(sev).ok_or_else(|| {
                format!("EXPECT line {at}: `{sev}` is not `error`, `warning` or `note`")
            })?;
            let count: usize = match count.parse() {
                Ok(n) if n > 0 => n,
                _ => {
                    return Err(format!(
                        "EXPECT line {at}: `{count}` is not a count of 1 or more \
                         (leave out a code the case does not yield)"
                    ))
                }
            };
            if tally.insert((code.to_string(), sev), count).is_some() {
                return Err(format!(
                    "EXPECT line {at}: `{code} {}` is listed twice",
                    sev.as_str()
                ));
            }
        }
        Ok(tally)
    }

    /// What a report holds: every finding, and those a cap left out.
    pub fn tally(report: &Report) -> Tally {
        let mut tally = Tally::new();
        for f in report.findings() {
            *tally
                .entry((f.diagnostic.code.to_string(), f.diagnostic.severity))
                .or_default() += 1;
        }
        for file in &report.files {
            for (code, sev, n) in file.suppressed.entries() {
                *tally.entry((code.to_string(), sev)).or_default() += n;
            }
        }
        tally
    }

    /// A tally as `EXPECT` lines.
    pub fn lines(tally: &Tally) -> String {
        tally
            .iter()
            .map(|((code, sev), n)| format!("{code} {} {n}\n", sev.as_str()))
            .collect()
    }

    /// The differences between what `EXPECT` lists and what a case yields, one line each:
    /// none when they are the same.
    pub fn diff(expected: &Tally, actual: &Tally) -> Vec<String> {
        let at = |t: &Tally, code: &str| -> BTreeMap<Severity, usize> {
            t.iter()
                .filter(|((c, _), _)| c == code)
                .map(|((_, s), n)| (*s, *n))
                .collect()
        };
        let show = |m: &BTreeMap<Severity, usize>| -> String {
            m.iter()
                .map(|(s, n)| format!("{} {n}", s.as_str()))
                .collect::<Vec<_>>()
                .join(" + ")
        };
        let codes: std::collections::BTreeSet<&str> = expected
            .keys()
            .chain(actual.keys())
            .map(|(c, _)| c.as_str())
            .collect();
        let mut out = Vec::new();
        for code in codes {
            let (e, a) = (at(expected, code), at(actual, code));
            if e == a {
                continue;
            }
            if a.is_empty() {
                out.push(format!(
                    "missing: {code} {} (the case yields none)",
                    show(&e)
                ));
            } else if e.is_empty() {
                out.push(format!("unexpected: {code} {} (not in EXPECT)", show(&a)));
            } else if e.keys().eq(a.keys()) {
                for (s, n) in &e {
                    if a[s] != *n {
                        out.push(format!(
                            "wrong count: {code} {}: EXPECT says {n}, the case yields {}",
                            s.as_str(),
                            a[s]
                        ));
                    }
                }
            } else {
                out.push(format!(
                    "wrong severity: {code}: EXPECT says {}, the case yields {}",
                    show(&e),
                    show(&a)
                ));
            }
        }
        out
    }

    /// The reader's own tests, run as trials of the harness.
    pub mod tests {
        use super::*;

        fn t(lines: &[(&str, Severity, usize)]) -> Tally {
            lines
                .iter()
                .map(|(c, s, n)| ((c.to_string(), *s), *n))
                .collect()
        }

        fn ensure(ok: bool, what: &str) -> Result<(), String> {
            if ok {
                Ok(())
            } else {
                Err(what.to_string())
            }
        }

        pub fn reads_lines_comments_and_blanks() -> Result<(), String> {
            let got = parse("# why\n\nAC105 warning 1\n  MU023 error 2 # trailing\n")?;
            ensure(
                got == t(&[
                    ("AC105", Severity::Warning, 1),
                    ("MU023", Severity::Error, 2),
                ]),
                &format!("read {got:?}"),
            )?;
            ensure(parse("# nothing\n\n")?.is_empty(), "comments only is empty")
        }

        pub fn rejects_malformed_lines() -> Result<(), String> {
            for bad in [
                "AC105",                            // the old format, a bare code
                "AC105 warning",                    // no count
                "AC105 warning 1 extra",            // too many words
                "ac105 warning 1",                  // not a code
                "AC105 fatal 1",                    // not a severity
                "AC105 warning 0",                  // a code not yielded is left out
                "AC105 warning x",                  // not a number
                "AC105 warning 1\nAC105 warning 2", // twice
            ] {
                ensure(parse(bad).is_err(), &format!("accepted `{bad}`"))?;
            }
            Ok(())
        }

        pub fn a_wrong_count_fails() -> Result<(), String> {
            let expected = parse("AC105 warning 1\n")?;
            let actual = t(&[("AC105", Severity::Warning, 2)]);
            let d = diff(&expected, &actual);
            ensure(
                d == ["wrong count: AC105 warning: EXPECT says 1, the case yields 2"],
                &format!("diff {d:?}"),
            )
        }

        pub fn a_wrong_severity_fails() -> Result<(), String> {
            let expected = parse("AG203 note 1\n")?;
            let actual = t(&[("AG203", Severity::Warning, 1)]);
            let d = diff(&expected, &actual);
            ensure(
                d == ["wrong severity: AG203: EXPECT says note 1, the case yields warning 1"],
                &format!("diff {d:?}"),
            )
        }

        pub fn missing_and_unexpected_codes_fail() -> Result<(), String> {
            let expected = parse("AC105 warning 1\n")?;
            let actual = t(&[("MU023", Severity::Error, 1)]);
            let d = diff(&expected, &actual);
            ensure(
                d == [
                    "missing: AC105 warning 1 (the case yields none)",
                    "unexpected: MU023 error 1 (not in EXPECT)",
                ],
                &format!("diff {d:?}"),
            )
        }

        pub fn the_same_tally_passes() -> Result<(), String> {
            let expected = parse("MU023 error 1\nAC105 warning 1\n")?;
            let actual = t(&[
                ("AC105", Severity::Warning, 1),
                ("MU023", Severity::Error, 1),
            ]);
            ensure(
                diff(&expected, &actual).is_empty(),
                "a matching tally failed",
            )?;
            ensure(
                lines(&actual) == "AC105 warning 1\nMU023 error 1\n",
                "tally written as EXPECT lines",
            )?;
            ensure(parse(&lines(&actual))? == actual, "EXPECT lines read back")
        }

        /// A reader test: `Err` says what went wrong.
        type Test = fn() -> Result<(), String>;

        /// Every reader test, by name.
        pub const ALL: &[(&str, Test)] = &[
            (
                "reads_lines_comments_and_blanks",
                reads_lines_comments_and_blanks,
            ),
            ("rejects_malformed_lines", rejects_malformed_lines),
            ("a_wrong_count_fails", a_wrong_count_fails),
            ("a_wrong_severity_fails", a_wrong_severity_fails),
            (
                "missing_and_unexpected_codes_fail",
                missing_and_unexpected_codes_fail,
            ),
            ("the_same_tally_passes", the_same_tally_passes),
        ];
    }
}

fn case_name(case: &Path) -> String {
    case.file_name()
        .unwrap_or_default()
        .to_string_lossy()
        .to_string()
}

/// What is wrong with a case's findings against its name and `EXPECT`, one line each.
fn judge(name: &str, case: &Path, report: &Report) -> Vec<String> {
    let mut failures = Vec::new();
    for f in report.findings() {
        if f.line == 0 || !expect::is_code(f.diagnostic.code) {
            failures.push(format!("unlocated or uncoded finding {:?}", f.diagnostic));
        }
    }
    let actual = expect::tally(report);
    let errors = report.count(Severity::Error);
    if name.starts_with("invalid-") {
        if actual.is_empty() {
            failures.push("an invalid-* case yields no finding".to_string());
        }
    } else if name.starts_with("valid-") {
        if errors != 0 {
            failures.push(format!("a valid-* case must yield no error, got {errors}"));
        }
    } else {
        failures.push("a case is named invalid-<code>-<what> or valid-<what>".to_string());
    }
    match std::fs::read_to_string(case.join("EXPECT")) {
        Err(_) => failures.push(
            "no EXPECT file (a case with no findings has one with only comments)".to_string(),
        ),
        Ok(text) => match expect::parse(&text) {
            Err(e) => failures.push(e),
            Ok(expected) => failures.extend(expect::diff(&expected, &actual)),
        },
    }
    if !failures.is_empty() {
        failures.push(format!(
            "the case yields, as EXPECT lines:\n{}",
            expect::lines(&actual)
        ));
    }
    failures
}

/// One case: its findings against its name and `EXPECT`, and its snapshot.
fn check_case(case: &Path) -> Result<(), Failed> {
    let root = root();
    let name = case_name(case);
    let report = Checker::new().check_paths(&[case.to_path_buf()]);
    let mut failures = judge(&name, case, &report);
    let text = muster_cli::render::human(&report, Some(&root));
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(root.join("tests/snapshots"));
    settings.set_prepend_module_to_snapshot(false);
    settings.set_omit_expression(true);
    // A snapshot mismatch panics (insta prints the diff); caught, so that the EXPECT
    // failures above are reported with it.
    let snapshot = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        settings.bind(|| insta::assert_snapshot!(name.clone(), text));
    }));
    if snapshot.is_err() {
        failures.push(format!(
            "the rendered diagnostics differ from tests/snapshots/{name}.snap (diff above)"
        ));
    }
    if failures.is_empty() {
        Ok(())
    } else {
        Err(failures.join("\n").into())
    }
}

/// Every code has a failing case: the `EXPECT` files of the `invalid-*` cases cover the
/// registry.
fn every_code_has_a_failing_case() -> Result<(), Failed> {
    let mut covered = std::collections::BTreeSet::new();
    for case in cases() {
        if !case_name(&case).starts_with("invalid-") {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(case.join("EXPECT")) else {
            continue; // its own trial fails
        };
        if let Ok(expected) = expect::parse(&text) {
            covered.extend(expected.into_keys().map(|(code, _)| code));
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
        Err(format!("codes without an invalid-* case in tests/cases: {missing:?}").into())
    }
}

fn main() {
    let args = Arguments::from_args();
    let cases = cases();
    assert!(cases.len() >= 10, "the corpus has its cases");
    let mut trials: Vec<Trial> = cases
        .into_iter()
        .map(|case| Trial::test(case_name(&case), move || check_case(&case)))
        .collect();
    trials.push(Trial::test(
        "every_code_has_a_failing_case",
        every_code_has_a_failing_case,
    ));
    for (name, test) in expect::tests::ALL {
        trials.push(Trial::test(format!("expect::{name}"), move || {
            test().map_err(Failed::from)
        }));
    }
    libtest_mimic::run(&args, trials).exit();
}

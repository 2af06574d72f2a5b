//! JUnit XML: one test case per file, failing with its error-level diagnostics.

use super::escape::{shown, shown_path as display_path};
use muster_check::{Report, Severity};
use quick_junit::{NonSuccessKind, Report as JUnit, TestCase, TestCaseStatus, TestSuite};
use std::path::Path;

/// The report as a JUnit XML document; every string from a file bounded and escaped
/// (see the `escape` module).
pub fn junit(report: &Report, base: Option<&Path>) -> String {
    junit_with_properties(report, base, &[])
}

/// [`junit`] with properties on its test suite (`muster.shard`, `muster.pack` of a
/// sharded run).
pub fn junit_with_properties(
    report: &Report,
    base: Option<&Path>,
    properties: &[(&str, &str)],
) -> String {
    let report = &shown(report);
    let mut suite = TestSuite::new("muster validate");
    for (name, value) in properties {
        suite.add_property(quick_junit::Property::new(*name, *value));
    }
    for file in &report.files {
        let name = display_path(&file.path, base);
        let errors: Vec<_> = file
            .findings
            .iter()
            .filter(|f| f.diagnostic.severity == Severity::Error)
            .collect();
        let status = if errors.is_empty() {
            TestCaseStatus::success()
        } else {
            let mut s = TestCaseStatus::non_success(NonSuccessKind::Failure);
            let n = errors.len() + file.suppressed.errors();
            s.set_message(format!("{n} error{}", if n == 1 { "" } else { "s" }));
            s.set_type("muster");
            let description: Vec<String> = errors.iter().map(|f| finding_line(&name, f)).collect();
            s.set_description(description.join("\n"));
            s
        };
        let mut case = TestCase::new(name.clone(), status);
        case.set_classname("muster");
        let others: Vec<String> = file
            .findings
            .iter()
            .filter(|f| f.diagnostic.severity != Severity::Error)
            .map(|f| finding_line(&name, f))
            .collect();
        let mut others = others;
        if file.suppressed.total() > 0 {
            others.push(format!(
                "{name}: {} more findings ({} errors) not shown; at most {} are shown per file",
                file.suppressed.total(),
                file.suppressed.errors(),
                muster_check::MAX_FINDINGS_PER_FILE
            ));
        }
        if !others.is_empty() {
            case.set_system_out(others.join("\n"));
        }
        suite.add_test_case(case);
    }
    let mut junit = JUnit::new("muster");
    junit.add_test_suite(suite);
    junit.to_string().unwrap_or_default()
}

/// One finding as a line: `file:line:column: severity[code] message`.
fn finding_line(name: &str, f: &muster_check::Finding) -> String {
    format!(
        "{}:{}:{}: {}[{}] {}",
        name,
        f.line,
        f.column,
        f.diagnostic.severity.as_str(),
        f.diagnostic.code,
        f.diagnostic.message
    )
}

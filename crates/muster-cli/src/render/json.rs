//! JSON output: one object per diagnostic, documented in the README.

use super::escape::{shown, shown_path as display_path};
use muster_check::{Report, Severity};
use serde_json::{json, Value};
use std::path::Path;

/// The report as a JSON document: `{"version": 1, "summary": {...}, "diagnostics": [...],
/// "suppressed": [...]}`. The summary counts every finding; `summary.suppressed` and the
/// `suppressed` list (per file, by severity) count those left out by the per-file cap.
/// Every string from a file is bounded and escaped (see the `escape` module).
pub fn json(report: &Report, base: Option<&Path>) -> Value {
    let report = &shown(report);
    let diagnostics: Vec<Value> = report
        .findings()
        .map(|f| {
            let d = &f.diagnostic;
            json!({
                "file": display_path(&f.file, base),
                "line": f.line,
                "column": f.column,
                "code": d.code,
                "severity": d.severity.as_str(),
                "message": d.message,
                "hex": d.hex,
                "rule": d.rule,
                "help": d.help,
                "erratum": d.erratum,
                "labels": f.labels.iter().map(|l| json!({
                    "file": display_path(&l.file, base),
                    "line": l.line,
                    "column": l.column,
                    "message": l.message,
                })).collect::<Vec<_>>(),
            })
        })
        .collect();
    json!({
        "version": 1,
        "summary": {
            "files": report.files.len(),
            "errors": report.count(Severity::Error),
            "warnings": report.count(Severity::Warning),
            "notes": report.count(Severity::Note),
            "suppressed": report.suppressed(),
        },
        "suppressed": report.files.iter().filter(|f| f.suppressed.total() > 0).map(|f| json!({
            "file": display_path(&f.path, base),
            "count": f.suppressed.total(),
            "errors": f.suppressed.errors(),
            "warnings": f.suppressed.warnings(),
            "notes": f.suppressed.notes(),
        })).collect::<Vec<_>>(),
        "diagnostics": diagnostics,
    })
}

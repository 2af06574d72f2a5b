//! SARIF 2.1.0 output for code-scanning uploads: rule metadata from the check registry,
//! results with file, line and column.

use super::display_path;
use muster_check::{Report, Severity};
use serde_json::{json, Value};
use std::path::Path;

fn level(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => "note",
    }
}

/// The report as a SARIF 2.1.0 log.
pub fn sarif(report: &Report, base: Option<&Path>) -> Value {
    let codes = muster_rules::registry::all_codes();
    let rules: Vec<Value> = codes
        .iter()
        .map(|d| {
            json!({
                "id": d.code,
                "name": d.name,
                "shortDescription": {"text": d.summary},
                "fullDescription": {"text": d.summary},
                "help": {"text": d.doc, "markdown": d.doc},
                "properties": {"system": d.system},
            })
        })
        .collect();
    let results: Vec<Value> = report
        .findings()
        .map(|f| {
            let d = &f.diagnostic;
            let mut message = d.message.clone();
            if let Some(r) = &d.rule {
                message.push_str(&format!(" ({r})"));
            }
            let related: Vec<Value> = f
                .labels
                .iter()
                .enumerate()
                .map(|(i, l)| {
                    json!({
                        "id": i,
                        "message": {"text": l.message},
                        "physicalLocation": {
                            "artifactLocation": {"uri": display_path(&l.file, base)},
                            "region": {"startLine": l.line, "startColumn": l.column},
                        },
                    })
                })
                .collect();
            json!({
                "ruleId": d.code,
                "ruleIndex": codes.iter().position(|c| c.code == d.code),
                "level": level(d.severity),
                "message": {"text": message},
                "locations": [{
                    "physicalLocation": {
                        "artifactLocation": {"uri": display_path(&f.file, base)},
                        "region": {"startLine": f.line, "startColumn": f.column},
                    },
                }],
                "relatedLocations": related,
                "properties": {"hex": d.hex, "help": d.help, "erratum": d.erratum},
            })
        })
        .collect();
    let capped = report.files.iter().filter(|f| f.suppressed.total() > 0);
    let suppressed: serde_json::Map<String, Value> = capped
        .clone()
        .map(|f| (display_path(&f.path, base), json!(f.suppressed.total())))
        .collect();
    let notifications: Vec<Value> = capped
        .map(|f| {
            json!({
                "level": "note",
                "message": {"text": format!(
                    "{} more findings in this file not reported; at most {} are reported per file",
                    f.suppressed.total(),
                    muster_check::MAX_FINDINGS_PER_FILE
                )},
                "locations": [{"physicalLocation": {
                    "artifactLocation": {"uri": display_path(&f.path, base)},
                }}],
            })
        })
        .collect();
    json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "muster",
                "version": env!("CARGO_PKG_VERSION"),
                "informationUri": "https://example.invalid/muster",
                "rules": rules,
            }},
            "results": results,
            // Findings left out by the per-file cap: counted here and in a notification.
            "properties": {
                "suppressedFindings": report.suppressed(),
                "suppressedByFile": suppressed,
            },
            "invocations": [{
                "executionSuccessful": true,
                "toolExecutionNotifications": notifications,
            }],
        }],
    })
}

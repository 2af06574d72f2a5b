//! SARIF 2.1.0 output for code-scanning uploads: rule metadata from the check registry,
//! results with file, line and column.

use super::escape::{shown, shown_path as display_path};
use muster_check::{Finding, Report, Severity};
use percent_encoding::{utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};
use serde_json::{json, Value};
use std::path::Path;

/// What a URI path segment keeps as written (RFC 3986 unreserved characters); everything
/// else, spaces and non-ASCII letters included, is percent-encoded as UTF-8.
const SEGMENT: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~');

/// A path as a URI reference: `/`-separated, each segment percent-encoded.
fn uri_path(path: &str) -> String {
    path.split('/')
        .map(|s| utf8_percent_encode(s, SEGMENT).to_string())
        .collect::<Vec<_>>()
        .join("/")
}

/// Where a file is, relative to `%SRCROOT%` (the working directory) when it lies under it:
/// the real path, every character outside RFC 3986's unreserved set percent-encoded.
fn artifact(path: &Path, base: Option<&Path>) -> Value {
    let shown = muster_check::display_path(path, base);
    if shown.starts_with('/') {
        json!({"uri": format!("file://{}", uri_path(&shown))})
    } else {
        json!({"uri": uri_path(&shown), "uriBaseId": "%SRCROOT%"})
    }
}

/// The region of a finding: start and end, columns in Unicode code points.
fn region(f: &Finding) -> Value {
    let mut r = json!({"startLine": f.line, "startColumn": f.column});
    if (f.end_line, f.end_column) > (f.line, f.column) {
        r["endLine"] = json!(f.end_line);
        r["endColumn"] = json!(f.end_column);
    }
    r
}

/// A check's name as SARIF wants a rule's friendly name, one Pascal-case identifier
/// (`hex-listed-twice` → `HexListedTwice`; SARIF2012).
fn pascal_case(name: &str) -> String {
    name.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
                .unwrap_or_default()
        })
        .collect()
}

fn level(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => "note",
    }
}

/// `%SRCROOT%`: the working directory, as a `file:` URI ending in `/`.
fn base_ids(base: Option<&Path>) -> Value {
    let Some(base) = base else {
        return json!({});
    };
    let abs = muster_check::lexical(base)
        .display()
        .to_string()
        .replace('\\', "/");
    let abs = abs.trim_end_matches('/');
    json!({"%SRCROOT%": {"uri": format!("file://{}/", uri_path(abs))}})
}

/// The report as a SARIF 2.1.0 log; every string from a file bounded and escaped (see
/// the `escape` module).
pub fn sarif(report: &Report, base: Option<&Path>) -> Value {
    sarif_with_help(report, base, None)
}

/// [`sarif`] with rule links: each rule's `helpUri` is `help_base` (an absolute URL) plus
/// the code's anchor, and absent without one. Each rule's `help` is its explanation, the
/// text `muster explain CODE` prints and docs/codes.md is written from.
pub fn sarif_with_help(report: &Report, base: Option<&Path>, help_base: Option<&str>) -> Value {
    let report = &shown(report);
    let codes = muster_rules::registry::all_codes();
    let rules: Vec<Value> = codes
        .iter()
        .map(|d| {
            let help = format!("{}\n\n{}", d.summary, d.doc.trim_end());
            let mut rule = json!({
                "id": d.code,
                "name": pascal_case(d.name),
                "shortDescription": {"text": d.summary},
                "fullDescription": {"text": d.summary},
                "help": {"text": help, "markdown": help},
                "properties": {"system": d.system},
            });
            if let Some(uri) = super::help_uri(help_base, d.code) {
                rule["helpUri"] = json!(uri);
            }
            rule
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
                            "artifactLocation": artifact(&l.file, base),
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
                        "artifactLocation": artifact(&f.file, base),
                        "region": region(f),
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
                    "artifactLocation": artifact(&f.path, base),
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
            "columnKind": "unicodeCodePoints",
            "originalUriBaseIds": base_ids(base),
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

//! GitHub Actions workflow commands: `::error file=…,line=…,col=…,title=…::message`.

use super::escape::{escape_controls, shown, shown_path};
use muster_check::{Report, Severity};
use std::path::Path;

/// Workflow-command escaping of a message whose text from files is already escaped (so
/// that a newline in it is Muster's own, joining the message's parts).
fn escape_data(s: &str) -> String {
    s.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

fn escape_property(s: &str) -> String {
    escape_data(&escape_controls(s))
        .replace(':', "%3A")
        .replace(',', "%2C")
}

/// One annotation per error and warning; every string from a file bounded and escaped
/// (see the `escape` module), so each annotation is one line that Muster began. Notes are
/// left out (they are informational — break points, allowed codes, recorded errata — and
/// would annotate every pull request): [`github_with_notes`] adds them as `::notice`.
pub fn github(report: &Report, base: Option<&Path>) -> String {
    github_with_notes(report, base, false)
}

/// [`github`], with notes as `::notice` annotations when `notes` is set.
pub fn github_with_notes(report: &Report, base: Option<&Path>, notes: bool) -> String {
    let report = &shown(report);
    let mut out = String::new();
    for f in report.findings() {
        let d = &f.diagnostic;
        if d.severity == Severity::Note && !notes {
            continue;
        }
        let command = match d.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "notice",
        };
        let mut message = d.message.clone();
        for extra in [
            d.rule.as_ref().map(|r| format!("rule: {r}")),
            d.help.as_ref().map(|h| format!("help: {h}")),
            d.erratum.as_ref().map(|e| format!("known erratum: {e}")),
        ]
        .into_iter()
        .flatten()
        {
            message.push('\n');
            message.push_str(&extra);
        }
        out.push_str(&format!(
            "::{command} file={},line={},col={},title={}::{}\n",
            escape_property(&shown_path(&f.file, base)),
            f.line,
            f.column,
            escape_property(&format!("{} {}", d.code, d.hex.as_deref().unwrap_or(""))).trim_end(),
            escape_data(&message)
        ));
    }
    for file in report.files.iter().filter(|f| f.suppressed.total() > 0) {
        out.push_str(&format!(
            "::notice file={},title=MU more findings::{}\n",
            escape_property(&shown_path(&file.path, base)),
            escape_data(&format!(
                "{} more findings in this file not shown; at most {} are shown per file",
                file.suppressed.total(),
                muster_check::MAX_FINDINGS_PER_FILE
            ))
        ));
    }
    out
}

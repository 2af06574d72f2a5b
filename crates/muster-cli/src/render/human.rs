//! Human output: each finding with its source snippet, the offending key or value
//! underlined, secondary labels, then the hex, the rule section and help.

use super::display_path;
use codespan_reporting::diagnostic::{Diagnostic as CsDiagnostic, Label, Severity as CsSeverity};
use codespan_reporting::files::SimpleFiles;
use codespan_reporting::term::{self, Config};
use muster_check::{Finding, Report, Severity};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

fn severity(s: Severity) -> CsSeverity {
    match s {
        Severity::Error => CsSeverity::Error,
        Severity::Warning => CsSeverity::Warning,
        Severity::Note => CsSeverity::Note,
    }
}

struct Files {
    db: SimpleFiles<String, String>,
    ids: HashMap<PathBuf, usize>,
}

impl Files {
    fn new(report: &Report, base: Option<&Path>) -> Self {
        let mut db = SimpleFiles::new();
        let mut ids = HashMap::new();
        for (path, text) in &report.sources {
            ids.insert(
                path.clone(),
                db.add(display_path(path, base), text.to_string()),
            );
        }
        Files { db, ids }
    }
}

fn to_codespan(f: &Finding, files: &Files, base: Option<&Path>) -> CsDiagnostic<usize> {
    let d = &f.diagnostic;
    let mut cs = CsDiagnostic::new(severity(d.severity))
        .with_code(d.code)
        .with_message(&d.message);
    let mut labels = Vec::new();
    let mut notes = Vec::new();
    match files.ids.get(&f.file) {
        Some(id) => labels.push(Label::primary(*id, f.start..f.end.max(f.start))),
        None => notes.push(format!("in {}", display_path(&f.file, base))),
    }
    for l in &f.labels {
        if let Some(id) = files.ids.get(&l.file) {
            labels
                .push(Label::secondary(*id, l.start..l.end.max(l.start)).with_message(&l.message));
        } else {
            notes.push(format!("{}: {}", display_path(&l.file, base), l.message));
        }
    }
    if let Some(h) = &d.hex {
        notes.push(format!("hex: {h}"));
    }
    if let Some(e) = &d.erratum {
        notes.push(format!("known erratum of the printed source: {e}"));
    }
    if let Some(r) = &d.rule {
        notes.push(format!("rule: {r}"));
    }
    if let Some(h) = &d.help {
        notes.push(format!("help: {h}"));
    }
    cs = cs.with_labels(labels).with_notes(notes);
    cs
}

/// Renders the whole report as plain text (no colour), with a closing summary line.
pub fn human(report: &Report, base: Option<&Path>) -> String {
    let files = Files::new(report, base);
    let config = Config::default();
    let mut out = String::new();
    for f in report.findings() {
        let cs = to_codespan(f, &files, base);
        if term::emit_to_string(&mut out, &config, &files.db, &cs).is_err() {
            out.push_str(&format!(
                "{}: {}:{}:{}: {}\n",
                f.diagnostic.code,
                display_path(&f.file, base),
                f.line,
                f.column,
                f.diagnostic.message
            ));
        }
    }
    out.push_str(&summary(report));
    out
}

/// Renders only the findings (no summary) to a colour-capable writer.
pub fn human_findings(
    report: &Report,
    base: Option<&Path>,
    writer: &mut dyn term::termcolor::WriteColor,
) -> std::io::Result<()> {
    let files = Files::new(report, base);
    let config = Config::default();
    for f in report.findings() {
        let cs = to_codespan(f, &files, base);
        term::emit_to_write_style(writer, &config, &files.db, &cs).map_err(io_error)?;
    }
    Ok(())
}

/// Renders the report to a colour-capable writer (a terminal).
pub fn human_to_writer(
    report: &Report,
    base: Option<&Path>,
    writer: &mut dyn term::termcolor::WriteColor,
) -> std::io::Result<()> {
    human_findings(report, base, writer)?;
    write!(writer, "{}", summary(report))
}

/// The closing line: `checked 12 files: 1 error, 0 warnings, 2 notes`.
pub fn summary(report: &Report) -> String {
    let n = |k: usize, w: &str| format!("{k} {w}{}", if k == 1 { "" } else { "s" });
    format!(
        "checked {}: {}, {}, {}\n",
        n(report.files.len(), "file"),
        n(report.count(Severity::Error), "error"),
        n(report.count(Severity::Warning), "warning"),
        n(report.count(Severity::Note), "note")
    )
}

fn io_error(e: codespan_reporting::files::Error) -> std::io::Error {
    match e {
        codespan_reporting::files::Error::Io(io) => io,
        other => std::io::Error::other(other),
    }
}

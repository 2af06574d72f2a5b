//! Human output: each finding with its source snippet, the offending key or value
//! underlined, secondary labels, then the hex, the rule section and help. Snippets are
//! cut and escaped (see [`super::snippet`]); a file's capped findings close with one
//! "and N more" line.

use super::escape::{escape_controls, shown, shown_path};
use super::snippet::{Placed, Snippet};
use codespan_reporting::diagnostic::{Diagnostic as CsDiagnostic, Label, Severity as CsSeverity};
use codespan_reporting::term::{self, Config};
use muster_check::{FileReport, Finding, Report, Severity, MAX_FINDINGS_PER_FILE};
use std::path::Path;

fn severity(s: Severity) -> CsSeverity {
    match s {
        Severity::Error => CsSeverity::Error,
        Severity::Warning => CsSeverity::Warning,
        Severity::Note => CsSeverity::Note,
    }
}

fn to_codespan(f: &Finding, placed: &[Placed], base: Option<&Path>) -> CsDiagnostic<usize> {
    let d = &f.diagnostic;
    let text = |s: &str| escape_controls(s).into_owned();
    let mut labels = Vec::new();
    let mut notes = Vec::new();
    match placed.first().cloned().flatten() {
        Some((id, range)) => labels.push(Label::primary(id, range)),
        None => notes.push(format!("in {}", shown_path(&f.file, base))),
    }
    for (l, at) in f.labels.iter().zip(placed.iter().skip(1)) {
        match at {
            Some((id, range)) => {
                labels.push(Label::secondary(*id, range.clone()).with_message(text(&l.message)))
            }
            None => notes.push(format!(
                "{}: {}",
                shown_path(&l.file, base),
                text(&l.message)
            )),
        }
    }
    for (prefix, value) in [
        ("hex: ", &d.hex),
        ("known erratum of the printed source: ", &d.erratum),
        ("rule: ", &d.rule),
        ("help: ", &d.help),
    ] {
        if let Some(v) = value {
            notes.push(format!("{prefix}{}", text(v)));
        }
    }
    CsDiagnostic::new(severity(d.severity))
        .with_code(d.code)
        .with_message(text(&d.message))
        .with_labels(labels)
        .with_notes(notes)
}

/// One finding, its snippet cut to [`super::snippet::WIDTH`] characters around each label.
fn emit(
    writer: &mut dyn term::termcolor::WriteColor,
    f: &Finding,
    report: &Report,
    base: Option<&Path>,
) -> std::io::Result<()> {
    let (snippet, placed) = Snippet::build(f, &report.sources, base);
    let cs = to_codespan(f, &placed, base);
    let config = Config::default();
    match term::emit_to_write_style(writer, &config, &snippet, &cs) {
        Ok(()) => Ok(()),
        Err(codespan_reporting::files::Error::Io(e)) => Err(e),
        Err(_) => writeln!(
            writer,
            "{}: {}:{}:{}: {}",
            f.diagnostic.code,
            shown_path(&f.file, base),
            f.line,
            f.column,
            escape_controls(&f.diagnostic.message)
        ),
    }
}

/// The line closing a file whose findings were capped.
fn more_line(file: &FileReport, base: Option<&Path>) -> Option<String> {
    let s = &file.suppressed;
    (s.total() > 0).then(|| {
        format!(
            "note: and {} more in {} ({} errors, {} warnings, {} notes) not shown; \
             at most {MAX_FINDINGS_PER_FILE} findings are shown per file\n\n",
            s.total(),
            shown_path(&file.path, base),
            s.errors(),
            s.warnings(),
            s.notes()
        )
    })
}

/// Renders the whole report as plain text (no colour), with a closing summary line.
pub fn human(report: &Report, base: Option<&Path>) -> String {
    let mut out = term::termcolor::NoColor::new(Vec::new());
    // Writing to memory does not fail.
    let _ = human_to_writer(report, base, &mut out);
    String::from_utf8_lossy(&out.into_inner()).into_owned()
}

/// Renders only the findings (no summary) to a colour-capable writer, every string from
/// a file bounded and escaped (see the `escape` module).
pub fn human_findings(
    report: &Report,
    base: Option<&Path>,
    writer: &mut dyn term::termcolor::WriteColor,
) -> std::io::Result<()> {
    let report = &shown(report);
    for file in &report.files {
        for f in &file.findings {
            emit(writer, f, report, base)?;
        }
        if let Some(more) = more_line(file, base) {
            write!(writer, "{more}")?;
        }
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

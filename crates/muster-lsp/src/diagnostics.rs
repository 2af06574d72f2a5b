//! Diagnostics: one document (and whatever it references) through the whole pipeline,
//! its findings turned into LSP diagnostics with code, severity, range, rule section,
//! related information and a link to the code's explanation.

use crate::docs::{kind_of, Docs};
use crate::text;
use lsp_types::{
    CodeDescription, Diagnostic, DiagnosticRelatedInformation, DiagnosticSeverity, Location,
    NumberOrString, Uri,
};
use muster_check::{Finding, Report, Severity};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::str::FromStr;

/// Diagnostics by the file they are about.
pub type ByFile = BTreeMap<PathBuf, Vec<Diagnostic>>;

/// What a code action needs to know of a diagnostic, carried in its `data`.
#[derive(Debug, Clone, Default, serde::Serialize, serde::Deserialize)]
pub struct Data {
    /// Did-you-mean replacements from the finding's help, best first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub suggestions: Vec<String>,
    /// The hex the finding is about.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hex: Option<String>,
    /// The finding's message alone (without help and rule).
    pub message: String,
}

/// Checks the document at `path` as the editor holds it (every open document is read
/// from its buffer). Its own entry is always present, empty when it is clean.
pub fn check(docs: &Docs, path: &Path) -> ByFile {
    let mut out = ByFile::new();
    out.insert(muster_check::lexical(path), vec![]);
    let Some(kind) = kind_of(path) else {
        return out;
    };
    let checker = docs.checker();
    let mut report = Report::default();
    let (findings, _) = checker.check_file(path, kind, &mut report);
    // Code links: the pack manifest's `help_base` plus the code's anchor, else none.
    let help_base = muster_check::manifest_help_base(path);
    for f in findings {
        let file = muster_check::lexical(&f.file);
        let Some(text) = docs.text_or(&file, report.sources.get(&f.file)) else {
            continue;
        };
        let d = convert(&f, text, docs, &report, help_base.as_deref());
        out.entry(file).or_default().push(d);
    }
    out
}

/// The did-you-mean candidates of a help line: the back-quoted names after "did you
/// mean" (`did you mean `a` or `b`?`).
pub fn suggestions(help: &str) -> Vec<String> {
    let Some(at) = help.find("did you mean") else {
        return vec![];
    };
    let rest = &help[at..];
    let rest = &rest[..rest.find('?').unwrap_or(rest.len())];
    rest.split('`')
        .skip(1)
        .step_by(2)
        .map(|s| s.trim_end_matches("(..)").to_string())
        .filter(|s| !s.is_empty())
        .collect()
}

/// LSP severity of a Muster severity.
fn severity(s: Severity) -> DiagnosticSeverity {
    match s {
        Severity::Error => DiagnosticSeverity::ERROR,
        Severity::Warning => DiagnosticSeverity::WARNING,
        Severity::Note => DiagnosticSeverity::INFORMATION,
    }
}

/// One finding as an LSP diagnostic; `text` is the text of the finding's file.
fn convert(
    f: &Finding,
    text: &str,
    docs: &Docs,
    report: &Report,
    help_base: Option<&str>,
) -> Diagnostic {
    let d = &f.diagnostic;
    let mut message = d.message.clone();
    if let Some(hex) = &d.hex {
        message.push_str(&format!(" (hex {hex})"));
    }
    if let Some(e) = &d.erratum {
        message.push_str(&format!("\nerratum: {e}"));
    }
    if let Some(rule) = &d.rule {
        message.push_str(&format!("\nrule: {rule}"));
    }
    if let Some(help) = &d.help {
        message.push_str(&format!("\nhelp: {help}"));
    }
    let related: Vec<DiagnosticRelatedInformation> = f
        .labels
        .iter()
        .filter_map(|l| {
            let file = muster_check::lexical(&l.file);
            let uri = docs
                .get(&file)
                .map(|d| d.uri.clone())
                .or_else(|| text::uri_of(&file))?;
            let text = docs.text_or(&file, report.sources.get(&l.file))?;
            Some(DiagnosticRelatedInformation {
                location: Location::new(uri, text::range(text, l.start, l.end)),
                message: l.message.clone(),
            })
        })
        .collect();
    let data = Data {
        suggestions: d.help.as_deref().map(suggestions).unwrap_or_default(),
        hex: d.hex.clone(),
        message: d.message.clone(),
    };
    Diagnostic {
        range: text::range(text, f.start, f.end),
        severity: Some(severity(d.severity)),
        code: Some(NumberOrString::String(d.code.to_string())),
        code_description: muster_check::help_uri(help_base, d.code)
            .and_then(|u| Uri::from_str(&u).ok())
            .map(|href| CodeDescription { href }),
        source: Some("muster".into()),
        message,
        related_information: (!related.is_empty()).then_some(related),
        tags: None,
        data: serde_json::to_value(data).ok(),
    }
}

#[cfg(test)]
mod tests {
    use super::suggestions;

    #[test]
    fn suggestions_are_the_quoted_names_after_did_you_mean() {
        assert_eq!(suggestions("did you mean `army_morale`?"), ["army_morale"]);
        assert_eq!(suggestions("did you mean `a` or `b`?"), ["a", "b"]);
        assert_eq!(
            suggestions("did you mean `Hexes(..)`? allowed here: `Row`"),
            ["Hexes"]
        );
        assert!(suggestions("add `x: ...`").is_empty());
    }
}

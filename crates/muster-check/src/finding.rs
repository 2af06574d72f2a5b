//! Located diagnostics and per-file reports.

use muster_rules::{codes, Diagnostic, Severity};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;

/// A secondary label resolved to a file and position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LocatedLabel {
    /// The file.
    pub file: PathBuf,
    /// Byte range.
    pub start: usize,
    /// Byte range end.
    pub end: usize,
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// The label's message.
    pub message: String,
}

/// A diagnostic resolved to a file and position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// The diagnostic.
    pub diagnostic: Diagnostic,
    /// The file it is about.
    pub file: PathBuf,
    /// Byte range of the offending text.
    pub start: usize,
    /// End of the byte range.
    pub end: usize,
    /// 1-based line.
    pub line: usize,
    /// 1-based column (in characters, that is Unicode code points).
    pub column: usize,
    /// 1-based line where the offending text ends.
    pub end_line: usize,
    /// 1-based column just past the offending text's last character.
    pub end_column: usize,
    /// Secondary labels.
    pub labels: Vec<LocatedLabel>,
}

impl Finding {
    /// A file that could not be read or is not a Muster file (`MU004`), at its top.
    pub(crate) fn unreadable(path: &std::path::Path, message: String) -> Finding {
        Finding {
            diagnostic: crate::load::with_help(muster_rules::Diagnostic::error(
                codes::UNREADABLE.code,
                muster_rules::Location::here(""),
                message,
            )),
            file: path.to_path_buf(),
            start: 0,
            end: 0,
            line: 1,
            column: 1,
            end_line: 1,
            end_column: 1,
            labels: vec![],
        }
    }
}

/// Everything found in one file.
#[derive(Debug, Clone)]
pub struct FileReport {
    /// The file.
    pub path: PathBuf,
    /// Its findings, in source order.
    pub findings: Vec<Finding>,
    /// Findings left out by [`Report::cap_per_file`], by severity.
    pub suppressed: crate::cap::Suppressed,
}

/// A whole run: reports per file and the sources needed to render them.
#[derive(Debug, Clone, Default)]
pub struct Report {
    /// One report per file, sorted by path.
    pub files: Vec<FileReport>,
    /// Source text of every file findings point into.
    pub sources: BTreeMap<PathBuf, Arc<str>>,
}

impl Report {
    /// Every finding.
    pub fn findings(&self) -> impl Iterator<Item = &Finding> {
        self.files.iter().flat_map(|f| f.findings.iter())
    }

    /// Number of findings at a severity, those left out by a cap included.
    pub fn count(&self, severity: Severity) -> usize {
        self.findings()
            .filter(|f| f.diagnostic.severity == severity)
            .count()
            + self
                .files
                .iter()
                .map(|f| f.suppressed.count(severity))
                .sum::<usize>()
    }

    /// Whether any finding is an error.
    pub fn has_errors(&self) -> bool {
        self.count(Severity::Error) > 0
    }
}

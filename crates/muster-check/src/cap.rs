//! Bounded output: a hostile file can raise hundreds of thousands of findings (a map with
//! 400,000 off-map entries); a report keeps at most [`MAX_FINDINGS_PER_FILE`] per file,
//! the most severe first, and counts the rest by severity so that summaries and the exit
//! status still see them.

use crate::finding::{Finding, Report};
use muster_rules::Severity;
use std::cmp::Reverse;

/// Findings kept per file by [`Report::cap_per_file`] in the CLI.
pub const MAX_FINDINGS_PER_FILE: usize = 200;

/// Findings left out of a file's report, by severity.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Suppressed {
    /// Errors left out.
    pub errors: usize,
    /// Warnings left out.
    pub warnings: usize,
    /// Notes left out.
    pub notes: usize,
}

impl Suppressed {
    /// All findings left out.
    pub fn total(&self) -> usize {
        self.errors + self.warnings + self.notes
    }

    /// Findings left out at one severity.
    pub fn count(&self, severity: Severity) -> usize {
        match severity {
            Severity::Error => self.errors,
            Severity::Warning => self.warnings,
            Severity::Note => self.notes,
        }
    }

    fn add(&mut self, severity: Severity) {
        match severity {
            Severity::Error => self.errors += 1,
            Severity::Warning => self.warnings += 1,
            Severity::Note => self.notes += 1,
        }
    }
}

/// Keeps the `max` most severe findings (in source order), counting the others.
pub(crate) fn cap(findings: &mut Vec<Finding>, max: usize) -> Suppressed {
    let mut left_out = Suppressed::default();
    if findings.len() <= max {
        return left_out;
    }
    let mut order: Vec<usize> = (0..findings.len()).collect();
    order.sort_by_key(|&i| (Reverse(findings[i].diagnostic.severity), i));
    let mut keep = vec![false; findings.len()];
    for &i in order.iter().take(max) {
        keep[i] = true;
    }
    let mut i = 0;
    findings.retain(|f| {
        let kept = keep[i];
        i += 1;
        if !kept {
            left_out.add(f.diagnostic.severity);
        }
        kept
    });
    left_out
}

impl Report {
    /// Keeps at most `max` findings per file (the most severe first); the rest are
    /// counted in each file's `suppressed` and still count in [`Report::count`].
    pub fn cap_per_file(&mut self, max: usize) {
        for file in &mut self.files {
            let more = cap(&mut file.findings, max);
            file.suppressed.errors += more.errors;
            file.suppressed.warnings += more.warnings;
            file.suppressed.notes += more.notes;
        }
    }

    /// Findings left out by [`Report::cap_per_file`], over all files.
    pub fn suppressed(&self) -> usize {
        self.files.iter().map(|f| f.suppressed.total()).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn finding(severity: Severity) -> Finding {
        let mut f = Finding::unreadable(Path::new("x.map.ron"), String::new());
        f.diagnostic.severity = severity;
        f
    }

    #[test]
    fn errors_are_kept_before_notes_and_the_rest_counted() {
        let mut v = vec![finding(Severity::Note); 5];
        v.push(finding(Severity::Error));
        let left = cap(&mut v, 2);
        assert_eq!(v.len(), 2);
        assert_eq!(v[1].diagnostic.severity, Severity::Error);
        assert_eq!(
            left,
            Suppressed {
                errors: 0,
                warnings: 0,
                notes: 4
            }
        );
    }
}

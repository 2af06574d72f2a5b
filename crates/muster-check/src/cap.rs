//! Bounded output: a hostile file can raise hundreds of thousands of findings (a map with
//! 400,000 off-map entries). A checker built [`crate::Checker::with_cap`] keeps at most
//! that many diagnostics per checked file, the most severe first, before they are located
//! (so that 400,000 findings are never built), and [`Report::cap_per_file`] caps again
//! after severities are adjusted. What is left out is counted by code and severity, so
//! that summaries, `--allow`/`--deny` and the exit status still see it.

use crate::finding::{Finding, Report};
use muster_rules::{Diagnostic, Severity};
use std::cmp::Reverse;
use std::collections::BTreeMap;

/// Findings kept per file by the CLI.
pub const MAX_FINDINGS_PER_FILE: usize = 200;

/// Findings left out of a file's report, by code and severity.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Suppressed {
    counts: BTreeMap<(&'static str, Severity), usize>,
}

impl Suppressed {
    /// All findings left out.
    pub fn total(&self) -> usize {
        self.counts.values().sum()
    }

    /// Findings left out at one severity.
    pub fn count(&self, severity: Severity) -> usize {
        self.counts
            .iter()
            .filter(|((_, s), _)| *s == severity)
            .map(|(_, n)| n)
            .sum()
    }

    /// Errors left out.
    pub fn errors(&self) -> usize {
        self.count(Severity::Error)
    }

    /// Warnings left out.
    pub fn warnings(&self) -> usize {
        self.count(Severity::Warning)
    }

    /// Notes left out.
    pub fn notes(&self) -> usize {
        self.count(Severity::Note)
    }

    /// Re-rates the findings left out (`--allow`, `--deny`, a manifest), as `rate` says
    /// for their code and present severity.
    pub fn rerate(&mut self, rate: impl Fn(&str, Severity) -> Severity) {
        let old = std::mem::take(&mut self.counts);
        for ((code, severity), n) in old {
            *self.counts.entry((code, rate(code, severity))).or_default() += n;
        }
    }

    /// Adds what another count left out.
    pub fn merge(&mut self, other: Suppressed) {
        for (k, n) in other.counts {
            *self.counts.entry(k).or_default() += n;
        }
    }

    /// The counts: code, severity, how many.
    pub fn entries(&self) -> impl Iterator<Item = (&'static str, Severity, usize)> + '_ {
        self.counts.iter().map(|((c, s), n)| (*c, *s, *n))
    }

    /// Counts `n` more left out of `code` at `severity`.
    pub(crate) fn add_n(&mut self, code: &'static str, severity: Severity, n: usize) {
        *self.counts.entry((code, severity)).or_default() += n;
    }

    fn add(&mut self, d: &Diagnostic) {
        *self.counts.entry((d.code, d.severity)).or_default() += 1;
    }
}

/// Indices of the `max` most severe of `severities`, in their original order.
fn keep(severities: impl Iterator<Item = Severity>, max: usize) -> Vec<bool> {
    let mut order: Vec<(Reverse<Severity>, usize)> = severities
        .enumerate()
        .map(|(i, s)| (Reverse(s), i))
        .collect();
    let mut kept = vec![false; order.len()];
    if order.len() > max {
        order.select_nth_unstable(max);
        order.truncate(max);
    }
    for (_, i) in order {
        kept[i] = true;
    }
    kept
}

/// Takes the findings the rules counted without building them (`Diagnostic::alike`) off
/// the diagnostics that carry them, as findings left out.
pub(crate) fn fold_alike(diags: &mut [Diagnostic]) -> Suppressed {
    let mut left_out = Suppressed::default();
    for d in diags.iter_mut().filter(|d| d.alike > 0) {
        left_out.add_n(d.code, d.severity, std::mem::take(&mut d.alike));
    }
    left_out
}

/// Keeps the `max` most severe diagnostics (in their order), counting the others.
pub(crate) fn cap_diagnostics(diags: &mut Vec<Diagnostic>, max: usize) -> Suppressed {
    let mut left_out = fold_alike(diags);
    if diags.len() <= max {
        return left_out;
    }
    let kept = keep(diags.iter().map(|d| d.severity), max);
    let mut i = 0;
    diags.retain(|d| {
        let k = kept[i];
        i += 1;
        if !k {
            left_out.add(d);
        }
        k
    });
    diags.shrink_to_fit();
    left_out
}

/// [`cap_diagnostics`] for located findings.
fn cap_findings(findings: &mut Vec<Finding>, max: usize) -> Suppressed {
    let mut left_out = Suppressed::default();
    if findings.len() <= max {
        return left_out;
    }
    let kept = keep(findings.iter().map(|f| f.diagnostic.severity), max);
    let mut i = 0;
    findings.retain(|f| {
        let k = kept[i];
        i += 1;
        if !k {
            left_out.add(&f.diagnostic);
        }
        k
    });
    left_out
}

impl Report {
    /// Keeps at most `max` findings per file (the most severe first); the rest are
    /// counted in each file's `suppressed` and still count in [`Report::count`].
    pub fn cap_per_file(&mut self, max: usize) {
        for file in &mut self.files {
            let more = cap_findings(&mut file.findings, max);
            file.suppressed.merge(more);
        }
    }

    /// Findings left out by a cap, over all files.
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
        let left = cap_findings(&mut v, 2);
        assert_eq!(v.len(), 2);
        assert_eq!(v[1].diagnostic.severity, Severity::Error);
        assert_eq!((left.notes(), left.errors()), (4, 0));
    }

    #[test]
    fn left_out_findings_are_rerated_by_code() {
        let mut v = vec![finding(Severity::Error); 5];
        let mut left = cap_findings(&mut v, 1);
        left.rerate(|code, s| if code == "MU004" { Severity::Note } else { s });
        assert_eq!((left.errors(), left.notes()), (0, 4));
    }
}

//! Live validation: the document's canonical texts checked by the same pipeline as
//! `muster validate`, run off the UI thread.

use crate::document::Document;
use muster_check::{Checker, Severity};
use std::path::PathBuf;
use std::sync::Arc;

/// One diagnostic as the panel shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    /// Code.
    pub code: &'static str,
    /// Severity.
    pub severity: Severity,
    /// Message.
    pub message: String,
    /// The hex, where there is one.
    pub hex: Option<String>,
    /// File name and line.
    pub place: String,
}

/// The inputs of a validation run, detached from the UI state.
#[derive(Debug, Clone)]
pub struct Job {
    files: Vec<(PathBuf, Arc<str>)>,
    target: PathBuf,
}

impl Job {
    /// Captures the document as it is now.
    pub fn of(doc: &Document) -> Result<Job, String> {
        let (scenario, map) = doc.texts()?;
        let mut files = vec![(doc.map_path.clone(), Arc::from(map))];
        if let (Some(p), Some(t)) = (&doc.scenario_path, scenario) {
            files.push((p.clone(), Arc::from(t)));
        }
        Ok(Job {
            files,
            target: doc.main_path().to_path_buf(),
        })
    }

    /// Runs the pipeline (blocking; call it from a task).
    pub fn run(self) -> Vec<Item> {
        let checker = Checker::with_overrides(self.files);
        let kind = self
            .target
            .file_name()
            .and_then(|n| n.to_str())
            .and_then(muster_model::FileKind::from_file_name)
            .map(|(k, _)| k);
        let Some(kind) = kind else { return vec![] };
        let mut report = muster_check::Report::default();
        let (findings, _) = checker.check_file(&self.target, kind, &mut report);
        let name = |p: &std::path::Path| {
            p.file_name()
                .and_then(|n| n.to_str())
                .unwrap_or("")
                .to_string()
        };
        let mut items: Vec<Item> = findings
            .into_iter()
            .map(|f| Item {
                code: f.diagnostic.code,
                severity: f.diagnostic.severity,
                message: f.diagnostic.message.clone(),
                hex: f.diagnostic.hex.clone(),
                place: format!("{}:{}", name(&f.file), f.line),
            })
            .collect();
        // Findings the rules counted without listing them (a map with thousands of
        // entries off the map): one line each, with the count.
        for (path, left_out) in checker.left_out() {
            for (code, severity, n) in left_out.entries() {
                items.push(Item {
                    code,
                    severity,
                    message: format!("and {n} more like these, not listed"),
                    hex: None,
                    place: name(&path),
                });
            }
        }
        items
    }
}

//! Renderers for a validation report: `human` (codespan-reporting snippets), `json`,
//! `sarif`, `junit` and `github` (workflow annotations).

mod github;
mod human;
mod json;
mod junit;
mod sarif;

pub use github::github;
pub use human::{human, human_findings, human_to_writer, summary};
pub use json::json;
pub use junit::junit;
pub use sarif::sarif;

use std::path::Path;

/// A path as shown to the user: relative to `base` when it lies under it.
pub fn display_path(path: &Path, base: Option<&Path>) -> String {
    let shown = base.and_then(|b| path.strip_prefix(b).ok()).unwrap_or(path);
    shown.display().to_string().replace('\\', "/")
}

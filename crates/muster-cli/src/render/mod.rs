//! Renderers for a validation report: `human` (codespan-reporting snippets) and `json`.

mod human;
mod json;

pub use human::{human, human_to_writer};
pub use json::json;

use std::path::Path;

/// A path as shown to the user: relative to `base` when it lies under it.
pub fn display_path(path: &Path, base: Option<&Path>) -> String {
    let shown = base.and_then(|b| path.strip_prefix(b).ok()).unwrap_or(path);
    shown.display().to_string().replace('\\', "/")
}

//! Renderers for a validation report: `human` (codespan-reporting snippets), `json`,
//! `sarif`, `junit` and `github` (workflow annotations).

mod escape;
mod github;
mod human;
mod json;
mod junit;
mod sarif;
mod snippet;

pub use escape::escape_controls;
pub use github::github;
pub use human::{human, human_findings, human_to_writer, summary};
pub use json::json;
pub use junit::junit;
pub use sarif::sarif;
pub use snippet::WIDTH as SNIPPET_WIDTH;

use std::path::Path;

/// A path as shown to the user: normalised lexically (no `x/../`), relative to `base`
/// when it lies under it.
pub fn display_path(path: &Path, base: Option<&Path>) -> String {
    let Some(base) = base else {
        return path.display().to_string().replace('\\', "/");
    };
    let path = muster_check::lexical(path);
    let shown = path
        .strip_prefix(muster_check::lexical(base))
        .unwrap_or(&path);
    shown.display().to_string().replace('\\', "/")
}

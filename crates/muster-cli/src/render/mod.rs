//! Renderers for a validation report: `human` (codespan-reporting snippets), `json`,
//! `sarif`, `junit` and `github` (workflow annotations).

mod codes;
mod escape;
mod github;
mod human;
mod json;
mod junit;
mod sarif;
mod snippet;

pub use codes::{codes_markdown, help_uri};
pub use escape::escape_controls;
pub use github::github;
pub use human::{human, human_findings, human_to_writer, summary};
pub use json::json;
pub use junit::junit;
pub use sarif::sarif;
pub use snippet::WIDTH as SNIPPET_WIDTH;

pub use muster_check::display_path;

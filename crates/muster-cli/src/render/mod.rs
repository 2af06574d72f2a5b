//! Renderers for a validation report: `human` (codespan-reporting snippets), `json`,
//! `sarif`, `junit` and `github` (workflow annotations). Every format prints the strings
//! of a report that came from files (messages, paths) bounded and escaped: see
//! [`escape`](self::shown).

mod codes;
mod escape;
mod github;
mod human;
mod json;
mod junit;
mod sarif;
mod snippet;

pub use codes::{codes_markdown, help_uri};
pub use escape::{bound, clean, escape_controls, shown, shown_path};
pub use github::{github, github_with_notes};
pub use human::{human, human_findings, human_to_writer, summary};
pub use json::json;
pub use junit::{junit, junit_with_properties};
pub use sarif::{sarif, sarif_with_help};
pub use snippet::WIDTH as SNIPPET_WIDTH;

pub use muster_check::display_path;

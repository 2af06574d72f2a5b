//! One module per subcommand.

pub mod completions;
pub mod convert;
pub mod diff;
pub mod explain;
pub mod export;
pub mod fmt;
pub mod inspect;
pub mod lsp;
pub mod merge;
pub mod new;
pub mod query;
pub mod query_combat;
pub mod query_morale;
pub mod query_odds;
pub mod query_stand;
pub mod render;
pub mod render_failures;
pub mod schema;
pub mod shard_tag;
pub mod tiled;
pub mod trace;
pub mod transcribe;
pub mod validate;

use std::io::IsTerminal;

/// When to colour output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Color {
    /// Colour when writing to a terminal.
    Auto,
    /// Always colour.
    Always,
    /// Never colour.
    Never,
}

impl Color {
    /// Whether to colour stdout.
    pub fn enabled(self) -> bool {
        match self {
            Color::Always => true,
            Color::Never => false,
            Color::Auto => {
                std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none()
            }
        }
    }
}

/// Output format of JSON-capable commands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// For people.
    Human,
    /// For machines.
    Json,
}

/// Refuses, before reading it, a file that is not a scenario for a command that takes one
/// (`inspect`, `query`): a map or an army list says what it is.
pub fn expect_scenario(path: &std::path::Path) -> anyhow::Result<()> {
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or_default();
    match muster_model::FileKind::from_file_name(name).map(|(k, _)| k) {
        Some(muster_model::FileKind::Scenario) => Ok(()),
        Some(kind) => anyhow::bail!(
            "{} is {}, not a scenario: this command takes a scenario (*.scenario.ron or .json); name one that uses it",
            path.display(),
            kind.describe()
        ),
        None => anyhow::bail!(
            "{} is not a scenario: this command takes a *.scenario.ron or *.scenario.json file",
            path.display()
        ),
    }
}

/// Writes a line to stdout; a closed pipe (`muster ... | head`) ends the run quietly.
pub fn emit(text: impl std::fmt::Display) -> anyhow::Result<()> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    writeln!(out, "{text}")?;
    Ok(())
}

/// Writes to stderr; a closed or broken stderr is ignored rather than a panic (as
/// `eprint!` would).
pub fn tell(text: impl std::fmt::Display) {
    use std::io::Write;
    let _ = write!(std::io::stderr().lock(), "{text}");
}

/// Whether an error is a closed pipe on stdout (`muster ... | head -1`).
pub fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

//! `muster convert --to json|ron FILE [-o OUT]`

use super::fmt::{canonical, write_atomically};
use muster_model::{FileKind, Syntax};
use std::path::PathBuf;
use std::process::ExitCode;

/// The syntax to convert to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum To {
    /// JSON.
    Json,
    /// RON.
    Ron,
}

/// Convert a map, overlay or scenario between RON and JSON (canonical form).
#[derive(clap::Args)]
pub struct Args {
    /// The file.
    file: PathBuf,
    /// Target syntax.
    #[arg(long)]
    to: To,
    /// Where to write (stdout if absent).
    #[arg(short, long)]
    output: Option<PathBuf>,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let name = args
        .file
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or_default();
    let Some((kind, _)) = FileKind::from_file_name(name) else {
        anyhow::bail!("{} is not a Muster file", args.file.display());
    };
    let syntax = match args.to {
        To::Json => Syntax::Json,
        To::Ron => Syntax::Ron,
    };
    let Some((_, text)) = canonical(&args.file, kind, syntax)? else {
        anyhow::bail!("{} cannot be converted", args.file.display());
    };
    match args.output {
        Some(out) => write_atomically(&out, &text)?,
        None => super::emit(text.trim_end())?,
    }
    Ok(ExitCode::SUCCESS)
}

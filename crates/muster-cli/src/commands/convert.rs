//! `muster convert --to json|ron FILE [-o OUT]`

use super::fmt::{canonical, write_atomically};
use muster_model::{FileKind, Syntax};
use std::io::Write;
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

/// Convert a map, overlay, scenario or army list between RON and JSON (canonical form;
/// to RON, every comment is kept; to JSON, which has none, a note counts those left out).
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
    let Some((original, text)) = canonical(&args.file, kind, syntax)? else {
        anyhow::bail!("{} cannot be converted", args.file.display());
    };
    if syntax == Syntax::Json {
        let comments = muster_check::syntax::read_with_comments(&original)
            .map(|(_, c)| c.len())
            .unwrap_or(0);
        if comments > 0 {
            // stderr may be closed; the conversion itself still stands.
            let _ = writeln!(
                std::io::stderr(),
                "note: {} has {comments} {}; JSON has no comments, so they are not in the JSON text (convert back from the RON file, not the JSON, to keep them)",
                args.file.display(),
                if comments == 1 { "comment" } else { "comments" }
            );
        }
    }
    match args.output {
        Some(out) => write_atomically(&out, &text)?,
        None => super::emit(text.trim_end())?,
    }
    Ok(ExitCode::SUCCESS)
}

//! `muster schema --out DIR`

use std::path::PathBuf;
use std::process::ExitCode;

/// Write the JSON Schemas generated from Muster's types.
#[derive(clap::Args)]
pub struct Args {
    /// Folder to write `*.schema.json` into (printed to stdout if absent).
    #[arg(long)]
    out: Option<PathBuf>,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    for (name, text) in muster_model::schema::all() {
        match &args.out {
            Some(dir) => {
                std::fs::create_dir_all(dir)?;
                super::fmt::write_atomically(&dir.join(&name), &text)?;
            }
            None => {
                use std::io::Write;
                std::io::stdout().lock().write_all(text.as_bytes())?;
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

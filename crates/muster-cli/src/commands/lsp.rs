//! `muster lsp`

use std::process::ExitCode;

/// Run the language server on stdin and stdout, for text editors: diagnostics as you
/// type, hovers, go to definition, completion and fixes (see docs/lsp.md).
#[derive(clap::Args)]
pub struct Args {
    /// Accepted for editors that pass it; stdio is the only transport.
    #[arg(long)]
    stdio: bool,
}

pub fn run(_args: Args) -> anyhow::Result<ExitCode> {
    muster_lsp::run_stdio().map_err(|e| anyhow::anyhow!("language server: {e}"))?;
    Ok(ExitCode::SUCCESS)
}

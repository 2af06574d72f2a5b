//! `muster completions SHELL`

use std::process::ExitCode;

/// Print a shell completion script (bash, zsh, fish, elvish, powershell).
#[derive(clap::Args)]
pub struct Args {
    /// The shell.
    shell: clap_complete::Shell,
}

pub fn run(args: Args, mut command: clap::Command) -> anyhow::Result<ExitCode> {
    clap_complete::generate(args.shell, &mut command, "muster", &mut std::io::stdout());
    Ok(ExitCode::SUCCESS)
}

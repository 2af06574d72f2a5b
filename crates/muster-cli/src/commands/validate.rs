//! `muster validate PATH...`

use super::{Color, Format};
use codespan_reporting::term::termcolor::{ColorChoice, StandardStream};
use muster_check::Checker;
use std::path::PathBuf;
use std::process::ExitCode;

/// Check maps, overlays and scenarios against the schemas and the rules.
///
/// Exit status: 0 when no errors are found, 1 when errors are found, 2 when muster could
/// not run (for example a path that does not exist).
#[derive(clap::Args)]
pub struct Args {
    /// Files and folders to check (folders are searched for *.map.ron, *.overlay.ron,
    /// *.scenario.ron and their .json twins).
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,
    /// When to use colour.
    #[arg(long, value_enum, default_value_t = Color::Auto)]
    color: Color,
    /// Treat warnings as errors for the exit status.
    #[arg(long)]
    deny_warnings: bool,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let missing: Vec<_> = args.paths.iter().filter(|p| !p.exists()).collect();
    if !missing.is_empty() {
        let list: Vec<_> = missing.iter().map(|p| p.display().to_string()).collect();
        anyhow::bail!("no such file or folder: {}", list.join(", "));
    }
    let report = Checker::new().check_paths(&args.paths);
    let base = std::env::current_dir().ok();
    match args.format {
        Format::Json => super::emit(serde_json::to_string_pretty(&muster_cli::render::json(
            &report,
            base.as_deref(),
        ))?)?,
        Format::Human => {
            let choice = if args.color.enabled() {
                ColorChoice::Always
            } else {
                ColorChoice::Never
            };
            let stream = StandardStream::stdout(choice);
            let mut lock = stream.lock();
            muster_cli::render::human_to_writer(&report, base.as_deref(), &mut lock)?;
        }
    }
    let failed = report.has_errors()
        || (args.deny_warnings && report.count(muster_check::Severity::Warning) > 0);
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

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
    /// Write a PNG per failing scenario or map into this folder, offending hexes marked.
    #[arg(long, value_name = "DIR")]
    render_failures: Option<PathBuf>,
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
    if let Some(dir) = &args.render_failures {
        render_failures(&report, dir)?;
    }
    let failed = report.has_errors()
        || (args.deny_warnings && report.count(muster_check::Severity::Warning) > 0);
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn render_failures(report: &muster_check::Report, dir: &std::path::Path) -> anyhow::Result<()> {
    std::fs::create_dir_all(dir)?;
    for file in &report.files {
        let errors: Vec<_> = file
            .findings
            .iter()
            .filter(|f| f.diagnostic.severity == muster_check::Severity::Error)
            .collect();
        if errors.is_empty() {
            continue;
        }
        let hexes: Vec<String> = errors
            .iter()
            .filter_map(|f| f.diagnostic.hex.clone())
            .collect();
        // Files that do not load cannot be drawn; their findings are in the report.
        let Ok(scene) = super::render::scene_of(&file.path, &hexes) else {
            continue;
        };
        let image = muster_render::render(&scene, &muster_render::RenderOptions::default())?;
        let name = file
            .path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or("file");
        muster_render::write_png(&image, &dir.join(format!("{name}.png")))?;
    }
    Ok(())
}

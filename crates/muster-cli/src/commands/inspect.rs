//! `muster inspect FILE`

use super::Format;
use muster_check::Checker;
use std::path::PathBuf;
use std::process::ExitCode;

/// Print a scenario resolved: its sides and every placement with its hexes.
#[derive(clap::Args)]
pub struct Args {
    /// The scenario file.
    file: PathBuf,
    /// Output format (json is a stable contract; human is a summary).
    #[arg(long, value_enum, default_value_t = Format::Json)]
    format: Format,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    super::expect_scenario(&args.file)?;
    let loaded = match Checker::new().load_scenario(&args.file) {
        Ok(l) => l,
        Err(report) => {
            let base = std::env::current_dir().ok();
            super::tell(muster_cli::render::human(&report, base.as_deref()));
            anyhow::bail!("{} could not be loaded", args.file.display());
        }
    };
    let value = muster_check::inspect_json(&loaded);
    match args.format {
        Format::Json => super::emit(serde_json::to_string_pretty(&value)?)?,
        Format::Human => {
            super::emit(format!(
                "{} — {} turns, {} moves first",
                value["title"].as_str().unwrap_or(""),
                value["turns"],
                value["first_side"].as_str().unwrap_or("")
            ))?;
            for p in value["placements"].as_array().into_iter().flatten() {
                let hexes: Vec<&str> = p["hexes"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|h| h.as_str())
                    .collect();
                let turn = p
                    .get("turn")
                    .map(|t| format!(" (turn {t})"))
                    .unwrap_or_default();
                super::emit(format!(
                    "  {:<14} {:<32} {}{turn}",
                    p["side"].as_str().unwrap_or(""),
                    p["unit"].as_str().unwrap_or(""),
                    hexes.join(", ")
                ))?;
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

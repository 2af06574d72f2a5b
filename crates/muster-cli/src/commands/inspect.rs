//! `muster inspect FILE`

use super::Format;
use muster_check::{Checker, MAX_FINDINGS_PER_FILE};
use muster_cli::render::clean;
use serde_json::Value;
use std::path::PathBuf;
use std::process::ExitCode;

/// Print a scenario resolved: its sides and every set-up line with its units and hexes.
///
/// The JSON is a versioned contract (`"version": 4`; see the README): `placements` holds
/// one entry per set-up line or reinforcement, its units each with a `count`, a `mode`
/// (how the line fills its hexes) and `at` (where the placement model's one arrangement
/// puts its counters, counted); a side, and the top level, list their game system's own
/// fields as the file writes them.
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
    // Capped like `validate`: at most 200 findings per file, then an "and N more" line.
    let checker = Checker::new().with_cap(MAX_FINDINGS_PER_FILE);
    let loaded = match checker.load_scenario(&args.file) {
        Ok(l) => l,
        Err(mut report) => {
            report.cap_per_file(MAX_FINDINGS_PER_FILE);
            let base = std::env::current_dir().ok();
            super::tell(muster_cli::render::human(&report, base.as_deref()));
            anyhow::bail!("{} could not be loaded", args.file.display());
        }
    };
    let value = muster_check::inspect_json(&loaded);
    match args.format {
        Format::Json => super::emit(serde_json::to_string_pretty(&value)?)?,
        Format::Human => human(&value)?,
    }
    Ok(ExitCode::SUCCESS)
}

/// A string of the JSON, bounded and escaped (it came from the file).
fn text(v: &Value) -> String {
    clean(v.as_str().unwrap_or(""))
}

/// The summary for people: one line per set-up line, its units counted.
fn human(value: &Value) -> anyhow::Result<()> {
    super::emit(format!(
        "{} — {} turns, {} moves first",
        text(&value["title"]),
        value["turns"],
        text(&value["first_side"])
    ))?;
    for p in value["placements"].as_array().into_iter().flatten() {
        let hexes: Vec<&str> = p["hexes"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|h| h.as_str())
            .collect();
        let units: Vec<String> = p["units"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|u| match u["count"].as_u64() {
                Some(1) => text(&u["unit"]),
                n => format!("{}x {}", n.unwrap_or(0), text(&u["unit"])),
            })
            .collect();
        let turn = p
            .get("turn")
            .map(|t| format!(" (turn {t})"))
            .unwrap_or_default();
        super::emit(format!(
            "  {:<14} {:<32} {}{turn}",
            text(&p["side"]),
            units.join(", "),
            clean(&hexes.join(", "))
        ))?;
    }
    Ok(())
}

//! `muster transcribe SCENARIO --side ID [--from FILE] [--write]`: a printed set-up, pasted,
//! read into set-up lines ([`muster_transcribe`]).

use super::{emit, tell};
use crate::commands::fmt::write_atomically;
use muster_check::keep_comments;
use muster_rules::canonical::{reinforcement, scenario_layout, setup_line};
use muster_transcribe::{Severity, Transcript};
use std::io::Read;
use std::path::PathBuf;
use std::process::ExitCode;

/// Read a printed set-up ("Rudolf: 0508; 6x “Chevaliers Italiens”: 0504, 0505 …", "Hex row
/// 08xx : Warwick, 1 x archer", "10 x Archers enter east edge between 1401 and 0401",
/// "Turc (force 3) is placed, secretly, anywhere on or south of row 09xx") into set-up lines
/// and reinforcements of one side, each keeping the printed text as its `source`.
///
/// The text is read from standard input (or `--from FILE`), as pasted from the rules. Names
/// are matched to the side's units (by id, by counter name, by plural, then the nearest by
/// spelling, which is noted); a count not printed is the number of hexes of a one-unit line.
/// Unknown names are errors; text that places nothing is named in a note, never dropped.
/// Without `--write` the lines are printed as RON, ready to paste into the side's `setup`
/// and `reinforcements`; with it they replace the side's lines in the file (every comment
/// kept). Exit 0: read cleanly (notes only); 1: errors (nothing written); 2: the scenario
/// or the side could not be read.
#[derive(clap::Args)]
pub struct Args {
    /// The scenario whose side the set-up is for (its units must be listed).
    scenario: PathBuf,
    /// The side's id.
    #[arg(long)]
    side: String,
    /// Read the printed text from this file instead of standard input.
    #[arg(long, value_name = "FILE")]
    from: Option<PathBuf>,
    /// Replace the side's `setup` and `reinforcements` in the scenario file.
    #[arg(long)]
    write: bool,
    /// Output: `human` prints the lines as RON; `json` prints {"setup", "reinforcements",
    /// "findings": [{"severity", "line", "piece", "message"}]} (findings then also on stdout).
    #[arg(long, value_enum, default_value_t = super::Format::Human)]
    format: super::Format,
}

/// The most text read from standard input or `--from`.
const MAX_INPUT: u64 = muster_transcribe::MAX_TEXT as u64 + 1;

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    super::expect_scenario(&args.scenario)?;
    let text = match &args.from {
        Some(f) => {
            let mut s = String::new();
            std::fs::File::open(f)
                .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", f.display()))?
                .take(MAX_INPUT)
                .read_to_string(&mut s)
                .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", f.display()))?;
            s
        }
        None => {
            let mut s = String::new();
            std::io::stdin()
                .take(MAX_INPUT)
                .read_to_string(&mut s)
                .map_err(|e| anyhow::anyhow!("cannot read the text from standard input: {e}"))?;
            s
        }
    };
    let loaded = super::query::load(&args.scenario)?;
    let s = loaded.resolve();
    let Some(side) = s.file.sides.iter().position(|d| d.id == args.side) else {
        let ids: Vec<&str> = s.file.sides.iter().map(|d| d.id.as_str()).collect();
        anyhow::bail!(
            "no side `{}` in {}: {}",
            muster_cli::render::escape_controls(&args.side),
            args.scenario.display(),
            muster_rules::suggest::did_you_mean(&args.side, "sides", &ids, "it has no sides")
        );
    };
    let def = &s.file.sides[side];
    let names = [def.id.as_str(), def.name.as_str()];
    let zones: Vec<(&str, &str)> = s.world.zone_names().collect();
    let t = muster_transcribe::transcribe(&text, &names, &def.units, &zones);
    if args.format == super::Format::Json {
        let findings: Vec<serde_json::Value> = t
            .findings
            .iter()
            .map(|f| {
                serde_json::json!({
                    "severity": if f.severity == Severity::Error { "error" } else { "note" },
                    "line": f.line,
                    "piece": f.piece,
                    "message": f.message,
                })
            })
            .collect();
        emit(serde_json::json!({
            "setup": t.setup,
            "reinforcements": t.reinforcements,
            "findings": findings,
        }))?;
    } else {
        report(&t);
    }
    if t.has_errors() {
        return Ok(ExitCode::from(1));
    }
    if args.write {
        let mut file = loaded.scenario.value.clone();
        file.sides[side].setup = t.setup.clone();
        file.sides[side].reinforcements = t.reinforcements.clone();
        let before = scenario_layout(&loaded.scenario.value)?;
        let after = scenario_layout(&file)?;
        let new = keep_comments(&loaded.scenario.text, &before, &after)?;
        write_atomically(&args.scenario, &new)?;
        tell(format!(
            "wrote {} set-up lines and {} reinforcements of `{}` into {}",
            t.setup.len(),
            t.reinforcements.len(),
            def.id,
            args.scenario.display()
        ));
    } else if args.format == super::Format::Human {
        emit("setup: [")?;
        for l in &t.setup {
            emit(format!("    {},", setup_line(l)?))?;
        }
        emit("],")?;
        if !t.reinforcements.is_empty() {
            emit("reinforcements: [")?;
            for r in &t.reinforcements {
                emit(format!("    {},", reinforcement(r)?))?;
            }
            emit("],")?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The findings on stderr, `LINE: error|note: message` and the piece they are about, every
/// pasted byte escaped.
fn report(t: &Transcript) {
    use muster_cli::render::escape_controls;
    for f in &t.findings {
        let sev = match f.severity {
            Severity::Error => "error",
            Severity::Note => "note",
        };
        let mut line = format!("line {}: {sev}: {}", f.line, escape_controls(&f.message));
        if !f.piece.is_empty() {
            line.push_str(&format!("\n    in: {}", escape_controls(&f.piece)));
        }
        tell(line);
    }
}

//! `muster export <FORMAT> ...`: scenarios and maps in other tools' formats. One
//! subcommand per format.

use muster_check::Checker;
use std::path::PathBuf;
use std::process::ExitCode;

/// Export scenarios to other tools' formats.
#[derive(clap::Subcommand)]
pub enum Export {
    /// A playable VASSAL module (.vmod): one board per scenario with its hex grid and
    /// printed numbering, counters per side, each scenario's set-up, and its notes, special
    /// rules and victory conditions as help. Scenarios with errors are refused unless
    /// --force is given.
    Vassal(VassalArgs),
    /// A map as a Tiled map: a staggered hexagonal TMX file, with its terrain tileset
    /// (one hex tile per terrain of the ruleset) written beside it as OUT-terrain.png.
    Tiled(super::tiled::ExportTiled),
}

/// Arguments of `muster export vassal`.
#[derive(clap::Args)]
pub struct VassalArgs {
    /// The scenario files (*.scenario.ron or .json).
    #[arg(required = true)]
    scenarios: Vec<PathBuf>,
    /// The module to write (.vmod); with --split, the folder to write the modules in.
    #[arg(short, long)]
    output: PathBuf,
    /// The module's name (default: the output file's name without extension; with
    /// --split, each scenario's title).
    #[arg(long, conflicts_with = "split")]
    name: Option<String>,
    /// One module per scenario, each with only its own sides in the roster, written into
    /// the folder OUTPUT (created if missing) as SCENARIO.vmod, named after the scenario's
    /// file (civitate-1053.scenario.ron gives civitate-1053.vmod).
    #[arg(long)]
    split: bool,
    /// Export scenarios that `muster validate` finds errors in (the module may then be
    /// wrong where the errors are); a scenario that does not load is left out and named,
    /// and the exit status is then 1.
    #[arg(long)]
    force: bool,
}

pub fn run(export: Export) -> anyhow::Result<ExitCode> {
    match export {
        Export::Vassal(a) => vassal(a),
        Export::Tiled(a) => super::tiled::export_tiled(a),
    }
}

fn vassal(args: VassalArgs) -> anyhow::Result<ExitCode> {
    for path in &args.scenarios {
        super::expect_scenario(path)?;
    }
    let base = std::env::current_dir().ok();
    // Capped like `validate`: at most 200 findings per file, then an "and N more" line.
    let checker = Checker::new().with_cap(muster_check::MAX_FINDINGS_PER_FILE);
    let mut report = checker.check_paths(&args.scenarios);
    report.cap_per_file(muster_check::MAX_FINDINGS_PER_FILE);
    if report.has_errors() {
        super::tell(muster_cli::render::human(&report, base.as_deref()));
        if !args.force {
            super::tell(format_args!(
                "error: not exported: the scenarios have errors (fix them, or export anyway with --force)\n"
            ));
            return Ok(ExitCode::from(1));
        }
        super::tell(format_args!(
            "warning: exporting despite errors (--force); the module may be wrong where they are\n"
        ));
    }
    // With --force a scenario that does not load is left out of the module and named
    // (its errors were reported above, once); the others are exported.
    let mut loaded = Vec::new();
    let mut paths = Vec::new();
    let mut skipped = Vec::new();
    for path in &args.scenarios {
        match checker.load_scenario(path) {
            Ok(l) => {
                loaded.push(l);
                paths.push(path);
            }
            Err(mut report) => {
                if !report.has_errors() || !args.force {
                    report.cap_per_file(muster_check::MAX_FINDINGS_PER_FILE);
                    super::tell(muster_cli::render::human(&report, base.as_deref()));
                }
                if !args.force {
                    anyhow::bail!("{} could not be loaded", path.display());
                }
                let shown = muster_cli::render::shown_path(path, base.as_deref());
                super::tell(format!(
                    "warning: not exported: {shown} does not load (its errors are above)\n"
                ));
                skipped.push(shown);
            }
        }
    }
    if loaded.is_empty() {
        anyhow::bail!("no scenario loads: nothing to export");
    }
    let resolved: Vec<_> = loaded.iter().map(|l| l.resolve()).collect();
    let inputs: Vec<muster_vassal::ScenarioInput> = loaded
        .iter()
        .zip(&resolved)
        .map(|(l, s)| muster_vassal::ScenarioInput {
            scenario: s,
            map: &l.map().value,
            overlays: l.overlay_values(),
        })
        .collect();
    if args.split {
        std::fs::create_dir_all(&args.output)
            .map_err(|e| anyhow::anyhow!("cannot make {}: {e}", args.output.display()))?;
        let mut taken: Vec<String> = Vec::new();
        for (input, path) in inputs.iter().zip(&paths) {
            let file = module_file(path, &mut taken);
            let title = input.scenario.file.title.clone();
            write_module(&args.output.join(file), &title, std::slice::from_ref(input))?;
        }
    } else {
        let name = args.name.clone().unwrap_or_else(|| {
            args.output
                .file_stem()
                .and_then(|s| s.to_str())
                .unwrap_or("Muster module")
                .to_string()
        });
        write_module(&args.output, &name, &inputs)?;
    }
    for s in &skipped {
        super::emit(format!("  {s}: not exported (does not load)"))?;
    }
    Ok(if skipped.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// Writes the module of `inputs` named `name` to `output`, and says what it holds.
fn write_module(
    output: &std::path::Path,
    name: &str,
    inputs: &[muster_vassal::ScenarioInput],
) -> anyhow::Result<()> {
    let module = muster_vassal::export(name, inputs)?;
    let bytes = module.to_zip()?;
    muster_check::write_atomically(output, &bytes)
        .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", output.display()))?;
    super::emit(format!(
        "wrote {} ({} KB, VASSAL {}+)",
        output.display(),
        bytes.len().div_ceil(1024),
        muster_vassal::VASSAL_VERSION
    ))?;
    for s in &module.summary {
        super::emit(format!(
            "  {}: {} counters on their hexes, {} in off-map boxes, {} owner's-choice lines placed in order",
            s.title, s.on_map, s.off_map, s.choices
        ))?;
        for u in &s.unplaced {
            super::emit(format!("    not exported: {u}"))?;
        }
    }
    Ok(())
}

/// The file a scenario's own module is written to with --split: the scenario file's name
/// without `.scenario.ron` (or `.json`), made unique among `taken` with `-2`, `-3` …
fn module_file(scenario: &std::path::Path, taken: &mut Vec<String>) -> String {
    let name = scenario
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or("scenario");
    let stem = [".scenario.ron", ".scenario.json", ".ron", ".json"]
        .iter()
        .find_map(|ext| name.strip_suffix(ext))
        .unwrap_or(name);
    let mut file = format!("{stem}.vmod");
    let mut k = 2;
    while taken.contains(&file) {
        file = format!("{stem}-{k}.vmod");
        k += 1;
    }
    taken.push(file.clone());
    file
}

//! `muster new pack|map|scenario NAME`: scaffolds with the ruleset's vocabulary.

use super::fmt::write_atomically;
use muster_hex::GridSpec;
use muster_model::canonical::map_to_ron;
use muster_model::{MapFile, ScenarioFile};
use muster_rules::canonical::scenario_to_ron;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// What to create.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum What {
    /// A folder with a manifest, a map and a scenario.
    Pack,
    /// A map.
    Map,
    /// A scenario on an existing map.
    Scenario,
}

/// Create a new pack, map or scenario that validates, ready to fill in.
#[derive(clap::Args)]
pub struct Args {
    /// What to create.
    what: What,
    /// Name (a folder for a pack, a file stem otherwise).
    name: PathBuf,
    /// Ruleset (the first game system of the table unless given).
    #[arg(long, default_value = muster_rules::default_system().id())]
    ruleset: String,
    /// For a scenario: the map it uses (relative to the scenario).
    #[arg(long)]
    map: Option<String>,
    /// Map size, COLUMNSxROWS.
    #[arg(long, default_value = "12x15")]
    size: String,
}

/// A map size written `COLUMNSxROWS` (`--size` of `new` and `trace`), each 1 to
/// [`muster_hex::GridSpec::MAX_SIZE`].
pub fn map_size(size: &str) -> anyhow::Result<(u32, u32)> {
    let (c, r) = size
        .split_once('x')
        .and_then(|(c, r)| Some((c.parse().ok()?, r.parse().ok()?)))
        .ok_or_else(|| anyhow::anyhow!("--size takes COLUMNSxROWS, e.g. 12x15"))?;
    let max = muster_hex::GridSpec::MAX_SIZE;
    if !(1..=max).contains(&c) || !(1..=max).contains(&r) {
        anyhow::bail!("--size {size}: a map has 1 to {max} columns and rows");
    }
    Ok((c, r))
}

fn map(title: &str, ruleset: &str, columns: u32, rows: u32) -> MapFile {
    let r = muster_rules::ruleset(ruleset);
    let vocabulary = r
        .map(|r| {
            r.terrain
                .iter()
                .map(|t| t.id.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        })
        .unwrap_or_default();
    let default = default_terrain(ruleset);
    let grid = GridSpec::flat(columns, rows);
    let mut m = MapFile::blank(title, ruleset, &default, grid);
    m.notes = vec![format!("Terrain ids of {ruleset}: {vocabulary}.")];
    m
}

fn default_terrain(ruleset: &str) -> String {
    muster_rules::ruleset(ruleset)
        .and_then(|r| r.terrain.first())
        .map(|t| t.id.clone())
        .unwrap_or_else(|| "clear".into())
}

/// A blank scenario with what its system puts into every new one (`prepare_new_scenario`:
/// the settings the system asks for, one example unit and its set-up line).
fn scenario(title: &str, ruleset: &str, map: &str) -> ScenarioFile {
    let mut s = ScenarioFile::blank(title, ruleset, map);
    if let Some(system) = muster_rules::system(ruleset) {
        system.prepare_new_scenario(&mut s);
    }
    s
}

/// The scenario's canonical text, its first set-up line under a comment that says how to
/// write one.
fn scenario_text(s: &ScenarioFile) -> anyhow::Result<String> {
    let text = scenario_to_ron(s)?;
    let setup = "            setup: [\n";
    Ok(text.replacen(
        setup,
        &format!(
            "{setup}                // One line per group of counters: the unit ids (\"2x Id\" for several\n                // counters of a unit) and the hexes, 4 digits each, column then row.\n"
        ),
        1,
    ))
}

fn create(path: &Path, text: &str) -> anyhow::Result<()> {
    if path.exists() {
        anyhow::bail!("{} exists already", path.display());
    }
    write_atomically(path, text)?;
    super::emit(format!("created {}", path.display()))
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if muster_rules::ruleset(&args.ruleset).is_none() {
        anyhow::bail!(
            "unknown ruleset `{}`: {}",
            args.ruleset,
            muster_rules::suggest::did_you_mean(
                &args.ruleset,
                "rulesets",
                &muster_rules::system_ids().collect::<Vec<_>>(),
                ""
            )
        );
    }
    let (c, r) = map_size(&args.size)?;
    let stem = args
        .name
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or("new")
        .to_string();
    match args.what {
        What::Map => create(
            &with(&args.name, "map.ron"),
            &map_to_ron(&map(&stem, &args.ruleset, c, r))?,
        )?,
        What::Scenario => {
            let m = args
                .map
                .clone()
                .unwrap_or_else(|| format!("{stem}.map.ron"));
            let path = with(&args.name, "scenario.ron");
            let beside = path.parent().unwrap_or(Path::new("")).join(&m);
            if !beside.is_file() {
                anyhow::bail!(
                    "the scenario's map `{m}` is not there ({}): create it first with `muster new map`, or name an existing one with --map (relative to the scenario)",
                    beside.display()
                );
            }
            create(
                &with(&args.name, "scenario.ron"),
                &scenario_text(&scenario(&stem, &args.ruleset, &m))?,
            )?
        }
        What::Pack => {
            let dir = &args.name;
            std::fs::create_dir_all(dir.join("maps"))?;
            std::fs::create_dir_all(dir.join("scenarios"))?;
            create(
                &dir.join("muster.pack.ron"),
                &format!(
                    "(\n    name: \"{stem}\",\n    ruleset: \"{}\",\n)\n",
                    args.ruleset
                ),
            )?;
            create(
                &dir.join(format!("maps/{stem}.map.ron")),
                &map_to_ron(&map(&stem, &args.ruleset, c, r))?,
            )?;
            create(
                &dir.join(format!("scenarios/{stem}.scenario.ron")),
                &scenario_text(&scenario(
                    &stem,
                    &args.ruleset,
                    &format!("../maps/{stem}.map.ron"),
                ))?,
            )?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn with(name: &Path, ext: &str) -> PathBuf {
    let s = name.to_string_lossy();
    if s.ends_with(&format!(".{ext}")) {
        name.to_path_buf()
    } else {
        PathBuf::from(format!("{s}.{ext}"))
    }
}

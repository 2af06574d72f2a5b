//! `muster trace IMAGE …`: a scanned or photographed map traced into a map file
//! ([`muster_trace`]).

use super::{emit, tell, Format};
use muster_check::{load_value, Checker};
use muster_hex::{Grid, GridSpec, Hex, Numbering, Orientation, Stagger};
use muster_model::{FileKind, MapFile};
use muster_trace::{Anchor, Traced};
use std::path::PathBuf;
use std::process::ExitCode;

/// Trace a scanned or photographed hex map (PNG or JPEG) into a map file: the grid fitted
/// to hex centres you give in pixels, each hex's terrain proposed from its pixels against
/// sample hexes you name, with a confidence; hexes below `--threshold` are listed to check.
///
/// The grid is that of a map file (`--grid-from MAP`) or `--size COLUMNSxROWS` with
/// `--orientation`, `--stagger`, `--numbering` and `--first` (as map files write them).
/// Two `--at` points fix position, scale and rotation; three or more (not in one line)
/// also absorb a skew, and the residual says how well the points agree. Name several
/// sample hexes of every terrain on the map (`--sample 0304=woods --sample 0910=woods`).
/// The map is written `Reconstructed`, with notes naming the picture, the fit and the hexes
/// to check, then validated. Exit 0: written; 1: written, with findings to fix; 2: nothing
/// written (bad calibration, samples or picture).
#[derive(clap::Args)]
pub struct Args {
    /// The picture (PNG or JPEG).
    image: PathBuf,
    /// The map file to write (`NAME.map.ron`).
    #[arg(short, long)]
    output: PathBuf,
    /// Take the grid (and ruleset, unless given) from this map file.
    #[arg(long, value_name = "MAP")]
    grid_from: Option<PathBuf>,
    /// The ruleset whose terrain the map uses.
    #[arg(long)]
    ruleset: Option<String>,
    /// Map size, COLUMNSxROWS (without `--grid-from`).
    #[arg(long)]
    size: Option<String>,
    /// Flat-top (columns) or pointy-top (rows) hexes.
    #[arg(long, value_enum, default_value_t = OrientationArg::Flat)]
    orientation: OrientationArg,
    /// Which columns (flat) or rows (pointy) are shoved down or right.
    #[arg(long, value_enum, default_value_t = StaggerArg::Even)]
    stagger: StaggerArg,
    /// Which number comes first in a printed hex id.
    #[arg(long, value_enum, default_value_t = NumberingArg::ColumnRow)]
    numbering: NumberingArg,
    /// The printed number of the first column and row (1 for maps starting at 0101).
    #[arg(long, default_value_t = 1)]
    first: u32,
    /// A hex centre in the picture, `HEX=X,Y` in pixels (at least two; three or more absorb
    /// a skew).
    #[arg(long = "at", value_name = "HEX=X,Y", required = true)]
    at: Vec<String>,
    /// A sample hex and its terrain, `HEX=TERRAIN` (several of each terrain on the map).
    #[arg(long = "sample", value_name = "HEX=TERRAIN", required = true)]
    samples: Vec<String>,
    /// Confidence (0 to 1) below which a hex is listed to check.
    #[arg(long, default_value_t = 0.3)]
    threshold: f32,
    /// The map's title (default: the picture's file name).
    #[arg(long)]
    title: Option<String>,
    /// Replace the output file if it exists.
    #[arg(long)]
    force: bool,
    /// `json` prints {"fit": {"points", "residual_px", "radius_px"}, "hexes": [{"hex",
    /// "terrain", "confidence"}], "to_check": [HEX…]}.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum OrientationArg {
    Flat,
    Pointy,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum StaggerArg {
    Even,
    Odd,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum NumberingArg {
    ColumnRow,
    RowColumn,
}

/// The grid and ruleset the trace is made on.
fn grid_and_ruleset(args: &Args) -> anyhow::Result<(GridSpec, String)> {
    if let Some(path) = &args.grid_from {
        let map = load_value::<MapFile>(path, FileKind::Map).map_err(|_| {
            anyhow::anyhow!("{} has errors; run `muster validate` on it", path.display())
        })?;
        let ruleset = args.ruleset.clone().unwrap_or(map.value.ruleset.clone());
        return Ok((map.value.grid, ruleset));
    }
    let size = args
        .size
        .as_deref()
        .ok_or_else(|| anyhow::anyhow!("give the grid: --grid-from MAP, or --size COLUMNSxROWS"))?;
    let (columns, rows) = super::new::map_size(size)?;
    if args.first > GridSpec::MAX_FIRST {
        anyhow::bail!("--first {}: at most {}", args.first, GridSpec::MAX_FIRST);
    }
    let mut spec = GridSpec::flat(columns, rows);
    spec.orientation = match args.orientation {
        OrientationArg::Flat => Orientation::Flat,
        OrientationArg::Pointy => Orientation::Pointy,
    };
    spec.stagger = match args.stagger {
        StaggerArg::Even => Stagger::Even,
        StaggerArg::Odd => Stagger::Odd,
    };
    spec.numbering = match args.numbering {
        NumberingArg::ColumnRow => Numbering::ColumnRow,
        NumberingArg::RowColumn => Numbering::RowColumn,
    };
    spec.first_column = args.first;
    spec.first_row = args.first;
    let ruleset = args
        .ruleset
        .clone()
        .ok_or_else(|| anyhow::anyhow!("give the ruleset: --ruleset ID"))?;
    Ok((spec, ruleset))
}

/// A hex of the grid, by its printed id.
fn hex_of(grid: &Grid, id: &str, what: &str) -> anyhow::Result<Hex> {
    let h = grid
        .from_printed(id)
        .map_err(|e| anyhow::anyhow!("{what} `{id}`: {e}"))?;
    if !grid.contains(h) {
        anyhow::bail!("{what} `{id}`: the hex is not on the grid");
    }
    Ok(h)
}

fn anchors(grid: &Grid, at: &[String]) -> anyhow::Result<Vec<Anchor>> {
    at.iter()
        .map(|a| {
            let bad = || {
                anyhow::anyhow!(
                    "--at `{a}`: write HEX=X,Y, the hex's centre in pixels, e.g. 0101=112,96"
                )
            };
            let (hex, xy) = a.split_once('=').ok_or_else(bad)?;
            let (x, y) = xy.split_once(',').ok_or_else(bad)?;
            let (x, y): (f64, f64) = (
                x.trim().parse().map_err(|_| bad())?,
                y.trim().parse().map_err(|_| bad())?,
            );
            if !(x.is_finite() && y.is_finite()) {
                return Err(bad());
            }
            Ok(Anchor {
                hex: hex_of(grid, hex.trim(), "--at")?,
                px: (x, y),
            })
        })
        .collect()
}

fn samples(grid: &Grid, ruleset: &str, given: &[String]) -> anyhow::Result<Vec<(Hex, String)>> {
    let r = muster_rules::ruleset(ruleset).ok_or_else(|| {
        anyhow::anyhow!(
            "unknown ruleset `{ruleset}`: {}",
            muster_rules::suggest::did_you_mean(
                ruleset,
                "rulesets",
                &muster_rules::system_ids().collect::<Vec<_>>(),
                ""
            )
        )
    })?;
    let ids: Vec<&str> = r.terrain.iter().map(|t| t.id.as_str()).collect();
    given
        .iter()
        .map(|s| {
            let (hex, terrain) = s.split_once('=').ok_or_else(|| {
                anyhow::anyhow!("--sample `{s}`: write HEX=TERRAIN, e.g. 0304=woods")
            })?;
            let terrain = terrain.trim();
            if !ids.contains(&terrain) {
                anyhow::bail!(
                    "--sample `{s}`: `{terrain}` is not a terrain of {ruleset}: {}",
                    muster_rules::suggest::did_you_mean(terrain, "terrains", &ids, "")
                );
            }
            Ok((hex_of(grid, hex.trim(), "--sample")?, terrain.to_string()))
        })
        .collect()
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let name = args
        .output
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or_default();
    if !name.ends_with(".map.ron") {
        anyhow::bail!(
            "{}: name the map to write `NAME.map.ron`",
            args.output.display()
        );
    }
    if args.output.exists() && !args.force {
        anyhow::bail!(
            "{} exists; give --force to replace it",
            args.output.display()
        );
    }
    if !(0.0..=1.0).contains(&args.threshold) {
        anyhow::bail!("--threshold is a confidence from 0 to 1");
    }
    let (spec, ruleset) = grid_and_ruleset(&args)?;
    let grid = Grid::new(spec.clone());
    let anchors = anchors(&grid, &args.at)?;
    let samples = samples(&grid, &ruleset, &args.samples)?;
    let image = muster_trace::open_image(&args.image)?;
    let fit = muster_trace::fit(&grid, &anchors)?;
    let proposals = muster_trace::propose(&image, &grid, &fit, &samples)?;
    let picture = args
        .image
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or("the picture")
        .to_string();
    let title = args.title.clone().unwrap_or_else(|| picture.clone());
    let map = muster_trace::map_file(&Traced {
        title: &title,
        ruleset: &ruleset,
        spec,
        picture: &picture,
        fit: &fit,
        proposals: &proposals,
        threshold: args.threshold,
    });
    let check = muster_trace::to_check(&proposals, args.threshold);
    let text = muster_model::canonical::map_to_ron(&map)?;
    muster_check::write_atomically(&args.output, text.as_bytes())
        .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", args.output.display()))?;
    let shown = |h: Hex| grid.to_printed(h);
    match args.format {
        Format::Json => emit(serde_json::json!({
            "fit": {"points": fit.points, "residual_px": fit.residual_px, "radius_px": fit.radius_px},
            "hexes": proposals.iter().map(|p| serde_json::json!({
                "hex": shown(p.hex),
                "terrain": p.terrain,
                "confidence": p.confidence,
            })).collect::<Vec<_>>(),
            "to_check": check.iter().map(|p| shown(p.hex)).collect::<Vec<_>>(),
        }))?,
        Format::Human => {
            let exact = if fit.points <= 3 {
                " (the points fix the fit exactly: give a fourth to measure it)"
            } else {
                ""
            };
            emit(format!(
                "fitted the grid to {} hex centres: residual {:.1} px{exact}, hexes {:.0} px across",
                fit.points,
                fit.residual_px,
                2.0 * fit.radius_px
            ))?;
            if !check.is_empty() {
                let ids: Vec<String> = check.iter().map(|p| shown(p.hex)).collect();
                emit(format!(
                    "{} hexes to check (confidence under {}): {}",
                    ids.len(),
                    args.threshold,
                    ids.join(", ")
                ))?;
            }
            emit(format!(
                "wrote {}",
                muster_cli::render::escape_controls(&args.output.display().to_string())
            ))?;
        }
    }
    let report = Checker::new().check_paths(std::slice::from_ref(&args.output));
    if report.has_errors() {
        let base = std::env::current_dir().ok();
        tell(muster_cli::render::human(&report, base.as_deref()));
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
}

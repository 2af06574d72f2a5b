//! `muster export tiled MAP -o OUT.tmx` and `muster import tiled IN.tmx -o OUT.map.ron`:
//! maps to and from the Tiled map editor (the `muster-tiled` library does the work).

use super::fmt::write_atomically;
use anyhow::{bail, Context};
use muster_check::load_value;
use muster_model::{FileKind, MapFile};
use muster_tiled::ExportOptions;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Formats to export to.
#[derive(clap::Subcommand)]
pub enum Export {
    Tiled(ExportTiled),
}

/// Formats to import from.
#[derive(clap::Subcommand)]
pub enum Import {
    Tiled(ImportTiled),
}

/// Write a map as a Tiled map: a staggered hexagonal TMX file, with its terrain tileset
/// (one hex tile per terrain of the ruleset) written beside it as OUT-terrain.png.
#[derive(clap::Args)]
pub struct ExportTiled {
    /// The map (*.map.ron or *.map.json).
    map: PathBuf,
    /// The TMX file to write (*.tmx).
    #[arg(short, long)]
    output: PathBuf,
    /// Width of a hex in pixels (flat grids; height for pointy grids), as `render
    /// --px-per-hex`: a multiple of 4 from 8 to 512.
    #[arg(long, default_value_t = 48)]
    px_per_hex: u32,
    /// Leave out the layer of printed hex numbers (maps over 10,000 hexes never get one).
    #[arg(long)]
    no_numbers: bool,
}

/// Read a Tiled map (staggered hexagonal TMX) into a Muster map that validates, written
/// in canonical form. Terrain comes from the tiles' `muster:terrain` property (maps
/// exported by Muster), or from --terrain-map for maps made elsewhere.
#[derive(clap::Args)]
pub struct ImportTiled {
    /// The TMX file.
    tmx: PathBuf,
    /// The map file to write (*.map.ron).
    #[arg(short, long)]
    output: PathBuf,
    /// A RON file giving each tile its terrain: `(tiles: {"0": "clear", "1": "woods"})`,
    /// keys being Tiled's tile ids (`"NAME:ID"` for one tileset of several), with optional
    /// `ruleset: "..."` and `empty: "..."` (terrain of cells with no tile).
    #[arg(long, value_name = "FILE")]
    terrain_map: Option<PathBuf>,
    /// The map's ruleset, when neither the TMX file nor the terrain map names one.
    #[arg(long)]
    ruleset: Option<String>,
    /// Terrain of cells with no tile (overrides the terrain map's `empty`).
    #[arg(long, value_name = "TERRAIN")]
    empty: Option<String>,
    /// Replace OUTPUT if it exists.
    #[arg(long)]
    force: bool,
}

pub fn run_export(e: Export) -> anyhow::Result<ExitCode> {
    match e {
        Export::Tiled(a) => export(a),
    }
}

pub fn run_import(i: Import) -> anyhow::Result<ExitCode> {
    match i {
        Import::Tiled(a) => import(a),
    }
}

fn name_of(path: &Path) -> &str {
    path.file_name()
        .and_then(|n| n.to_str())
        .unwrap_or_default()
}

fn export(a: ExportTiled) -> anyhow::Result<ExitCode> {
    if !matches!(FileKind::from_file_name(name_of(&a.map)), Some((FileKind::Map, _))) {
        bail!("{} is not a map: give a *.map.ron or *.map.json file", a.map.display());
    }
    let stem = name_of(&a.output)
        .strip_suffix(".tmx")
        .filter(|s| !s.is_empty())
        .with_context(|| format!("{}: the output is a Tiled map, name it *.tmx", a.output.display()))?
        .to_string();
    let map = load_value::<MapFile>(&a.map, FileKind::Map)
        .map_err(|_| anyhow::anyhow!("{} has errors; run `muster validate` on it", a.map.display()))?;
    let ruleset = muster_rules::ruleset(&map.value.ruleset)
        .with_context(|| format!("unknown ruleset `{}`", map.value.ruleset))?;
    let image = format!("{stem}-terrain.png");
    let opts = ExportOptions {
        px_per_hex: a.px_per_hex,
        numbers: !a.no_numbers,
        tileset_image: image.clone(),
    };
    let out = muster_tiled::export(&map.value, ruleset, &opts)?;
    let image_path = a.output.with_file_name(&image);
    muster_check::write_atomically(&image_path, &out.tileset_png)
        .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", image_path.display()))?;
    write_atomically(&a.output, &out.tmx)?;
    super::emit(format!(
        "wrote {} and its tileset {}",
        a.output.display(),
        image_path.display()
    ))?;
    Ok(ExitCode::SUCCESS)
}

fn import(a: ImportTiled) -> anyhow::Result<ExitCode> {
    let _ = a;
    bail!("not yet")
}

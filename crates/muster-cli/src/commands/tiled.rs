//! `muster export tiled MAP -o OUT.tmx` and `muster import tiled IN.tmx -o OUT.map.ron`:
//! maps to and from the Tiled map editor (the `muster-tiled` library does the work).
//! The map file's header comments travel in the map property `muster:comments` and are
//! written back above the imported map through the comment-keeping writer.

use super::fmt::write_atomically;
use anyhow::{bail, Context};
use muster_check::{load_value, read_bytes, Checker, FileReport, Report, Severity};
use muster_model::canonical::map_layout;
use muster_model::{FileKind, MapFile};
use muster_tiled::{ExportOptions, ImportOptions, TerrainMap};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

/// Read a map from another program's format (Tiled).
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

/// Read a Tiled map (staggered hexagonal, TMX or Tiled's JSON: .tmx, .tmj, .json) into a
/// Muster map that validates, written in canonical form. Terrain comes from the tiles' `muster:terrain` property (maps
/// exported by Muster), or from --terrain-map for maps made elsewhere.
#[derive(clap::Args)]
pub struct ImportTiled {
    /// The Tiled map (.tmx, or .tmj/.json); its external tilesets (.tsx, .tsj) are read
    /// from its folder or below.
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

pub fn run_import(i: Import) -> anyhow::Result<ExitCode> {
    match i {
        Import::Tiled(a) => import_tiled(a),
    }
}

fn name_of(path: &Path) -> &str {
    path.file_name()
        .and_then(|n| n.to_str())
        .unwrap_or_default()
}

/// `muster export tiled`.
pub fn export_tiled(a: ExportTiled) -> anyhow::Result<ExitCode> {
    if !matches!(
        FileKind::from_file_name(name_of(&a.map)),
        Some((FileKind::Map, _))
    ) {
        bail!(
            "{} is not a map: give a *.map.ron or *.map.json file",
            a.map.display()
        );
    }
    let stem = name_of(&a.output)
        .strip_suffix(".tmx")
        .filter(|s| !s.is_empty())
        .with_context(|| {
            format!(
                "{}: the output is a Tiled map, name it *.tmx",
                a.output.display()
            )
        })?
        .to_string();
    let map = load_value::<MapFile>(&a.map, FileKind::Map).map_err(|_| {
        anyhow::anyhow!(
            "{} has errors; run `muster validate` on it",
            a.map.display()
        )
    })?;
    let ruleset = muster_rules::ruleset(&map.value.ruleset).with_context(|| {
        format!(
            "unknown ruleset `{}`: {}",
            map.value.ruleset,
            muster_rules::suggest::did_you_mean(
                &map.value.ruleset,
                "rulesets",
                &muster_rules::system_ids().collect::<Vec<_>>(),
                ""
            )
        )
    })?;
    let image = format!("{stem}-terrain.png");
    let opts = ExportOptions {
        px_per_hex: a.px_per_hex,
        numbers: !a.no_numbers,
        tileset_image: image.clone(),
        header_comments: header_comments(&map.text),
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

/// The comments above a map file's first value, as written (blank lines between them
/// kept); empty when there are none or the text does not read.
fn header_comments(text: &str) -> String {
    let Ok((root, comments)) = muster_check::syntax::read_with_comments(text) else {
        return String::new();
    };
    let head: Vec<_> = comments
        .iter()
        .filter(|c| c.end <= root.span.start)
        .collect();
    match (head.first(), head.last()) {
        (Some(first), Some(last)) => text[first.start..last.end].to_string(),
        _ => String::new(),
    }
}

/// A header read from a Tiled map as comments of a map file: as written when it is
/// nothing but comments (what an export writes), else each of its lines made a `//`
/// comment, so that no text edited in Tiled can become part of the map's value.
fn as_comments(header: &str) -> String {
    let header = header.trim();
    let probe = format!("{header}\n()");
    if let Ok((root, comments)) = muster_check::syntax::read_with_comments(&probe) {
        let mut covered = vec![false; header.len()];
        for c in &comments {
            covered[c.start.min(header.len())..c.end.min(header.len())].fill(true);
        }
        let only_comments = header
            .char_indices()
            .all(|(i, ch)| ch.is_whitespace() || covered[i]);
        if only_comments && root.span.start > header.len() {
            return header.to_string();
        }
    }
    header
        .lines()
        .map(|l| match l.trim_start() {
            l if l.starts_with("//") => l.to_string(),
            "" => "//".to_string(),
            l => format!("// {l}"),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The canonical text of an imported map, with the header comments its export carried
/// written above it by the comment-keeping writer (`muster fmt`'s).
fn map_text(map: &MapFile, header: &str) -> anyhow::Result<String> {
    let layout = map_layout(map)?;
    if header.trim().is_empty() {
        return Ok(layout.render());
    }
    let original = format!("{}\n{}", as_comments(header), layout.render());
    Ok(muster_check::keep_comments(&original, &layout, &layout)?)
}

/// Reads a text file of at most the checker's size limit.
fn read_text(path: &Path) -> anyhow::Result<String> {
    let bytes =
        read_bytes(path).map_err(|e| anyhow::anyhow!("cannot read {}: {e}", path.display()))?;
    String::from_utf8(bytes).map_err(|_| anyhow::anyhow!("{} is not UTF-8 text", path.display()))
}

/// Reads an external tileset the map names, only from the map's folder or below it: the
/// folder is opened once and the tileset read beneath it, so neither `..`, an absolute
/// path nor a symlink can lead the read out (nothing is checked before the open).
fn tileset_reader(tmx: &Path) -> anyhow::Result<impl FnMut(&str) -> Result<String, String>> {
    let dir = tmx
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let root = muster_check::muster_io::Root::open(dir)
        .with_context(|| format!("cannot read the folder of {}", tmx.display()))?;
    Ok(move |source: &str| {
        let bytes = root.read(Path::new(source)).map_err(|e| match e {
            muster_check::ReadError::Refused(_) => format!(
                "it lies outside the map's folder {}; Muster reads tilesets beside the map or below it (copy it there, or embed it in Tiled)",
                root.path().display()
            ),
            e => format!("cannot read {}: {e}", root.path().join(source).display()),
        })?;
        String::from_utf8(bytes).map_err(|_| format!("{source} is not UTF-8 text"))
    })
}

/// Checks a map's text as `muster validate` would, as if it were at `path`; prints the
/// findings and returns whether there are errors.
fn check(path: &Path, text: &str) -> anyhow::Result<bool> {
    let checker = Checker::with_overrides([(path.to_path_buf(), Arc::<str>::from(text))]);
    let mut report = Report::default();
    let (findings, _) = checker.check_file(path, FileKind::Map, &mut report);
    let errors = findings
        .iter()
        .any(|f| f.diagnostic.severity == Severity::Error);
    let suppressed = checker.left_out().into_iter().map(|(_, s)| s).fold(
        Default::default(),
        |mut all: muster_check::Suppressed, s| {
            all.merge(s);
            all
        },
    );
    if !findings.is_empty() {
        report.sources.insert(path.to_path_buf(), Arc::from(text));
        report.files.push(FileReport {
            path: path.to_path_buf(),
            findings,
            suppressed,
        });
        super::tell(muster_cli::render::human(&report, None));
    }
    Ok(errors)
}

/// A Tiled map's file name without its extension.
fn title_of(name: &str) -> &str {
    [".tmx", ".tmj", ".json"]
        .iter()
        .find_map(|ext| name.strip_suffix(ext).filter(|s| !s.is_empty()))
        .unwrap_or(name)
}

/// `muster import tiled`.
pub fn import_tiled(a: ImportTiled) -> anyhow::Result<ExitCode> {
    if !name_of(&a.output).ends_with(".map.ron") || name_of(&a.output) == ".map.ron" {
        bail!(
            "{}: the output is a Muster map, name it *.map.ron",
            a.output.display()
        );
    }
    if a.output.exists() && !a.force {
        bail!(
            "{} exists already; give --force to replace it",
            a.output.display()
        );
    }
    let text = read_text(&a.tmx)?;
    let terrain_map = match &a.terrain_map {
        Some(p) => Some(
            TerrainMap::parse(&read_text(p)?)
                .map_err(|e| anyhow::anyhow!("{}:{e}", p.display()))?,
        ),
        None => None,
    };
    let mut resolve = tileset_reader(&a.tmx)?;
    let tmx = muster_tiled::read_tmx(&text, &mut resolve)
        .map_err(|e| anyhow::anyhow!("{}: {e}", a.tmx.display()))?;
    let opts = ImportOptions {
        terrain_map,
        ruleset: a.ruleset,
        empty: a.empty,
        title: title_of(name_of(&a.tmx)).to_string(),
    };
    let imported = muster_tiled::import(&tmx, &opts)
        .map_err(|e| anyhow::anyhow!("{}: {e}", a.tmx.display()))?;
    for n in &imported.notes {
        super::tell(format_args!("note: {n}\n"));
    }
    let ron = map_text(&imported.map, &imported.header_comments)?;
    if check(&a.output, &ron)? {
        super::tell(format_args!(
            "error: the map read from {} does not validate (above; the lines are those of the map it would write); nothing written\n",
            a.tmx.display()
        ));
        return Ok(ExitCode::from(1));
    }
    write_atomically(&a.output, &ron)?;
    let m = &imported.map;
    super::emit(format!(
        "wrote {}: {} × {} hexes, {} listed, {} hexsides, {} paths",
        a.output.display(),
        m.grid.columns,
        m.grid.rows,
        m.hexes.len(),
        m.hexsides.len(),
        m.paths.len()
    ))?;
    Ok(ExitCode::SUCCESS)
}

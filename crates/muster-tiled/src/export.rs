//! Writing a map as a staggered hexagonal TMX map: the grid, the generated tileset, the
//! terrain layer, and object layers for hexsides, paths, hex numbers, elevation and labels.

use crate::cells::Cells;
use crate::layout::TileGeometry;
use crate::objects::{self, Layer};
use crate::props;
use crate::tileset::{self, Tileset};
use crate::xml_out::{Out, Prop};
use muster_hex::{Grid, Hex, Orientation};
use muster_model::canonical::inline;
use muster_model::{MapFile, Ruleset};
use std::collections::HashMap;

/// The smallest and largest hex width (flat grids; height for pointy grids) in pixels.
pub const PX_PER_HEX: std::ops::RangeInclusive<u32> = 8..=512;

/// How to write.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportOptions {
    /// Width of a hex in pixels (flat grids; height for pointy grids), as `muster render
    /// --px-per-hex`: a multiple of 4 in [`PX_PER_HEX`], so that Tiled's integer hex
    /// sizes are exact.
    pub px_per_hex: u32,
    /// Write the printed hex numbers as a text layer.
    pub numbers: bool,
    /// The tileset image's path as the TMX names it (relative to the TMX file).
    pub tileset_image: String,
    /// The map file's header comments as written (`// …` lines, `/* … */` blocks), carried
    /// in the map property `muster:comments` so that an import writes them back; empty:
    /// none.
    pub header_comments: String,
}

impl Default for ExportOptions {
    fn default() -> Self {
        ExportOptions {
            px_per_hex: 48,
            numbers: true,
            tileset_image: "terrain.png".into(),
            header_comments: String::new(),
        }
    }
}

/// A map written for Tiled.
#[derive(Debug, Clone)]
pub struct Exported {
    /// The TMX text.
    pub tmx: String,
    /// The tileset image (PNG), to be written where [`ExportOptions::tileset_image`] says.
    pub tileset_png: Vec<u8>,
}

/// Why a map could not be written for Tiled.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ExportError {
    /// The hex size is not one Tiled can draw exactly.
    #[error("{0} pixels a hex: give a multiple of 4 from 8 to 512")]
    PxPerHex(u32),
    /// A hex id of the map cannot be read.
    #[error("`{0}` is not a hex id of this map; run `muster validate` on the map")]
    BadHex(String),
    /// A hexside of the map cannot be read.
    #[error("`{0}` is not a hexside of this map; run `muster validate` on the map")]
    BadHexside(String),
    /// A path goes between two hexes that are not neighbours.
    #[error("path `{kind}` goes from {from} to {to}, which are not neighbours; run `muster validate` on the map")]
    PathGap {
        /// The path's kind.
        kind: String,
        /// One hex.
        from: String,
        /// The next.
        to: String,
    },
    /// A terrain of the map is not one of the ruleset's.
    #[error("hex {hex} has terrain `{terrain}`, which ruleset `{ruleset}` does not have (its terrain: {known}); run `muster validate` on the map")]
    UnknownTerrain {
        /// The hex.
        hex: String,
        /// Its terrain.
        terrain: String,
        /// The ruleset.
        ruleset: String,
        /// The ruleset's terrain ids.
        known: String,
    },
    /// The ruleset has no terrain to make tiles of, or the tileset image is too large.
    #[error("cannot draw the tileset of ruleset `{0}`")]
    Tileset(String),
    /// A value could not be written as inline RON.
    #[error("cannot write the map's {0} as a property: {1}")]
    Property(&'static str, String),
}

/// Tiled's cell geometry for our hexes of `px_per_hex` pixels: the across-flats size
/// rounded to an even number of pixels, as Tiled halves sizes in integers.
pub fn geometry(grid: &Grid, cells: &Cells, px_per_hex: u32) -> Result<TileGeometry, ExportError> {
    if !PX_PER_HEX.contains(&px_per_hex) || !px_per_hex.is_multiple_of(4) {
        return Err(ExportError::PxPerHex(px_per_hex));
    }
    let r = px_per_hex / 2;
    let across = 2 * ((3f64.sqrt() * f64::from(r) / 2.0).round() as u32);
    let (w, h) = match grid.orientation() {
        Orientation::Flat => (px_per_hex, across),
        Orientation::Pointy => (across, px_per_hex),
    };
    TileGeometry::new(cells.axis(), cells.stagger_even(), w, h, r)
        .ok_or(ExportError::PxPerHex(px_per_hex))
}

fn terrain_by_hex<'m>(map: &'m MapFile, grid: &Grid) -> Result<HashMap<Hex, &'m str>, ExportError> {
    let mut t = HashMap::new();
    for e in &map.hexes {
        let h = grid
            .from_printed(e.hex.as_str())
            .map_err(|_| ExportError::BadHex(e.hex.to_string()))?;
        if let Some(terrain) = &e.terrain {
            t.insert(h, terrain.as_str());
        }
    }
    Ok(t)
}

fn map_properties(
    map: &MapFile,
    header_comments: &str,
) -> Result<Vec<(&'static str, Prop)>, ExportError> {
    use props::map::*;
    let g = &map.grid;
    let mut p: Vec<(&'static str, Prop)> = vec![
        (TITLE, map.title.as_str().into()),
        (RULESET, map.ruleset.as_str().into()),
        (PROVENANCE, ron("provenance", &map.provenance)?.into()),
    ];
    if let Some(s) = &map.source {
        p.push((SOURCE, ron("source", s)?.into()));
    }
    if !map.notes.is_empty() {
        p.push((NOTES, ron("notes", &map.notes)?.into()));
    }
    if !map.zones.is_empty() {
        p.push((ZONES, ron("zones", &map.zones)?.into()));
    }
    if !header_comments.trim().is_empty() {
        p.push((COMMENTS, header_comments.trim().into()));
    }
    p.extend([
        (DEFAULT_TERRAIN, map.default_terrain.as_str().into()),
        (FIRST_COLUMN, Prop::Int(i64::from(g.first_column))),
        (FIRST_ROW, Prop::Int(i64::from(g.first_row))),
        (NUMBERING, ron("numbering", &g.numbering)?.into()),
        (NORTH, ron("north", &g.north)?.into()),
    ]);
    Ok(p)
}

/// A value as inline RON, for a map property.
fn ron<T: serde::Serialize>(what: &'static str, v: &T) -> Result<String, ExportError> {
    inline(v).map_err(|e| ExportError::Property(what, e.to_string()))
}

fn write_tileset(out: &mut Out, ts: &Tileset, g: &TileGeometry, ruleset: &str, image: &str) {
    let (tw, th) = g.cell_size();
    out.open(
        "tileset",
        &[
            ("firstgid", "1".into()),
            ("name", format!("{ruleset} terrain")),
            ("tilewidth", tw.to_string()),
            ("tileheight", th.to_string()),
            ("tilecount", ts.terrain.len().to_string()),
            ("columns", ts.columns.to_string()),
        ],
    );
    out.empty(
        "image",
        &[
            ("source", image.to_string()),
            ("width", ts.size.0.to_string()),
            ("height", ts.size.1.to_string()),
        ],
    );
    for (i, (id, name)) in ts.terrain.iter().zip(&ts.names).enumerate() {
        out.open("tile", &[("id", i.to_string()), ("type", id.clone())]);
        out.properties(&[
            (props::TERRAIN, id.as_str().into()),
            ("name", name.as_str().into()),
        ]);
        out.close("tile");
    }
    out.close("tileset");
}

fn terrain_csv(map: &MapFile, cells: &Cells, ts: &Tileset) -> Result<String, ExportError> {
    let grid = cells.grid();
    let by_hex = terrain_by_hex(map, grid)?;
    let gid: HashMap<&str, usize> = ts
        .terrain
        .iter()
        .enumerate()
        .map(|(i, t)| (t.as_str(), i + 1))
        .collect();
    let s = grid.spec();
    let mut csv = String::from("\n");
    for y in 0..i64::from(s.rows) {
        let mut row = Vec::with_capacity(s.columns as usize);
        for x in 0..i64::from(s.columns) {
            let hex = cells
                .hex(x, y)
                .ok_or_else(|| ExportError::BadHex(format!("cell {x},{y}")))?;
            let t = by_hex.get(&hex).copied().unwrap_or(&map.default_terrain);
            let g = gid.get(t).ok_or_else(|| ExportError::UnknownTerrain {
                hex: grid.to_printed(hex),
                terrain: t.to_string(),
                ruleset: map.ruleset.clone(),
                known: ts.terrain.join(", "),
            })?;
            row.push(g.to_string());
        }
        csv.push_str(&row.join(","));
        csv.push_str(if y + 1 < i64::from(s.rows) {
            ",\n"
        } else {
            "\n"
        });
    }
    Ok(csv)
}

/// Writes a map for Tiled, its terrain drawn with the ruleset's tileset.
pub fn export(
    map: &MapFile,
    ruleset: &Ruleset,
    opts: &ExportOptions,
) -> Result<Exported, ExportError> {
    let grid = Grid::new(map.grid.clone());
    let cells = Cells::new(grid.clone());
    let g = geometry(&grid, &cells, opts.px_per_hex)?;
    let ts =
        tileset::generate(ruleset, &g).ok_or_else(|| ExportError::Tileset(map.ruleset.clone()))?;
    let csv = terrain_csv(map, &cells, &ts)?;
    let layers: Vec<Layer> = objects::layers(map, &cells, &g, opts.numbers)?;
    let (tw, th) = g.cell_size();
    let (cols, rows) = (map.grid.columns, map.grid.rows);
    let next_object = 1 + layers.iter().map(|l| l.objects.len()).sum::<usize>();
    let mut out = Out::new();
    out.open(
        "map",
        &[
            ("version", "1.8".into()),
            ("tiledversion", "1.8.2".into()),
            ("orientation", "hexagonal".into()),
            ("renderorder", "right-down".into()),
            ("width", cols.to_string()),
            ("height", rows.to_string()),
            ("tilewidth", tw.to_string()),
            ("tileheight", th.to_string()),
            ("infinite", "0".into()),
            ("hexsidelength", (opts.px_per_hex / 2).to_string()),
            ("staggeraxis", g.axis().name().into()),
            (
                "staggerindex",
                if g.stagger_even() { "even" } else { "odd" }.into(),
            ),
            ("backgroundcolor", "#faf9f4".into()),
            ("nextlayerid", (layers.len() + 2).to_string()),
            ("nextobjectid", next_object.to_string()),
        ],
    );
    out.properties(&map_properties(map, &opts.header_comments)?);
    write_tileset(&mut out, &ts, &g, &map.ruleset, &opts.tileset_image);
    out.open(
        "layer",
        &[
            ("id", "1".into()),
            ("name", "terrain".into()),
            ("width", cols.to_string()),
            ("height", rows.to_string()),
        ],
    );
    out.properties(&[(props::KIND, props::KIND_TERRAIN.into())]);
    out.text("data", &[("encoding", "csv".into())], &csv);
    out.close("layer");
    let mut id = 1;
    for (i, layer) in layers.iter().enumerate() {
        layer.write(&mut out, i + 2, &mut id);
    }
    out.close("map");
    Ok(Exported {
        tmx: out.finish(),
        tileset_png: ts.png,
    })
}

//! The tile layers the import reads, merged into one tile per cell as they are decoded.
//!
//! A TMX file of a few megabytes can hold thousands of compressed layers, each inflating to
//! four bytes a cell (4 MB at 999 × 999). Only the topmost tile of each cell is used, so the
//! layers are decoded one at a time, top first, into a single id per cell: memory stays at
//! about two layers whatever the file holds. Layers nobody reads (tile layers not marked
//! `muster:kind = terrain` when some are) are never decoded, decoding stops once every cell
//! has a tile, and the tile ids decoded in all are held to [`decode_budget`], so a file
//! cannot buy seconds of inflating either.
//!
//! An infinite map's layers are chunks placed anywhere: the chunks' headers are read first
//! and the box they span is refused if it is larger than a Muster map (plus a margin of
//! [`CHUNK_MARGIN`] for Tiled's chunk alignment) before anything is allocated for it; then
//! the chunks are decoded into that box as a finite layer's data is, within the same
//! budget, and the box is trimmed to the cells that have a tile.

use crate::data;
use crate::props;
use crate::tmx::{prop, uint, Props, TmxError, MAX_CELLS_PER_SIDE};
use crate::xml_in::Element;

/// Tiled's flip and rotation flags, in the top four bits of a global tile id.
pub(crate) const FLAGS: u32 = 0xF000_0000;

/// Full-map layers' worth of tile ids a map may make the reader decode.
pub const LAYERS_DECODED: usize = 32;

/// Tile ids any map may make the reader decode, however small (4 Mi ids, 16 MiB), so that a
/// small map may have many layers.
pub const MIN_DECODED: usize = 1 << 22;

/// The most tile ids the reader decodes from a map of `cells` cells, all layers together:
/// [`LAYERS_DECODED`] full layers, and at least [`MIN_DECODED`].
pub fn decode_budget(cells: usize) -> usize {
    cells.saturating_mul(LAYERS_DECODED).max(MIN_DECODED)
}

/// A visible tile layer found in the file, not decoded yet.
pub(crate) struct Found<'a> {
    /// Its element.
    pub el: &'a Element,
    /// Its name.
    pub name: String,
    /// Its properties.
    pub props: Props,
}

/// The terrain tiles of a map.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TerrainTiles {
    /// The tile layers read, bottom first: those marked `muster:kind = terrain`, else every
    /// visible tile layer. Empty when the map has no visible tile layer.
    pub layers: Vec<String>,
    /// For each cell, row by row, the global id (flip bits included) of the topmost tile of
    /// those layers; 0 where none has a tile.
    pub gids: Vec<u32>,
    /// Tile ids decoded to get there, all layers together (at most
    /// [`decode_budget`] of the map's cells).
    pub decoded: usize,
}

/// The layers the import reads: the marked ones, else all.
fn read_set<'b, 'a>(found: &'b [Found<'a>]) -> Vec<&'b Found<'a>> {
    let marked: Vec<&Found> = found
        .iter()
        .filter(|l| prop(&l.props, props::KIND) == Some(props::KIND_TERRAIN))
        .collect();
    if marked.is_empty() {
        found.iter().collect()
    } else {
        marked
    }
}

/// Decodes the layers the import reads, top first, one at a time, into one tile per cell.
pub(crate) fn merge(found: &[Found], width: u32, height: u32) -> Result<TerrainTiles, TmxError> {
    let read = read_set(found);
    let cells = width as usize * height as usize;
    let budget = decode_budget(cells);
    let mut out = TerrainTiles {
        layers: read.iter().map(|l| l.name.clone()).collect(),
        gids: Vec::new(),
        decoded: 0,
    };
    if read.is_empty() {
        return Ok(out);
    }
    out.gids = vec![0; cells];
    let mut empty = cells;
    for layer in read.iter().rev() {
        if empty == 0 {
            break;
        }
        let data = layer.el.first("data").ok_or_else(|| TmxError::Data {
            line: layer.el.line,
            layer: layer.name.clone(),
            error: data::DataError::Encoding("none (no <data>)".into()),
        })?;
        if out.decoded.saturating_add(cells) > budget {
            return Err(TmxError::TooManyLayers {
                line: data.line,
                layer: layer.name.clone(),
                layers: read.len(),
                most: budget / cells.max(1),
                width,
                height,
            });
        }
        let gids = data::decode(data, width, height).map_err(|error| TmxError::Data {
            line: data.line,
            layer: layer.name.clone(),
            error,
        })?;
        out.decoded += gids.len();
        for (top, g) in out.gids.iter_mut().zip(gids) {
            if *top & !FLAGS == 0 && g & !FLAGS != 0 {
                *top = g;
                empty -= 1;
            }
        }
    }
    Ok(out)
}

/// Cells an infinite map's chunks may span beyond a Muster map's most columns and rows:
/// Tiled lays chunks out on a grid of 16 × 16 cells, so a map's box of chunks reaches up to
/// 15 cells past its tiles on each side.
pub const CHUNK_MARGIN: u32 = 32;

/// The terrain tiles of an infinite map, trimmed to the cells that have a tile.
pub(crate) struct Chunked {
    /// The cell (in Tiled's coordinates) that becomes the map's first.
    pub origin: (i64, i64),
    /// Cells across and down.
    pub width: u32,
    /// Cells down.
    pub height: u32,
    /// The tiles, row by row.
    pub tiles: TerrainTiles,
}

/// A signed whole-number attribute (a chunk's position), required.
fn int(el: &Element, name: &'static str) -> Result<i64, TmxError> {
    el.attr(name)
        .and_then(|v| v.trim().parse::<i32>().ok())
        .map(i64::from)
        .ok_or_else(|| TmxError::Attribute {
            line: el.line,
            element: el.name.clone(),
            name,
            value: el.attr(name).unwrap_or_default().to_string(),
        })
}

/// One chunk: where it is and its element.
struct Chunk<'a> {
    x: i64,
    y: i64,
    w: u32,
    h: u32,
    el: &'a Element,
}

/// Decodes an infinite map's layers (their `<chunk>`s) into one tile per cell.
pub(crate) fn merge_chunks(found: &[Found]) -> Result<Chunked, TmxError> {
    let read = read_set(found);
    // The chunks' headers, and the box they span.
    let mut layers: Vec<(&Found, &Element, Vec<Chunk>)> = Vec::with_capacity(read.len());
    let (mut lo, mut hi) = ((i64::MAX, i64::MAX), (i64::MIN, i64::MIN));
    for layer in &read {
        let data = layer.el.first("data").ok_or_else(|| TmxError::Data {
            line: layer.el.line,
            layer: layer.name.clone(),
            error: data::DataError::Encoding("none (no <data>)".into()),
        })?;
        let mut chunks = Vec::new();
        for el in data.all("chunk") {
            let c = Chunk {
                x: int(el, "x")?,
                y: int(el, "y")?,
                w: uint(el, "width", None)?,
                h: uint(el, "height", None)?,
                el,
            };
            if c.w == 0 || c.h == 0 {
                continue;
            }
            lo = (lo.0.min(c.x), lo.1.min(c.y));
            hi = (
                hi.0.max(c.x + i64::from(c.w)),
                hi.1.max(c.y + i64::from(c.h)),
            );
            chunks.push(c);
        }
        layers.push((layer, data, chunks));
    }
    if lo.0 > hi.0 {
        return Err(TmxError::NoTiles);
    }
    let most = i64::from(MAX_CELLS_PER_SIDE + CHUNK_MARGIN);
    let (bw, bh) = (hi.0 - lo.0, hi.1 - lo.1);
    if bw > most || bh > most {
        return Err(TmxError::ChunksTooFar {
            width: bw,
            height: bh,
        });
    }
    let (bw, bh) = (bw as usize, bh as usize);
    let cells = bw * bh;
    let budget = decode_budget(cells);
    let mut gids = vec![0u32; cells];
    let mut decoded = 0usize;
    for (layer, data, chunks) in layers.iter().rev() {
        for c in chunks {
            let n = c.w as usize * c.h as usize;
            if decoded.saturating_add(n) > budget {
                return Err(TmxError::TooManyLayers {
                    line: c.el.line,
                    layer: layer.name.clone(),
                    layers: read.len(),
                    most: budget / cells.max(1),
                    width: bw as u32,
                    height: bh as u32,
                });
            }
            let ids = data::decode_as(
                data.attr("encoding"),
                data.attr("compression"),
                c.el,
                c.w,
                c.h,
            )
            .map_err(|error| TmxError::Data {
                line: c.el.line,
                layer: layer.name.clone(),
                error,
            })?;
            decoded += n;
            let (x0, y0) = ((c.x - lo.0) as usize, (c.y - lo.1) as usize);
            for (i, g) in ids.into_iter().enumerate() {
                let cell = (y0 + i / c.w as usize) * bw + x0 + i % c.w as usize;
                if gids[cell] & !FLAGS == 0 && g & !FLAGS != 0 {
                    gids[cell] = g;
                }
            }
        }
    }
    // Trim to the cells that have a tile.
    let has = |i: &usize| gids[*i] & !FLAGS != 0;
    let (mut tlo, mut thi) = ((bw, bh), (0, 0));
    for i in (0..cells).filter(has) {
        let (x, y) = (i % bw, i / bw);
        tlo = (tlo.0.min(x), tlo.1.min(y));
        thi = (thi.0.max(x + 1), thi.1.max(y + 1));
    }
    if tlo.0 >= thi.0 {
        return Err(TmxError::NoTiles);
    }
    let (width, height) = (thi.0 - tlo.0, thi.1 - tlo.1);
    if width > MAX_CELLS_PER_SIDE as usize || height > MAX_CELLS_PER_SIDE as usize {
        return Err(TmxError::TooLarge {
            width: width as u32,
            height: height as u32,
        });
    }
    let trimmed = (tlo.1..thi.1)
        .flat_map(|y| gids[y * bw + tlo.0..y * bw + thi.0].iter().copied())
        .collect();
    Ok(Chunked {
        origin: (lo.0 + tlo.0 as i64, lo.1 + tlo.1 as i64),
        width: width as u32,
        height: height as u32,
        tiles: TerrainTiles {
            layers: read.iter().map(|l| l.name.clone()).collect(),
            gids: trimmed,
            decoded,
        },
    })
}

//! The tile layers the import reads, merged into one tile per cell as they are decoded.
//!
//! A TMX file of a few megabytes can hold thousands of compressed layers, each inflating to
//! four bytes a cell (4 MB at 999 × 999). Only the topmost tile of each cell is used, so the
//! layers are decoded one at a time, top first, into a single id per cell: memory stays at
//! about two layers whatever the file holds. Layers nobody reads (tile layers not marked
//! `muster:kind = terrain` when some are) are never decoded, decoding stops once every cell
//! has a tile, and the tile ids decoded in all are held to [`decode_budget`], so a file
//! cannot buy seconds of inflating either.

use crate::data;
use crate::props;
use crate::tmx::{prop, Props, TmxError};
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

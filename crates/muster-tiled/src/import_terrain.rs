//! The terrain of every cell of a TMX map: the topmost tile of the terrain layers (merged
//! as the reader decodes them, see `tile_layers`), and the terrain that tile stands for (the terrain map's entry, else the tile's `muster:terrain`
//! property). Tiles with no terrain are listed together, so one run names them all.

use crate::import::ImportError;
use crate::props;
use crate::terrain_map::TerrainMap;
use crate::tile_layers::FLAGS;
use crate::tmx::{prop, Tmx};
use std::collections::BTreeMap;

/// Where a tile comes from: its tileset's name and its local id (None: no tileset has it).
fn locate(tmx: &Tmx, gid: u32) -> Option<(usize, u32)> {
    // The tilesets are sorted by first id: the last that starts at or below `gid`.
    let i = tmx
        .tilesets
        .partition_point(|t| t.firstgid <= gid)
        .checked_sub(1)?;
    Some((i, gid - tmx.tilesets[i].firstgid))
}

/// The terrain of each cell, row by row; `printed` names a cell for messages.
pub fn terrain(
    tmx: &Tmx,
    map: Option<&TerrainMap>,
    empty: Option<&str>,
    printed: &dyn Fn(usize) -> String,
) -> Result<Vec<String>, ImportError> {
    if tmx.terrain.layers.is_empty() {
        return Err(ImportError::NoTileLayer);
    }
    let n = tmx.width as usize * tmx.height as usize;
    let mut out = Vec::with_capacity(n);
    // (0, tileset, local id) for a tile, (1, "", global id) for an id no tileset holds.
    let mut unmapped: BTreeMap<(u8, String, u32), (usize, usize)> = BTreeMap::new();
    let mut empties = (0usize, None);
    let mut memo = std::collections::HashMap::new();
    for cell in 0..n {
        let gid =
            Some(tmx.terrain.gids.get(cell).copied().unwrap_or(0) & !FLAGS).filter(|g| *g != 0);
        let Some(gid) = gid else {
            match empty {
                Some(t) => out.push(t.to_string()),
                None => {
                    empties.0 += 1;
                    empties.1.get_or_insert(cell);
                    out.push(String::new());
                }
            }
            continue;
        };
        // Looked up once per distinct tile.
        let found = memo.entry(gid).or_insert_with(|| {
            locate(tmx, gid).map(|(i, id)| {
                let ts = &tmx.tilesets[i];
                map.and_then(|m| m.terrain(&ts.name, id))
                    .or_else(|| {
                        ts.tiles
                            .get(&id)
                            .and_then(|t| prop(&t.props, props::TERRAIN))
                    })
                    .map(str::to_string)
                    .ok_or_else(|| (0, ts.name.clone(), id))
            })
        });
        match found.clone() {
            Some(Ok(t)) => out.push(t),
            other => {
                let key = match other {
                    Some(Err(k)) => k,
                    _ => (1, String::new(), gid),
                };
                unmapped.entry(key).or_insert((0, cell)).0 += 1;
                out.push(String::new());
            }
        }
    }
    if !unmapped.is_empty() {
        let list: Vec<String> = unmapped
            .iter()
            .take(30)
            .map(|((kind, ts, id), (count, first))| {
                let what = match kind {
                    0 => format!("`{ts}:{id}`"),
                    _ => format!("global id {id} (in no tileset)"),
                };
                format!("{what} ({count} cells, first {})", printed(*first))
            })
            .collect();
        return Err(ImportError::Unmapped {
            count: unmapped.len(),
            list: list.join(", "),
        });
    }
    if let (count, Some(first)) = empties {
        return Err(ImportError::Empty {
            cells: count,
            first: printed(first),
        });
    }
    Ok(out)
}

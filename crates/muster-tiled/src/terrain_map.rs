//! The terrain map of `--terrain-map`: which terrain each tile of a map made elsewhere
//! stands for. A RON file:
//!
//! ```ron
//! (
//!     ruleset: "a-la-charge",            // optional
//!     tiles: { "0": "clear", "1": "woods", "hex mini:5": "slope" },
//!     empty: "clear",                    // optional: cells with no tile
//! )
//! ```
//!
//! Keys are tile ids as Tiled shows them (local to their tileset); `"NAME:ID"` names the
//! tileset too, and wins over a bare id when a map has several tilesets.

use serde::Deserialize;
use std::collections::BTreeMap;

/// Tile → terrain.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TerrainMap {
    /// The ruleset whose terrain the values name.
    #[serde(default)]
    pub ruleset: Option<String>,
    /// Tile id (or `tileset:id`) → terrain id.
    pub tiles: BTreeMap<String, String>,
    /// Terrain of cells with no tile.
    #[serde(default)]
    pub empty: Option<String>,
}

/// Why a terrain map cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TerrainMapError {
    /// Not RON of the expected shape.
    #[error("{line}:{column}: {message} (a terrain map reads `(tiles: {{\"0\": \"clear\", \"1\": \"woods\"}})`)")]
    Syntax {
        /// Line.
        line: usize,
        /// Column.
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// A key is not a tile id.
    #[error("`{0}` is not a tile id: write the id Tiled shows (`\"3\"`), or the tileset's name and the id (`\"hex mini:3\"`)")]
    Key(String),
}

fn split_key(key: &str) -> Option<(Option<&str>, u32)> {
    match key.rsplit_once(':') {
        Some((ts, id)) => Some((Some(ts), id.trim().parse().ok()?)),
        None => Some((None, key.trim().parse().ok()?)),
    }
}

impl TerrainMap {
    /// Reads a terrain map's text.
    pub fn parse(text: &str) -> Result<TerrainMap, TerrainMapError> {
        let options = ron::Options::default()
            .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME);
        let map: TerrainMap = options
            .from_str(text)
            .map_err(|e| TerrainMapError::Syntax {
                line: e.span.start.line,
                column: e.span.start.col,
                message: e.code.to_string(),
            })?;
        // Keys are stored as `terrain` looks them up: `NAME:ID` and `ID`, ids without
        // leading zeros or spaces.
        let mut tiles = BTreeMap::new();
        for (k, v) in map.tiles {
            let key = match split_key(&k) {
                Some((Some(ts), id)) => format!("{ts}:{id}"),
                Some((None, id)) => id.to_string(),
                None => return Err(TerrainMapError::Key(k)),
            };
            tiles.insert(key, v);
        }
        Ok(TerrainMap { tiles, ..map })
    }

    /// The terrain of tile `id` of the tileset named `tileset`.
    pub fn terrain(&self, tileset: &str, id: u32) -> Option<&str> {
        self.tiles
            .get(&format!("{tileset}:{id}"))
            .or_else(|| self.tiles.get(&id.to_string()))
            .map(String::as_str)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_bare_and_qualified_ids() {
        let m = TerrainMap::parse(
            r#"(ruleset: "a-la-charge", tiles: {"0": "clear", "b:0": "woods"}, empty: "clear")"#,
        )
        .expect("reads");
        assert_eq!(m.terrain("a", 0), Some("clear"));
        assert_eq!(m.terrain("b", 0), Some("woods"));
        assert_eq!(m.terrain("a", 1), None);
        assert_eq!(m.empty.as_deref(), Some("clear"));
    }

    #[test]
    fn errors_are_located_and_say_what_to_write() {
        let e = TerrainMap::parse("(tiles: {\"0\": \"clear\"},\n tile: {})").unwrap_err();
        assert!(matches!(e, TerrainMapError::Syntax { line: 2, .. }), "{e}");
        assert!(matches!(
            TerrainMap::parse(r#"(tiles: {"x": "clear"})"#),
            Err(TerrainMapError::Key(_))
        ));
    }
}

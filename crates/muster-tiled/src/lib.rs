//! Exchanges Muster maps with the Tiled map editor.
//!
//! [`export()`] writes a map as a staggered hexagonal TMX map: Tiled's stagger axis and
//! index from our grid, hex sizes from the renderer's layout (`--px-per-hex`), a generated
//! tileset of one hex tile per terrain of the ruleset (each tile with a `muster:terrain`
//! property), hexside features and paths as polyline objects, hex numbers, elevation and
//! labels as text objects, and the rest of the map file as map properties. The writer is
//! Muster's one XML writer ([`muster_xml`], on quick-xml; no crate writes TMX), which drops
//! the characters XML 1.0 forbids from titles, labels and notes.
//!
//! [`read_tmx()`] reads Tiled's JSON formats too (`.tmj` maps, `.tsj` tilesets): they are
//! read into the element tree of the TMX file they stand for, so one reader gives both the
//! same meaning.
//!
//! [`import()`] reads a TMX map back: terrain from the tiles' `muster:terrain` property or a
//! [`TerrainMap`] (tile id → terrain) for maps made elsewhere, hexsides, paths, labels and
//! elevation from the objects' positions. The reader is ours too, on quick-xml: the `tiled`
//! crate (0.16) panics on a layer whose data is shorter than the layer
//! (`FiniteTileLayerData::get_tile_data` indexes without a bound check), inflates
//! compressed layer data without a bound, and does not read `hexsidelength`, which the
//! positions of objects on a hexagonal map depend on.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod cells;
mod data;
mod export;
mod import;
mod import_objects;
mod import_terrain;
mod json_in;
mod layout;
mod objects;
pub mod props;
mod read_objects;
mod terrain_map;
mod tile_layers;
mod tileset;
mod tmx;
mod xml_in;
mod xml_out;

pub use cells::Cells;
pub use export::{export, geometry, ExportError, ExportOptions, Exported, PX_PER_HEX};
pub use import::{import, ImportError, ImportOptions, Imported};
pub use layout::{StaggerAxis, TileGeometry};
pub use objects::MAX_NUMBERED_HEXES;
pub use terrain_map::{TerrainMap, TerrainMapError};
pub use tile_layers::{decode_budget, TerrainTiles, LAYERS_DECODED, MIN_DECODED};
pub use tmx::{read_tmx, Tmx, TmxError, MAX_CELLS_PER_SIDE};

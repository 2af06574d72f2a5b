//! Reading a TMX file into the little of it Muster uses: the hexagonal grid, the tilesets'
//! names and tile properties, the tile layers' cells and the object layers' objects.
//! External tilesets are read through a resolver the caller gives, so that the caller
//! decides which files may be read.

use crate::data::DataError;
use crate::json_in;
use crate::layout::{StaggerAxis, TileGeometry};
use crate::read_objects::{self, ObjectLayer};
use crate::tile_layers::{self, Found, TerrainTiles};
use crate::xml_in::{Element, XmlError};
use std::collections::BTreeMap;

/// The most cells a map may have across or down (a Muster grid's bound).
pub const MAX_CELLS_PER_SIDE: u32 = muster_hex::GridSpec::MAX_SIZE;

/// Custom properties, in file order.
pub type Props = Vec<(String, String)>;

/// The value of a property.
pub fn prop<'a>(props: &'a Props, name: &str) -> Option<&'a str> {
    props
        .iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
}

/// A TMX map as Muster reads it.
#[derive(Debug, Clone)]
pub struct Tmx {
    /// Cells across.
    pub width: u32,
    /// Cells down.
    pub height: u32,
    /// The cells' pixel geometry.
    pub geometry: TileGeometry,
    /// Map properties.
    pub properties: Props,
    /// Tilesets, by increasing first global id.
    pub tilesets: Vec<TilesetInfo>,
    /// The terrain tiles: the topmost tile of each cell in the tile layers the import
    /// reads, decoded one layer at a time.
    pub terrain: TerrainTiles,
    /// Visible object layers, bottom first.
    pub object_layers: Vec<ObjectLayer>,
    /// Layers left out because they are hidden, or of a kind Muster does not read.
    pub skipped: Vec<String>,
}

/// One tile of a tileset that has a class or properties.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TileInfo {
    /// Its type (class).
    pub class: String,
    /// Its properties.
    pub props: Props,
}

/// A tileset.
#[derive(Debug, Clone, PartialEq)]
pub struct TilesetInfo {
    /// Global id of its tile 0.
    pub firstgid: u32,
    /// Its name.
    pub name: String,
    /// Tiles with a class or properties, by local id.
    pub tiles: BTreeMap<u32, TileInfo>,
}

/// Why a TMX file cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TmxError {
    /// Not well-formed XML.
    #[error(transparent)]
    Xml(#[from] XmlError),
    /// The root element is not `<map>`.
    #[error("the file is not a Tiled map: its root element is <{0}>, not <map>")]
    NotAMap(String),
    /// Not a hexagonal map.
    #[error("the map's orientation is `{0}`; Muster reads hexagonal maps (in Tiled: Map > Map Properties > Orientation: Hexagonal)")]
    Orientation(String),
    /// An infinite map whose tile layers hold no tile.
    #[error(
        "the map is infinite and its tile layers hold no tile; paint the terrain in Tiled first"
    )]
    NoTiles,
    /// An infinite map whose chunks lie too far apart.
    #[error("the map is infinite and its chunks span {width} × {height} cells; a Muster map has at most {MAX_CELLS_PER_SIDE} columns and rows (in Tiled: erase the tiles far from the map, or Map > Resize Map and untick Infinite)")]
    ChunksTooFar {
        /// Cells across the chunks.
        width: i64,
        /// Cells down the chunks.
        height: i64,
    },
    /// An attribute is missing or not a number.
    #[error("line {line}: <{element}> needs a whole number {name}, not `{value}`")]
    Attribute {
        /// Line of the element.
        line: usize,
        /// The element.
        element: String,
        /// The attribute.
        name: &'static str,
        /// Its value as written (empty when missing).
        value: String,
    },
    /// The map is larger than a Muster grid.
    #[error("the map is {width} × {height} cells; a Muster map has at most {MAX_CELLS_PER_SIDE} columns and rows")]
    TooLarge {
        /// Cells across.
        width: u32,
        /// Cells down.
        height: u32,
    },
    /// The hex sizes give cells of no size.
    #[error("tile size {width} × {height} with hex side {side} gives hexes of no size")]
    Geometry {
        /// tilewidth.
        width: u32,
        /// tileheight.
        height: u32,
        /// hexsidelength.
        side: u32,
    },
    /// A layer's size differs from the map's.
    #[error(
        "line {line}: layer `{layer}` is {width} × {height}, the map {map_width} × {map_height}"
    )]
    LayerSize {
        /// Line of the layer.
        line: usize,
        /// Its name.
        layer: String,
        /// Its width.
        width: u32,
        /// Its height.
        height: u32,
        /// The map's width.
        map_width: u32,
        /// The map's height.
        map_height: u32,
    },
    /// A layer's data cannot be read.
    #[error("line {line}: layer `{layer}`: {error}")]
    Data {
        /// Line of the data.
        line: usize,
        /// The layer.
        layer: String,
        /// What is wrong.
        error: DataError,
    },
    /// The layers to read hold more tiles than the reader decodes from a map this size.
    #[error("line {line}: layer `{layer}`: the map has {layers} tile layers to read and Muster decodes at most {most} layers of {width} × {height} cells; merge the terrain layers in Tiled, or give only the terrain layers the property muster:kind = terrain")]
    TooManyLayers {
        /// Line of the first layer past the budget.
        line: usize,
        /// Its name.
        layer: String,
        /// Tile layers to read.
        layers: usize,
        /// The most layers of this size decoded.
        most: usize,
        /// The map's width.
        width: u32,
        /// The map's height.
        height: u32,
    },
    /// An external tileset cannot be read.
    #[error("tileset `{source_path}`: {reason}")]
    Tileset {
        /// The path as the map writes it.
        source_path: String,
        /// Why.
        reason: String,
    },
    /// An object cannot be read.
    #[error("line {line}: object {id}: {reason}")]
    Object {
        /// Line of the object.
        line: usize,
        /// Its id.
        id: String,
        /// Why.
        reason: String,
    },
}

/// A whole-number attribute; `default` when absent (None: required).
pub(crate) fn uint(
    el: &Element,
    name: &'static str,
    default: Option<u32>,
) -> Result<u32, TmxError> {
    let bad = |v: &str| TmxError::Attribute {
        line: el.line,
        element: el.name.clone(),
        name,
        value: v.to_string(),
    };
    match el.attr(name) {
        Some(v) => v.trim().parse().map_err(|_| bad(v)),
        None => default.ok_or_else(|| bad("")),
    }
}

/// The `<properties>` of an element (values from `value` or the element's text).
pub(crate) fn properties(el: &Element) -> Props {
    el.all("properties")
        .flat_map(|p| p.all("property"))
        .filter_map(|p| {
            let name = p.attr("name")?.to_string();
            let value = p
                .attr("value")
                .map(str::to_string)
                .unwrap_or_else(|| p.text.clone());
            Some((name, value))
        })
        .collect()
}

fn tileset(el: &Element, firstgid: u32) -> TilesetInfo {
    let tiles = el
        .all("tile")
        .filter_map(|t| {
            let id = t.attr("id")?.trim().parse().ok()?;
            let class = t
                .attr("class")
                .or(t.attr("type"))
                .unwrap_or_default()
                .to_string();
            Some((
                id,
                TileInfo {
                    class,
                    props: properties(t),
                },
            ))
        })
        .collect();
    TilesetInfo {
        firstgid,
        name: el.attr("name").unwrap_or_default().to_string(),
        tiles,
    }
}

fn tilesets(
    map: &Element,
    resolve: &mut dyn FnMut(&str) -> Result<String, String>,
) -> Result<Vec<TilesetInfo>, TmxError> {
    let mut out = Vec::new();
    for ts in map.all("tileset") {
        let firstgid = uint(ts, "firstgid", None)?;
        match ts.attr("source") {
            None => out.push(tileset(ts, firstgid)),
            Some(source) => {
                let bad = |reason: String| TmxError::Tileset {
                    source_path: source.to_string(),
                    reason,
                };
                let text = resolve(source).map_err(bad)?;
                let root = json_in::parse_any(&text).map_err(|e| bad(e.to_string()))?;
                if root.name != "tileset" {
                    return Err(bad(format!(
                        "its root element is <{}>, not <tileset>",
                        root.name
                    )));
                }
                out.push(tileset(&root, firstgid));
            }
        }
    }
    out.sort_by_key(|t| t.firstgid);
    Ok(out)
}

struct Walk<'a> {
    /// Layers of an infinite map are chunks of any size.
    infinite: bool,
    width: u32,
    height: u32,
    tile_layers: Vec<Found<'a>>,
    object_layers: Vec<ObjectLayer>,
    skipped: Vec<String>,
}

fn number_attr(el: &Element, name: &str, default: f64) -> f64 {
    el.attr(name)
        .and_then(|v| v.trim().parse::<f64>().ok())
        .filter(|v| v.is_finite())
        .unwrap_or(default)
}

fn offset(el: &Element) -> (f64, f64) {
    (
        number_attr(el, "offsetx", 0.0),
        number_attr(el, "offsety", 0.0),
    )
}

/// How a layer (with its groups) is moved when Tiled draws it: its offset in pixels and
/// its parallax factors (Tiled multiplies a group's into its layers').
#[derive(Debug, Clone, Copy)]
struct Placement {
    off: (f64, f64),
    parallax: (f64, f64),
}

/// Why Tiled does not show a layer where its cells are, if it does not: hidden, drawn
/// with no opacity, or (`moved`) shifted by an offset or a parallax factor.
fn not_shown(el: &Element, at: Placement, moved: bool) -> Option<String> {
    if el.attr("visible") == Some("0") {
        return Some("hidden".into());
    }
    if number_attr(el, "opacity", 1.0) <= 0.0 {
        return Some("hidden by opacity 0".into());
    }
    if !moved {
        return None;
    }
    let (x, y) = at.off;
    if x != 0.0 || y != 0.0 {
        return Some(format!("moved by the offset {x}, {y}"));
    }
    let (px, py) = at.parallax;
    (px != 1.0 || py != 1.0).then(|| format!("moved by the parallax factor {px}, {py}"))
}

impl<'a> Walk<'a> {
    fn layers(&mut self, parent: &'a Element, at: Placement) -> Result<(), TmxError> {
        for el in &parent.children {
            if !matches!(
                el.name.as_str(),
                "layer" | "objectgroup" | "group" | "imagelayer"
            ) {
                continue;
            }
            let name = el.attr("name").unwrap_or_default().to_string();
            let (dx, dy) = offset(el);
            let at = Placement {
                off: (at.off.0 + dx, at.off.1 + dy),
                parallax: (
                    at.parallax.0 * number_attr(el, "parallaxx", 1.0),
                    at.parallax.1 * number_attr(el, "parallaxy", 1.0),
                ),
            };
            // Tile layers are read cell by cell, so any offset moves them off their cells;
            // object layers are read by position, so only parallax moves them.
            let moved = match el.name.as_str() {
                "layer" => Some(at),
                "objectgroup" => Some(Placement {
                    off: (0.0, 0.0),
                    ..at
                }),
                _ => None,
            };
            if let Some(why) = not_shown(el, moved.unwrap_or(at), moved.is_some()) {
                self.skipped.push(format!("{name} ({why})"));
                continue;
            }
            match el.name.as_str() {
                "layer" => self.tile_layer(el, name)?,
                "objectgroup" => self
                    .object_layers
                    .push(read_objects::layer(el, name, at.off)?),
                "group" => self.layers(el, at)?,
                _ => self.skipped.push(format!("{name} (image layer)")),
            }
        }
        Ok(())
    }

    /// Notes a tile layer, checking its size; its data is decoded later, if it is read.
    fn tile_layer(&mut self, el: &'a Element, name: String) -> Result<(), TmxError> {
        let (w, h) = (
            uint(el, "width", Some(self.width))?,
            uint(el, "height", Some(self.height))?,
        );
        if !self.infinite && (w, h) != (self.width, self.height) {
            return Err(TmxError::LayerSize {
                line: el.line,
                layer: name,
                width: w,
                height: h,
                map_width: self.width,
                map_height: self.height,
            });
        }
        self.tile_layers.push(Found {
            el,
            name,
            props: properties(el),
        });
        Ok(())
    }
}

/// Reads a Tiled map, TMX or JSON (`.tmj`, told by its first character), with the same
/// meaning for both; `resolve` gives the text of an external tileset from the path the
/// map writes (relative to the map; TSX or JSON), or says why it may not be read.
pub fn read_tmx(
    text: &str,
    resolve: &mut dyn FnMut(&str) -> Result<String, String>,
) -> Result<Tmx, TmxError> {
    let map = json_in::parse_any(text)?;
    if map.name != "map" {
        return Err(TmxError::NotAMap(map.name));
    }
    let orientation = map.attr("orientation").unwrap_or_default();
    if orientation != "hexagonal" {
        return Err(TmxError::Orientation(orientation.to_string()));
    }
    // An infinite map's size is that of its chunks, read with its tile layers.
    let infinite = map.attr("infinite") == Some("1");
    let (width, height) = if infinite {
        (0, 0)
    } else {
        (uint(&map, "width", None)?, uint(&map, "height", None)?)
    };
    if !infinite
        && (!(1..=MAX_CELLS_PER_SIDE).contains(&width)
            || !(1..=MAX_CELLS_PER_SIDE).contains(&height))
    {
        return Err(TmxError::TooLarge { width, height });
    }
    let (tw, th) = (
        uint(&map, "tilewidth", None)?,
        uint(&map, "tileheight", None)?,
    );
    let side = uint(&map, "hexsidelength", Some(0))?;
    let axis = match map.attr("staggeraxis") {
        Some("x") => StaggerAxis::X,
        _ => StaggerAxis::Y,
    };
    let even = map.attr("staggerindex") == Some("even");
    let too_big = tw.max(th).max(side) > 100_000;
    let geometry = TileGeometry::new(axis, even, tw, th, side)
        .filter(|_| !too_big)
        .ok_or(TmxError::Geometry {
            width: tw,
            height: th,
            side,
        })?;
    let tilesets = tilesets(&map, resolve)?;
    let mut walk = Walk {
        infinite,
        width,
        height,
        tile_layers: vec![],
        object_layers: vec![],
        skipped: vec![],
    };
    walk.layers(
        &map,
        Placement {
            off: (0.0, 0.0),
            parallax: (1.0, 1.0),
        },
    )?;
    let (terrain, width, height, geometry) = if infinite {
        let c = tile_layers::merge_chunks(&walk.tile_layers)?;
        // The map's first cell is the chunks' first with a tile: where it lies an odd
        // number of cells along the stagger axis from Tiled's 0, the other index is
        // staggered, and every object moves with the map's corner.
        let along = match axis {
            StaggerAxis::X => c.origin.0,
            StaggerAxis::Y => c.origin.1,
        };
        let moved = TileGeometry::new(axis, even ^ (along & 1 == 1), tw, th, side).ok_or(
            TmxError::Geometry {
                width: tw,
                height: th,
                side,
            },
        )?;
        let (from, to) = (geometry.origin(c.origin.0, c.origin.1), moved.origin(0, 0));
        let shift = ((to.0 - from.0) as f64, (to.1 - from.1) as f64);
        for layer in &mut walk.object_layers {
            layer.shift(shift);
        }
        (c.tiles, c.width, c.height, moved)
    } else {
        let terrain = tile_layers::merge(&walk.tile_layers, width, height)?;
        (terrain, width, height, geometry)
    };
    Ok(Tmx {
        width,
        height,
        geometry,
        properties: properties(&map),
        tilesets,
        terrain,
        object_layers: walk.object_layers,
        skipped: walk.skipped,
    })
}

//! A TMX map as a Muster map: the grid from the map's hexagonal layout (and the
//! `muster:*` properties an export wrote), terrain per cell, features from the objects, the
//! rest of the map file from the map properties.

use crate::cells::{self, Cells};
use crate::import_objects;
use crate::import_terrain;
use crate::props::map as mp;
use crate::terrain_map::TerrainMap;
use crate::tmx::{prop, Tmx, TmxError};
use muster_hex::{Grid, GridSide, GridSpec, Hex, Numbering, Orientation, Stagger};
use muster_model::{HexEntry, HexId, MapFile, NamedZone, Provenance, Source};
use std::collections::{BTreeMap, HashMap};

/// How to read.
#[derive(Debug, Clone, Default)]
pub struct ImportOptions {
    /// Tile → terrain, for maps made elsewhere.
    pub terrain_map: Option<TerrainMap>,
    /// The ruleset (over the terrain map's and the map's `muster:ruleset`).
    pub ruleset: Option<String>,
    /// Terrain of cells with no tile (over the terrain map's).
    pub empty: Option<String>,
    /// Title when the map has no `muster:title` (the file's name, say).
    pub title: String,
}

/// A map read from Tiled.
#[derive(Debug, Clone)]
pub struct Imported {
    /// The map.
    pub map: MapFile,
    /// What was left out or assumed, for the user.
    pub notes: Vec<String>,
    /// The header comments of the map file an export was made from (the map property
    /// `muster:comments`), as written there; empty when there are none. What is in it is
    /// the map's text as Tiled holds it: the writer of the map file decides how much of it
    /// is comments.
    pub header_comments: String,
}

/// Why a TMX map cannot become a Muster map.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ImportError {
    /// The TMX file cannot be read.
    #[error(transparent)]
    Tmx(#[from] TmxError),
    /// No ruleset is named anywhere.
    #[error(
        "the map names no ruleset: give --ruleset (one of {0}), or `ruleset:` in the terrain map"
    )]
    NoRuleset(String),
    /// The ruleset is not one of ours.
    #[error("unknown ruleset `{id}`: {known}")]
    UnknownRuleset {
        /// The id given.
        id: String,
        /// The nearest of ours, or all of them (the shared suggester).
        known: String,
    },
    /// The map has no tile layer.
    #[error("the map has no visible tile layer to read terrain from")]
    NoTileLayer,
    /// Tiles stand for no terrain.
    #[error("{count} tile(s) stand for no terrain: {list}; give each a terrain in --terrain-map (`tiles: {{\"NAME:ID\": \"clear\"}}`, or a bare `\"ID\"`), or a `muster:terrain` property in Tiled")]
    Unmapped {
        /// How many distinct tiles.
        count: usize,
        /// Them, with their cell counts and first cells.
        list: String,
    },
    /// Cells have no tile and no terrain for empty cells was given.
    #[error("{cells} cell(s) have no tile (the first is {first}); give their terrain with --empty TERRAIN or `empty:` in the terrain map")]
    Empty {
        /// How many.
        cells: usize,
        /// The first, printed.
        first: String,
    },
    /// A terrain is not one of the ruleset's.
    #[error(
        "terrain `{terrain}` (first at {first}) is not a terrain of ruleset `{ruleset}`: {known}"
    )]
    UnknownTerrain {
        /// The terrain.
        terrain: String,
        /// The first hex with it.
        first: String,
        /// The ruleset.
        ruleset: String,
        /// The nearest of its terrain ids, or all of them (the shared suggester).
        known: String,
    },
    /// A `muster:*` map property cannot be read.
    #[error("map property {name} = `{value}`: {reason}")]
    Property {
        /// Its name.
        name: &'static str,
        /// Its value.
        value: String,
        /// What is wrong.
        reason: String,
    },
}

fn ron_prop<T: serde::de::DeserializeOwned>(
    tmx: &Tmx,
    name: &'static str,
) -> Result<Option<T>, ImportError> {
    let Some(v) = prop(&tmx.properties, name) else {
        return Ok(None);
    };
    let options =
        ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME);
    options
        .from_str(v)
        .map(Some)
        .map_err(|e| ImportError::Property {
            name,
            value: v.chars().take(60).collect(),
            reason: e.code.to_string(),
        })
}

fn grid_spec(tmx: &Tmx) -> Result<GridSpec, ImportError> {
    let first = |name: &'static str| -> Result<u32, ImportError> {
        match prop(&tmx.properties, name) {
            None => Ok(1),
            Some(v) => v
                .trim()
                .parse::<u32>()
                .ok()
                .filter(|n| *n <= GridSpec::MAX_FIRST)
                .ok_or_else(|| ImportError::Property {
                    name,
                    value: v.to_string(),
                    reason: format!(
                        "the first column and row are numbered 0 to {}",
                        GridSpec::MAX_FIRST
                    ),
                }),
        }
    };
    let mut spec = GridSpec {
        orientation: match tmx.geometry.axis() {
            crate::StaggerAxis::X => Orientation::Flat,
            crate::StaggerAxis::Y => Orientation::Pointy,
        },
        stagger: Stagger::Even,
        numbering: ron_prop::<Numbering>(tmx, mp::NUMBERING)?.unwrap_or(Numbering::ColumnRow),
        first_column: first(mp::FIRST_COLUMN)?,
        first_row: first(mp::FIRST_ROW)?,
        columns: tmx.width,
        rows: tmx.height,
        north: ron_prop::<GridSide>(tmx, mp::NORTH)?.unwrap_or(GridSide::Top),
    };
    spec.stagger = cells::stagger_for(&spec, tmx.geometry.stagger_even());
    Ok(spec)
}

fn ruleset_id(tmx: &Tmx, opts: &ImportOptions) -> Result<String, ImportError> {
    let known = || muster_rules::system_ids().collect::<Vec<_>>().join(", ");
    let id = opts
        .ruleset
        .clone()
        .or_else(|| opts.terrain_map.as_ref().and_then(|m| m.ruleset.clone()))
        .or_else(|| prop(&tmx.properties, mp::RULESET).map(str::to_string))
        .ok_or_else(|| ImportError::NoRuleset(known()))?;
    if muster_rules::ruleset(&id).is_none() {
        let known = muster_rules::suggest::did_you_mean(
            &id,
            "rulesets",
            &muster_rules::system_ids().collect::<Vec<_>>(),
            "",
        );
        return Err(ImportError::UnknownRuleset { id, known });
    }
    Ok(id)
}

/// The most common terrain, the earliest in the ruleset's order on a tie.
fn most_common(terrain: &[String], order: &[String]) -> String {
    let mut count: HashMap<&str, usize> = HashMap::new();
    for t in terrain {
        *count.entry(t).or_default() += 1;
    }
    order
        .iter()
        .max_by_key(|t| {
            (
                count.get(t.as_str()).copied().unwrap_or(0),
                std::cmp::Reverse(order.iter().position(|o| o == *t)),
            )
        })
        .cloned()
        .unwrap_or_default()
}

/// The entry of a hex, made empty if it has none yet.
fn entry<'a>(by_hex: &'a mut BTreeMap<String, HexEntry>, grid: &Grid, h: Hex) -> &'a mut HexEntry {
    let id = grid.to_printed(h);
    by_hex.entry(id.clone()).or_insert_with(|| HexEntry {
        hex: HexId(id),
        terrain: None,
        elevation: None,
        label: None,
    })
}

/// Reads a TMX map into a Muster map.
pub fn import(tmx: &Tmx, opts: &ImportOptions) -> Result<Imported, ImportError> {
    let ruleset_id = ruleset_id(tmx, opts)?;
    let ruleset = muster_rules::ruleset(&ruleset_id)
        .ok_or_else(|| ImportError::NoRuleset(ruleset_id.clone()))?;
    let spec = grid_spec(tmx)?;
    let grid = Grid::new(spec.clone());
    let cells = Cells::new(grid.clone());
    let width = tmx.width as usize;
    let hex_of = |i: usize| cells.hex((i % width) as i64, (i / width) as i64);
    let printed = |i: usize| hex_of(i).map(|h| grid.to_printed(h)).unwrap_or_default();
    let empty = opts
        .empty
        .as_deref()
        .or(opts.terrain_map.as_ref().and_then(|m| m.empty.as_deref()));
    let terrain = import_terrain::terrain(tmx, opts.terrain_map.as_ref(), empty, &printed)?;
    let order: Vec<String> = ruleset.terrain.iter().map(|t| t.id.clone()).collect();
    if let Some((i, t)) = terrain.iter().enumerate().find(|(_, t)| !order.contains(t)) {
        return Err(ImportError::UnknownTerrain {
            terrain: t.clone(),
            first: printed(i),
            known: muster_rules::suggest::did_you_mean(
                t,
                &format!("terrain ids of `{ruleset_id}`"),
                &order,
                "",
            ),
            ruleset: ruleset_id,
        });
    }
    let default_terrain = prop(&tmx.properties, mp::DEFAULT_TERRAIN)
        .filter(|t| order.iter().any(|o| o == t))
        .map(str::to_string)
        .unwrap_or_else(|| most_common(&terrain, &order));
    let features = import_objects::features(tmx, &cells)?;
    let mut by_hex: BTreeMap<String, HexEntry> = BTreeMap::new();
    for (i, t) in terrain.iter().enumerate() {
        if let Some(h) = hex_of(i).filter(|_| *t != default_terrain) {
            entry(&mut by_hex, &grid, h).terrain = Some(t.clone());
        }
    }
    for (&(q, r), level) in features.elevation.iter().filter(|(_, l)| **l != 0) {
        entry(&mut by_hex, &grid, Hex::new(q, r)).elevation = Some(*level);
    }
    for (&(q, r), label) in &features.labels {
        entry(&mut by_hex, &grid, Hex::new(q, r)).label = Some(label.clone());
    }
    let ours = prop(&tmx.properties, mp::TITLE).is_some();
    let mut notes = ron_prop::<Vec<String>>(tmx, mp::NOTES)?.unwrap_or_default();
    if !ours {
        notes.push(format!("Imported from the Tiled map \"{}\".", opts.title));
    }
    let map = MapFile {
        title: prop(&tmx.properties, mp::TITLE)
            .map(str::to_string)
            .unwrap_or_else(|| opts.title.clone()),
        ruleset: ruleset_id,
        provenance: ron_prop::<Provenance>(tmx, mp::PROVENANCE)?.unwrap_or(Provenance::Original),
        source: ron_prop::<Source>(tmx, mp::SOURCE)?,
        notes,
        grid: spec,
        default_terrain,
        hexes: by_hex.into_values().collect(),
        hexsides: features.hexsides,
        paths: features.paths,
        zones: ron_prop::<Vec<NamedZone>>(tmx, mp::ZONES)?.unwrap_or_default(),
    };
    let mut notes = features.notes;
    notes.extend(tmx.skipped.iter().map(|s| format!("left out layer {s}")));
    Ok(Imported {
        map,
        notes,
        header_comments: prop(&tmx.properties, mp::COMMENTS)
            .unwrap_or_default()
            .to_string(),
    })
}

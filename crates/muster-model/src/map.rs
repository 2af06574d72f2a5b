//! Map files (`*.map.ron`): a grid, a default terrain, and only the hexes that differ.

use crate::common::{HexId, Provenance, Source};
use crate::zone::Zone;
use muster_hex::GridSpec;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A hex map. Sparse: it states its default terrain and lists only the hexes that differ,
/// plus hexsides, paths and named zones.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MapFile {
    /// Title of the map.
    pub title: String,
    /// Ruleset whose terrain vocabulary the map uses, e.g. `"a-la-charge"`.
    pub ruleset: String,
    /// Printed, reconstructed by us, or an original example.
    #[serde(default)]
    pub provenance: Provenance,
    /// The printed work the map comes from (or is reconstructed from).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<Source>,
    /// Notes for reviewers: the clues a reconstruction rests on, choices made.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// Orientation, stagger, numbering, size and compass of the grid.
    pub grid: GridSpec,
    /// Terrain of every hex not listed in `hexes`.
    pub default_terrain: String,
    /// Hexes that differ from the default: terrain, elevation, label.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hexes: Vec<HexEntry>,
    /// Features drawn on hexsides: rivers, walls, hedges, bridges, doors …
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hexsides: Vec<HexsideEntry>,
    /// Features running through hexes: roads, streams.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub paths: Vec<PathEntry>,
    /// Named areas scenarios refer to ("St Albans", "the south road entries").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub zones: Vec<NamedZone>,
}

impl MapFile {
    /// A new map of one terrain, ready to paint.
    pub fn blank(title: &str, ruleset: &str, default_terrain: &str, grid: GridSpec) -> MapFile {
        MapFile {
            title: title.into(),
            ruleset: ruleset.into(),
            provenance: Provenance::Original,
            source: None,
            notes: vec![],
            grid,
            default_terrain: default_terrain.into(),
            hexes: vec![],
            hexsides: vec![],
            paths: vec![],
            zones: vec![],
        }
    }
}

/// One hex that differs from the map's default.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HexEntry {
    /// The hex, as printed.
    pub hex: HexId,
    /// Its terrain, if not the default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub terrain: Option<String>,
    /// Height in levels above the base of the map (0 if absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub elevation: Option<i32>,
    /// A name printed on the map, e.g. "St Peter's church".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
}

/// A feature on one hexside, written `"0504/NE"`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HexsideEntry {
    /// The hexside: a printed hex and the direction of the side (flat grids: N, NE, SE, S,
    /// SW, NW; pointy grids: NE, E, SE, SW, W, NW).
    #[schemars(pattern(r"^[0-9]{4}([0-9]{2})?/(N|NE|E|SE|S|SW|W|NW)$"))]
    pub side: String,
    /// The feature, from the ruleset's hexside vocabulary (e.g. `"river"`).
    pub feature: String,
}

/// A feature that runs from hex to hex, such as a road.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PathEntry {
    /// The kind, from the ruleset's path vocabulary (e.g. `"road"`).
    pub kind: String,
    /// An optional name ("the London road").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The hexes in order; consecutive hexes must be neighbours.
    pub hexes: Vec<HexId>,
}

/// A named zone of the map.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NamedZone {
    /// Identifier used by scenarios in `Named("...")`.
    pub id: String,
    /// Display name.
    pub name: String,
    /// The hexes of the zone.
    pub zone: Zone,
}

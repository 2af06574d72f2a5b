//! Terrain overlays: map fragments with lettered anchor hexes that a scenario places.

use crate::common::{HexId, Provenance, Source};
use crate::map::{HexEntry, HexsideEntry, PathEntry};
use muster_hex::GridSpec;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A terrain overlay (`*.overlay.ron`). Its hexes are numbered on its own small grid; the
/// lettered anchors are the hexes a scenario names ("overlay 1 with A on 0213 and B on
/// 0312"). Placing it is a translation plus one of six rotations (plus a mirror image where
/// `mirror_allowed`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OverlayFile {
    /// Title, e.g. "Overlay 1".
    pub title: String,
    /// Ruleset whose terrain vocabulary the overlay uses.
    pub ruleset: String,
    /// Printed, reconstructed or original.
    #[serde(default)]
    pub provenance: Provenance,
    /// The printed work.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<Source>,
    /// Notes for reviewers.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// The overlay's own grid (orientation and stagger must match the maps it is placed on).
    pub grid: GridSpec,
    /// Lettered anchor hexes: `{"A": "0101", "B": "0203"}`.
    pub anchors: BTreeMap<String, HexId>,
    /// Whether the overlay may be turned face down (mirrored) when placed.
    #[serde(default)]
    pub mirror_allowed: bool,
    /// Every hex the overlay covers, with its terrain. Hexes of the overlay's grid not
    /// listed are not part of the overlay.
    pub hexes: Vec<HexEntry>,
    /// Hexside features printed on the overlay.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hexsides: Vec<HexsideEntry>,
    /// Paths printed on the overlay.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub paths: Vec<PathEntry>,
}

/// Where a scenario places an overlay: the map hex under each anchor.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OverlayPlacement {
    /// Path of the overlay file, relative to the scenario.
    pub file: String,
    /// Map hex under each anchor: `{"A": "0213", "B": "0312"}`.
    pub at: BTreeMap<String, HexId>,
    /// Place the overlay mirrored (only if the overlay allows it).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub mirrored: bool,
}

//! What the canvas draws: the shared renderer's [`Scene`] of the document (terrain with
//! overlays applied, hexsides, roads, labels, counters where the placement model's one
//! arrangement puts them), keyed by hex for the canvas's lookups. The editor and `muster
//! render` draw the same scene.

use crate::document::Document;
use muster_hex::{Grid, Hex, Hexside};
use muster_render::Scene;
use std::collections::HashMap;

/// A unit drawn in a hex.
#[derive(Debug, Clone, PartialEq)]
pub struct UnitMark {
    /// Side index (colour).
    pub side: usize,
    /// The unit's index in its side.
    pub unit: usize,
    /// The unit's name, in full.
    pub text: String,
    /// Its ratings as printed ("3-2", "L1").
    pub ratings: String,
    /// The way it faces (a unit vector, y down), when its line gives one.
    pub facing: Option<(f32, f32)>,
    /// Placed by a set-up line that leaves the hex to the owner's choice (listed hexes or a
    /// zone), as the placement model's arrangement reads it; otherwise the unit stands on
    /// this hex whatever the owner does (a line that fills its hexes is certain).
    pub choice: bool,
    /// How its line fills its hexes, as the placement model's arrangement reads it:
    /// certain, an owner's choice among listed hexes, or anywhere in a zone. The canvas
    /// draws the three apart and the inspector names them.
    pub spread: muster_rules::placement::Spread,
}

/// Everything the map canvas needs, owned.
#[derive(Debug, Clone)]
pub struct Snapshot {
    /// The grid.
    pub grid: Grid,
    /// Terrain id per hex (every hex of the map).
    pub terrain: HashMap<Hex, String>,
    /// Terrain colours by id.
    pub colours: HashMap<String, [u8; 3]>,
    /// Hexside features.
    pub hexsides: Vec<(Hexside, String)>,
    /// Roads.
    pub roads: Vec<Vec<Hex>>,
    /// Labels.
    pub labels: Vec<(Hex, String)>,
    /// Units by hex.
    pub units: HashMap<Hex, Vec<UnitMark>>,
    /// Entry hexes of reinforcements.
    pub entries: Vec<Hex>,
    /// Pieces on the map: siege engines, horses, carts, screens.
    pub pieces: Vec<muster_render::ScenePiece>,
    /// Marker tags by hex ("rubble", "fire 2").
    pub markers: HashMap<Hex, Vec<String>>,
    /// Elevation of the hexes that have one.
    pub elevation: HashMap<Hex, i32>,
}

impl Snapshot {
    /// Builds the snapshot of a document (a bare grid when its ruleset is unknown).
    pub fn of(doc: &Document) -> Snapshot {
        match doc.scene() {
            Some(scene) => Self::from_scene(scene),
            None => Snapshot {
                grid: Grid::new(doc.map.grid.clone()),
                terrain: HashMap::new(),
                colours: HashMap::new(),
                hexsides: vec![],
                roads: vec![],
                labels: vec![],
                units: HashMap::new(),
                entries: vec![],
                pieces: vec![],
                markers: HashMap::new(),
                elevation: HashMap::new(),
            },
        }
    }

    fn from_scene(scene: Scene) -> Snapshot {
        let hex = |(x, y): (i32, i32)| Hex::new(x, y);
        Snapshot {
            terrain: scene
                .terrain
                .into_iter()
                .map(|(k, t)| (hex(k), t))
                .collect(),
            colours: scene
                .legend
                .into_iter()
                .map(|(id, _, rgb)| (id, rgb))
                .collect(),
            units: scene
                .counters
                .into_iter()
                .map(|(k, cs)| {
                    (
                        hex(k),
                        cs.into_iter()
                            .map(|c| UnitMark {
                                side: c.side,
                                unit: c.unit,
                                text: c.name,
                                ratings: c.ratings,
                                facing: c.facing,
                                choice: c.choice,
                                spread: c.spread,
                            })
                            .collect(),
                    )
                })
                .collect(),
            grid: scene.grid,
            hexsides: scene.hexsides,
            roads: scene.roads,
            labels: scene.labels,
            entries: scene.entries,
            pieces: scene.pieces,
            elevation: scene
                .elevation
                .into_iter()
                .map(|(k, v)| (hex(k), v))
                .collect(),
            markers: scene
                .markers
                .into_iter()
                .map(|(k, v)| (hex(k), v))
                .collect(),
        }
    }
}

//! What the canvas draws, computed from the document by the shared rules library: terrain
//! with overlays applied, hexsides, roads, and the units the set-up puts in each hex.

use crate::document::Document;
use muster_hex::{Grid, Hex, Hexside};
use muster_model::MapFile;
use muster_rules::{DeployKind, FileRole, World};
use std::collections::HashMap;

/// A unit drawn in a hex.
#[derive(Debug, Clone, PartialEq)]
pub struct UnitMark {
    /// Side index (colour).
    pub side: usize,
    /// Short text on the counter.
    pub text: String,
    /// Placed by a set-up line that leaves the hex to the owner's choice.
    pub choice: bool,
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
}

fn short(name: &str) -> String {
    let n: String = name.chars().take(8).collect();
    n
}

impl Snapshot {
    /// Builds the snapshot of a document.
    pub fn of(doc: &Document) -> Snapshot {
        let ruleset = muster_rules::ruleset(&doc.map.ruleset);
        let colours = ruleset
            .map(|r| r.terrain.iter().map(|t| (t.id.clone(), t.rgb())).collect())
            .unwrap_or_default();
        let mut sink = Vec::new();
        let (world, units, entries) = match (&doc.scenario, ruleset) {
            (Some(s), Some(r)) => {
                let overlays: Vec<_> = doc.overlays.iter().map(|o| o.as_ref()).collect();
                let resolved = muster_rules::resolve(s, &doc.map, &overlays, r, &mut sink);
                let mut units: HashMap<Hex, Vec<UnitMark>> = HashMap::new();
                let mut entries = Vec::new();
                for d in &resolved.deployments {
                    match d.kind {
                        DeployKind::Setup { .. } => {
                            let choice = d.hexes.len() > 1;
                            for u in &d.units {
                                let (def, _) = resolved.unit(d.side, u.unit);
                                let hexes: Vec<Hex> = if choice {
                                    d.hexes.clone()
                                } else {
                                    d.hexes.iter().take(1).copied().collect()
                                };
                                for h in hexes {
                                    units.entry(h).or_default().push(UnitMark {
                                        side: d.side,
                                        text: short(&def.name),
                                        choice,
                                    });
                                }
                            }
                        }
                        DeployKind::Reinforcement { .. } => entries.extend(d.hexes.iter().copied()),
                    }
                }
                (resolved.world, units, entries)
            }
            _ => (
                World::from_map(&doc.map, FileRole::This, &mut sink),
                HashMap::new(),
                vec![],
            ),
        };
        Self::from_world(&world, &doc.map, colours, units, entries)
    }

    fn from_world(
        world: &World,
        _map: &MapFile,
        colours: HashMap<String, [u8; 3]>,
        units: HashMap<Hex, Vec<UnitMark>>,
        entries: Vec<Hex>,
    ) -> Snapshot {
        let grid = world.grid.clone();
        let terrain = grid
            .hexes()
            .map(|h| (h, world.terrain(h).to_string()))
            .collect();
        let hexsides = world
            .hexside_entries()
            .map(|(s, f, _)| (s, f.to_string()))
            .collect();
        let roads = world.paths.iter().map(|p| p.hexes.clone()).collect();
        let labels = world.labels().map(|(h, l)| (h, l.to_string())).collect();
        Snapshot {
            grid,
            terrain,
            colours,
            hexsides,
            roads,
            labels,
            units,
            entries,
        }
    }
}

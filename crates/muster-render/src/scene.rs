//! What a picture of a map shows, resolved through the rules library.

use muster_hex::{Grid, Hex, Hexside};
use muster_model::{MapFile, OverlayFile, Ruleset, ScenarioFile};
use muster_rules::placement::Spread;
use muster_rules::{DeployKind, FileRole, World};
use std::collections::BTreeMap;

/// A counter drawn in a hex.
#[derive(Debug, Clone, PartialEq)]
pub struct Counter {
    /// Side index (colour).
    pub side: usize,
    /// The unit's index in its side.
    pub unit: usize,
    /// Name on the counter.
    pub name: String,
    /// Ratings line ("3-2", "L1").
    pub ratings: String,
    /// The owner chooses which of several hexes, listed or in a zone (drawn lighter, on
    /// each of them); otherwise the counter stands where the placement model's arrangement
    /// puts it.
    pub choice: bool,
    /// How its set-up line fills its hexes, from the placement model's one arrangement:
    /// certain (where the arrangement puts it), an owner's choice among listed hexes, or
    /// anywhere in a zone expression (a row, an edge, a named area).
    pub spread: Spread,
    /// The way the counter faces, as a unit vector in picture space (y down): towards the
    /// hexside or corner its set-up line names (Charles the Bold stands, And Gentlemen
    /// All units, Siege horses). `None` when the line gives no facing.
    pub facing: Option<(f32, f32)>,
}

/// A piece on the map: a siege engine, a horse, a cart, a screen.
#[derive(Debug, Clone, PartialEq)]
pub struct ScenePiece {
    /// The piece's id in the scenario.
    pub id: String,
    /// Side index (colour).
    pub side: usize,
    /// The piece's id and kind ("west-tower (siege tower)").
    pub name: String,
    /// Its hexes, the placed hex first.
    pub hexes: Vec<Hex>,
    /// The hexside its base lies along, for a screen.
    pub hexside: Option<Hexside>,
}

/// Everything a picture shows.
#[derive(Debug, Clone)]
pub struct Scene {
    /// Title line.
    pub title: String,
    /// The grid.
    pub grid: Grid,
    /// Terrain per hex (every hex of the map).
    pub terrain: BTreeMap<(i32, i32), String>,
    /// Terrain names and colours for the legend, in ruleset order.
    pub legend: Vec<(String, String, [u8; 3])>,
    /// Hexside features.
    pub hexsides: Vec<(Hexside, String)>,
    /// Roads.
    pub roads: Vec<Vec<Hex>>,
    /// Labels.
    pub labels: Vec<(Hex, String)>,
    /// Counters by hex.
    pub counters: BTreeMap<(i32, i32), Vec<Counter>>,
    /// Side names, for the legend.
    pub sides: Vec<String>,
    /// Reinforcement entry hexes.
    pub entries: Vec<Hex>,
    /// Hexes to mark (findings).
    pub marked: Vec<Hex>,
    /// Pieces on the map (Siege).
    pub pieces: Vec<ScenePiece>,
    /// Pieces off the map, by name (trebuchets and mangonels).
    pub off_map: Vec<String>,
    /// Markers by hex, as short tags ("rubble", "fire 2").
    pub markers: BTreeMap<(i32, i32), Vec<String>>,
    /// Elevation of the hexes that have one.
    pub elevation: BTreeMap<(i32, i32), i32>,
}

fn grid_elevation(world: &World) -> BTreeMap<(i32, i32), i32> {
    world
        .grid
        .hexes()
        .filter_map(|h| {
            let e = world.elevation(h);
            (e != 0).then_some(((h.x, h.y), e))
        })
        .collect()
}

impl Scene {
    fn from_world(title: String, world: &World, ruleset: &Ruleset) -> Scene {
        let grid = world.grid.clone();
        let terrain = grid
            .hexes()
            .map(|h| ((h.x, h.y), world.terrain(h).to_string()))
            .collect();
        let used: std::collections::BTreeSet<String> =
            grid.hexes().map(|h| world.terrain(h).to_string()).collect();
        let legend = ruleset
            .terrain
            .iter()
            .filter(|t| used.contains(&t.id))
            .map(|t| (t.id.clone(), t.name.clone(), t.rgb()))
            .collect();
        let mut hexsides: Vec<(Hexside, String)> = world
            .hexside_entries()
            .map(|(s, f, _)| (s, f.to_string()))
            .collect();
        hexsides.sort();
        let mut labels: Vec<(Hex, String)> =
            world.labels().map(|(h, l)| (h, l.to_string())).collect();
        labels.sort_by_key(|(h, _)| (h.x, h.y));
        Scene {
            title,
            grid,
            terrain,
            legend,
            hexsides,
            roads: world.paths.iter().map(|p| p.hexes.clone()).collect(),
            labels,
            counters: BTreeMap::new(),
            sides: vec![],
            entries: vec![],
            marked: vec![],
            pieces: vec![],
            off_map: vec![],
            markers: BTreeMap::new(),
            elevation: grid_elevation(world),
        }
    }

    /// A map alone.
    pub fn of_map(map: &MapFile, ruleset: &Ruleset) -> Scene {
        let mut sink = Vec::new();
        let world = World::from_map(map, FileRole::This, &mut sink);
        Scene::from_world(map.title.clone(), &world, ruleset)
    }

    /// A scenario on its map, overlays applied, counters where the set-up puts them, each
    /// labelled with the ratings its system prints (read from `lists` where the system
    /// keeps them in army lists: Charles the Bold's SP, IF and BP).
    pub fn of_scenario(
        scenario: &ScenarioFile,
        map: &MapFile,
        overlays: &[Option<&OverlayFile>],
        lists: &muster_rules::ArmyLists<'_>,
        ruleset: &Ruleset,
    ) -> Scene {
        let mut sink = Vec::new();
        let s = muster_rules::resolve(scenario, map, overlays, lists, ruleset, &mut sink);
        let mut scene = Scene::from_world(scenario.title.clone(), &s.world, ruleset);
        scene.sides = scenario.sides.iter().map(|x| x.name.clone()).collect();
        let grid = &s.world.grid;
        let corners = muster_rules::system(&s.ruleset.id).is_some_and(|g| g.faces_corners());
        // The facing of line `i` in hex `h`, as a unit vector from the hex centre.
        let facing = |i: usize, h: Hex| {
            let line = s.placements.lines().iter().find(|l| l.deployment == i)?;
            let (cx, cy) = grid.center(h, 1.0);
            let (x, y) = match (line.facing, line.corner) {
                (_, Some(c)) if corners => grid.corners(h, 1.0)[c.index() as usize],
                (Some(d), _) if !corners => grid.center(grid.neighbor(h, d), 1.0),
                _ => return None,
            };
            let (dx, dy) = (x - cx, y - cy);
            let n = (dx * dx + dy * dy).sqrt();
            (n > 0.0).then(|| (dx / n, dy / n))
        };
        // How each line fills its hexes, and where its counters stand, from the placement
        // model's one arrangement (never guessed from the number of hexes).
        let arrangement = s.arrangement();
        for (di, d) in s.deployments.iter().enumerate() {
            match d.kind {
                DeployKind::Setup { .. } => {
                    let (Some(arranged), Some(line)) =
                        (arrangement.line(di), s.placements.lines().get(di))
                    else {
                        continue;
                    };
                    for u in &d.units {
                        let (def, kind) = s.unit(d.side, u.unit);
                        // The system says what the counter prints; the kind's name when
                        // it prints nothing.
                        let mut ratings = muster_rules::counter_ratings(&s, d.side, def).front;
                        if ratings.is_empty() {
                            ratings = kind.map(|k| k.name.clone()).unwrap_or_default();
                        }
                        // Certain (the line fills its hexes, or the other lines squeeze
                        // the owner's choice): where the arrangement puts it. A choice or a
                        // zone: lighter, on every hex the owner may choose.
                        let spread = arranged.spread_of(line, u.unit);
                        let certain = spread == Spread::Certain
                            || arranged.of_unit(u.unit).all(|p| p.certain);
                        let spread = if certain { Spread::Certain } else { spread };
                        let choice = !certain;
                        let hexes: Vec<Hex> = if certain {
                            arranged.of_unit(u.unit).map(|p| p.hex).collect()
                        } else {
                            d.hexes.clone()
                        };
                        for h in hexes {
                            scene.counters.entry((h.x, h.y)).or_default().push(Counter {
                                side: d.side,
                                unit: u.unit,
                                name: def.name.clone(),
                                ratings: ratings.clone(),
                                choice,
                                spread,
                                facing: facing(di, h),
                            });
                        }
                    }
                }
                DeployKind::Reinforcement { .. } => scene.entries.extend(d.hexes.iter().copied()),
            }
        }
        scene.add_siege(&s);
        scene
    }

    fn add_siege(&mut self, s: &muster_rules::Scenario) {
        let o = s.world.grid.orientation();
        for (i, p) in s.file.pieces.iter().enumerate() {
            let Ok(placed) = muster_rules::siege::field::place(s, i, p) else {
                continue;
            };
            let name = format!("{} ({})", p.id, placed.def.name.to_lowercase());
            if placed.hexes.is_empty() {
                self.off_map.push(name);
                continue;
            }
            let hexside = placed
                .facing
                .filter(|_| placed.def.faced_on_hexside)
                .map(|d| Hexside::new(placed.hexes[0], d, o));
            self.pieces.push(ScenePiece {
                id: p.id.clone(),
                side: placed.side.unwrap_or(0),
                name,
                hexes: placed.hexes,
                hexside,
            });
        }
        for m in &s.file.markers {
            let Ok(h) = s.world.grid.from_printed(m.hex.as_str()) else {
                continue;
            };
            let tag = match m.value {
                Some(v) => format!("{} {v}", m.kind),
                None => m.kind.clone(),
            };
            self.markers.entry((h.x, h.y)).or_default().push(tag);
        }
    }
}

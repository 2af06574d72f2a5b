//! The siege field: the world with its pieces (engines, horses, carts, screens) laid out
//! hex by hex, its markers, and the characters whose set-up hex is certain, each on its
//! level.

use crate::diagnostic::Location;
use crate::scenario::Scenario;
use crate::siege::vocabulary::{markers, traits};
use crate::world::World;
use muster_hex::{Direction, Hex};
use muster_model::{CoverKind, Level, Marker, MarkerDef, Piece, PieceDef, Ruleset, TerrainDef};
use std::collections::HashMap;

/// A piece laid out on the map.
#[derive(Debug, Clone)]
pub struct PlacedPiece<'a> {
    /// Index in the scenario's `pieces`.
    pub index: usize,
    /// The piece as written.
    pub piece: &'a Piece,
    /// Its kind.
    pub def: &'a PieceDef,
    /// Side index, when the side exists.
    pub side: Option<usize>,
    /// The direction it faces.
    pub facing: Option<Direction>,
    /// Its hexes, in the order of the kind's `line` (the placed hex first).
    pub hexes: Vec<Hex>,
}

impl PlacedPiece<'_> {
    /// Where the piece is written.
    pub fn location(&self) -> Location {
        Location::here(format!("/pieces/{}", self.index))
    }

    /// The hex `steps` along its facing from the placed hex.
    pub fn along(&self, world: &World, steps: i32) -> Option<Hex> {
        let f = self.facing?;
        let at = self.hexes.first().copied()?;
        Some(walk(world, at, f, steps))
    }
}

/// A character whose set-up hex is certain.
#[derive(Debug, Clone)]
pub struct Character {
    /// Side index.
    pub side: usize,
    /// Unit index in its side.
    pub unit: usize,
    /// The hex (a mounted character's head).
    pub hex: Hex,
    /// The level in a siege-tower hex, as written.
    pub level: Option<Level>,
    /// Index of the deployment that places it.
    pub deployment: usize,
    /// A mounted character's tail hex (3.31: a horse covers two hexes).
    pub tail: Option<Hex>,
}

/// Walks `steps` hexes along `dir` (backwards when negative).
pub fn walk(world: &World, from: Hex, dir: Direction, steps: i32) -> Hex {
    let o = world.grid.orientation();
    let d = if steps < 0 { dir.opposite() } else { dir };
    (0..steps.unsigned_abs()).fold(from, |h, _| d.step(h, o))
}

/// Pieces and characters laid out hex by hex: built once per resolved scenario and kept
/// in it (every check, line of fire and reach reads the same layout).
#[derive(Debug)]
pub struct Layout<'a> {
    pieces: Vec<PlacedPiece<'a>>,
    characters: Vec<Character>,
    by_hex: HashMap<Hex, Vec<usize>>,
}

impl<'a> Layout<'a> {
    fn build(s: &Scenario<'a>) -> Self {
        let pieces: Vec<PlacedPiece<'a>> = s
            .file
            .pieces
            .iter()
            .enumerate()
            .filter_map(|(i, p)| place(s, i, p).ok())
            .collect();
        let mut by_hex: HashMap<Hex, Vec<usize>> = HashMap::new();
        for (i, p) in pieces.iter().enumerate() {
            for h in &p.hexes {
                by_hex.entry(*h).or_default().push(i);
            }
        }
        Layout {
            characters: characters(s),
            pieces,
            by_hex,
        }
    }
}

/// Everything on the map of a siege scenario.
pub struct Field<'s, 'a> {
    /// The scenario.
    pub s: &'s Scenario<'a>,
    /// Pieces placed on the map (off-map engines and pieces that did not resolve are left
    /// out; `SI417` reports the latter).
    pub pieces: &'s [PlacedPiece<'a>],
    /// Characters whose hex is certain.
    pub characters: &'s [Character],
    by_hex: &'s HashMap<Hex, Vec<usize>>,
}

impl<'s, 'a> Field<'s, 'a> {
    /// The field of a resolved scenario (laid out on first use, then kept).
    pub fn new(s: &'s Scenario<'a>) -> Self {
        let layout = s.siege_layout.get_or_init(|| Layout::build(s));
        Field {
            s,
            pieces: &layout.pieces,
            characters: &layout.characters,
            by_hex: &layout.by_hex,
        }
    }

    /// The world.
    pub fn world(&self) -> &World {
        &self.s.world
    }

    /// The ruleset.
    pub fn ruleset(&self) -> &'a Ruleset {
        self.s.ruleset
    }

    /// The pieces on a hex.
    pub fn pieces_at(&self, h: Hex) -> impl Iterator<Item = &PlacedPiece<'a>> {
        self.by_hex
            .get(&h)
            .into_iter()
            .flatten()
            .map(|&i| &self.pieces[i])
    }

    /// Whether a piece is burnt out: a `destroyed` marker on any of its hexes ("The whole
    /// engine is considered to be destroyed if just one hex of a siege engine burns for
    /// three turns in a row", 3.55).
    pub fn burnt_out(&self, p: &PlacedPiece) -> bool {
        p.hexes.iter().any(|h| self.burnt(*h))
    }

    /// The pieces on a hex that still stand: not burnt out (3.55: "its contents are
    /// completely destroyed", so a burnt-out engine neither covers, blocks, carries nor
    /// needs a crew). Lines of fire, cover, movement and crews read this; the checks of
    /// what lies where (a marker on an engine hex, overlapping pieces) read
    /// [`Field::pieces_at`].
    pub fn standing_at(&self, h: Hex) -> impl Iterator<Item = &PlacedPiece<'a>> {
        self.pieces_at(h).filter(move |p| !self.burnt_out(p))
    }

    /// The terrain of a hex.
    pub fn terrain(&self, h: Hex) -> Option<&'a TerrainDef> {
        terrain_def(self.s.ruleset, self.s.world.terrain(h))
    }

    /// Whether the hex's terrain has a trait.
    pub fn has(&self, h: Hex, t: &str) -> bool {
        self.terrain(h).is_some_and(|d| d.has(t))
    }

    /// Whether a hex is inside the castle (6.1; ours: the text does not draw the line): its
    /// walls, arrow-slits, towers, keep, stairways, courtyards and gateways, and every hex
    /// they enclose, that is from which no walk over other hexes reaches the map edge (a
    /// chapel or a hall in the courtyard).
    pub fn inside_castle(&self, h: Hex) -> bool {
        const CASTLE: [&str; 4] = [
            traits::RAISED,
            traits::STAIRWAY,
            traits::COURTYARD,
            traits::GATEWAY,
        ];
        let castle = |x: Hex| CASTLE.iter().any(|t| self.has(x, t));
        if castle(h) {
            return true;
        }
        let g = &self.s.world.grid;
        let mut seen = std::collections::HashSet::from([h]);
        let mut todo = vec![h];
        while let Some(x) = todo.pop() {
            if g.neighbors_on_map(x).count() < 6 {
                return false;
            }
            for n in g.neighbors_on_map(x) {
                if !castle(n) && seen.insert(n) {
                    todo.push(n);
                }
            }
        }
        true
    }

    /// The markers on a hex.
    pub fn markers_at(&self, h: Hex) -> impl Iterator<Item = &'a Marker> + '_ {
        let world = &self.s.world;
        self.s
            .file
            .markers
            .iter()
            .filter(move |m| world.grid.from_printed(m.hex.as_str()).ok() == Some(h))
    }

    /// Whether a marker of this kind is on the hex.
    pub fn marked(&self, h: Hex, kind: &str) -> bool {
        self.markers_at(h).any(|m| m.kind == kind)
    }

    /// Whether the hex is demolished: it carries a rubble marker. This is the one meaning
    /// of "demolished" for walls, arrow-slits, towers and the keep alike (4.13: the fourth
    /// stage is "wall demolished (rubble)"; 4.14); a damage marker never reaches 4 (SI405),
    /// so lines, movement, cover and the breach of 4.21 all read this.
    pub fn demolished(&self, h: Hex) -> bool {
        self.marked(h, markers::RUBBLE)
    }

    /// Whether a tent hex has burnt down (3.24: a destroyed tent no longer blocks).
    pub fn burnt(&self, h: Hex) -> bool {
        self.marked(h, markers::DESTROYED)
    }

    /// The level of a character for fire and combat: the hex's elevation, plus one on
    /// raised terrain (battlements, towers, keep) or on a siege tower's upper level.
    pub fn level(&self, h: Hex, upper: bool) -> i32 {
        let raised = self.has(h, traits::RAISED) && !self.demolished(h);
        self.s.world.elevation(h) + i32::from(raised || upper)
    }

    /// The characters in a hex (a mounted character's tail counts).
    pub fn characters_at(&self, h: Hex) -> impl Iterator<Item = &Character> {
        self.characters
            .iter()
            .filter(move |c| c.hex == h || c.tail == Some(h))
    }

    /// Cover a hex's terrain (with its markers) gives.
    pub fn terrain_cover(&self, h: Hex) -> CoverKind {
        if self.demolished(h) {
            return CoverKind::Medium; // 2.32
        }
        self.terrain(h)
            .and_then(|t| t.cover)
            .unwrap_or(CoverKind::None)
    }
}

/// The terrain definition of an id.
pub fn terrain_def<'a>(r: &'a Ruleset, id: &str) -> Option<&'a TerrainDef> {
    r.terrain.iter().find(|t| t.id == id)
}

/// The piece kind of an id.
pub fn piece_def<'a>(r: &'a Ruleset, id: &str) -> Option<&'a PieceDef> {
    r.pieces.iter().find(|p| p.id == id)
}

/// The marker kind of an id.
pub fn marker_def<'a>(r: &'a Ruleset, id: &str) -> Option<&'a MarkerDef> {
    r.markers.iter().find(|m| m.id == id)
}

/// Why a piece could not be laid out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlaceError {
    /// The kind is not in the ruleset.
    UnknownKind,
    /// The side is not a side of the scenario.
    UnknownSide,
    /// It is off the map, and its kind may not be.
    NeedsHex,
    /// The hex is not a hex id of the map.
    BadHex(String),
    /// It covers more than one hex and has no facing, or the facing is not a direction.
    BadFacing,
    /// Some of its hexes are off the map.
    OffMap(Vec<Hex>),
}

/// Lays out piece `index`.
pub fn place<'a>(
    s: &Scenario<'a>,
    index: usize,
    p: &'a Piece,
) -> Result<PlacedPiece<'a>, PlaceError> {
    let def = piece_def(s.ruleset, &p.kind).ok_or(PlaceError::UnknownKind)?;
    let side = s.file.sides.iter().position(|sd| sd.id == p.side);
    if side.is_none() {
        return Err(PlaceError::UnknownSide);
    }
    let grid = &s.world.grid;
    let facing = match &p.facing {
        Some(f) => Some(Direction::from_name(f, grid.orientation()).ok_or(PlaceError::BadFacing)?),
        None => None,
    };
    let Some(at) = &p.at else {
        return if def.off_map {
            Ok(PlacedPiece {
                index,
                piece: p,
                def,
                side,
                facing,
                hexes: vec![],
            })
        } else {
            Err(PlaceError::NeedsHex)
        };
    };
    let h = grid
        .from_printed(at.as_str())
        .map_err(|e| PlaceError::BadHex(e.to_string()))?;
    let needs_facing = def.line.iter().any(|&k| k != 0) || def.faced_on_hexside;
    if needs_facing && facing.is_none() {
        return Err(PlaceError::BadFacing);
    }
    let hexes: Vec<Hex> = def
        .line
        .iter()
        .map(|&k| match facing {
            Some(f) => walk(&s.world, h, f, k),
            None => h,
        })
        .collect();
    let off: Vec<Hex> = hexes
        .iter()
        .copied()
        .filter(|h| !grid.contains(*h))
        .collect();
    if !off.is_empty() {
        return Err(PlaceError::OffMap(off));
    }
    Ok(PlacedPiece {
        index,
        piece: p,
        def,
        side,
        facing,
        hexes,
    })
}

/// The characters whose set-up hex the placement model makes certain: the counters of
/// lines laid out one by one ([`crate::placement::Line::laid_out`]), each on the hex the
/// arrangement gives it, with its level and a horse's tail. Owner's-choice lines are judged
/// by the checks through [`crate::placement::Placements::judge`].
fn characters(s: &Scenario) -> Vec<Character> {
    let mut out = Vec::new();
    let o = s.world.grid.orientation();
    let arrangement = s.arrangement_without_rules();
    for (i, l) in s.placements.lines().iter().enumerate() {
        if l.hidden() || !l.on_map() || !l.laid_out() {
            continue;
        }
        let Some(arranged) = arrangement.line(i) else {
            continue;
        };
        for p in &arranged.at {
            let mounted = s.unit(l.side, p.unit).1.is_some_and(|k| k.mounted);
            let tail = match mounted {
                true => l.facing.map(|f| f.opposite().step(p.hex, o)),
                false => None,
            };
            // Two on one hex would be a stacking error to report: list them, up to a bound.
            let listed = p.count.min(crate::placement::MAX_LISTED_COUNTERS);
            out.extend((0..listed).map(|_| Character {
                side: l.side,
                unit: p.unit,
                hex: p.hex,
                level: l.level,
                deployment: i,
                tail,
            }));
        }
    }
    out
}

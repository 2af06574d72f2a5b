//! The placement model: what the set-up says about who stands where at the start, built
//! once per resolved scenario and read by every check and query.
//!
//! A set-up line names units (with counts) and candidate hexes. Its counters that may not
//! share a hex (combat units, stands, characters: every kind that is neither a leader nor
//! marked `stacks`) are matched onto the candidate slots of every line at once, one counter
//! a slot (a slot is a hex, and on a Siege tower a level). From that matching:
//!
//! - a line whose counters exactly fill its hexes holds each of them ([`Fill::Filled`]);
//!   one hex is [`Fill::Fixed`]; fewer counters than hexes is the owner's
//!   [`Fill::Choice`]; more is an [`Fill::Overflow`];
//! - a slot that every arrangement fills is *certain* ([`Placements::certainly_held`]),
//!   also when other lines squeeze an owner's choice into it;
//! - lines that together place more counters than their hexes hold are a [`Shortfall`]
//!   (pigeonhole), which the stacking checks report with every colliding line;
//! - [`Placements::judge`] decides a per-hex rule for a line with one semantics for every
//!   check: a fixed or filled line puts a unit on every hex, so every hex must be legal for
//!   it; an owner's choice is illegal only when no legal arrangement exists, and otherwise
//!   names the hexes to avoid.
//!
//! Leaders (and kinds that stack freely) are not matched: on a one-hex line they are
//! certainly there, otherwise possibly on any of the line's hexes. Reinforcements are kept
//! with their turn and entry hexes and are on no hex at the start.

mod arrangement;
mod at_once;
mod collisions;
mod hex_index;
mod judge;
mod matching;

pub use arrangement::{Arranged, Arrangement, Placed, Spread};
pub use collisions::{squeezed_finding, Collision};
pub use judge::{Judgement, Misplacement, Stakes};
pub use matching::Shortfall;

use crate::scenario::{DeployKind, Deployment};
use crate::FastMap as HashMap;
use muster_hex::{Corner, Direction, Hex, Orientation};
use muster_model::{Level, Ruleset, ScenarioFile};

/// Most counters of one line laid out one by one on a single hex (a count beyond it is an
/// overflow already; laying out ten thousand would only repeat the finding).
pub const MAX_LISTED_COUNTERS: u32 = 16;

/// How a line's counters meet its hexes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fill {
    /// One hex and at most one counter that may not share it: every counter of the line
    /// is there.
    Fixed,
    /// As many counters that may not share a hex as hexes: each hex holds one.
    Filled,
    /// Fewer such counters than hexes: the owner chooses.
    Choice,
    /// More such counters than hexes: some must share a hex.
    Overflow,
    /// The zone names no hex of the map (or did not resolve).
    Nowhere,
}

/// Some counters of one unit type on a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Counter {
    /// Unit index in the side.
    pub unit: usize,
    /// How many.
    pub count: u32,
    /// May share a hex with friends (leaders, King Henry, generals).
    pub free: bool,
}

/// One set-up line or reinforcement in the model.
#[derive(Debug, Clone)]
pub struct Line {
    /// Index of the deployment (the same index as [`crate::Scenario::deployments`]).
    pub deployment: usize,
    /// Side index.
    pub side: usize,
    /// Set-up (hidden or not) or reinforcement.
    pub kind: DeployKind,
    /// Its counters.
    pub counters: Vec<Counter>,
    /// Candidate hexes, in the order written, without repeats.
    pub hexes: Vec<Hex>,
    /// Counters that may not share a hex.
    pub bound: u32,
    /// How they meet the hexes.
    pub fill: Fill,
    /// The level in a siege tower's hexes (Siege).
    pub level: Option<Level>,
    /// The facing written on the line, as a side of the hex (Siege horses).
    pub facing: Option<Direction>,
    /// The facing written on the line, as a point of the hex (Charles the Bold stands).
    pub corner: Option<Corner>,
}

impl Line {
    /// On the map at the start (set up, hidden or not).
    pub fn on_map(&self) -> bool {
        matches!(self.kind, DeployKind::Setup { .. })
    }

    /// Placed secretly.
    pub fn hidden(&self) -> bool {
        matches!(self.kind, DeployKind::Setup { hidden: true })
    }

    /// The turn it enters, for a reinforcement.
    pub fn entry_turn(&self) -> Option<u32> {
        match self.kind {
            DeployKind::Reinforcement { turn } => Some(turn),
            DeployKind::Setup { .. } => None,
        }
    }

    /// Whether every hex of the line certainly holds one of its counters.
    pub fn fills_every_hex(&self) -> bool {
        matches!(self.fill, Fill::Fixed | Fill::Filled | Fill::Overflow)
    }

    /// Whether every counter of the line has a known hex, one by one: a line of one hex
    /// (every counter there), or one unit type filling exactly its hexes (one a hex). The
    /// arrangement ([`crate::Scenario::arrangement`]) gives those hexes; every other line
    /// leaves the owner a choice of which counter goes where.
    pub fn laid_out(&self) -> bool {
        self.hexes.len() == 1 || (self.fill == Fill::Filled && self.counters.len() == 1)
    }

    /// The one unit type whose counters may not share a hex, if the line has exactly one.
    pub fn single_bound_unit(&self) -> Option<usize> {
        let mut bound = self.counters.iter().filter(|c| !c.free && c.count > 0);
        let first = bound.next()?;
        bound.all(|c| c.unit == first.unit).then_some(first.unit)
    }
}

/// Who stands in a slot in every arrangement of the set-up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Holder {
    /// The line holding the slot in the arrangement found (one arrangement: counting
    /// holders over several hexes counts a possible set-up). When `sure` is false, another
    /// line may hold it instead in another arrangement: its facing, its being hidden and
    /// its unit are not known for sure.
    pub line: usize,
    /// Whether `line` holds the slot in every arrangement.
    pub sure: bool,
    /// Whether every line that may hold the slot is of `side` (always, when `sure`).
    pub side_sure: bool,
    /// Side index.
    pub side: usize,
    /// The unit, when the line has one unit type that may not share a hex (otherwise
    /// which of its types stands there is the owner's choice).
    pub unit: Option<usize>,
    /// May share the hex with friends (a leader alone in a hex).
    pub free: bool,
}

/// Which placements a query takes as standing: those certain in every arrangement, or the
/// worst case, where every line may be in every hex it names. A query answers with the
/// first and reports where the second differs as uncertain.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Assume {
    /// Only what every arrangement of the set-up puts there.
    Certain,
    /// Every line in every hex it names.
    Worst,
}

/// A slot: a hex, and on a Siege tower its upper level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Slot {
    /// The hex.
    pub hex: Hex,
    /// On a siege tower's upper level.
    pub upper: bool,
}

/// What the placement model keeps per hex, counted (tests hold memory to the hexes named).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Footprint {
    /// Distinct hexes the set-up lines name.
    pub hexes: usize,
    /// Cells of the table from a hex to its number (0: a binary search instead); at most
    /// a few per hex named.
    pub table_cells: usize,
    /// Entries of the flat list of lines naming each hex (one per line and hex).
    pub line_entries: usize,
    /// Slots the matching places counters on.
    pub slots: usize,
}

/// The placement model of a scenario.
#[derive(Debug, Clone, Default)]
pub struct Placements {
    lines: Vec<Line>,
    slots: Vec<Slot>,
    /// Line holding each slot in the arrangement found.
    owner: Vec<Option<usize>>,
    certain: Vec<bool>,
    /// The certain slots two or more lines may hold, each with those lines.
    swappable: std::collections::BTreeMap<usize, Vec<usize>>,
    shortfalls: Vec<Shortfall>,
    /// The hexes lines name, numbered once (per-hex lists below are by that number).
    index: hex_index::HexIndex,
    /// Lines naming each hex, in line order.
    lines_at: hex_index::Flat,
    /// The ground-level slot of each hex, and the upper-level one (empty when no line is
    /// on a tower's upper level); [`hex_index::NONE`] where there is none.
    slot_at: [Vec<u32>; 2],
    /// Leaders certainly in a hex (one-hex lines).
    free_at: HashMap<Hex, Vec<(usize, usize)>>,
    /// The matching's demands, the line of each, and how many counters it placed.
    demands: Vec<matching::Demand>,
    demand_line: Vec<usize>,
    matched: usize,
    collisions: Vec<Collision>,
    /// Every line stands only where it certainly stands (see [`Placements::worst_is_certain`]).
    worst_is_certain: bool,
}

impl Placements {
    /// Builds the model of resolved deployments.
    pub fn build(
        file: &ScenarioFile,
        ruleset: &Ruleset,
        orientation: Orientation,
        deployments: &[Deployment],
    ) -> Self {
        let free_kind = |side: usize, unit: usize| {
            let def = &file.sides[side].units[unit];
            ruleset
                .unit_kinds
                .iter()
                .find(|k| k.id == def.kind)
                .is_some_and(|k| k.leader || k.stacks)
        };
        let lines: Vec<Line> = deployments
            .iter()
            .enumerate()
            .map(|(i, d)| {
                let counters: Vec<Counter> = d
                    .units
                    .iter()
                    .map(|u| Counter {
                        unit: u.unit,
                        count: u.count,
                        free: free_kind(d.side, u.unit),
                    })
                    .collect();
                let bound = counters
                    .iter()
                    .filter(|c| !c.free)
                    .fold(0u32, |n, c| n.saturating_add(c.count));
                let hexes = hex_index::distinct_in_order(&d.hexes);
                let fill = match (hexes.len(), bound as usize) {
                    (0, _) => Fill::Nowhere,
                    (1, b) if b <= 1 => Fill::Fixed,
                    (n, b) if b == n => Fill::Filled,
                    (n, b) if b < n => Fill::Choice,
                    _ => Fill::Overflow,
                };
                let entry = setup_entry(file, d);
                Line {
                    deployment: i,
                    side: d.side,
                    kind: d.kind,
                    counters,
                    hexes,
                    bound,
                    fill,
                    level: entry.and_then(|e| e.level),
                    facing: entry
                        .and_then(|e| e.facing.as_deref())
                        .and_then(|f| Direction::from_name(f, orientation)),
                    corner: entry
                        .and_then(|e| e.facing.as_deref())
                        .and_then(|f| Corner::from_name(f, orientation)),
                }
            })
            .collect();
        Self::from_lines(lines)
    }

    fn from_lines(lines: Vec<Line>) -> Self {
        let mut slots: Vec<Slot> = Vec::new();
        let mut free_at: HashMap<Hex, Vec<(usize, usize)>> = HashMap::default();
        let mut demands = Vec::new();
        let mut demand_line = Vec::new();
        // Every per-hex table is by the number of the hex among those named, stored flat:
        // a line may name a million hexes.
        let on_map = || lines.iter().enumerate().filter(|(_, l)| l.on_map());
        let index = hex_index::HexIndex::new(on_map().map(|(_, l)| l.hexes.as_slice()));
        let numbers: Vec<Vec<u32>> = lines
            .iter()
            .map(|l| match l.on_map() {
                true => l.hexes.iter().filter_map(|h| number(&index, *h)).collect(),
                false => Vec::new(),
            })
            .collect();
        let lines_at = hex_index::Flat::group(index.len(), || {
            on_map().flat_map(|(li, _)| numbers[li].iter().map(move |n| (*n as usize, li)))
        });
        let any_upper = on_map().any(|(_, l)| l.bound > 0 && l.level == Some(Level::Upper));
        let mut slot_at = [
            vec![hex_index::NONE; index.len()],
            vec![hex_index::NONE; if any_upper { index.len() } else { 0 }],
        ];
        for (li, l) in on_map() {
            if l.hexes.len() == 1 {
                for c in l.counters.iter().filter(|c| c.free && c.count > 0) {
                    free_at.entry(l.hexes[0]).or_default().push((li, c.unit));
                }
            }
            if l.bound == 0 {
                continue;
            }
            let upper = l.level == Some(Level::Upper);
            let table = &mut slot_at[usize::from(upper)];
            let slot_ids = numbers[li]
                .iter()
                .map(|&n| {
                    let at = &mut table[n as usize];
                    if *at == hex_index::NONE {
                        *at = slots.len() as u32;
                        slots.push(Slot {
                            hex: index.hexes()[n as usize],
                            upper,
                        });
                    }
                    *at as usize
                })
                .collect();
            // More counters than hexes is an overflow whatever the excess: asking for one
            // more than the hexes keeps the work bounded for absurd counts.
            let counters = (l.bound as usize).min(l.hexes.len() + 1);
            demands.push(matching::Demand {
                counters,
                slots: slot_ids,
            });
            demand_line.push(li);
        }
        drop(numbers);
        let m = matching::solve(&demands, slots.len());
        let matched = m.owner.iter().filter(|o| o.is_some()).count();
        let owner = m.owner.iter().map(|o| o.map(|d| demand_line[d])).collect();
        let swappable = matching::swappable(&demands, &m)
            .into_iter()
            .map(|(slot, ds)| (slot, ds.into_iter().map(|d| demand_line[d]).collect()))
            .collect();
        let shortfalls = m
            .shortfalls
            .into_iter()
            .map(|s| Shortfall {
                lines: s.lines.iter().map(|d| demand_line[*d]).collect(),
                counters: s
                    .lines
                    .iter()
                    .map(|d| lines[demand_line[*d]].bound as usize)
                    .sum(),
                slots: s.slots,
            })
            .collect();
        let mut p = Placements {
            lines,
            slots,
            owner,
            certain: m.certain,
            swappable,
            shortfalls,
            index,
            lines_at,
            slot_at,
            free_at,
            demands,
            demand_line,
            matched,
            collisions: Vec::new(),
            worst_is_certain: false,
        };
        p.collisions = p.find_collisions();
        p.worst_is_certain = p.every_line_certain();
        p
    }

    /// What the model keeps per hex, counted.
    pub fn footprint(&self) -> Footprint {
        Footprint {
            hexes: self.index.len(),
            table_cells: self.index.table_cells(),
            line_entries: self.lines_at.entries(),
            slots: self.slots.len(),
        }
    }

    /// Whether the worst case is the certain case: every line naming a hex certainly
    /// stands there, so [`Placements::held`] answers the same under either assumption (a
    /// query asked both ways needs asking once).
    pub fn worst_is_certain(&self) -> bool {
        self.worst_is_certain
    }

    fn every_line_certain(&self) -> bool {
        self.index.hexes().iter().enumerate().all(|(n, &hex)| {
            self.lines_at.get(n).iter().all(|&li| {
                self.slots_of(hex).any(|s| {
                    self.certain[s] && self.owner[s] == Some(li) && !self.swappable.contains_key(&s)
                }) || self
                    .free_at
                    .get(&hex)
                    .is_some_and(|v| v.iter().any(|(l, _)| *l == li))
            })
        })
    }

    /// Every line, in deployment order.
    pub fn lines(&self) -> &[Line] {
        &self.lines
    }

    /// A line by deployment index.
    pub fn line(&self, index: usize) -> &Line {
        &self.lines[index]
    }

    /// The candidate hexes of a line.
    pub fn candidates(&self, line: usize) -> &[Hex] {
        &self.lines[line].hexes
    }

    /// Who certainly stands in a hex at the start (ground level and a tower's upper
    /// level alike), counters that may not share a hex first, then leaders. A hex that
    /// every arrangement fills with counters of one line or another (two choices that may
    /// swap) has the holder of the arrangement found, not `sure`, with a unit only when
    /// every such line puts the same one there, and `side_sure` only when they are all of
    /// one side.
    pub fn certainly_held(&self, hex: Hex) -> Vec<Holder> {
        let mut out: Vec<Holder> = self
            .slots_of(hex)
            .filter(|i| self.certain[*i])
            .filter_map(|i| {
                let li = self.owner[i]?;
                Some(match self.swappable.get(&i) {
                    None => self.holder(li, false, None),
                    Some(lines) => self.one_of(li, lines),
                })
            })
            .collect();
        for &(li, unit) in self.free_at.get(&hex).into_iter().flatten() {
            out.push(self.holder(li, true, Some(unit)));
        }
        out
    }

    /// The lines whose counter fills a hex that every arrangement fills (not leaders): the
    /// one that holds it in every arrangement, or each of the lines that may swap there.
    pub fn lines_holding(&self, hex: Hex) -> Vec<usize> {
        self.slots_of(hex)
            .filter(|i| self.certain[*i])
            .flat_map(|i| match self.swappable.get(&i) {
                Some(lines) => lines.clone(),
                None => self.owner[i].into_iter().collect(),
            })
            .collect()
    }

    /// Who stands in a hex under an assumption: the certain holders, and in the worst case
    /// every other line naming the hex too.
    pub fn held(&self, hex: Hex, assume: Assume) -> Vec<Holder> {
        let mut out = self.certainly_held(hex);
        if assume == Assume::Worst {
            for &li in self.who_could_be(hex) {
                if out.iter().any(|h| h.line == li) {
                    continue;
                }
                let l = &self.lines[li];
                out.push(self.holder(li, l.bound == 0, None));
            }
        }
        out
    }

    /// The hexes someone stands in under an assumption.
    pub fn held_hexes(&self, assume: Assume) -> Vec<Hex> {
        let mut v: Vec<Hex> = self.certain_hexes().collect();
        if assume == Assume::Worst {
            v.extend(self.index.hexes().iter().copied());
        }
        let mut seen = crate::FastSet::default();
        v.retain(|h| seen.insert(*h));
        v
    }

    /// Whether some counter may stand in the hex at the start: lines naming it.
    pub fn possibly_held(&self, hex: Hex) -> bool {
        !self.who_could_be(hex).is_empty()
    }

    /// The lines that could put a counter in a hex at the start.
    pub fn who_could_be(&self, hex: Hex) -> &[usize] {
        match self.index.find(hex) {
            Some(n) => self.lines_at.get(n),
            None => &[],
        }
    }

    /// The slots of a hex (its ground level, then a tower's upper level), in slot order.
    fn slots_of(&self, hex: Hex) -> impl Iterator<Item = usize> {
        let n = self.index.find(hex);
        let at = |t: &Vec<u32>| {
            let s = *t.get(n?)?;
            (s != hex_index::NONE).then_some(s as usize)
        };
        // `None` sorts first: the slots in increasing order.
        let mut both = [at(&self.slot_at[0]), at(&self.slot_at[1])];
        both.sort_unstable();
        both.into_iter().flatten()
    }

    /// Hexes certainly held at the start.
    pub fn certain_hexes(&self) -> impl Iterator<Item = Hex> + '_ {
        let slots = self
            .slots
            .iter()
            .enumerate()
            .filter(|(i, _)| self.certain[*i])
            .map(|(_, s)| s.hex);
        slots.chain(self.free_at.keys().copied())
    }

    /// Where a unit certainly stands at the start: every hex a line puts it on for sure
    /// (one-hex lines, and lines of one unit type that fill their hexes).
    pub fn hexes_of(&self, side: usize, unit: usize) -> Vec<Hex> {
        let mut out = Vec::new();
        for l in self.lines.iter().filter(|l| l.on_map() && l.side == side) {
            let here = l.counters.iter().any(|c| c.unit == unit && c.count > 0);
            if !here {
                continue;
            }
            let free = l.counters.iter().any(|c| c.unit == unit && c.free);
            let placed = l.hexes.len() == 1
                || (!free && l.fill == Fill::Filled && l.single_bound_unit() == Some(unit));
            if placed {
                out.extend(l.hexes.iter().copied());
            }
        }
        out
    }

    /// The lines that place a unit on the map at the start.
    pub fn lines_of(&self, side: usize, unit: usize) -> impl Iterator<Item = &Line> {
        self.lines.iter().filter(move |l| {
            l.on_map() && l.side == side && l.counters.iter().any(|c| c.unit == unit)
        })
    }

    fn holder(&self, li: usize, free: bool, unit: Option<usize>) -> Holder {
        let l = &self.lines[li];
        Holder {
            line: li,
            sure: true,
            side_sure: true,
            side: l.side,
            unit: unit.or_else(|| l.single_bound_unit()),
            free,
        }
    }

    /// The holder of a slot `owner` fills in the arrangement found and any of `lines` may
    /// fill in another.
    fn one_of(&self, owner: usize, lines: &[usize]) -> Holder {
        let l = &self.lines[owner];
        let side_sure = lines.iter().all(|&li| self.lines[li].side == l.side);
        // A unit is a side's unit: the same index on the other side is another unit.
        let unit = l.single_bound_unit().filter(|_| {
            side_sure
                && lines
                    .iter()
                    .all(|&li| self.lines[li].single_bound_unit() == l.single_bound_unit())
        });
        Holder {
            line: owner,
            sure: false,
            side_sure,
            side: l.side,
            unit,
            free: false,
        }
    }
}

/// The number of a hex among those the lines name (every hex of a line has one).
fn number(index: &hex_index::HexIndex, hex: Hex) -> Option<u32> {
    index.find(hex).and_then(|n| u32::try_from(n).ok())
}

/// The set-up entry of a deployment, when it is one (`/sides/0/setup/3`).
fn setup_entry<'a>(file: &'a ScenarioFile, d: &Deployment) -> Option<&'a muster_model::SetupEntry> {
    let i: usize = d
        .pointer
        .strip_prefix(&format!("/sides/{}/setup/", d.side))?
        .parse()
        .ok()?;
    file.sides.get(d.side)?.setup.get(i)
}

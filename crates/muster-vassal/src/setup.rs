//! Where each counter of a scenario goes at the start: a stack per hex of the set-up, and
//! off-map groups for reinforcements, hidden units and engines off the map.
//!
//! Each counter of a set-up line stands where the placement model's one arrangement puts
//! it ([`Scenario::arrangement`], the matching `validate` uses: a choice goes where the
//! other lines leave room, never two counters that may not share a hex on one hex where
//! the set-up keeps them apart, leaders with friends, never with the enemy where their
//! line allows otherwise). A line that leaves the owner a choice (an owner's choice or a
//! zone, or leaders over several hexes) is placed that way and listed, with its printed
//! line, in the module's set-up notes; the counters of each unit the owner places start
//! masked to the other side, as do hidden set-ups (in their box).
//!
//! A scenario sets up at most [`MAX_COUNTERS`] counters in a module (a printed battle has
//! a few hundred; a hostile `10000x` line would otherwise make a module of millions of
//! pieces): the counters past it are not exported, and [`Setup::unplaced`] says how many
//! of which unit, so the export names them.

use muster_hex::Hex;
use muster_model::Zone;
use muster_rules::placement::Spread;
use muster_rules::{DeployKind, Deployment, Scenario};

/// The most counters of units one scenario sets up in a module (see the module
/// documentation).
pub const MAX_COUNTERS: usize = 5_000;

/// A palette entry: a unit type of a side, or a scenario piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Counter {
    /// Side index and unit index.
    Unit(usize, usize),
    /// Index in the scenario's pieces.
    Piece(usize),
    /// Index in the scenario's markers.
    Marker(usize),
    /// Index in the ruleset's marker kinds (a palette's blank marker).
    MarkerKind(usize),
}

/// A stack at the start of a game.
#[derive(Debug, Clone, PartialEq)]
pub struct Stack {
    /// Where: a hex of the map, or an off-map group (index into `Setup::groups`).
    pub place: Place,
    /// The counters, bottom first.
    pub counters: Vec<Counter>,
    /// Set up masked to the other side (a hidden set-up, or an owner's choice the other
    /// side does not see until the owner reveals it).
    pub masked: bool,
    /// The facing its counters start at (their line's, see [`crate::facing`]; 0 where the
    /// system has none or the line writes none).
    pub facing: u8,
}

/// Where a stack stands.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Place {
    /// On a hex.
    Hex(Hex),
    /// In an off-map box.
    OffMap(usize),
}

/// The set-up of a scenario.
#[derive(Debug, Clone, Default)]
pub struct Setup {
    /// Stacks, hexes in set-up order, then off-map groups.
    pub stacks: Vec<Stack>,
    /// Titles of the off-map boxes.
    pub groups: Vec<String>,
    /// Owner's-choice lines as printed, with how they were placed.
    pub choices: Vec<String>,
    /// Pieces that could not be placed, and why.
    pub unplaced: Vec<String>,
}

impl Setup {
    /// The set-up of a resolved scenario.
    pub fn of(s: &Scenario) -> Setup {
        let mut out = Setup::default();
        let grid = &s.world.grid;
        let arrangement = s.arrangement();
        let mut budget = MAX_COUNTERS;
        let faces = crate::facing::Facing::of(s);
        for (li, d) in s.deployments.iter().enumerate() {
            let side = &s.file.sides[d.side].name;
            let facing = match (faces, s.placements.lines().get(li)) {
                (Some(f), Some(line)) => f.index_of(line),
                _ => 0,
            };
            let zone = describe(d.zone);
            // How many counters of each unit of the line are exported, within the budget.
            let mut taken = Vec::with_capacity(d.units.len());
            for u in &d.units {
                let count = usize::try_from(u.count).unwrap_or(usize::MAX);
                let n = count.min(budget);
                budget -= n;
                if n < count {
                    let def = &s.file.sides[d.side].units[u.unit];
                    out.unplaced.push(format!(
                        "{side}: {} of {count}x {}: a scenario sets up at most {MAX_COUNTERS} counters in a module",
                        count - n,
                        def.id
                    ));
                }
                taken.push(n);
            }
            let counters = || {
                d.units
                    .iter()
                    .zip(&taken)
                    .flat_map(|(u, n)| std::iter::repeat_n(Counter::Unit(d.side, u.unit), *n))
            };
            let group = match d.kind {
                DeployKind::Reinforcement { turn } => {
                    Some(format!("{side}, turn {turn}, enter at {zone}"))
                }
                DeployKind::Setup { hidden: true } => {
                    Some(format!("{side}, hidden, set up secretly in {zone}"))
                }
                DeployKind::Setup { hidden: false } if d.hexes.is_empty() => Some(format!(
                    "{side}, not placed ({zone} names no hex of the map)"
                )),
                DeployKind::Setup { hidden: false } => None,
            };
            if let Some(title) = group {
                out.groups.push(title);
                out.stacks.push(Stack {
                    place: Place::OffMap(out.groups.len() - 1),
                    counters: counters().collect(),
                    masked: d.kind == (DeployKind::Setup { hidden: true }),
                    facing,
                });
                continue;
            }
            // Each unit's counters at their arrangement hexes, within what is exported.
            let (Some(arranged), Some(line)) = (arrangement.line(li), s.placements.lines().get(li))
            else {
                continue;
            };
            // A stack per hex and mask: the counters of a unit the owner places (a choice or
            // a zone) start masked, the others of the line face up.
            let mut hexes: Vec<(Hex, bool)> = Vec::new();
            let mut on: Vec<Vec<Counter>> = Vec::new();
            let mut stack_of: std::collections::HashMap<(Hex, bool), usize> = Default::default();
            for (u, n) in d.units.iter().zip(&taken) {
                let masked = arranged.spread_of(line, u.unit) != Spread::Certain;
                let mut left = *n;
                for p in arranged.of_unit(u.unit) {
                    let here = usize::try_from(p.count).unwrap_or(usize::MAX).min(left);
                    left -= here;
                    if here == 0 {
                        continue;
                    }
                    let at = *stack_of.entry((p.hex, masked)).or_insert_with(|| {
                        hexes.push((p.hex, masked));
                        on.push(Vec::new());
                        on.len() - 1
                    });
                    on[at].extend(std::iter::repeat_n(Counter::Unit(d.side, u.unit), here));
                }
            }
            let chosen = d
                .units
                .iter()
                .any(|u| arranged.spread_of(line, u.unit) != Spread::Certain);
            if chosen {
                let units: Vec<String> = d
                    .units
                    .iter()
                    .map(|u| {
                        let def = &s.file.sides[d.side].units[u.unit];
                        if u.count == 1 {
                            def.id.clone()
                        } else {
                            format!("{}x {}", u.count, def.id)
                        }
                    })
                    .collect();
                let mut placed: Vec<String> = Vec::new();
                for ((h, _), c) in hexes.iter().zip(&on) {
                    let id = grid.to_printed(*h);
                    if !c.is_empty() && !placed.contains(&id) {
                        placed.push(id);
                    }
                }
                let source = entry_source(s, d)
                    .map(|src| format!(" [{src}]"))
                    .unwrap_or_default();
                out.choices.push(format!(
                    "{side}: {}: {zone}{source}. Placed on {}; the owner chooses.",
                    units.join(", "),
                    placed.join(", ")
                ));
            }
            for ((h, masked), c) in hexes.into_iter().zip(on) {
                if !c.is_empty() {
                    out.stacks.push(Stack {
                        place: Place::Hex(h),
                        counters: c,
                        masked,
                        facing,
                    });
                }
            }
        }
        out.add_pieces(s);
        out.add_markers(s);
        out
    }

    /// Each marker the scenario sets up, on its hex.
    fn add_markers(&mut self, s: &Scenario) {
        let grid = &s.world.grid;
        for (i, m) in s.file.markers.iter().enumerate() {
            match grid.from_printed(m.hex.as_str()) {
                Ok(h) if grid.contains(h) => self.stacks.push(Stack {
                    place: Place::Hex(h),
                    counters: vec![Counter::Marker(i)],
                    masked: false,
                    facing: 0,
                }),
                _ => self.unplaced.push(format!(
                    "marker `{}` on {}: not a hex of the map",
                    m.kind, m.hex.0
                )),
            }
        }
    }

    fn add_pieces(&mut self, s: &Scenario) {
        for (i, p) in s.file.pieces.iter().enumerate() {
            match muster_rules::siege::field::place(s, i, p) {
                Ok(placed) if !placed.hexes.is_empty() => self.stacks.push(Stack {
                    place: Place::Hex(placed.hexes[0]),
                    counters: vec![Counter::Piece(i)],
                    masked: false,
                    facing: 0,
                }),
                Ok(placed) => {
                    let side = placed
                        .side
                        .map(|x| s.file.sides[x].name.as_str())
                        .unwrap_or("");
                    let title = format!("{side}, off the map (engines)");
                    let g = match self.groups.iter().position(|t| *t == title) {
                        Some(g) => g,
                        None => {
                            self.groups.push(title);
                            self.groups.len() - 1
                        }
                    };
                    match self
                        .stacks
                        .iter_mut()
                        .find(|st| st.place == Place::OffMap(g))
                    {
                        Some(st) => st.counters.push(Counter::Piece(i)),
                        None => self.stacks.push(Stack {
                            place: Place::OffMap(g),
                            counters: vec![Counter::Piece(i)],
                            masked: false,
                            facing: 0,
                        }),
                    }
                }
                Err(e) => self.unplaced.push(format!("piece `{}`: {e:?}", p.id)),
            }
        }
    }
}

/// The `source` of the set-up line or reinforcement a deployment comes from.
fn entry_source<'a>(s: &'a Scenario, d: &Deployment) -> Option<&'a str> {
    let side = s.file.sides.get(d.side)?;
    match d.kind {
        DeployKind::Setup { .. } => side.setup.get(d.index)?.source.as_deref(),
        DeployKind::Reinforcement { .. } => side.reinforcements.get(d.index)?.source.as_deref(),
    }
}

/// A zone in words, as a printed rule names it.
pub fn describe(z: &Zone) -> String {
    match z {
        Zone::Hexes(h) => h
            .iter()
            .map(|h| h.0.as_str())
            .collect::<Vec<_>>()
            .join(", "),
        Zone::Row(r) => format!("row {r}"),
        Zone::Edge { side, from, to } => match side {
            Some(c) => format!(
                "the {} edge from {} to {}",
                format!("{c:?}").to_lowercase(),
                from.0,
                to.0
            ),
            None => format!("the edge from {} to {}", from.0, to.0),
        },
        Zone::Named(n) => n.clone(),
        Zone::OnOrBeyond { side, row } => {
            format!("on or {} of row {row}", format!("{side:?}").to_lowercase())
        }
        Zone::Within { hex, distance } => format!("within {distance} of {}", hex.0),
        Zone::All(zs) => zs.iter().map(describe).collect::<Vec<_>>().join(" and "),
        Zone::Any(zs) => zs.iter().map(describe).collect::<Vec<_>>().join(" or "),
        Zone::Except(a, b) => format!("{} except {}", describe(a), describe(b)),
    }
}

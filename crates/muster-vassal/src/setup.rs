//! Where each counter of a scenario goes at the start: a stack per hex of the set-up, and
//! off-map groups for reinforcements, hidden units and engines off the map.
//!
//! A set-up line's counters that may not share a hex go onto its hexes in order (the
//! first counter on the first hex listed); leaders and kinds that stack go on the first
//! hex. A line with a choice (more hexes than counters, or leaders over several hexes) is
//! placed that way and listed, with its printed line, in the module's set-up notes.
//!
//! A scenario sets up at most [`MAX_COUNTERS`] counters in a module (a printed battle has
//! a few hundred; a hostile `10000x` line would otherwise make a module of millions of
//! pieces): the counters past it are not exported, and [`Setup::unplaced`] says how many
//! of which unit, so the export names them.

use muster_hex::Hex;
use muster_model::Zone;
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
}

/// A stack at the start of a game.
#[derive(Debug, Clone, PartialEq)]
pub struct Stack {
    /// Where: a hex of the map, or an off-map group (index into `Setup::groups`).
    pub place: Place,
    /// The counters, bottom first.
    pub counters: Vec<Counter>,
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
        let free =
            |side: usize, unit: usize| s.unit(side, unit).1.is_some_and(|k| k.leader || k.stacks);
        let mut budget = MAX_COUNTERS;
        for d in &s.deployments {
            let side = &s.file.sides[d.side].name;
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
                DeployKind::Reinforcement { turn } => Some(format!(
                    "{side}: reinforcements (turn {turn}, enter at {zone})"
                )),
                DeployKind::Setup { hidden: true } => {
                    Some(format!("{side}: hidden, set up secretly in {zone}"))
                }
                DeployKind::Setup { hidden: false } if d.hexes.is_empty() => Some(format!(
                    "{side}: not placed ({zone} names no hex of the map)"
                )),
                DeployKind::Setup { hidden: false } => None,
            };
            if let Some(title) = group {
                out.groups.push(title);
                out.stacks.push(Stack {
                    place: Place::OffMap(out.groups.len() - 1),
                    counters: counters().collect(),
                });
                continue;
            }
            let mut hexes: Vec<Hex> = Vec::new();
            for h in &d.hexes {
                if !hexes.contains(h) {
                    hexes.push(*h);
                }
            }
            let mut on: Vec<Vec<Counter>> = vec![Vec::new(); hexes.len()];
            let mut next = 0usize;
            let mut bound = 0usize;
            for c in counters() {
                let Counter::Unit(si, ui) = c else { continue };
                if free(si, ui) {
                    on[0].push(c);
                } else {
                    on[next % hexes.len()].push(c);
                    next += 1;
                    bound += 1;
                }
            }
            let has_free = d.units.iter().any(|u| free(d.side, u.unit));
            if hexes.len() > 1 && (bound < hexes.len() || has_free) {
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
                let placed: Vec<String> = hexes
                    .iter()
                    .zip(&on)
                    .filter(|(_, c)| !c.is_empty())
                    .map(|(h, _)| grid.to_printed(*h))
                    .collect();
                let source = entry_source(s, d)
                    .map(|src| format!(" [{src}]"))
                    .unwrap_or_default();
                out.choices.push(format!(
                    "{side}: {}: {zone}{source}. Placed in order on {}; the owner chooses.",
                    units.join(", "),
                    placed.join(", ")
                ));
            }
            for (h, c) in hexes.into_iter().zip(on) {
                if !c.is_empty() {
                    out.stacks.push(Stack {
                        place: Place::Hex(h),
                        counters: c,
                    });
                }
            }
        }
        out.add_pieces(s);
        out
    }

    fn add_pieces(&mut self, s: &Scenario) {
        for (i, p) in s.file.pieces.iter().enumerate() {
            match muster_rules::siege::field::place(s, i, p) {
                Ok(placed) if !placed.hexes.is_empty() => self.stacks.push(Stack {
                    place: Place::Hex(placed.hexes[0]),
                    counters: vec![Counter::Piece(i)],
                }),
                Ok(placed) => {
                    let side = placed
                        .side
                        .map(|x| s.file.sides[x].name.as_str())
                        .unwrap_or("");
                    let title = format!("{side}: off the map (engines)");
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

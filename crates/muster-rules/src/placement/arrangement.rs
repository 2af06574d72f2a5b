//! One arrangement of the set-up: for every line, how it fills its hexes ([`Spread`]) and
//! one concrete place for each of its counters, for the tools that need a counter on a hex
//! (`inspect`, VASSAL, the renderer, the editor). It reads the placement model and the
//! matching the checks use, so it never disagrees with `validate`:
//!
//! - a line that fills its hexes ([`Fill::Fixed`], [`Fill::Filled`], [`Fill::Overflow`])
//!   is [`Spread::Certain`]: every counter of a one-hex line there; one counter a hex on a
//!   filled line, its unit types in the order written over its hexes in the order written;
//!   an overflowing line dealt round its hexes (every hex holds one, the excess shares: the
//!   rules' overfull reading), counted, never listed one by one;
//! - an owner's choice ([`Fill::Choice`]) is [`Spread::Choice`] on listed hexes and
//!   [`Spread::Zone`] on a zone expression (a row, an edge, an area): its counters that may
//!   not share a hex stand where the matching across every line put them, one a slot (so a
//!   choice squeezed by other lines goes where they leave room); counters the matching could
//!   not place (a pigeonhole the stacking checks report) share the line's hexes;
//! - leaders and kinds that stack go on one hex of their line the rules allow: never with
//!   an enemy counter where the line has a hex without one, by preference with their own
//!   line's counters, then with friends;
//! - a line naming no hex of the map is [`Spread::Nowhere`]; reinforcements are on no hex at
//!   the start.

use super::{Fill, Line, Placements};
use crate::scenario::Scenario;
use crate::{FastMap, FastSet};
use muster_hex::Hex;
use muster_model::{Level, Zone};

/// How a set-up line's counters fill its hexes, as a reader draws them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Spread {
    /// The line fills its hexes ([`Fill::Fixed`], [`Fill::Filled`], [`Fill::Overflow`]):
    /// every hex holds its counters whatever the owner does.
    Certain,
    /// An owner's choice among listed hexes ([`Fill::Choice`] on `Hexes([...])`).
    Choice,
    /// An owner's choice anywhere in a zone expression ([`Fill::Choice`] on a row, an
    /// edge, a named area, …).
    Zone,
    /// The zone names no hex of the map ([`Fill::Nowhere`]).
    Nowhere,
}

impl Spread {
    /// The word readers print: `certain`, `choice`, `zone`, `nowhere`.
    pub fn word(self) -> &'static str {
        match self {
            Spread::Certain => "certain",
            Spread::Choice => "choice",
            Spread::Zone => "zone",
            Spread::Nowhere => "nowhere",
        }
    }
}

/// Some counters of one unit type of a line on one hex of the arrangement.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placed {
    /// Unit index in the line's side.
    pub unit: usize,
    /// The hex.
    pub hex: Hex,
    /// How many counters of the unit stand there.
    pub count: u32,
    /// Every arrangement of the set-up puts them there (a line that fills its hexes, a
    /// choice squeezed into the hex by the other lines, a leader on a one-hex line).
    pub certain: bool,
}

/// One line of the arrangement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Arranged {
    /// Index of the line (the same index as [`crate::Scenario::deployments`]).
    pub line: usize,
    /// How the line fills its hexes.
    pub spread: Spread,
    /// Where its counters stand: unit types in the order the line names them, each unit's
    /// hexes in the order placed; one entry per unit and hex. Empty for reinforcements and
    /// lines naming no hex.
    pub at: Vec<Placed>,
}

impl Arranged {
    /// How the counters of one unit type of the line fill its hexes: the line's spread,
    /// except that a leader (or a kind that stacks) on a line of several hexes stands on
    /// the one the owner chooses.
    pub fn spread_of(&self, line: &Line, unit: usize) -> Spread {
        let free = line.counters.iter().any(|c| c.unit == unit && c.free);
        match self.spread {
            Spread::Certain if free && line.hexes.len() > 1 => Spread::Choice,
            s => s,
        }
    }

    /// The entries of one unit type.
    pub fn of_unit(&self, unit: usize) -> impl Iterator<Item = &Placed> {
        self.at.iter().filter(move |p| p.unit == unit)
    }
}

/// One concrete arrangement of every set-up line: for each, how it fills its hexes and
/// where each of its counters stands.
///
/// A line that fills its hexes (fixed, filled, overflowing) is certain: every counter of a
/// one-hex line there, one counter a hex on a filled line (unit types in the order written
/// over the hexes in the order written), an overflowing line dealt round its hexes. An
/// owner's choice stands where the matching across every line (the one `validate` uses)
/// puts it, one counter a slot; what no arrangement can keep apart shares the line's
/// hexes. Leaders and kinds that stack go on a hex of their line without an enemy counter
/// where there is one, with their own line's counters by preference.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Arrangement {
    lines: Vec<Arranged>,
}

impl Arrangement {
    /// Every line, in deployment order.
    pub fn lines(&self) -> &[Arranged] {
        &self.lines
    }

    /// A line by deployment index.
    pub fn line(&self, index: usize) -> Option<&Arranged> {
        self.lines.get(index)
    }
}

impl Scenario<'_> {
    /// One arrangement of the set-up, consistent with every check (see [`Arrangement`]): a
    /// line on a zone expression other than a list of hexes that leaves the owner a choice
    /// is a [`Spread::Zone`].
    pub fn arrangement(&self) -> Arrangement {
        self.placements.arrange(|li| {
            self.deployments
                .get(li)
                .is_some_and(|d| !matches!(d.zone, Zone::Hexes(_)))
        })
    }
}

impl Placements {
    /// The arrangement; `zone(line)` says whether a line's hexes come from a zone
    /// expression rather than a list.
    pub(super) fn arrange(&self, zone: impl Fn(usize) -> bool) -> Arrangement {
        let mut lines: Vec<Arranged> = self
            .lines
            .iter()
            .enumerate()
            .map(|(li, l)| Arranged {
                line: li,
                spread: match l.fill {
                    Fill::Fixed | Fill::Filled | Fill::Overflow => Spread::Certain,
                    Fill::Choice if zone(li) => Spread::Zone,
                    Fill::Choice => Spread::Choice,
                    Fill::Nowhere => Spread::Nowhere,
                },
                at: match l.on_map() {
                    true => self.bound_counters(li, l),
                    false => Vec::new(),
                },
            })
            .collect();
        // Sides standing in each hex, for the leaders: never with an enemy if avoidable.
        let mut sides: FastMap<Hex, Vec<usize>> = FastMap::default();
        for a in &lines {
            let side = self.lines[a.line].side;
            for p in &a.at {
                let v = sides.entry(p.hex).or_default();
                if !v.contains(&side) {
                    v.push(side);
                }
            }
        }
        for (li, l) in self.lines.iter().enumerate() {
            let free: Vec<_> = l
                .counters
                .iter()
                .filter(|c| c.free && c.count > 0)
                .collect();
            if !l.on_map() || free.is_empty() || l.hexes.is_empty() {
                continue;
            }
            let own: FastSet<Hex> = lines[li].at.iter().map(|p| p.hex).collect();
            let hex = leader_hex(l, &own, &sides);
            let v = sides.entry(hex).or_default();
            if !v.contains(&l.side) {
                v.push(l.side);
            }
            let certain = l.hexes.len() == 1;
            let at = &mut lines[li].at;
            for c in free {
                at.push(Placed {
                    unit: c.unit,
                    hex,
                    count: c.count,
                    certain,
                });
            }
            // Unit types in the order the line names them.
            let order = |u: usize| l.counters.iter().position(|c| c.unit == u);
            at.sort_by_key(|p| order(p.unit));
        }
        Arrangement { lines }
    }

    /// Where a line's counters that may not share a hex stand.
    fn bound_counters(&self, li: usize, l: &Line) -> Vec<Placed> {
        let mut t = Tally::default();
        let bound: Vec<(usize, u32)> = l
            .counters
            .iter()
            .filter(|c| !c.free && c.count > 0)
            .map(|c| (c.unit, c.count))
            .collect();
        match l.fill {
            Fill::Nowhere => {}
            Fill::Fixed => {
                for &(unit, count) in &bound {
                    t.add(unit, l.hexes[0], count, true);
                }
            }
            Fill::Filled | Fill::Overflow => deal(&mut t, &bound, &l.hexes, true),
            Fill::Choice => {
                // The slots the matching gave the line, in the order of its hexes.
                let upper = l.level == Some(Level::Upper);
                let held: Vec<(Hex, bool)> = l
                    .hexes
                    .iter()
                    .filter_map(|&h| {
                        self.slots_of(h)
                            .find(|s| self.slots[*s].upper == upper && self.owner[*s] == Some(li))
                            .map(|s| (h, self.certain[s]))
                    })
                    .collect();
                let mut slots = held.iter();
                let mut rest: Vec<(usize, u32)> = Vec::new();
                for &(unit, count) in &bound {
                    let mut placed = 0;
                    while placed < count {
                        let Some(&(hex, certain)) = slots.next() else {
                            break;
                        };
                        t.add(unit, hex, 1, certain);
                        placed += 1;
                    }
                    if placed < count {
                        rest.push((unit, count - placed));
                    }
                }
                // No arrangement keeps these one a hex (the stacking checks say so): they
                // share the line's hexes.
                deal(&mut t, &rest, &l.hexes, false);
            }
        }
        t.placed
    }
}

/// The hex of a line where its leaders stand: its own counters' hex without an enemy, else
/// a friend's, else an empty one, else (no hex of the line without an enemy) its first.
fn leader_hex(l: &Line, own: &FastSet<Hex>, sides: &FastMap<Hex, Vec<usize>>) -> Hex {
    let score = |h: &Hex| {
        let here = sides.get(h).map(Vec::as_slice).unwrap_or(&[]);
        let enemy = here.iter().any(|s| *s != l.side);
        match (enemy, own.contains(h), here.contains(&l.side)) {
            (true, _, _) => 0,
            (false, true, _) => 3,
            (false, false, true) => 2,
            (false, false, false) => 1,
        }
    };
    let mut best = (0, l.hexes[0]);
    for h in &l.hexes {
        let s = score(h);
        if s > best.0 {
            best = (s, *h);
            if s == 3 {
                break;
            }
        }
    }
    best.1
}

/// Deals counters (unit, count), in order, round the hexes one a hex from the first, as
/// counts: each hex gets at most one entry per unit type.
fn deal(t: &mut Tally, counters: &[(usize, u32)], hexes: &[Hex], certain: bool) {
    let n = hexes.len() as u64;
    if n == 0 {
        return;
    }
    let mut offset = 0u64;
    for &(unit, count) in counters {
        let c = u64::from(count);
        let (full, rem) = (c / n, c % n);
        // Hex j gets `full`, plus one when it is among the `rem` after the offset.
        let first = offset % n;
        let reached = if full > 0 { n } else { rem };
        for k in 0..reached {
            let j = (first + k) % n;
            let extra = u64::from(k < rem);
            let here = u32::try_from(full + extra).unwrap_or(u32::MAX);
            if here > 0 {
                t.add(unit, hexes[j as usize], here, certain);
            }
        }
        offset = (offset + c) % n;
    }
}

/// Entries (unit, hex) with counts, in the order first added.
#[derive(Default)]
struct Tally {
    placed: Vec<Placed>,
    at: FastMap<(usize, Hex), usize>,
}

impl Tally {
    fn add(&mut self, unit: usize, hex: Hex, count: u32, certain: bool) {
        match self.at.get(&(unit, hex)) {
            Some(&i) => {
                let p = &mut self.placed[i];
                p.count = p.count.saturating_add(count);
                p.certain &= certain;
            }
            None => {
                self.at.insert((unit, hex), self.placed.len());
                self.placed.push(Placed {
                    unit,
                    hex,
                    count,
                    certain,
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Counter, Line};
    use super::*;
    use crate::scenario::DeployKind;

    fn line(side: usize, counters: &[(usize, u32, bool)], hexes: &[Hex]) -> Line {
        let bound = counters.iter().filter(|c| !c.2).map(|c| c.1).sum::<u32>();
        Line {
            deployment: 0,
            side,
            kind: DeployKind::Setup { hidden: false },
            counters: counters
                .iter()
                .map(|&(unit, count, free)| Counter { unit, count, free })
                .collect(),
            hexes: hexes.to_vec(),
            bound,
            fill: match (hexes.len(), bound as usize) {
                (0, _) => Fill::Nowhere,
                (1, b) if b <= 1 => Fill::Fixed,
                (n, b) if b == n => Fill::Filled,
                (n, b) if b < n => Fill::Choice,
                _ => Fill::Overflow,
            },
            level: None,
            facing: None,
            corner: None,
        }
    }

    fn at(a: &Arrangement, li: usize) -> Vec<(usize, Hex, u32, bool)> {
        a.lines()[li]
            .at
            .iter()
            .map(|p| (p.unit, p.hex, p.count, p.certain))
            .collect()
    }

    #[test]
    fn a_choice_goes_where_the_other_lines_leave_room() {
        // Code review 1, repro 2: Red Foot over 0203/0204, Red Knights on 0203, Red
        // Knights on 0202: the Foot stands on 0204, certainly.
        let (h0202, h0203, h0204) = (Hex::new(0, 0), Hex::new(0, 1), Hex::new(0, 2));
        let p = Placements::from_lines(vec![
            line(0, &[(0, 1, false)], &[h0203, h0204]),
            line(0, &[(1, 1, false)], &[h0203]),
            line(0, &[(1, 1, false)], &[h0202]),
        ]);
        let a = p.arrange(|_| false);
        assert_eq!(a.lines()[0].spread, Spread::Choice);
        assert_eq!(at(&a, 0), vec![(0, h0204, 1, true)]);
        assert_eq!(at(&a, 1), vec![(1, h0203, 1, true)]);
        assert_eq!(at(&a, 2), vec![(1, h0202, 1, true)]);
    }

    #[test]
    fn a_line_of_two_types_filling_three_hexes_is_certain() {
        // Code review 1, repro 1: "2x Red Knights", "Red Foot" over three hexes.
        let hexes = [Hex::new(0, 0), Hex::new(0, 1), Hex::new(0, 2)];
        let p = Placements::from_lines(vec![line(0, &[(0, 2, false), (1, 1, false)], &hexes)]);
        let a = p.arrange(|_| false);
        assert_eq!(a.lines()[0].spread, Spread::Certain);
        assert_eq!(
            at(&a, 0),
            vec![
                (0, hexes[0], 1, true),
                (0, hexes[1], 1, true),
                (1, hexes[2], 1, true)
            ]
        );
    }

    #[test]
    fn an_overflowing_line_is_counted_not_listed() {
        // Code review 7: ten thousand counters over eight hexes, a few entries a hex.
        let hexes: Vec<Hex> = (0..8).map(|q| Hex::new(q, 0)).collect();
        let p = Placements::from_lines(vec![line(0, &[(0, 10_000, false), (1, 3, false)], &hexes)]);
        let a = p.arrange(|_| false);
        let placed = &a.lines()[0].at;
        assert!(placed.len() <= 2 * hexes.len(), "{placed:?}");
        assert_eq!(
            placed.iter().map(|p| u64::from(p.count)).sum::<u64>(),
            10_003
        );
        for h in &hexes {
            assert!(placed.iter().any(|p| p.hex == *h), "every hex holds one");
        }
        // 10000 = 8 × 1250: the three of unit 1 go on the first three hexes.
        assert_eq!(
            placed
                .iter()
                .filter(|p| p.unit == 1)
                .map(|p| p.hex)
                .collect::<Vec<_>>(),
            hexes[..3].to_vec()
        );
    }

    #[test]
    fn a_leader_stands_with_his_own_line_and_never_with_the_enemy() {
        let (a0, a1, a2) = (Hex::new(0, 0), Hex::new(1, 0), Hex::new(2, 0));
        let p = Placements::from_lines(vec![
            // The enemy holds a0.
            line(1, &[(0, 1, false)], &[a0]),
            // A leader alone over a0/a1: a1.
            line(0, &[(5, 1, true)], &[a0, a1]),
            // A leader with one foot over a0..a2: the foot takes a1 (first room), he joins it.
            line(0, &[(6, 1, true), (0, 1, false)], &[a0, a1, a2]),
        ]);
        let a = p.arrange(|_| false);
        assert_eq!(at(&a, 1), vec![(5, a1, 1, false)]);
        assert_eq!(at(&a, 2), vec![(6, a1, 1, false), (0, a1, 1, false)]);
        assert_eq!(a.lines()[2].spread_of(p.line(2), 6), Spread::Choice);
    }

    #[test]
    fn a_choice_on_a_zone_expression_is_a_zone_and_a_squeeze_shares_its_hexes() {
        let (a0, a1) = (Hex::new(0, 0), Hex::new(1, 0));
        let p = Placements::from_lines(vec![
            line(0, &[(0, 1, false)], &[a0, a1]),
            line(0, &[(1, 2, false)], &[a0, a1]),
        ]);
        let a = p.arrange(|li| li == 0);
        assert_eq!(a.lines()[0].spread, Spread::Zone);
        assert_eq!(a.lines()[1].spread, Spread::Certain);
        let counted = |li: usize| a.lines()[li].at.iter().map(|p| p.count).sum::<u32>();
        assert_eq!((counted(0), counted(1)), (1, 2), "every counter somewhere");
    }
}

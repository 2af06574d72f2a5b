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

use super::matching::{solve, Demand};
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
    /// is a [`Spread::Zone`]; where a line leaves a choice, its counters stand on hexes the
    /// system's per-hex rules allow ([`crate::GameSystem::stand_rule`]) when it has them.
    pub fn arrangement(&self) -> Arrangement {
        let rule = crate::system(&self.file.ruleset).map(|g| g.stand_rule(self, true));
        let allowed = |li: usize, unit: usize, hex: Hex| {
            rule.as_ref().is_none_or(|r| r(li, unit, hex).is_none())
        };
        self.placements.arrange(
            |li| {
                self.deployments
                    .get(li)
                    .is_some_and(|d| !matches!(d.zone, Zone::Hexes(_)))
            },
            &allowed,
        )
    }

    /// The arrangement of the lines laid out counter by counter
    /// ([`super::Line::laid_out`]), which leave no choice for a per-hex rule to steer: what
    /// the system's own rules read while they are being built (the Siege field).
    pub(crate) fn arrangement_without_rules(&self) -> Arrangement {
        self.placements.arrange(|_| false, &|_, _, _| true)
    }
}

/// Whether unit `unit` of line `line` may stand on a hex at the start.
type Allowed<'r> = &'r dyn Fn(usize, usize, Hex) -> bool;

/// Most (unit type × hex) pairs of one line the per-hex rules are asked about beyond the
/// first try: a wider choice keeps the order written (asking would cost more than it is
/// worth on a zone of thousands of hexes).
const RULE_PAIRS: usize = 4096;

/// Most hexes of one line the per-hex rules are asked about one by one, for a line of one
/// unit type or its leaders (a scan, not a matching).
const RULE_SCAN: usize = 65_536;

impl Placements {
    /// Whether a leader (or a kind that stacks) of another side than `side` certainly
    /// stands on `hex` (alone on a line of one hex): no counter of `side` moves there.
    fn enemy_leader_at(&self, hex: Hex, side: usize) -> bool {
        self.free_at
            .get(&hex)
            .is_some_and(|here| here.iter().any(|&(li, _)| self.lines[li].side != side))
    }

    /// The arrangement; `zone(line)` says whether a line's hexes come from a zone
    /// expression rather than a list.
    pub(super) fn arrange(&self, zone: impl Fn(usize) -> bool, allowed: Allowed) -> Arrangement {
        // Slots no line holds that a choice has taken instead of one of its own (to obey a
        // per-hex rule): one line a slot.
        let mut claimed: FastSet<usize> = FastSet::default();
        let mut lines: Vec<Arranged> = Vec::with_capacity(self.lines.len());
        for (li, l) in self.lines.iter().enumerate() {
            lines.push(Arranged {
                line: li,
                spread: match l.fill {
                    Fill::Fixed | Fill::Filled | Fill::Overflow => Spread::Certain,
                    Fill::Choice if zone(li) => Spread::Zone,
                    Fill::Choice => Spread::Choice,
                    Fill::Nowhere => Spread::Nowhere,
                },
                at: match l.on_map() {
                    true => self.bound_counters(li, l, allowed, &mut claimed),
                    false => Vec::new(),
                },
            });
        }
        // Sides standing in each hex, for the leaders: never with an enemy if avoidable
        // (leaders alone on a line of one hex included, wherever their line is written).
        let mut sides: FastMap<Hex, Vec<usize>> = FastMap::default();
        for (hex, here) in &self.free_at {
            let v = sides.entry(*hex).or_default();
            for &(li, _) in here {
                if !v.contains(&self.lines[li].side) {
                    v.push(self.lines[li].side);
                }
            }
        }
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
            let ask = l.hexes.len() * free.len() <= RULE_SCAN;
            let may = |h: Hex| !ask || free.iter().all(|c| allowed(li, c.unit, h));
            let hex = leader_hex(l, &own, &sides, may);
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
    fn bound_counters(
        &self,
        li: usize,
        l: &Line,
        allowed: Allowed,
        claimed: &mut FastSet<usize>,
    ) -> Vec<Placed> {
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
            // Several unit types filling the hexes: which goes where is the owner's choice.
            Fill::Filled if bound.len() > 1 => {
                let hexes: Vec<(Hex, bool)> = l.hexes.iter().map(|&h| (h, true)).collect();
                let (placed, rest) =
                    one_a_hex(&bound, &hexes, hexes.len(), &|u, h| allowed(li, u, h));
                for (unit, hex, certain) in placed {
                    t.add(unit, hex, 1, certain);
                }
                deal(&mut t, &rest, &l.hexes, true);
            }
            Fill::Filled | Fill::Overflow => deal(&mut t, &bound, &l.hexes, true),
            Fill::Choice => {
                // The slots the matching gave the line, in the order of its hexes, then those
                // of its hexes no line holds (where a counter may go instead, to obey a rule).
                let upper = l.level == Some(Level::Upper);
                let mut held: Vec<(Hex, bool)> = Vec::new();
                let mut open: Vec<(Hex, bool)> = Vec::new();
                let mut open_slots: FastMap<Hex, usize> = FastMap::default();
                for &h in &l.hexes {
                    let Some(s) = self.slots_of(h).find(|s| self.slots[*s].upper == upper) else {
                        continue;
                    };
                    match self.owner[s] {
                        Some(o) if o == li => held.push((h, self.certain[s])),
                        None if !claimed.contains(&s) && !self.enemy_leader_at(h, l.side) => {
                            open.push((h, false));
                            open_slots.insert(h, s);
                        }
                        _ => {}
                    }
                }
                let take = held.len();
                held.extend(open);
                let (placed, rest) = one_a_hex(&bound, &held, take, &|u, h| allowed(li, u, h));
                for (unit, hex, certain) in placed {
                    if let Some(s) = open_slots.get(&hex) {
                        claimed.insert(*s);
                    }
                    t.add(unit, hex, 1, certain);
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
/// A hex the system's per-hex rules forbid (`may`) counts as one with an enemy.
fn leader_hex(
    l: &Line,
    own: &FastSet<Hex>,
    sides: &FastMap<Hex, Vec<usize>>,
    may: impl Fn(Hex) -> bool,
) -> Hex {
    let score = |h: &Hex| {
        let here = sides.get(h).map(Vec::as_slice).unwrap_or(&[]);
        let enemy = here.iter().any(|s| *s != l.side) || !may(*h);
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

/// A counter placed one a hex: unit, hex, and whether every arrangement fills the hex.
type OneAHex = (usize, Hex, bool);

/// Puts `take` counters of `bound` (unit, count), one a hex, on the candidate hexes (hex,
/// certain), the first `take` preferred: in the order written when the per-hex rules allow
/// every one; otherwise as many as the rules allow on hexes they allow (a maximum matching,
/// the same solver the placement model uses), the others on the candidates left, in order.
/// Returns the placements (unit, hex, certain), in unit order, and the counters left over.
fn one_a_hex(
    bound: &[(usize, u32)],
    candidates: &[(Hex, bool)],
    take: usize,
    allowed: &dyn Fn(usize, Hex) -> bool,
) -> (Vec<OneAHex>, Vec<(usize, u32)>) {
    // The order written: units in turn over the first `take` candidates.
    let mut order: Vec<usize> = Vec::new();
    for (k, &(_, count)) in bound.iter().enumerate() {
        let room = take.saturating_sub(order.len());
        order.extend(std::iter::repeat_n(k, (count as usize).min(room)));
    }
    let legal = |k: usize, j: usize| allowed(bound[k].0, candidates[j].0);
    let fine = order.iter().enumerate().all(|(j, &k)| legal(k, j));
    let mut slot_of: Vec<Option<usize>> = vec![None; candidates.len()];
    let scan = bound.len() == 1 && candidates.len() <= RULE_SCAN;
    if fine || (bound.len() * candidates.len() > RULE_PAIRS && !scan) {
        for (j, &k) in order.iter().enumerate() {
            slot_of[j] = Some(k);
        }
    } else if bound.len() * candidates.len() > RULE_PAIRS {
        // One unit type over a wide choice: the first hexes the rules allow, then the
        // first of the others.
        let want = order.len();
        let legal_first = (0..candidates.len())
            .filter(|&j| legal(0, j))
            .chain((0..candidates.len()).filter(|&j| !legal(0, j)));
        for j in legal_first.take(want) {
            slot_of[j] = Some(0);
        }
    } else {
        let demands: Vec<Demand> = bound
            .iter()
            .enumerate()
            .map(|(k, &(_, count))| Demand {
                counters: count as usize,
                slots: (0..candidates.len()).filter(|&j| legal(k, j)).collect(),
            })
            .collect();
        let m = solve(&demands, candidates.len());
        // At most `take` on legal hexes (the matching never gives the line more room than
        // the set-up leaves it; held slots come first).
        let mut used = 0;
        for (j, o) in m.owner.iter().enumerate() {
            if let (Some(k), true) = (o, used < take) {
                slot_of[j] = Some(*k);
                used += 1;
            }
        }
        // Counters the rules leave without a legal hex: on the candidates left, in order.
        let mut left: Vec<u32> = bound.iter().map(|&(_, c)| c).collect();
        for k in slot_of.iter().flatten() {
            left[*k] -= 1;
        }
        let mut k = 0;
        for slot in slot_of.iter_mut().filter(|o| o.is_none()) {
            while k < left.len() && left[k] == 0 {
                k += 1;
            }
            if used >= take || k == left.len() {
                break;
            }
            *slot = Some(k);
            left[k] -= 1;
            used += 1;
        }
    }
    let mut pairs: Vec<(usize, usize)> = slot_of
        .iter()
        .enumerate()
        .filter_map(|(j, o)| o.map(|k| (k, j)))
        .collect();
    pairs.sort_unstable();
    let mut left: Vec<u32> = bound.iter().map(|&(_, c)| c).collect();
    let placed = pairs
        .into_iter()
        .map(|(k, j)| {
            left[k] -= 1;
            (bound[k].0, candidates[j].0, candidates[j].1)
        })
        .collect();
    let rest = bound
        .iter()
        .zip(left)
        .filter(|(_, n)| *n > 0)
        .map(|(&(unit, _), n)| (unit, n))
        .collect();
    (placed, rest)
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
        let a = p.arrange(|_| false, &|_, _, _| true);
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
        let a = p.arrange(|_| false, &|_, _, _| true);
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
        let a = p.arrange(|_| false, &|_, _, _| true);
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
        let a = p.arrange(|_| false, &|_, _, _| true);
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
        let a = p.arrange(|li| li == 0, &|_, _, _| true);
        assert_eq!(a.lines()[0].spread, Spread::Zone);
        assert_eq!(a.lines()[1].spread, Spread::Certain);
        let counted = |li: usize| a.lines()[li].at.iter().map(|p| p.count).sum::<u32>();
        assert_eq!((counted(0), counted(1)), (1, 2), "every counter somewhere");
    }

    #[test]
    fn a_choice_stands_where_the_per_hex_rules_allow() {
        // A deployed horse over woods (a0) and open ground (a1): the first hex written is
        // the one the rules forbid, so the arrangement takes the other.
        let (a0, a1, a2) = (Hex::new(0, 0), Hex::new(1, 0), Hex::new(2, 0));
        let p = Placements::from_lines(vec![line(0, &[(0, 1, false)], &[a0, a1])]);
        let woods = |_: usize, u: usize, h: Hex| !(u == 0 && h == a0);
        assert_eq!(
            at(&p.arrange(|_| false, &|_, _, _| true), 0),
            vec![(0, a0, 1, false)]
        );
        assert_eq!(
            at(&p.arrange(|_| false, &woods), 0),
            vec![(0, a1, 1, false)]
        );
        // Two types choosing two of three hexes: the horse avoids a0, the foot takes it.
        let p = Placements::from_lines(vec![line(
            0,
            &[(0, 1, false), (1, 1, false)],
            &[a0, a1, a2],
        )]);
        assert_eq!(
            at(&p.arrange(|_| false, &woods), 0),
            vec![(0, a1, 1, false), (1, a0, 1, false)]
        );
        // Nowhere allowed: every counter still stands on its line, in the order written.
        let p = Placements::from_lines(vec![line(0, &[(0, 1, false)], &[a0, a1])]);
        let nowhere = |_: usize, _: usize, _: Hex| false;
        assert_eq!(
            at(&p.arrange(|_| false, &nowhere), 0),
            vec![(0, a0, 1, false)]
        );
    }

    #[test]
    fn two_types_filling_their_hexes_are_arranged_by_the_rules() {
        // Horse and foot fill woods and open ground: the horse on the open ground.
        let (a0, a1) = (Hex::new(0, 0), Hex::new(1, 0));
        let p = Placements::from_lines(vec![line(0, &[(0, 1, false), (1, 1, false)], &[a0, a1])]);
        let woods = |_: usize, u: usize, h: Hex| !(u == 0 && h == a0);
        assert_eq!(
            at(&p.arrange(|_| false, &woods), 0),
            vec![(0, a1, 1, true), (1, a0, 1, true)]
        );
    }

    #[test]
    fn a_leader_avoids_a_hex_the_rules_forbid() {
        let (a0, a1, a2) = (Hex::new(0, 0), Hex::new(1, 0), Hex::new(2, 0));
        let p = Placements::from_lines(vec![
            line(1, &[(0, 1, false)], &[a0]),
            line(0, &[(5, 1, true)], &[a0, a1, a2]),
        ]);
        let rule = |_: usize, u: usize, h: Hex| !(u == 5 && h == a1);
        assert_eq!(
            at(&p.arrange(|_| false, &|_, _, _| true), 1),
            vec![(5, a1, 1, false)]
        );
        assert_eq!(at(&p.arrange(|_| false, &rule), 1), vec![(5, a2, 1, false)]);
    }

    #[test]
    fn two_choices_never_take_one_open_hex() {
        // Review of the stand rules, F1: Red Foot over river (a0) or a2, Blue Archers over
        // river (a1) or a2; a2 is open to both, and only one of them may have it.
        let (a0, a1, a2) = (Hex::new(0, 0), Hex::new(1, 0), Hex::new(2, 0));
        let p = Placements::from_lines(vec![
            line(0, &[(0, 1, false)], &[a0, a2]),
            line(1, &[(0, 1, false)], &[a1, a2]),
        ]);
        let river = |_: usize, _: usize, h: Hex| h != a0 && h != a1;
        let a = p.arrange(|_| false, &river);
        let hexes: Vec<Hex> = (0..2)
            .flat_map(|li| at(&a, li))
            .map(|(_, h, _, _)| h)
            .collect();
        assert_eq!(hexes.iter().filter(|h| **h == a2).count(), 1, "{hexes:?}");
    }

    #[test]
    fn a_choice_never_moves_onto_an_enemy_leaders_hex() {
        // F2: Red Foot over river (a0) or a1, where the Blue leader stands alone.
        let (a0, a1) = (Hex::new(0, 0), Hex::new(1, 0));
        let p = Placements::from_lines(vec![
            line(0, &[(0, 1, false)], &[a0, a1]),
            line(1, &[(5, 1, true)], &[a1]),
        ]);
        let river = |_: usize, _: usize, h: Hex| h != a0;
        assert_eq!(
            at(&p.arrange(|_| false, &river), 0),
            vec![(0, a0, 1, false)]
        );
    }

    #[test]
    fn a_leader_avoids_an_enemy_leader_written_after_him() {
        // F6: the Red leader over a0/a1, the Blue leader alone on a0 in a later line.
        let (a0, a1) = (Hex::new(0, 0), Hex::new(1, 0));
        let p = Placements::from_lines(vec![
            line(0, &[(5, 1, true)], &[a0, a1]),
            line(1, &[(5, 1, true)], &[a0]),
        ]);
        assert_eq!(
            at(&p.arrange(|_| false, &|_, _, _| true), 0),
            vec![(5, a1, 1, false)]
        );
    }

    #[test]
    fn a_wide_choice_of_one_unit_type_still_obeys_the_rules() {
        // F5: two counters over 5,000 hexes whose first 120 are forbidden.
        let hexes: Vec<Hex> = (0..5000).map(|q| Hex::new(q, 0)).collect();
        let p = Placements::from_lines(vec![line(0, &[(0, 2, false)], &hexes)]);
        let rule = |_: usize, _: usize, h: Hex| h.x >= 120;
        let placed: Vec<Hex> = at(&p.arrange(|_| false, &rule), 0)
            .into_iter()
            .map(|(_, h, _, _)| h)
            .collect();
        assert_eq!(placed, vec![hexes[120], hexes[121]]);
    }

    #[test]
    fn choices_that_cannot_all_avoid_a_rule_are_judged_together() {
        // Two choices, each over a forbidden hex and a shared one: alone each could avoid
        // its forbidden hex; together they cannot (the review's F1, as validate sees it).
        use crate::placement::Judgement;
        let (a0, a1, a2, a3) = (
            Hex::new(0, 0),
            Hex::new(1, 0),
            Hex::new(2, 0),
            Hex::new(3, 0),
        );
        let p = Placements::from_lines(vec![
            line(0, &[(0, 1, false)], &[a0, a2]),
            line(1, &[(0, 1, false)], &[a1, a2]),
        ]);
        let dry = |_: usize, _: usize, h: Hex| h != a0 && h != a1;
        assert!(matches!(
            p.judge(0, |u, h| (!dry(0, u, h)).then(|| "river".to_string())),
            Judgement::Avoid(_)
        ));
        let mut squeezed: Vec<usize> = p.squeezed_by(dry).into_iter().collect();
        squeezed.sort_unstable();
        assert_eq!(squeezed, vec![0, 1]);
        // With a second shared hex, both can avoid the river.
        let p = Placements::from_lines(vec![
            line(0, &[(0, 1, false)], &[a0, a2, a3]),
            line(1, &[(0, 1, false)], &[a1, a2, a3]),
        ]);
        assert!(p.squeezed_by(dry).is_empty());
    }
}

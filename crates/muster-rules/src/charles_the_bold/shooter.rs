//! Who shoots from a hex, and what that changes on a line of fire (§6.0, §16): the stands
//! the set-up may put in the shooter's hex (the one certainly there, else every stand an
//! owner's choice or a hidden line may put there), whether they fire overhead ("only
//! archers can fire overhead") and how far their list's range columns reach.

use super::visibility::{sight, Sight};
use crate::fire::LineOfFire;
use crate::scenario::Scenario;
use muster_hex::Hex;
use muster_model::ListEntry;

/// Whether a list line shoots overhead (§6.0 "Only archers can fire overhead"): a bow, the
/// longbow among them (ours: crossbows, handguns and guns are not archers).
pub fn fires_overhead(e: &ListEntry) -> bool {
    e.has("Longbow") || e.has("Bow")
}

/// The longest range column of a list line (`"4H"` → 4), or `None` when it has none and
/// so does not fire (§16).
pub fn longest_band(e: &ListEntry) -> Option<u32> {
    e.fire
        .keys()
        .filter_map(|k| k.strip_suffix('H')?.parse().ok())
        .max()
}

/// The stands (side, unit) that may be the shooter in `hex`: the stand certainly set up
/// there (every type of its line when the line mixes types), or else every stand of every
/// line that may put one there. Generals are not stands (§1.2) and never shoot.
pub fn stands_at(s: &Scenario, hex: Hex) -> Vec<(usize, usize)> {
    let p = &s.placements;
    let certain: Vec<_> = p
        .certainly_held(hex)
        .into_iter()
        .filter(|o| !o.free)
        .collect();
    let lines: Vec<usize> = match certain.first() {
        Some(o) => match o.unit {
            Some(u) => return vec![(o.side, u)],
            None => vec![o.line],
        },
        None => p.who_could_be(hex).to_vec(),
    };
    let mut out: Vec<(usize, usize)> = Vec::new();
    for li in lines {
        let l = p.line(li);
        for c in l.counters.iter().filter(|c| !c.free && c.count > 0) {
            if !out.contains(&(l.side, c.unit)) {
                out.push((l.side, c.unit));
            }
        }
    }
    out
}

/// The sight from `from` to `to` for the stands that may shoot from `from` (§6.0): a stand
/// between blocks unless the shooter is an archer. When only some of the stands that may
/// be there are archers, the line is judged for the archers (ours: an owner's choice is
/// taken at its most favourable, as the hexes an owner's choice may fill are taken empty),
/// and the reason says the others are blocked.
pub fn sight_of_shooter(s: &Scenario, from: Hex, to: Hex, stands: &[Hex]) -> Sight {
    let shooters = stands_at(s, from);
    let archers: Vec<bool> = shooters
        .iter()
        .filter_map(|&(side, unit)| s.list_entry(side, unit))
        .map(fires_overhead)
        .collect();
    let any = archers.iter().any(|a| *a);
    let mut v = sight(s, from, to, any, stands);
    if any && archers.iter().any(|a| !a) && v.clear {
        let others = sight(s, from, to, false, stands);
        if !others.clear {
            v.reason = format!(
                "{}; only if an archer of the stands that may be set up in {} shoots: for the others {} (ours: an owner's choice is taken at its most favourable)",
                v.reason,
                s.world.grid.to_printed(from),
                others.reason
            );
        }
    }
    v
}

/// §16: the range columns of the stands that may shoot from `from`, applied to the line to
/// `to`. Beyond the longest column of every one of them (or with no column: the stand does
/// not fire) the line is not clear; within it for some only, the line stays as it is and
/// the reason says so (ours: an owner's choice taken at its most favourable). `range` is
/// set when the stands share one longest column. A target 1 hex away is in the first
/// column (ours, as `query fire`).
pub fn apply_range(s: &Scenario, from: Hex, to: Hex, l: &mut LineOfFire) {
    let d = muster_hex::distance(from, to);
    let at = s.world.grid.to_printed(from);
    let reaches: Vec<(&str, Option<u32>)> = stands_at(s, from)
        .into_iter()
        .filter_map(|(side, unit)| {
            let e = s.list_entry(side, unit)?;
            Some((s.file.sides[side].units[unit].id.as_str(), longest_band(e)))
        })
        .collect();
    if reaches.is_empty() {
        l.reason = format!(
            "{}; range not checked: no stand with an army-list line may be set up in {at}",
            l.reason
        );
        return;
    }
    let longest: Vec<u32> = reaches.iter().filter_map(|(_, r)| *r).collect();
    if longest.len() == reaches.len() && longest.windows(2).all(|w| w[0] == w[1]) {
        l.range = longest.first().map(|r| (d, *r));
    }
    let reach = |r: &Option<u32>| r.is_some_and(|r| r >= d);
    if reaches.iter().all(|(_, r)| !reach(r)) {
        let why = match reaches.as_slice() {
            [(id, None)] => format!(
                "`{id}` has no range columns in its army list: it does not fire (§16)"
            ),
            [(id, Some(r))] => format!(
                "out of range: the target is {d} hexes away and `{id}` fires at most {r} (§16)"
            ),
            _ => format!(
                "out of range: the target is {d} hexes away and no stand that may be set up in {at} fires that far (§16)"
            ),
        };
        l.clear = false;
        l.reason = format!("{why}; {}", l.reason);
    } else if reaches.iter().all(|(_, r)| reach(r)) {
        l.reason = format!("{}; in range: {d} hexes (§16)", l.reason);
    } else {
        l.reason = format!(
            "{}; in range only for some of the stands that may be set up in {at}: {d} hexes (§16; ours: an owner's choice is taken at its most favourable)",
            l.reason
        );
    }
}

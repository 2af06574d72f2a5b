//! Rivers and bridges, one definition read by movement reach, zones of control and AC110:
//! §11, "ZoC do not extend across a river except at a bridge", and 2nd St Albans, "They
//! can cross the river only through the bridges".
//!
//! The texts draw no map, and the ruleset lets a map draw a river either way: with river
//! hexsides (the hexside feature the ruleset marks `river`) or with river hexes (terrain
//! `river`, which no unit enters: Supplied, ours — §9 says only that terrain costs MP per
//! the Terrain Effects Table, which the texts do not reproduce; 2nd St Albans' "cross the
//! river only through the bridges" and §12.5's retreat that "cannot \[go\] due to the
//! presence of a river" are what the texts print); and a bridge with a bridge hexside or a
//! bridge hex (terrain `bridge`). Ours: a bridge hex carries the crossing over the river
//! hexsides of its own hex, so a step across a river hexside from or into a bridge hex is
//! by the bridge. A river of hexes is crossed only through its bridge hexes, its river
//! hexes being closed. AC110 counts a bridge only where reach crosses the river by it
//! ([`bridges`]).

use crate::a_la_charge::vocabulary::{features, terrain};
use crate::scenario::Scenario;
use muster_hex::Hex;
use std::collections::{HashMap, HashSet};

/// Whether a river hexside (a hexside feature the ruleset marks `river`) runs between two
/// neighbouring hexes, bridged or not.
pub fn river_hexside(s: &Scenario, a: Hex, b: Hex) -> bool {
    s.world.features_between(a, b).iter().any(|f| {
        s.ruleset
            .hexside_features
            .iter()
            .any(|d| d.id == *f && d.river)
    })
}

/// Whether a bridge hexside runs between two neighbouring hexes.
fn bridge_hexside(s: &Scenario, a: Hex, b: Hex) -> bool {
    s.world.features_between(a, b).contains(&features::BRIDGE)
}

/// Whether the hex is a bridge hex (terrain `bridge`).
pub fn bridge_hex(s: &Scenario, h: Hex) -> bool {
    s.world.terrain(h) == terrain::BRIDGE
}

/// Whether the hex is a river hex (terrain `river`).
pub fn river_hex(s: &Scenario, h: Hex) -> bool {
    s.world.terrain(h) == terrain::RIVER
}

/// Whether the step between neighbours `a` and `b` crosses a river by a bridge: a bridge
/// hexside, or a river hexside from or into a bridge hex (ours, above).
pub fn by_bridge(s: &Scenario, a: Hex, b: Hex) -> bool {
    bridge_hexside(s, a, b) || (river_hexside(s, a, b) && (bridge_hex(s, a) || bridge_hex(s, b)))
}

/// Whether a river without a bridge runs between two neighbouring hexes: what closes the
/// step to a side that crosses only by bridges and stops a zone of control (§11).
pub fn unbridged_river(s: &Scenario, a: Hex, b: Hex) -> bool {
    river_hexside(s, a, b) && !by_bridge(s, a, b)
}

/// Whether the map (with its overlays) has a river: a river hexside or a river hex.
pub fn has_river(s: &Scenario) -> bool {
    let hexsides = s.world.hexside_entries().any(|(_, f, _)| {
        s.ruleset
            .hexside_features
            .iter()
            .any(|d| d.id == f && d.river)
    });
    hexsides || s.world.grid.hexes().any(|h| river_hex(s, h))
}

/// The bridges of the map that reach can cross the river by, counted (AC110 reads this,
/// with `open` the step reach takes, so that "a bridge" is what movement crosses by):
/// - a bridge hexside that reach steps across, on a river hexside or drawn in the river's
///   place, whose two sides lie on different banks of the map without its bridges;
/// - a bridge hex that reach steps from or into across a river hexside of its own hex, or
///   in a river of hexes, whose bridge (bridge hexes one after another) touches land on
///   two banks of the map without its bridges.
///
/// Ours (the texts draw no map): a bridge counts only where it joins two banks; a river
/// that does not part the map (a stub, a river ending inside it) has no banks to join, so a
/// bridge on it crosses nothing the side could not walk round.
///
/// A bridge hexside away from the river, a bridge hexside into a river hex (closed) or
/// onto a bridge hex that crosses nothing, or a bridge hex on a bank beside river hexes
/// gives reach no crossing and is not counted. With `from` (the hexes the side stands on
/// and enters by), only bridges that touch a bank the side is on count: a bridge joining
/// two banks the side never reaches crosses nothing for it.
pub fn bridges(s: &Scenario, open: impl Fn(Hex, Hex) -> bool, from: &[Hex]) -> usize {
    let orientation = s.world.grid.orientation();
    let both = |a: Hex, b: Hex| open(a, b) && open(b, a);
    let banks = banks_without_bridges(s, &both);
    let touched = |h: Hex| touched_banks(s, h, &both, &banks);
    let side: Option<HashSet<usize>> =
        (!from.is_empty()).then(|| from.iter().flat_map(|h| touched(*h)).collect());
    let reached = |t: &HashSet<usize>| side.as_ref().is_none_or(|b| !t.is_disjoint(b));
    let hexsides = s
        .world
        .hexside_entries()
        .filter(|(_, f, _)| *f == features::BRIDGE)
        .filter(|(side, _, _)| {
            let (a, b) = side.hexes(orientation);
            if !both(a, b) {
                return false;
            }
            // On a river hexside, or drawn in the river's place: its two sides (a bridge
            // hex standing for the banks its bridge touches) lie on different banks.
            let t: HashSet<usize> = touched(a).union(&touched(b)).copied().collect();
            t.len() >= 2 && reached(&t)
        })
        .count();
    let hexes = s
        .world
        .grid
        .hexes()
        .filter(|h| bridge_hex(s, *h))
        .filter(|h| {
            let t = touched(*h);
            t.len() >= 2 && reached(&t)
        })
        .count();
    hexsides + hexes
}

/// The banks `h` stands on: its own, or for a bridge hex those the bridge it belongs to
/// (the bridge hexes `open` joins to it, one after another: a bridge two hexes long over a
/// river two hexes wide) touches. River hexes are never open. Runs of land round a bridge
/// hex are not banks: one on a bank with a pond or a second river hex beside it touches
/// one bank, and reach crosses nothing by it.
fn touched_banks(
    s: &Scenario,
    h: Hex,
    open: &impl Fn(Hex, Hex) -> bool,
    banks: &HashMap<Hex, usize>,
) -> HashSet<usize> {
    if !bridge_hex(s, h) {
        return banks.get(&h).copied().into_iter().collect();
    }
    let mut bridge = HashSet::from([h]);
    let mut todo = vec![h];
    let mut out = HashSet::new();
    while let Some(x) = todo.pop() {
        for n in s.world.grid.neighbors_on_map(x) {
            if river_hex(s, n) || !open(x, n) {
                continue;
            }
            if bridge_hex(s, n) {
                if bridge.insert(n) {
                    todo.push(n);
                }
            } else if let Some(b) = banks.get(&n) {
                out.insert(*b);
            }
        }
    }
    out
}

/// The banks: each hex's part of the map, joined by the steps `open` takes both ways that
/// use no bridge (no bridge hexside between, neither hex a bridge hex).
fn banks_without_bridges(s: &Scenario, open: &impl Fn(Hex, Hex) -> bool) -> HashMap<Hex, usize> {
    let mut bank = HashMap::new();
    let mut next = 0;
    for start in s.world.grid.hexes() {
        if bank.contains_key(&start) || bridge_hex(s, start) {
            continue;
        }
        bank.insert(start, next);
        let mut todo = vec![start];
        while let Some(h) = todo.pop() {
            for n in s.world.grid.neighbors_on_map(h) {
                if bank.contains_key(&n) || bridge_hex(s, n) || bridge_hexside(s, h, n) {
                    continue;
                }
                if open(h, n) {
                    bank.insert(n, next);
                    todo.push(n);
                }
            }
        }
        next += 1;
    }
    bank
}

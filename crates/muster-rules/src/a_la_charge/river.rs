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
///   place (without the bridges its two hexes lie on different banks);
/// - a bridge hex that reach steps from or into across a river hexside of its own hex;
/// - a bridge hex in a river of hexes: the neighbours reach steps to and from lie on two
///   banks of the map without its bridges, so it joins land on both banks (ours: the texts
///   draw no map; a river of hexes that does not part the map has no banks to join).
///
/// A bridge hexside away from the river, a bridge hexside into a river hex (closed), or a
/// bridge hex on a bank beside river hexes gives reach no crossing and is not counted.
pub fn bridges(s: &Scenario, open: impl Fn(Hex, Hex) -> bool) -> usize {
    let orientation = s.world.grid.orientation();
    let both = |a: Hex, b: Hex| open(a, b) && open(b, a);
    let banks = std::cell::OnceCell::new();
    let hexsides = s
        .world
        .hexside_entries()
        .filter(|(_, f, _)| *f == features::BRIDGE)
        .filter(|(side, _, _)| {
            let (a, b) = side.hexes(orientation);
            if !both(a, b) {
                return false;
            }
            // On a river hexside, or drawn in the river's place: without the bridges the
            // two hexes lie on different banks.
            river_hexside(s, a, b) || {
                let banks = banks.get_or_init(|| banks_without_bridges(s, &both));
                banks.get(&a) != banks.get(&b)
            }
        })
        .count();
    let hexes = s
        .world
        .grid
        .hexes()
        .filter(|h| bridge_hex(s, *h))
        .filter(|h| {
            let over_hexside = s
                .world
                .grid
                .neighbors_on_map(*h)
                .any(|n| river_hexside(s, *h, n) && both(*h, n));
            over_hexside || {
                let banks = banks.get_or_init(|| banks_without_bridges(s, &both));
                joins_two_banks(s, *h, &both, banks)
            }
        })
        .count();
    hexsides + hexes
}

/// Whether the bridge hex `h` joins two banks: the bridge it belongs to (the bridge hexes
/// `open` joins to it, one after another: a bridge two hexes long over a river two hexes
/// wide) touches land on two different banks of the map without its bridges. River hexes
/// are never open. Runs of land round the hex are not enough: a bridge hex on one bank with
/// a pond or a second river hex beside it parts its neighbours into runs that are still one
/// bank, and reach crosses nothing by it.
fn joins_two_banks(
    s: &Scenario,
    h: Hex,
    open: &impl Fn(Hex, Hex) -> bool,
    banks: &std::collections::HashMap<Hex, usize>,
) -> bool {
    let mut bridge = std::collections::HashSet::from([h]);
    let mut todo = vec![h];
    let mut seen = None;
    while let Some(x) = todo.pop() {
        for n in s.world.grid.neighbors_on_map(x) {
            if river_hex(s, n) || !open(x, n) {
                continue;
            }
            if bridge_hex(s, n) {
                if bridge.insert(n) {
                    todo.push(n);
                }
                continue;
            }
            let Some(bank) = banks.get(&n) else { continue };
            match seen {
                None => seen = Some(*bank),
                Some(b) if b != *bank => return true,
                Some(_) => {}
            }
        }
    }
    false
}

/// The banks: each hex's part of the map, joined by the steps `open` takes both ways that
/// use no bridge (no bridge hexside between, neither hex a bridge hex).
fn banks_without_bridges(
    s: &Scenario,
    open: &impl Fn(Hex, Hex) -> bool,
) -> std::collections::HashMap<Hex, usize> {
    let mut bank = std::collections::HashMap::new();
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

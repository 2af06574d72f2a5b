//! Rivers and bridges, one definition read by movement reach, zones of control and AC110:
//! §11, "ZoC do not extend across a river except at a bridge", and 2nd St Albans, "They
//! can cross the river only through the bridges".
//!
//! The texts draw no map, and the ruleset lets a map draw a river either way: with river
//! hexsides (the hexside feature the ruleset marks `river`) or with river hexes (terrain
//! `river`, which no unit enters, §9); and a bridge with a bridge hexside (a bridge over a
//! river: crossing there is not crossing the river) or a bridge hex (terrain `bridge`).
//! Ours: a bridge hex carries the crossing over the river hexsides of its own hex, so a
//! step across a river hexside from or into a bridge hex is by the bridge; a bridge hex is
//! a bridge over the river when a river hexside bounds it or a river hex touches it. A
//! river of hexes is crossed only through its bridge hexes, its river hexes being closed.

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

/// Whether a bridge hex is a bridge over the river: a river hexside bounds it or a river
/// hex touches it (ours, above).
pub fn bridge_hex_crosses(s: &Scenario, h: Hex) -> bool {
    bridge_hex(s, h)
        && s.world
            .grid
            .neighbors_on_map(h)
            .any(|n| river_hex(s, n) || river_hexside(s, h, n))
}

/// The bridges of the map that cross a river, counted: bridge hexsides and bridge hexes
/// over the river.
pub fn bridges(s: &Scenario) -> usize {
    let hexsides = s
        .world
        .hexside_entries()
        .filter(|(_, f, _)| *f == features::BRIDGE)
        .count();
    let hexes = s
        .world
        .grid
        .hexes()
        .filter(|h| bridge_hex_crosses(s, *h))
        .count();
    hexsides + hexes
}

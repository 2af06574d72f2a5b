//! Rooms of houses, and what their windows and doors let through (3.1 note 2, 3.26): the
//! room a window opens into, and whether a line enters a building hex through an opening.
//!
//! A room is the set of building hexes reached from one another without crossing a `wall`,
//! `door` or `window` hexside (ours: the text draws rooms on the map and names no rule for
//! them).

use super::field::Field;
use crate::siege::vocabulary::{features, traits};
use muster_hex::Hex;
use std::collections::HashSet;

/// Whether a hexside feature has a trait in the ruleset.
fn feature_has(f: &Field, p: Hex, q: Hex, t: &str) -> bool {
    let r = f.ruleset();
    f.world().features_between(p, q).iter().any(|ft| {
        r.hexside_features
            .iter()
            .any(|d| d.id == *ft && (d.id == t || d.traits.iter().any(|x| x == t)))
    })
}

/// Whether the hexside between `p` and `q` is a window or a door of a house.
pub fn opening_between(f: &Field, p: Hex, q: Hex) -> Option<&'static str> {
    if feature_has(f, p, q, features::WINDOW) {
        Some(features::WINDOW)
    } else if feature_has(f, p, q, features::DOOR) {
        Some(features::DOOR)
    } else {
        None
    }
}

/// The room of building hex `h`: the building hexes reached from it without crossing a
/// wall, door or window hexside (a door between two rooms parts them: 3.26 b limits the
/// field "to the hexes that are within the room").
pub fn room(f: &Field, h: Hex) -> HashSet<Hex> {
    let g = &f.world().grid;
    let mut seen = HashSet::from([h]);
    let mut todo = vec![h];
    while let Some(x) = todo.pop() {
        for n in g.neighbors_on_map(x) {
            let parted = feature_has(f, x, n, features::WALL) || opening_between(f, x, n).is_some();
            if f.has(n, traits::BUILDING) && !parted && seen.insert(n) {
                todo.push(n);
            }
        }
    }
    seen
}

/// The courtyard of courtyard hex `h`: the courtyard hexes reached from it without crossing
/// a wall hexside (ours, as rooms: the text draws courtyards on the map). Bounded by the map.
pub fn courtyard(f: &Field, h: Hex) -> HashSet<Hex> {
    let g = &f.world().grid;
    let mut seen = HashSet::from([h]);
    let mut todo = vec![h];
    while let Some(x) = todo.pop() {
        for n in g.neighbors_on_map(x) {
            if f.has(n, traits::COURTYARD)
                && !feature_has(f, x, n, features::WALL)
                && seen.insert(n)
            {
                todo.push(n);
            }
        }
    }
    seen
}

/// The windows a shooter in window hex `a` shoots out of at `b`, outside his room (3.26
/// a): the hexes across the window hexsides of `a`, each a sill his line may be traced
/// from. Empty when `a` is not a window hex of a building or `b` is in its room.
pub fn sills_out(f: &Field, a: Hex, b: Hex) -> Vec<Hex> {
    if !(f.has(a, traits::BUILDING) && f.has(a, traits::WINDOW)) || room(f, a).contains(&b) {
        return vec![];
    }
    f.world()
        .grid
        .neighbors_on_map(a)
        .filter(|n| feature_has(f, a, *n, features::WINDOW))
        .collect()
}

/// The windows a shooter outside shoots through under the special rule of 3.26 b, with the
/// room each opens into: window hexes across a window hexside from the shooter's hex `a`
/// (the hex "immediately adjacent to the window") whose room holds the target `b`. His
/// line is traced from the sill, and only hexes of that room are in his field of fire;
/// with several such windows he takes the clearest line.
pub fn sills_in(f: &Field, a: Hex, b: Hex) -> Vec<(Hex, HashSet<Hex>)> {
    if f.has(a, traits::BUILDING) {
        return vec![];
    }
    f.world()
        .grid
        .neighbors_on_map(a)
        .filter(|w| f.has(*w, traits::WINDOW) && feature_has(f, a, *w, features::WINDOW))
        .map(|w| (w, room(f, w)))
        .filter(|(_, room)| room.contains(&b))
        .collect()
}

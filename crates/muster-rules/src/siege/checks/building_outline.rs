//! SI421 — A building whose outline is open: a hexside between its inside and the outside
//! with no wall, window or door.

use super::super::cite;
use super::super::field::Field;
use crate::diagnostic::{Diagnostic, Location};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;
use crate::siege::vocabulary::{features, side_traits, traits};
use muster_hex::Hex;
use std::collections::HashSet;

/// `SI421`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("SI421", "building-outline", "siege", "A building whose outline is open: a hexside between its inside and the outside with no wall, window or door.",
        "Every hexside between a building hex (interior, window or doorway) and a hex outside the building carries a `wall`, `window` or `door` feature. One finding per building, naming its open hexsides.",
        "Walls decide what a building's inside is open to: one shoots in only through a window (3.26) or an opening, and an inside hex has cover only when the shot crosses a window or doorway (3.1 note 2). With a side left open, every line from that side reaches the inside with no cover. That an outline must be closed is ours: the text's maps draw it.",
        "A mill of building hexes with no hexside features.",
        "Siege 3.1 note 2, 3.26."),
    run: outlines,
};

fn outlines(s: &Scenario, out: &mut Vec<Diagnostic>) {
    let f = Field::new(s);
    let g = &s.world.grid;
    let closed = |a: Hex, b: Hex| {
        s.world.features_between(a, b).iter().any(|ft| {
            s.ruleset.hexside_features.iter().any(|d| {
                d.id == *ft
                    && ([features::WALL, features::WINDOW, features::DOOR].contains(ft)
                        || d.traits.iter().any(|t| t == side_traits::WALL))
            })
        })
    };
    let mut seen: HashSet<Hex> = HashSet::new();
    let mut hexes: Vec<Hex> = g.hexes().filter(|h| f.has(*h, traits::BUILDING)).collect();
    hexes.sort_by_cached_key(|h| g.to_printed(*h));
    for start in hexes {
        if !seen.insert(start) {
            continue;
        }
        // The building: building hexes joined by any hexside.
        let mut building = vec![start];
        let mut todo = vec![start];
        while let Some(x) = todo.pop() {
            for n in g.neighbors_on_map(x) {
                if f.has(n, traits::BUILDING) && seen.insert(n) {
                    building.push(n);
                    todo.push(n);
                }
            }
        }
        building.sort_by_cached_key(|h| g.to_printed(*h));
        let open: Vec<String> = building
            .iter()
            .flat_map(|&h| g.neighbors_on_map(h).map(move |n| (h, n)))
            .filter(|&(h, n)| !f.has(n, traits::BUILDING) && !closed(h, n))
            .filter_map(|(h, n)| g.hexside_between(h, n).map(|sd| g.print_hexside(sd)))
            .collect();
        if open.is_empty() {
            continue;
        }
        let loc = s
            .world
            .terrain_origin(start)
            .map_or_else(|| Location::map(""), |o| o.location());
        let shown: Vec<&str> = open.iter().take(8).map(String::as_str).collect();
        out.push(
            Diagnostic::error(
                CHECK.doc.code,
                loc,
                format!(
                    "the building at {} is open at {} hexside(s): {}{}",
                    g.to_printed(start),
                    open.len(),
                    shown.join(", "),
                    if open.len() > shown.len() { ", …" } else { "" }
                ),
            )
            .at_hex(g.to_printed(start))
            .rule(cite("3.1 note 2, 3.26"))
            .help("draw its walls (`wall`), windows (`window`) and doors (`door`) on those hexsides; that an outline must be closed is our reading"),
        );
    }
}

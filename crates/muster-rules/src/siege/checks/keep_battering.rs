//! SI411 — The keep's walls are damaged before the outer wall is breached, or away from the breach.

use super::super::cite;
use super::super::field::Field;
use super::support::*;
use crate::diagnostic::{Diagnostic, Location};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;
use crate::siege::vocabulary::{markers, traits};
use muster_hex::{distance, Hex};

/// `SI411`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("SI411", "keep-battering", "siege", "The keep's walls are damaged before the outer wall is breached, or away from the breach.",
        "A damage or rubble marker on a keep hex needs a demolished outer wall or tower hex (a rubble marker: the breach), and the keep hex is one of the three keep hexes nearest to a breach.",
        "\"The keep walls cannot be battered until at least one hex of the outer walls has been demolished. Only the 3 keep wall hexes that are closest to the breach can be battered.\"",
        "A damage marker on a keep hex while no outer wall hex has rubble.",
        "Siege 4.21."),
    run: keep,
};

fn keep(s: &Scenario, out: &mut Vec<Diagnostic>) {
    let f = Field::new(s);
    let g = &s.world.grid;
    // The keep's walls: keep hexes with a hex beside them that is not keep.
    let keep_hexes: Vec<Hex> = g
        .hexes()
        .filter(|h| f.has(*h, traits::KEEP))
        .filter(|h| g.neighbors_on_map(*h).any(|n| !f.has(n, traits::KEEP)))
        .collect();
    // A breach: an outer wall or tower hex demolished, i.e. in rubble (the one meaning of
    // demolished, `Field::demolished`; a damage marker at 4 is refused by SI405).
    let breaches: Vec<Hex> = g
        .hexes()
        .filter(|h| {
            (f.has(*h, traits::WALL) || f.has(*h, traits::TOWER)) && !f.has(*h, traits::KEEP)
        })
        .filter(|h| f.demolished(*h))
        .collect();
    for (i, m) in s.file.markers.iter().enumerate() {
        if m.kind != markers::DAMAGE && m.kind != markers::RUBBLE {
            continue;
        }
        let Some(h) = marker_hex(s, i) else { continue };
        if !f.has(h, traits::KEEP) {
            continue;
        }
        let loc = Location::here(format!("/markers/{i}/hex"));
        if breaches.is_empty() {
            out.push(
                Diagnostic::error(CHECK.doc.code, loc, format!("the keep wall at {} is battered, but no outer wall hex is demolished (no rubble on the outer walls)", m.hex))
                    .at_hex(m.hex.to_string())
                    .rule(cite("4.21")),
            );
            continue;
        }
        let nearest_ok = breaches.iter().any(|&b| {
            let mut by: Vec<(u32, String)> = keep_hexes
                .iter()
                .map(|k| (distance(*k, b), g.to_printed(*k)))
                .collect();
            by.sort();
            let cut = by.get(2).map(|x| x.0).unwrap_or(u32::MAX);
            distance(h, b) <= cut
        });
        if !nearest_ok {
            out.push(
                Diagnostic::error(
                    CHECK.doc.code,
                    loc,
                    format!(
                        "the keep wall at {} is not one of the three keep hexes nearest a breach",
                        m.hex
                    ),
                )
                .at_hex(m.hex.to_string())
                .rule(cite("4.21"))
                .help("ties in distance count as nearest; batter a keep hex facing the breach"),
            );
        }
    }
}

//! SI403 — A marker lies on terrain it cannot be placed on.

use super::super::cite;
use super::super::field::{marker_def, Field};
use super::support::*;
use crate::diagnostic::{Diagnostic, Location};
use crate::placement::Assume;
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;
use crate::siege::vocabulary::{marker_on, markers};
use muster_hex::Hex;

/// `SI403`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("SI403", "marker-terrain", "siege", "A marker lies on terrain it cannot be placed on.",
        "Each marker's hex has one of the terrain traits its kind lists in the ruleset: filled moat on moat; rubble on battlement, castle wall, arrow-slit, tower or keep; wall damage on wall, tower or keep hexes; a barrel of oil on a battlement, or anywhere with a character set up in its hex to carry it.",
        "\"The besieging player places 'Filled moat' markers on the moat hexes of his choice\"; rubble goes on \"battlement hex, castle wall or arrow-slit\" hexes (4.14), and on towers and the keep by our reading of 4.13 (\"wall demolished (rubble)\"); barrels of oil \"had been placed on the battlement hexes\", and \"when a character moves carrying a barrel of oil, place the two counters together\" (5.32).",
        "A filled-moat marker on 0604, a flat hex.",
        "Siege 2.2, 2.31, 2.33, 4.13, 4.14, 5.32."),
    run: on_terrain,
};

fn on_terrain(s: &Scenario, out: &mut Vec<Diagnostic>) {
    let f = Field::new(s);
    for (i, m) in s.file.markers.iter().enumerate() {
        let (Some(def), Some(h)) = (marker_def(s.ruleset, &m.kind), marker_hex(s, i)) else {
            continue;
        };
        let engine = |h: Hex| f.pieces_at(h).any(|p| !p.def.animal);
        // 5.32: a barrel goes with the character carrying it, wherever he stands.
        let carried = m.kind == markers::OIL && !s.placements.held(h, Assume::Worst).is_empty();
        if carried {
            continue;
        }
        if def.on.is_empty()
            || def
                .on
                .iter()
                .any(|t| f.has(h, t) || (t == marker_on::ENGINE && engine(h)))
        {
            continue;
        }
        out.push(
            Diagnostic::error(
                CHECK.doc.code,
                Location::here(format!("/markers/{i}/hex")),
                format!(
                    "a {} marker on {} ({}): it goes only on {}",
                    def.name.to_lowercase(),
                    m.hex,
                    s.world.terrain(h),
                    def.on.join(", ")
                ),
            )
            .at_hex(m.hex.to_string())
            .rule(cite(&def.rule.replace("Siege ", ""))),
        );
    }
}

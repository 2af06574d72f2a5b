//! SI409 — A screen stands where screens cannot go.

use super::super::cite;
use super::super::field::Field;
use crate::diagnostic::{Diagnostic, Location};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;
use crate::siege::vocabulary::markers;

/// `SI409`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("SI409", "screen-placement", "siege", "A screen stands where screens cannot go.",
        "A screen's hex is passable to horses, or is a filled moat; its `facing` names the hexside its base lies along.",
        "\"All the terrain types that are impassable to horses are also impassable to screens, with the exception of Filled Moat hexes\"; \"the base of the screen must be placed along one hex-side.\"",
        "A screen on a battlement hex.",
        "Siege 5.21, 5.22."),
    run: screens,
};

fn screens(s: &Scenario, out: &mut Vec<Diagnostic>) {
    let f = Field::new(s);
    for p in f.pieces.iter().filter(|p| p.def.faced_on_hexside) {
        for &h in &p.hexes {
            let shared = f.pieces_at(h).any(|q| q.index != p.index);
            let bad = (f.terrain(h).is_some_and(|t| t.no_horses) || f.demolished(h) || shared)
                && !f.marked(h, markers::FILLED_MOAT);
            if bad {
                let id = s.world.grid.to_printed(h);
                out.push(
                    Diagnostic::error(
                        CHECK.doc.code,
                        Location::here(format!("/pieces/{}/at", p.index)),
                        format!("the screen `{}` is on {id} ({}{}): screens go only where horses may, or on a filled moat", p.piece.id, s.world.terrain(h), if shared { ", with another piece" } else { "" }),
                    )
                    .at_hex(id)
                    .rule(cite("5.21")),
                );
            }
        }
    }
}

//! SI401 — A siege tower or ram stands on a hex it cannot move over.

use super::super::cite;
use super::super::field::Field;
use crate::diagnostic::{Diagnostic, Location};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;

/// `SI401`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("SI401", "engine-on-flat-or-filled-moat", "siege", "A siege tower or ram stands on a hex it cannot move over.",
        "Every hex of a siege tower or battering ram is flat terrain or a moat hex with a `filled-moat` marker (the kind's `moves_on`).",
        "\"A siege tower can only move over flat terrain or filled moat\"; a ram moves the same way (4.31).",
        "A siege tower at 0805 facing N whose front hex 0804 is scrub.",
        "Siege 2.41, 4.31."),
    run: engine_terrain,
};

fn engine_terrain(s: &Scenario, out: &mut Vec<Diagnostic>) {
    let f = Field::new(s);
    for p in f.pieces {
        if p.def.moves_on.is_empty() {
            continue;
        }
        for &h in &p.hexes {
            let ok = p.def.moves_on.iter().any(|m| f.has(h, m) || f.marked(h, m));
            if !ok {
                let id = s.world.grid.to_printed(h);
                out.push(
                    Diagnostic::error(
                        CHECK.doc.code,
                        Location::here(format!("/pieces/{}/at", p.index)),
                        format!(
                            "the {} `{}` covers {id}, which is {}: it moves only over {}",
                            p.def.name.to_lowercase(),
                            p.piece.id,
                            s.world.terrain(h),
                            p.def.moves_on.join(" or ")
                        ),
                    )
                    .at_hex(id)
                    .rule(cite("2.41, 4.31")),
                );
            }
        }
    }
}

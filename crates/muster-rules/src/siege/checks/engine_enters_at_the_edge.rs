//! SI402 — A siege engine does not enter through the board edge.

use super::super::cite;
use super::super::field::Field;
use crate::diagnostic::{Diagnostic, Location};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;

/// `SI402`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("SI402", "engine-enters-at-the-edge", "siege", "A siege engine does not enter through the board edge.",
        "A siege tower or ram marked `entering` has its rearmost hex on the board edge and faces into the map (the hex behind it is off the map). One on the map without `entering` is a warning: the rules bring engines on at the start of the assault.",
        "\"At the start of the assault, the attacking player brings on the tower through one of the hexes at the board edge, having faced it in the desired direction.\"",
        "A tower marked `entering` at 0805, three hexes from the edge.",
        "Siege 2.41, 4.31."),
    run: entering,
};

fn entering(s: &Scenario, out: &mut Vec<Diagnostic>) {
    let f = Field::new(s);
    let g = &s.world.grid;
    for p in f.pieces.iter().filter(|p| !p.def.moves_on.is_empty()) {
        let loc = Location::here(format!("/pieces/{}", p.index));
        let back = p.def.line.iter().copied().min().unwrap_or(0);
        let Some(rear) = p.along(&s.world, back) else {
            continue;
        };
        let behind = p.along(&s.world, back - 1);
        if !p.piece.entering {
            out.push(
                Diagnostic::warning(
                    CHECK.doc.code,
                    loc,
                    format!("the {} `{}` starts on the map instead of entering through the board edge", p.def.name.to_lowercase(), p.piece.id),
                )
                .at_hex(g.to_printed(rear))
                .rule(cite("2.41"))
                .help("mark it `entering: true` at the edge, or record why the scenario starts it elsewhere"),
            );
            continue;
        }
        if behind.is_some_and(|h| g.contains(h)) {
            out.push(
                Diagnostic::error(
                    CHECK.doc.code,
                    Location::here(format!("/pieces/{}/at", p.index)),
                    format!(
                        "the {} `{}` enters through the board edge, but its rear hex {} is not on the edge facing in",
                        p.def.name.to_lowercase(),
                        p.piece.id,
                        g.to_printed(rear)
                    ),
                )
                .at_hex(g.to_printed(rear))
                .rule(cite("2.41"))
                .help("place it so that the hex behind its rear is off the map"),
            );
        }
    }
}

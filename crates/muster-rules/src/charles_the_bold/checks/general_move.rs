//! CB314 — a general moves at most 6 hexes (§2.1).

use super::super::cite;
use super::is_general;
use crate::diagnostic::{Diagnostic, Location};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;

/// `CB314`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("CB314", "general-move", "charles-the-bold", "A general's MP are more than the 6 hexes he may move.",
        "A general's `mp`, where given, is at most 6. He may move further only attached to a stand that makes several moves, which his own MP do not describe.",
        "\"A commander can be moved once per turn up to 6 hexes in his group's turn [...] but cannot make multiple moves by himself\": a general counter with more MP promises a move the rules never give.",
        "`(id: \"Constable\", kind: \"general\", mp: 8)`.",
        "Charles the Bold §2.1 Moving Commanders."),
    run,
};

/// The most hexes a general moves by himself in a turn (§2.1).
pub const GENERAL_MOVE: u32 = 6;

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    for (si, side) in s.file.sides.iter().enumerate() {
        for (ui, u) in side.units.iter().enumerate() {
            let Some(mp) = u.mp.filter(|mp| *mp > GENERAL_MOVE) else {
                continue;
            };
            if !is_general(s, si, ui) {
                continue;
            }
            out.push(
                Diagnostic::error(
                    CHECK.doc.code,
                    Location::here(format!("/sides/{si}/units/{ui}/mp")),
                    format!(
                        "general `{}` has {mp} MP; a commander moves up to {GENERAL_MOVE} hexes a turn",
                        u.id
                    ),
                )
                .rule(cite("§2.1"))
                .help(format!("write `mp: {GENERAL_MOVE}` (or less, as the scenario says); he goes further only attached to a stand making several moves")),
            );
        }
    }
}

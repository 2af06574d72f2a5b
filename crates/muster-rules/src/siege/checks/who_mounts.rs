//! SI413 — A horse's rider may not ride it.

use super::super::cite;
use crate::diagnostic::{Diagnostic, Location};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;
use crate::siege::vocabulary::unit_traits;

/// `SI413`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("SI413", "who-mounts", "siege", "A horse's rider may not ride it.",
        "A horse piece's `rider` is a unit of the scenario (`side/unit` where two sides share the id); a captured horse (one of the other side) is mounted only by a knight; mules are never ridden, and draft animals not either (ours).",
        "\"Only knights are able to mount a horse captured in combat\"; mules \"can never be mounted\". The text never says a draft horse or ox is ridden, only that it pulls a cart and is led like a riderless horse (5.11): that no one rides one is our reading.",
        "A sergeant named as the rider of a horse of the other side.",
        "Siege 3.33, 5.13."),
    run: mounting,
};

fn mounting(s: &Scenario, out: &mut Vec<Diagnostic>) {
    use crate::scenario::UnitLookup;
    for (i, p) in s.file.pieces.iter().enumerate() {
        let Some(rider) = &p.rider else { continue };
        let loc = Location::here(format!("/pieces/{i}/rider"));
        let Some(def) = super::super::field::piece_def(s.ruleset, &p.kind) else {
            continue;
        };
        if !def.rideable {
            let d = if def.draught {
                Diagnostic::error(
                    CHECK.doc.code,
                    loc,
                    format!("a {} is not ridden", def.name.to_lowercase()),
                )
                .rule(cite("5.11"))
                .help("our reading: 5.11 gives draft animals only as pulling a cart and led like riderless horses; the text never says they are ridden")
            } else if def.animal {
                Diagnostic::error(
                    CHECK.doc.code,
                    loc,
                    format!("a {} is never ridden", def.name.to_lowercase()),
                )
                .rule(cite("5.13"))
            } else {
                Diagnostic::error(
                    CHECK.doc.code,
                    loc,
                    format!(
                        "a {} is not a horse: no one rides it",
                        def.name.to_lowercase()
                    ),
                )
                .rule(cite("3.31, 3.33"))
                .help("characters go inside or on top of an engine: set them up in its hexes (with `level` on a siege tower, 2.46; beneath a ram, 4.31)")
            };
            out.push(d);
            continue;
        }
        let (si, ui) = match s.find_unit(rider) {
            UnitLookup::Found(si, ui) => (si, ui),
            UnitLookup::Ambiguous(sides) => {
                out.push(Diagnostic::error(
                    CHECK.doc.code,
                    loc,
                    format!(
                        "`{rider}` is a unit of {}: write `side/unit`",
                        sides.join(" and ")
                    ),
                ));
                continue;
            }
            UnitLookup::Unknown => {
                out.push(Diagnostic::error(
                    CHECK.doc.code,
                    loc,
                    format!("no unit `{rider}` in the scenario"),
                ));
                continue;
            }
        };
        let knight = s.unit(si, ui).1.is_some_and(|k| k.has(unit_traits::KNIGHT));
        let captured = s.file.sides[si].id != p.side;
        if captured && !knight {
            out.push(
                Diagnostic::error(
                    CHECK.doc.code,
                    loc,
                    format!("`{rider}` rides a horse of the other side, and only knights may mount a captured horse"),
                )
                .rule(cite("3.33")),
            );
        }
    }
}

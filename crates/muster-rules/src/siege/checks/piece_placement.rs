//! SI417 — A piece cannot be laid out on the map.

use super::super::cite;
use super::super::field::{place, PlaceError};
use crate::diagnostic::{Diagnostic, Location};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;

/// `SI417`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("SI417", "piece-placement", "siege", "A piece cannot be laid out on the map.",
        "Each piece names a kind of the ruleset and a side of the scenario, has a hex unless its kind may stand off the map (trebuchets, mangonels), has a facing if it covers more than one hex or is faced on a hexside, and all its hexes are on the map; piece ids are unique.",
        "The engine and the editor lay a piece out from its hex, facing and kind; a piece that cannot be laid out is checked by nothing else.",
        "A siege tower at 0101 facing N, whose front hex is off the map.",
        "Siege 2.4 (three hexes), 3.31 (two), 4.11 (engines off the map), 5.22 (screen facing)."),
    run: placement,
};

fn placement(s: &Scenario, out: &mut Vec<Diagnostic>) {
    let g = &s.world.grid;
    for (i, p) in s.file.pieces.iter().enumerate() {
        let field = |k: &str| Location::here(format!("/pieces/{i}/{k}"));
        if s.file.pieces[..i].iter().any(|q| q.id == p.id) {
            out.push(Diagnostic::error(
                CHECK.doc.code,
                field("id"),
                format!("two pieces are called `{}`", p.id),
            ));
        }
        let msg = match place(s, i, p) {
            Ok(_) => continue,
            Err(PlaceError::UnknownKind) => (field("kind"), format!("`{}` is not a piece of {}: {}", p.kind, s.ruleset.name, s.ruleset.pieces.iter().map(|d| d.id.as_str()).collect::<Vec<_>>().join(", "))),
            Err(PlaceError::UnknownSide) => (field("side"), format!("`{}` is not a side of the scenario", p.side)),
            Err(PlaceError::NeedsHex) => (Location::here(format!("/pieces/{i}")), format!("the {} `{}` has no hex, and only trebuchets and mangonels may stand off the map", p.kind, p.id)),
            Err(PlaceError::BadHex(e)) => (field("at"), e),
            Err(PlaceError::BadFacing) => (Location::here(format!("/pieces/{i}")), format!("the {} `{}` needs a facing, a hexside direction of the map's grid", p.kind, p.id)),
            Err(PlaceError::OffMap(hexes)) => (field("at"), format!("the {} `{}` runs off the map at {}", p.kind, p.id, hexes.iter().map(|h| g.to_printed(*h)).collect::<Vec<_>>().join(", "))),
        };
        out.push(
            Diagnostic::error(CHECK.doc.code, msg.0, msg.1).rule(cite("2.4, 3.31, 4.11, 5.22")),
        );
    }
}

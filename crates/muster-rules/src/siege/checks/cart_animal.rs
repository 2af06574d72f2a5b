//! SI407 — A cart's animal is missing or not in front of it.

use super::super::cite;
use super::super::field::Field;
use crate::diagnostic::{Diagnostic, Location};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;
use crate::siege::vocabulary::pieces;
use muster_hex::Hex;

/// `SI407`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("SI407", "cart-animal", "siege", "A cart's animal is missing or not in front of it.",
        "A cart names its `animal`, a draft animal piece; the animal's rear hex is one of the three hexes in front of the cart.",
        "\"The ox or the rear of the draft horse must be in one of the 3 hexes marked 'X'\" (in front of the cart).",
        "A cart at 0506 facing N with its ox at 0508, behind it.",
        "Siege 5.11."),
    run: cart_animal,
};

fn cart_animal(s: &Scenario, out: &mut Vec<Diagnostic>) {
    let f = Field::new(s);
    let g = &s.world.grid;
    let o = g.orientation();
    for p in f.pieces.iter().filter(|p| p.def.id == pieces::CART) {
        let loc = Location::here(format!("/pieces/{}", p.index));
        let Some(name) = &p.piece.animal else {
            out.push(
                Diagnostic::error(
                    CHECK.doc.code,
                    loc,
                    format!(
                        "the cart `{}` has no animal: carts are pulled by a draft horse or an ox",
                        p.piece.id
                    ),
                )
                .rule(cite("5.11"))
                .help("add `animal: \"<piece id>\"`"),
            );
            continue;
        };
        let loc = Location::here(format!("/pieces/{}/animal", p.index));
        let Some(animal) = f.pieces.iter().find(|q| &q.piece.id == name) else {
            out.push(
                Diagnostic::error(
                    CHECK.doc.code,
                    loc,
                    format!("no piece `{name}` pulls the cart `{}`", p.piece.id),
                )
                .rule(cite("5.11")),
            );
            continue;
        };
        if !animal.def.draught {
            out.push(
                Diagnostic::error(
                    CHECK.doc.code,
                    loc,
                    format!(
                        "`{name}` is a {}: carts are pulled by a draft horse or an ox",
                        animal.def.name.to_lowercase()
                    ),
                )
                .rule(cite("5.11")),
            );
            continue;
        }
        let (Some(face), Some(front)) = (
            p.facing,
            p.along(&s.world, p.def.line.iter().copied().max().unwrap_or(0)),
        ) else {
            continue;
        };
        let xs: Vec<Hex> = [face.rotated(5), face, face.rotated(1)]
            .iter()
            .map(|d| d.step(front, o))
            .collect();
        let back = animal.def.line.iter().copied().min().unwrap_or(0);
        let rear = animal
            .along(&s.world, back)
            .or(animal.hexes.first().copied());
        if !rear.is_some_and(|r| xs.contains(&r)) {
            out.push(
                Diagnostic::error(
                    CHECK.doc.code,
                    Location::here(format!("/pieces/{}/at", animal.index)),
                    format!(
                        "the {} `{name}` must have its rear in one of the three hexes in front of the cart `{}` ({})",
                        animal.def.name.to_lowercase(),
                        p.piece.id,
                        xs.iter().map(|h| g.to_printed(*h)).collect::<Vec<_>>().join(", ")
                    ),
                )
                .at_hex(rear.map(|h| g.to_printed(h)).unwrap_or_default())
                .rule(cite("5.11")),
            );
        }
    }
}

//! Checks on pieces: engines on flat ground or filled moat (2.41), entering at the board
//! edge (2.41), carts and their animals (5.11), screens (5.2), engines nobody enters
//! (3.43), and pieces that cannot be laid out.

use super::super::cite;
use super::super::field::{place, Field, PlaceError};
use crate::diagnostic::{Diagnostic, Location};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;
use muster_hex::Hex;

/// `SI401`.
pub const ENGINE_TERRAIN: ScenarioCheck = ScenarioCheck {
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
                        "SI401",
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

/// `SI402`.
pub const ENTERING: ScenarioCheck = ScenarioCheck {
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
                    "SI402",
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
                    "SI402",
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

/// `SI407`.
pub const CART_ANIMAL: ScenarioCheck = ScenarioCheck {
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
    for p in f.pieces.iter().filter(|p| p.def.id == "cart") {
        let loc = Location::here(format!("/pieces/{}", p.index));
        let Some(name) = &p.piece.animal else {
            out.push(
                Diagnostic::error(
                    "SI407",
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
                    "SI407",
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
                    "SI407",
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
                    "SI407",
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

/// `SI409`.
pub const SCREENS: ScenarioCheck = ScenarioCheck {
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
            let bad =
                (f.terrain(h).is_some_and(|t| t.no_horses) || f.marked(h, "rubble") || shared)
                    && !f.marked(h, "filled-moat");
            if bad {
                let id = s.world.grid.to_printed(h);
                out.push(
                    Diagnostic::error(
                        "SI409",
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

/// `SI410`.
pub const NO_ENTRY: ScenarioCheck = ScenarioCheck {
    doc: doc!("SI410", "engine-hex-occupied", "siege", "Something stands in a ballista's or engine's hex, or two pieces overlap.",
        "No character and no other piece is in the hex of a ballista, trebuchet or mangonel on the map; no two pieces share a hex (a horse may stand with nothing else). Set-up lines are read through the placement model: a line that fills its hexes is judged at each (an error per hex); an owner's choice is an error only when no legal arrangement exists, else a warning naming the hexes to avoid.",
        "\"No character can enter or pass through a hex occupied by a ballista\"; trebuchets and mangonels on the map have the same restrictions (4.22).",
        "A crossbowman set up in 0910 where the ballista stands.",
        "Siege 3.43, 4.22."),
    run: no_entry,
};

fn no_entry(s: &Scenario, out: &mut Vec<Diagnostic>) {
    let f = Field::new(s);
    let g = &s.world.grid;
    // Lines the field does not lay out one by one: judged through the placement model.
    super::characters::judge_choices(s, out, "SI410", &cite("3.43, 4.22"), |_, _, h| {
        let p = f.pieces_at(h).find(|p| p.def.no_entry)?;
        Some(format!(
            "the hex of the {} `{}`",
            p.def.name.to_lowercase(),
            p.piece.id
        ))
    });
    for p in f.pieces {
        for &h in &p.hexes {
            let id = g.to_printed(h);
            if p.def.no_entry {
                if let Some(c) = f.characters_at(h).next() {
                    out.push(
                        Diagnostic::error(
                            "SI410",
                            s.deployments[c.deployment].hex_location(h),
                            format!(
                                "a character is set up in {id}, the hex of the {} `{}`",
                                p.def.name.to_lowercase(),
                                p.piece.id
                            ),
                        )
                        .at_hex(id.clone())
                        .label(p.location(), "the engine is here")
                        .rule(cite("3.43, 4.22")),
                    );
                }
            }
            if let Some(q) = f.pieces_at(h).find(|q| q.index > p.index) {
                out.push(
                    Diagnostic::error(
                        "SI410",
                        q.location(),
                        format!(
                            "the {} `{}` overlaps the {} `{}` in {id}",
                            q.def.name.to_lowercase(),
                            q.piece.id,
                            p.def.name.to_lowercase(),
                            p.piece.id
                        ),
                    )
                    .at_hex(id)
                    .label(p.location(), "the other piece")
                    .rule(cite("3.43, 4.22"))
                    .help("our rule: two pieces never share a hex (the rules give each engine its own hexes)"),
                );
            }
        }
    }
}

/// `SI417`.
pub const PLACEMENT: ScenarioCheck = ScenarioCheck {
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
                "SI417",
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
        out.push(Diagnostic::error("SI417", msg.0, msg.1).rule(cite("2.4, 3.31, 4.11, 5.22")));
    }
}

//! SI410 — Something stands in a ballista's or engine's hex, or two pieces overlap.

use super::super::cite;
use super::super::field::Field;
use crate::diagnostic::Diagnostic;
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;

/// `SI410`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
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
    super::support::judge_choices(s, out, CHECK.doc.code, &cite("3.43, 4.22"), |_, _, h| {
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
                            CHECK.doc.code,
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
                        CHECK.doc.code,
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

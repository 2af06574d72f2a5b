//! SI420 — A ballista set up without the crew it needs beside it.

use super::super::cite;
use super::super::field::Field;
use crate::diagnostic::Diagnostic;
use crate::placement::{Assume, Holder};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;

/// `SI420`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("SI420", "engine-crew", "siege", "A ballista set up without the crew it needs beside it.",
        "An engine whose kind names a `crew` (a ballista: two characters, one of them an engineer) has that many characters of its side set up in the hexes next to it, one of them with the kind's `crew_trait`. The set-up is read through the placement model: an error when no arrangement of the set-up can crew it.",
        "\"Two characters must be adjacent to the ballista during those three turns for it to work. At least one of them must be an engineer (whether wounded or healthy).\" A ballista set up without its crew is set up to do nothing: most likely a hex or a unit mistyped.",
        "A ballista at 1215 with one engineer beside it.",
        "Siege 3.41."),
    run: crews,
};

fn crews(s: &Scenario, out: &mut Vec<Diagnostic>) {
    let f = Field::new(s);
    let g = &s.world.grid;
    for p in f.pieces.iter().filter(|p| p.def.crew > 0) {
        let (Some(side), Some(&at)) = (p.side, p.hexes.first()) else {
            continue;
        };
        // Everyone who may stand next to it (each hex counts once: one character a hex).
        let beside: Vec<Holder> = g
            .neighbors_on_map(at)
            .filter_map(|n| {
                s.placements
                    .held(n, Assume::Worst)
                    .into_iter()
                    .find(|o| o.side == side)
            })
            .collect();
        let has_trait = |o: &Holder| match (&p.def.crew_trait, o.unit) {
            (None, _) => true,
            // A line mixing unit types: the owner may put the right one there.
            (Some(_), None) => true,
            (Some(t), Some(u)) => s.unit(o.side, u).1.is_some_and(|k| k.has(t)),
        };
        let short = (beside.len() as u32) < p.def.crew;
        let no_trait = !beside.iter().any(has_trait);
        if !short && !no_trait {
            continue;
        }
        let name = p.def.name.to_lowercase();
        let msg = if short {
            format!(
                "the {name} `{}` at {} has {} character(s) of its side beside it; it needs {} to shoot",
                p.piece.id,
                g.to_printed(at),
                beside.len(),
                p.def.crew
            )
        } else {
            format!(
                "none of the characters beside the {name} `{}` at {} is an {}: one of its crew must be",
                p.piece.id,
                g.to_printed(at),
                p.def.crew_trait.as_deref().unwrap_or_default()
            )
        };
        out.push(
            Diagnostic::error(CHECK.doc.code, p.location(), msg)
                .at_hex(g.to_printed(at))
                .rule(cite("3.41"))
                .help("set up its crew in the hexes next to it"),
        );
    }
}

//! SI420 — A ballista set up without the crew it needs beside it.

use super::super::cite;
use super::super::field::Field;
use crate::diagnostic::Diagnostic;
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;

/// `SI420`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("SI420", "engine-crew", "siege", "A ballista set up without the crew it needs beside it.",
        "An engine whose kind names a `crew` (a ballista: two characters, one of them an engineer) has that many characters of its side set up in the hexes next to it, one of them with the kind's `crew_trait`. The set-up is read through the placement model (a matching: one character a hex, so one owner's-choice counter over two neighbouring hexes is one character): an error when no arrangement of the set-up can crew it. A mounted character set up on a certain hex is next to it by either hex of his horse (3.31: a mounted character occupies two hexes; ours, by analogy with how we read 1.44's friend next to the target: the text does not say which hex of a horse counts for a crew). A burnt-out engine (a `destroyed` marker on it, 3.55) needs no crew.",
        "\"Two characters must be adjacent to the ballista during those three turns for it to work. At least one of them must be an engineer (whether wounded or healthy).\" A ballista set up without its crew is set up to do nothing: most likely a hex or a unit mistyped.",
        "A ballista at 1215 with one engineer beside it.",
        "Siege 3.41."),
    run: crews,
};

fn crews(s: &Scenario, out: &mut Vec<Diagnostic>) {
    let f = Field::new(s);
    let g = &s.world.grid;
    // A burnt-out engine is destroyed (3.55): nothing to crew.
    for p in f
        .pieces
        .iter()
        .filter(|p| p.def.crew > 0 && !f.burnt_out(p))
    {
        let (Some(side), Some(&at)) = (p.side, p.hexes.first()) else {
            continue;
        };
        // How many characters of its side can stand next to it at once (a matching: one
        // counter a hex, an owner's choice over two neighbouring hexes is one character).
        let beside: Vec<_> = g.neighbors_on_map(at).collect();
        let ours = |l: &crate::placement::Line| {
            if l.side == side {
                l.counters.iter().map(|c| c.count).sum()
            } else {
                0
            }
        };
        // A mounted character whose horse's second hex only is next to it (3.31: a horse
        // occupies two hexes; his head stands elsewhere, so he takes no hex of the matching).
        let by_tail = f
            .characters
            .iter()
            .filter(|c| {
                c.side == side
                    && !beside.contains(&c.hex)
                    && c.tail.is_some_and(|t| beside.contains(&t))
            })
            .count();
        let most = s.placements.most_at_once(&beside, ours, None) + by_tail;
        let trait_ok = |l: &crate::placement::Line| {
            l.counters.iter().any(|c| match &p.def.crew_trait {
                None => true,
                Some(t) => s.unit(l.side, c.unit).1.is_some_and(|k| k.has(t)),
            })
        };
        // With one of the crew pinned on a neighbouring hex: the most with such a one.
        let with_trait = s
            .placements
            .lines()
            .iter()
            .enumerate()
            .filter(|(_, l)| l.on_map() && l.side == side && trait_ok(l))
            .flat_map(|(li, l)| {
                l.hexes
                    .iter()
                    .filter(|h| beside.contains(h))
                    .map(move |h| (li, *h))
            })
            .map(|pin| s.placements.most_at_once(&beside, ours, Some(pin)) + by_tail)
            .max()
            .unwrap_or(0);
        let short = (most as u32) < p.def.crew;
        let no_trait = (with_trait as u32) < p.def.crew;
        if !short && !no_trait {
            continue;
        }
        let name = p.def.name.to_lowercase();
        let msg = if short {
            format!(
                "the {name} `{}` at {} can have at most {} character(s) of its side beside it at once; it needs {} to shoot",
                p.piece.id,
                g.to_printed(at),
                most,
                p.def.crew
            )
        } else {
            format!(
                "no arrangement of the set-up puts {} characters beside the {name} `{}` at {} with an {} among them: one of its crew must be",
                p.def.crew,
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

//! CB312 — a side draws each army-list line from one list only.

use super::super::cite;
use crate::diagnostic::{Diagnostic, Location};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;

/// `CB312`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("CB312", "duplicate-list-line", "charles-the-bold", "Two army lists a side draws on define the same line id.",
        "For each side, the lists it draws on (its own `army_lists`, then the scenario's shared ones) define every line id once.",
        "A stand's `list_entry` must name one row of the printed list; two rows of the same id make it a guess (the Burgundian archers must not take the English row).",
        "Both lists shared by the two sides define `archers`: give each side its own list in the side's `army_lists`.",
        "Charles the Bold §16 Reading the Army List; which list a side uses is the scenario's (§15)."),
    run,
};

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    for (si, side) in s.file.sides.iter().enumerate() {
        let mut seen: Vec<(&str, &str)> = Vec::new(); // (line id, pointer of its list)
        for l in s.lists.of_side(si) {
            for e in &l.list.entries {
                match seen.iter().find(|(id, _)| *id == e.id) {
                    Some((_, first)) if *first != l.pointer => {
                        out.push(
                            Diagnostic::error(
                                CHECK.doc.code,
                                Location::here(l.pointer.clone()),
                                format!("{} draws on two army lists that both define the line `{}`", side.name, e.id),
                            )
                            .label(Location::here(first.to_string()), "the other list defining it")
                            .rule(cite("§16"))
                            .help("give each side its own list in the side's `army_lists`, or rename one of the lines"),
                        );
                    }
                    Some(_) => {} // one list repeating an id: CB307 on the list file
                    None => seen.push((e.id.as_str(), l.pointer.as_str())),
                }
            }
        }
    }
}

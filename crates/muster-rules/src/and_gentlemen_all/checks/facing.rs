//! AG213 — every regiment's set-up line faces a hexside (§7, §8).

use super::super::cite;
use crate::and_gentlemen_all::fields;
use crate::diagnostic::{Diagnostic, Location};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;
use muster_hex::{Corner, Direction};

/// `AG213`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("AG213", "regiment-facing", "and-gentlemen-all", "A regiment's set-up line gives no hexside facing.",
        "Every set-up line that places a regiment has a `facing` that is a hexside direction of the grid (flat: N, NE, SE, S, SW, NW; pointy: NE, E, SE, SW, W, NW); a corner (`E` on a flat grid) or no facing is an error (a facing that names no direction or corner at all is MU085's). Generals' lines need none.",
        "Every unit has a front: \"Units may fire at enemy targets ... within a 45° arc of their front\" (§7), \"Units in contact with enemy to their front may conduct melee combat\" and \"Contacted in Flank\", \"Contacted in Rear\" (§8), \"behind flank\" (§9). Fire, melee and morale read the front, flanks and rear from the set-up line's facing, so a regiment without one cannot be asked about. The text does not ask a scenario to write a facing down (on a table the figures show it); that the facing is written on the set-up line, and is a hexside (the line of stands lies along it), is ours, on hexes.",
        "`(units: [\"Blue Regiment\"], at: Hexes([\"0812\"]))`, or `facing: \"E\"` on a flat grid (a corner).",
        "And Gentlemen All §7 Fire combat (the arc of the front); §8 Melee combat (front, flank, rear); §9 Morale (behind flank)."),
    run,
};

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    let o = s.world.grid.orientation();
    let names: Vec<&str> = Direction::ALL.iter().map(|d| d.name(o)).collect();
    for (si, side) in s.file.sides.iter().enumerate() {
        for (i, e) in side.setup.iter().enumerate() {
            let regiments: Vec<&str> = e
                .units
                .iter()
                .filter(|r| {
                    side.units
                        .iter()
                        .any(|u| u.id == r.unit && fields::unit(u).regiment.is_some())
                })
                .map(|r| r.unit.as_str())
                .collect();
            let Some(first) = regiments.first() else {
                continue;
            };
            let (at, message) = match &e.facing {
                Some(f) if Direction::from_name(f, o).is_some() => continue,
                // A facing that is no direction or corner at all is MU085's.
                Some(f) if Corner::from_name(f, o).is_none() => continue,
                Some(f) => (
                    format!("/sides/{si}/setup/{i}/facing"),
                    format!("`{first}` faces `{f}`, a corner of its hex, not a hexside"),
                ),
                None => (
                    format!("/sides/{si}/setup/{i}"),
                    format!("the set-up gives `{first}` no facing"),
                ),
            };
            out.push(
                Diagnostic::error(CHECK.doc.code, Location::here(at), message)
                    .rule(cite("§7, §8"))
                    .help(format!(
                        "face a hexside ({}): its front, flanks and rear (§7's arc, §8's contact, §9's behind flank) are read from it (ours: a regiment faces a hexside of its hex)",
                        names.join(", ")
                    )),
            );
        }
    }
}

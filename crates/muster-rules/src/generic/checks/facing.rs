//! A set-up line's facing names a direction or corner of the grid.

use crate::diagnostic::{Diagnostic, Location};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;
use muster_hex::{Corner, Direction};

/// `MU085`: unknown facing.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("MU085", "facing", "generic", "A set-up line's facing is not a direction or corner of the grid.",
        "`facing` is a hexside direction of the map's orientation (flat: N, NE, SE, S, SW, NW; pointy: NE, E, SE, SW, W, NW) or a corner (for stands that face a vertex).",
        "Facing decides front, flank and rear; a misspelt facing would be silently ignored.",
        "`facing: \"NNE\"`.",
        "Muster file format; the facing rules of the game system."),
    run,
};

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    let o = s.world.grid.orientation();
    for (si, side) in s.file.sides.iter().enumerate() {
        for (i, e) in side.setup.iter().enumerate() {
            let Some(f) = &e.facing else { continue };
            if Direction::from_name(f, o).is_none() && Corner::from_name(f, o).is_none() {
                let names: Vec<&str> = Direction::ALL.iter().map(|d| d.name(o)).collect();
                out.push(
                    Diagnostic::error(
                        CHECK.doc.code,
                        Location::here(format!("/sides/{si}/setup/{i}/facing")),
                        format!("`{f}` is not a facing on this grid"),
                    )
                    .help(format!("face a side ({}) or a corner", names.join(", "))),
                );
            }
        }
    }
}

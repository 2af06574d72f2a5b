//! CB305 — every stand faces a point of its hex (§3.0).

use super::super::cite;
use super::is_general;
use crate::diagnostic::Diagnostic;
use crate::diagnostic::Location;
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;
use muster_hex::Corner;

/// `CB305`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("CB305", "stand-facing", "charles-the-bold", "A stand has no facing, or faces a side instead of a point.",
        "Every set-up line of stands gives `facing:` as a corner of the hex (flat grids: NE, E, SE, SW, W, NW).",
        "\"All stands must face one of the points of the hex they are in\": front, flank and rear, fire and command depend on it.",
        "`facing: \"N\"` on a flat grid (a side, not a point).",
        "Charles the Bold §3.0 Movement."),
    run,
};

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    let o = s.world.grid.orientation();
    for (si, side) in s.file.sides.iter().enumerate() {
        for (i, e) in side.setup.iter().enumerate() {
            let stands = e.units.iter().any(|u| {
                side.units
                    .iter()
                    .position(|x| x.id == u.unit)
                    .is_some_and(|ui| !is_general(s, si, ui))
            });
            if !stands {
                continue;
            }
            match &e.facing {
                None => out.push(
                    Diagnostic::error(
                        CHECK.doc.code,
                        Location::here(format!("/sides/{si}/setup/{i}")),
                        "these stands have no facing",
                    )
                    .rule(cite("§3.0"))
                    .help("add `facing:` with a point of the hex, e.g. \"NE\""),
                ),
                Some(f) if Corner::from_name(f, o).is_none() => out.push(
                    Diagnostic::error(
                        CHECK.doc.code,
                        Location::here(format!("/sides/{si}/setup/{i}/facing")),
                        format!("`{f}` is not a point of the hex: stands face a vertex"),
                    )
                    .rule(cite("§3.0")),
                ),
                _ => {}
            }
        }
    }
}

//! CB304 — one stand a hex; generals may share (§1.2, §2.1).

use super::super::cite;
use crate::diagnostic::{Diagnostic, Location};
use crate::placement::{squeezed_finding, Collision};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;

/// `CB304`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("CB304", "one-stand-a-hex", "charles-the-bold", "Two stands set up in one hex.",
        "No hex holds two stands at set-up (a stand's extra ranks are part of it, in its one hex); generals may be in a hex with a stand. Read through the placement model: two lines that each fill their hexes naming one hex, a line with more stands than hexes (`3x English Foot` at one hex), and owner's-choice lines that cannot all fit (each colliding line labelled).",
        "Stands must fit a 4\" hex; multi-rank stands are one unit and cannot be split (§7.4).",
        "Two set-up lines both naming 0606.",
        "Charles the Bold §1.2 Stands, §2.1, §7.4."),
    run,
};

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    let g = &s.world.grid;
    for c in s.placements.collisions().iter().cloned() {
        let d = match c {
            Collision::Shared { hex, lines, .. } => {
                let id = g.to_printed(hex);
                Diagnostic::error(
                    CHECK.doc.code,
                    s.deployments[lines[1]].hex_location(hex),
                    format!("two stands set up in {id}"),
                )
                .at_hex(id)
                .label(
                    s.deployments[lines[0]].hex_location(hex),
                    "the other stand is here",
                )
            }
            Collision::Overfull { line } => {
                let l = s.placements.line(line);
                let dep = &s.deployments[line];
                let message = match l.hexes.as_slice() {
                    [one] => format!(
                        "{} stands set up in the one hex {}",
                        l.bound,
                        g.to_printed(*one)
                    ),
                    many => format!(
                        "{} stands set up over the {} hexes of this line: some must share",
                        l.bound,
                        many.len()
                    ),
                };
                let d = Diagnostic::error(
                    CHECK.doc.code,
                    Location::here(format!("{}/units", dep.pointer)),
                    message,
                )
                .label(Location::here(dep.zone_pointer.clone()), "the hexes")
                .help("one stand a hex: give each stand its own hex");
                match l.hexes.as_slice() {
                    [one] => d.at_hex(g.to_printed(*one)),
                    _ => d,
                }
            }
            Collision::Squeezed {
                lines,
                hexes,
                counters,
            } => squeezed_finding(s, CHECK.doc.code, "stands", &lines, &hexes, counters),
        };
        out.push(d.rule(cite("§1.2")));
    }
}

//! CB304 — one stand a hex; generals may share (§1.2, §2.1).

use super::super::cite;
use crate::diagnostic::Diagnostic;
use crate::occupancy::certain_combat;
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;

/// `CB304`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("CB304", "one-stand-a-hex", "charles-the-bold", "Two stands set up in one hex.",
        "No hex holds two stands at set-up (a stand's extra ranks are part of it); generals may be in a hex with a stand.",
        "Stands must fit a 4\" hex; multi-rank stands are one unit and cannot be split (§7.4).",
        "Two set-up lines both naming 0606.",
        "Charles the Bold §1.2 Stands, §2.1, §7.4."),
    run,
};

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    let mut clashes: Vec<_> = certain_combat(s)
        .into_iter()
        .filter(|(_, v)| v.len() > 1)
        .collect();
    clashes.sort_by_key(|(h, _)| s.world.grid.to_printed(*h));
    for (h, lines) in clashes {
        let id = s.world.grid.to_printed(h);
        out.push(
            Diagnostic::error(
                "CB304",
                s.deployments[lines[1]].hex_location(h),
                format!("two stands set up in {id}"),
            )
            .at_hex(id)
            .label(
                s.deployments[lines[0]].hex_location(h),
                "the other stand is here",
            )
            .rule(cite("§1.2")),
        );
    }
}

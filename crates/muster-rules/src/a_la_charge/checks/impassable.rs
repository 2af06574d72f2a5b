//! AC102 — units set up only where they may be.

use crate::a_la_charge::cite;
use crate::diagnostic::Diagnostic;
use crate::placement::Stakes;
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;

/// `AC102`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("AC102", "impassable-setup", "a-la-charge", "A unit is set up in a hex no unit may enter.",
        "Through the placement model: a set-up line that fills its hexes puts a unit on every one of them, so each must be terrain units may enter (an error per hex); an owner's-choice line is an error when its units cannot all be placed on enterable hexes, and otherwise a warning naming the hexes the owner must avoid.",
        "A unit cannot stand where it could never move; usually a wrong hex id or a mis-painted map.",
        "A unit set up on a river hex.",
        "A la Charge §9 (terrain costs; the Terrain Effects Table is not printed: the ruleset says which terrain cannot be entered)."),
    run,
};

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    let closed = |h| {
        let t = s.world.terrain(h);
        let enterable = s
            .ruleset
            .terrain
            .iter()
            .any(|d| d.id == t && d.mp.is_some());
        (!enterable).then(|| format!("{t} and cannot be entered"))
    };
    for (i, l) in s.placements.lines().iter().enumerate() {
        if !l.on_map() {
            continue;
        }
        let verdict = s.placements.judge(i, |_, h| closed(h));
        out.extend(verdict.report(
            s,
            i,
            CHECK.doc.code,
            &cite(s, "§9"),
            Stakes::Forbidden,
            |m| {
                format!(
                    "a unit is set up in {}, which is {}",
                    s.world.grid.to_printed(m.hex),
                    m.why
                )
            },
        ));
    }
}

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
        "A la Charge §9 (terrain costs MP per the Terrain Effects Table, which is not printed). Which terrain cannot be entered is the ruleset's, Supplied, ours: §9 does not say it (for a river, 2nd St Albans prints \"cross the river only through the bridges\")."),
    run,
};

/// Why no unit may stand on `h`: its terrain cannot be entered (the ruleset gives it no
/// movement cost). The arrangement avoids it too (the system's `stand_rule`).
pub(crate) fn closed(s: &Scenario, h: muster_hex::Hex) -> Option<String> {
    let t = s.world.terrain(h);
    let enterable = s
        .ruleset
        .terrain
        .iter()
        .any(|d| d.id == t && d.mp.is_some());
    (!enterable).then(|| format!("{t} and cannot be entered"))
}

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    for (i, verdict) in s.judge_all(|_| true, |_, _, h| closed(s, h)) {
        out.extend(verdict.report(
            s,
            i,
            CHECK.doc.code,
            &cite(
                s,
                "§9 (terrain costs MP per the unprinted Terrain Effects Table); that this terrain cannot be entered is the ruleset's, Supplied, ours",
            ),
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

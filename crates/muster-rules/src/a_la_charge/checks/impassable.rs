//! AC102 — units set up only where they may be.

use crate::a_la_charge::cite;
use crate::diagnostic::Diagnostic;
use crate::occupancy::counts;
use crate::registry::ScenarioCheck;
use crate::scenario::{DeployKind, Scenario};

/// `AC102`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("AC102", "impassable-setup", "a-la-charge", "A unit is set up in a hex no unit may enter.",
        "Every hex a set-up line fills has terrain that units may enter, and an owner's-choice line has enough enterable hexes for its combat units.",
        "A unit cannot stand where it could never move; usually a wrong hex id or a mis-painted map.",
        "A unit set up on a river hex.",
        "A la Charge §9 (terrain costs; the Terrain Effects Table is not printed: the ruleset says which terrain cannot be entered)."),
    run,
};

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    let enterable = |h| {
        s.ruleset
            .terrain
            .iter()
            .any(|t| t.id == s.world.terrain(h) && t.mp.is_some())
    };
    for (i, d) in s.deployments.iter().enumerate() {
        if !matches!(d.kind, DeployKind::Setup { .. }) || d.hexes.is_empty() {
            continue;
        }
        let c = counts(s, i);
        let filled = d.hexes.len() == 1 || c.combat as usize >= d.hexes.len();
        if filled {
            for h in d.hexes.iter().filter(|h| !enterable(**h)) {
                let id = s.world.grid.to_printed(*h);
                out.push(
                    Diagnostic::error(
                        "AC102",
                        d.hex_location(*h),
                        format!(
                            "a unit is set up in {id}, which is {} and cannot be entered",
                            s.world.terrain(*h)
                        ),
                    )
                    .at_hex(id)
                    .rule(cite(s, "§9")),
                );
            }
        } else {
            let ok = d.hexes.iter().filter(|h| enterable(**h)).count();
            if ok < c.combat as usize {
                out.push(
                    Diagnostic::error(
                        "AC102",
                        crate::diagnostic::Location::here(d.zone_pointer.clone()),
                        format!(
                            "{} combat units but only {ok} hexes of the zone can be entered",
                            c.combat
                        ),
                    )
                    .rule(cite(s, "§9")),
                );
            }
        }
    }
}

//! CB308 — infantry charges cavalry only where the scenario allows (§10).

use super::super::cite;
use crate::charles_the_bold::fields;
use crate::diagnostic::{Diagnostic, Location};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;

/// `CB308`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("CB308", "charge-cavalry", "charles-the-bold", "Infantry may charge cavalry without the scenario saying so, or a stand that cannot charge is set to.",
        "A stand with `charges_cavalry: true` is infantry (HI, Bills, LI, LSp, Pk, WB: the key of abbreviations prints \"Bills - Infantry armed with pole arms\") with an impact factor above 0, and a special rule of the scenario allows it: `MayContactCavalry(units: [...])` naming the stand (its id, or `side/id`). A rule kept as text allows nothing: a rule that forbids it would read the same to a word search.",
        "\"Most infantry will not charge MC or HC. Those infantry that can move to contact cavalry will be specified in the scenarios.\"",
        "Swiss pikes set to charge cavalry in a scenario whose special rules do not mention them.",
        "Charles the Bold §10 Melee."),
    run,
};

/// Infantry with an impact factor: the only stands a scenario may let contact cavalry.
fn may_charge(e: &muster_model::ListEntry) -> bool {
    ["HI", "Bills", "LI", "LSp", "Pk", "WB"]
        .iter()
        .any(|t| e.has(t))
        && e.impact > 0
}

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    // The permission itself names only infantry with an impact factor.
    for (i, r) in s.file.special_rules.iter().enumerate() {
        let muster_model::Effect::MayContactCavalry { units } = &r.rule else {
            continue;
        };
        for (k, name) in units.iter().enumerate() {
            let crate::scenario::UnitLookup::Found(si, ui) = s.find_unit(name) else {
                continue; // MU065 reports it
            };
            if s.list_entry(si, ui).is_some_and(|e| !may_charge(e)) {
                out.push(
                    Diagnostic::error(
                        CHECK.doc.code,
                        Location::here(format!("/special_rules/{i}/rule/MayContactCavalry/units/{k}")),
                        format!("`{name}` is not infantry with an impact factor; only such stands may be allowed to contact cavalry"),
                    )
                    .rule(cite("§10")),
                );
            }
        }
    }
    for (si, side) in s.file.sides.iter().enumerate() {
        for (ui, u) in side.units.iter().enumerate() {
            if !fields::unit(u).charges_cavalry {
                continue;
            }
            let loc = Location::here(format!("/sides/{si}/units/{ui}/charges_cavalry"));
            if let Some(e) = s.list_entry(si, ui) {
                if !may_charge(e) {
                    out.push(Diagnostic::error(CHECK.doc.code, loc.clone(), format!("`{}` is not infantry with an impact factor; only such stands may be allowed to charge cavalry", u.id)).rule(cite("§10")));
                    continue;
                }
            }
            let side_id = &side.id;
            let allowed = s.file.special_rules.iter().any(|r| {
                matches!(&r.rule, muster_model::Effect::MayContactCavalry { units }
                    if units.iter().any(|x| *x == u.id || x.split_once('/') == Some((side_id.as_str(), u.id.as_str()))))
            });
            if !allowed {
                out.push(Diagnostic::error(CHECK.doc.code, loc, format!("`{}` is set to charge cavalry but no special rule of the scenario allows it", u.id)).rule(cite("§10")).help("add the scenario's permission as a special rule: `rule: MayContactCavalry(units: [\"...\"])` naming the stand"));
            }
        }
    }
}

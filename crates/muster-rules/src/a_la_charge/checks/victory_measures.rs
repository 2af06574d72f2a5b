//! AC112 — a victory condition counts an army morale level or a rout threshold the side
//! does not have (§13; 2nd St Albans).

use crate::a_la_charge::SECOND_ST_ALBANS;
use crate::diagnostic::{Diagnostic, Location};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;

/// `AC112`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("AC112", "victory-without-measure", "a-la-charge", "A victory condition counts an army morale level or a rout threshold that the side does not have.",
        "For every victory condition: each side named by `ArmyMoraleExceeded` has an `army_morale` level; every side has one when `ArmyMoraleExceededByLeast` is used (it compares all sides' excesses); each side named by `Routed` has a `rout` threshold.",
        "A condition on a measure the side lacks can never be decided: the victory it grants is silently unreachable.",
        "`when: Routed(\"yorkists\")` while the Yorkist side has no `rout: (units_lost: …)`.",
        "A la Charge (Normans and Byzantines) §13 Victory Conditions; (The Red Rose and the White) 2nd St Albans (printed as a second §13.1)."),
    run,
};

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    let sides = &s.file.sides;
    for (i, v) in s.file.victory.iter().enumerate() {
        let at = format!("/victory/{i}/when");
        let mut missing_level: Vec<&str> = Vec::new();
        for r in v.when.army_morale_refs() {
            let lacking = sides
                .iter()
                .filter(|side| super::super::fields::side(side).army_morale.is_none())
                .filter(|side| r.is_none_or(|id| side.id == id));
            for side in lacking {
                if !missing_level.contains(&side.id.as_str()) {
                    missing_level.push(&side.id);
                }
            }
        }
        for id in missing_level {
            out.push(
                Diagnostic::error(
                    CHECK.doc.code,
                    Location::here(at.clone()),
                    format!("the victory condition counts the army morale level of `{id}`, which has none"),
                )
                .rule("A la Charge (Normans and Byzantines) §13 Victory Conditions")
                .help(format!("give side `{id}` its `army_morale` from the scenario's Army Morale Levels, or drop the condition")),
            );
        }
        let mut missing_rout: Vec<&str> = Vec::new();
        for id in v.when.rout_refs() {
            let lacking = sides
                .iter()
                .any(|side| side.id == id && super::super::fields::side(side).rout.is_none());
            if lacking && !missing_rout.contains(&id) {
                missing_rout.push(id);
            }
        }
        for id in missing_rout {
            out.push(
                Diagnostic::error(
                    CHECK.doc.code,
                    Location::here(at.clone()),
                    format!("the victory condition needs `{id}` routed, but that side has no rout threshold"),
                )
                .rule(SECOND_ST_ALBANS)
                .help(format!("give side `{id}` a `rout: (units_lost: …)` as the scenario prints it (\"routed when they have lost 9 units\"), or drop the condition")),
            );
        }
    }
}

//! AC105 — an army morale level must be reachable (§13).

use crate::a_la_charge::cite;
use crate::diagnostic::{Diagnostic, Location};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;
use muster_model::Provenance;

/// `AC105`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("AC105", "unreachable-army-morale", "a-la-charge", "A side's army morale level can never be exceeded.",
        "Adds the morale (= strength, §3) of every combat unit of the side and 4 for its commander; if that total is not above the side's army morale level, the side can never lose by morale.",
        "A level that can never be exceeded makes the side unbreakable: usually a mistyped level or missing units.",
        "Army morale 40 for a side whose units total 30 morale plus 4 for the commander.",
        "A la Charge (Normans and Byzantines) §13 Victory Conditions."),
    run,
};

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    for (si, side) in s.file.sides.iter().enumerate() {
        let Some(level) = super::super::fields::side(side).army_morale else {
            continue;
        };
        let mut total: i64 = 0;
        let mut supplied = false;
        for (ui, u) in side.units.iter().enumerate() {
            let (_, kind) = s.unit(si, ui);
            if kind.is_some_and(|k| k.leader || k.stacks) {
                continue;
            }
            total += u.steps.first().map(|st| st.strength as i64).unwrap_or(0) * u.count as i64;
            supplied |= u.provenance == Provenance::Supplied;
        }
        let commander = if side.commander.is_some() { 4 } else { 0 };
        if total + commander <= level as i64 {
            let mut d = Diagnostic::warning(CHECK.doc.code, Location::here(format!("/sides/{si}/army_morale")), format!("{} can lose at most {} morale ({total} from its units + {commander} for its commander), never more than its level {level}", side.name, total + commander))
                .rule(cite(s, "§13"));
            if supplied {
                d = d.help("some unit values are supplied by us (the print does not give them): check them before the level");
            }
            out.push(d);
        }
    }
}

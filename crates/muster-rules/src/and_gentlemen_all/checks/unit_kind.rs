//! AG215 — A unit of a type the ruleset does not have.

use super::super::cite;
use crate::diagnostic::Diagnostic;
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;

/// `AG215`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("AG215", "unit-kind", "and-gentlemen-all", "A unit of a type the ruleset does not have.",
        "Every unit's `kind` is one of the unit types of the And Gentlemen All ruleset (foot, horse, dragoons, light-artillery, heavy-artillery, general); an unknown kind is reported at the unit with the nearest type as a did-you-mean, or the list of types when none is close.",
        "The unit type decides movement, fire, melee and morale; a misspelt kind made a unit that no rule checks, silently.",
        "`kind: \"dragons\"` for `dragoons`.",
        "And Gentlemen All §3: the unit types."),
    run,
};

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    crate::unit_kinds::unknown_kinds(s, CHECK.doc.code, &cite("§3"), out);
}

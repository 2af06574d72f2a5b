//! CB315 — A unit of a kind the ruleset does not have.

use super::super::cite;
use crate::diagnostic::Diagnostic;
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;

/// `CB315`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("CB315", "unit-kind", "charles-the-bold", "A unit of a kind the ruleset does not have.",
        "Every unit's `kind` is one of the kinds of the Charles the Bold ruleset (stand, general); an unknown kind is reported at the unit with the nearest kind as a did-you-mean, or the list of kinds when none is close.",
        "Whether a unit is a general or a stand decides command, stacking and which army-list line it needs; a misspelt kind made a unit that no rule checks, silently.",
        "`kind: \"stamd\"` for `stand`.",
        "Charles the Bold §1.1, §1.2: generals and stands."),
    run,
};

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    crate::unit_kinds::unknown_kinds(s, CHECK.doc.code, &cite("§1.1, §1.2"), out);
}

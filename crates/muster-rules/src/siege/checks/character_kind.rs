//! SI422 — A character of a kind the ruleset does not have.

use super::super::cite;
use crate::diagnostic::Diagnostic;
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;

/// Where the character kinds come from: the sections the ruleset's kinds cite (section
/// 1, which describes the counters, is not in the text).
const KINDS: &str =
    "6.1, 6.22 (the character kinds; section 1, which describes the counters, is not in the text)";

/// `SI422`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("SI422", "character-kind", "siege", "A character of a kind the ruleset does not have.",
        "Every unit's `kind` is one of the character kinds of the Siege ruleset (knight, mounted-knight, sergeant, soldier, crossbowman, archer, longbowman, engineer, peasant, civilian); an unknown kind is reported at the unit with the nearest kind as a did-you-mean, or the list of kinds when none is close.",
        "Every Siege rule reads a character's kind: who may shoot and with which bow, who crews a ballista, who panics, who may be ransomed, who rides. A misspelt kind made a character that no rule checks, silently.",
        "`kind: \"crosbowman\"` for `crossbowman`.",
        "Siege 6.1, 6.22: the character kinds of the ruleset."),
    run,
};

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    crate::unit_kinds::unknown_kinds(s, CHECK.doc.code, &cite(KINDS), out);
}

//! Variant options must be ones the ruleset offers.

use crate::diagnostic::{Diagnostic, Location};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;

/// `MU080`: unknown option.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!(
        "MU080",
        "unknown-option",
        "generic",
        "The scenario switches on an option the ruleset does not offer.",
        "Every entry of `options` is an option id of the ruleset.",
        "A misspelt option is silently ignored by every rule that looks for it.",
        "`options: [\"hill-blocks-fire\"]` for `hills-block-fire`.",
        "The ruleset's options."
    ),
    run,
};

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    for (i, o) in s.file.options.iter().enumerate() {
        if !s.ruleset.options.iter().any(|d| &d.id == o) {
            let ids: Vec<_> = s.ruleset.options.iter().map(|d| d.id.as_str()).collect();
            out.push(
                Diagnostic::error(
                    CHECK.doc.code,
                    Location::here(format!("/options/{i}")),
                    format!("{} has no option `{o}`", s.ruleset.name),
                )
                .help(format!("its options are {}", ids.join(", "))),
            );
        }
    }
}

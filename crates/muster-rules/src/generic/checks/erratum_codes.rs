//! An erratum must name a code Muster has.

use crate::diagnostic::{Diagnostic, Location};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;

/// `MU071`: erratum for an unknown code.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!(
        "MU071",
        "erratum-code",
        "generic",
        "An erratum names a diagnostic code that does not exist.",
        "The `code` of every erratum is a code listed by `muster explain --list`.",
        "An erratum for a code that does not exist waives nothing.",
        "`code: \"AC001\"` when stacking is `AC101`.",
        "Muster: errata record known faults of the printed source."
    ),
    run,
};

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    for (i, e) in s.file.errata.iter().enumerate() {
        if let Some(code) = &e.code {
            if crate::registry::explain(code).is_none() {
                out.push(
                    Diagnostic::error(
                        CHECK.doc.code,
                        Location::here(format!("/errata/{i}/code")),
                        format!("`{code}` is not a Muster diagnostic code"),
                    )
                    .help("run `muster explain --list`"),
                );
            }
        }
    }
}

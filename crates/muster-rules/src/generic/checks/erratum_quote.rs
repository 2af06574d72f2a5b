//! An erratum quotes what the source prints.

use crate::diagnostic::{Diagnostic, Location};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;

/// `MU072`: erratum with an empty quote.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!(
        "MU072",
        "erratum-quote",
        "generic",
        "An erratum's `printed` quote is empty.",
        "The `printed` of every erratum holds some text other than spaces: what the source prints.",
        "An erratum with a code waives that finding; without the quote nothing records what the printed source got wrong, and one click of the \"Record as an erratum\" code action could turn an error green for good (review finding 15).",
        "`printed: \"\"` or `printed: \"   \"`.",
        "Muster: errata record known faults of the printed source."
    ),
    run,
};

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    for (i, e) in s.file.errata.iter().enumerate() {
        if e.printed.trim().is_empty() {
            let what = if e.printed.is_empty() {
                "empty"
            } else {
                "only white space"
            };
            out.push(
                Diagnostic::error(
                    CHECK.doc.code,
                    Location::here(format!("/errata/{i}/printed")),
                    format!("this erratum's `printed` quote is {what}"),
                )
                .help(
                    "copy into `printed` what the source prints (the set-up line or the \
                     rule's words as they stand), so the erratum records what it waives",
                ),
            );
        }
    }
}

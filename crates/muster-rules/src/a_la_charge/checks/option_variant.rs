//! AC111 — a variant option that does nothing in the variant the scenario plays.

use crate::a_la_charge::vocabulary::options;
use crate::a_la_charge::{cite, is_saint_albans};
use crate::diagnostic::{Diagnostic, Location};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;

/// `AC111`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("AC111", "option-variant", "a-la-charge", "An option that does nothing in the variant the scenario plays.",
        "`hills-block-fire` (the Normans and Byzantines translator's house rule that hills block archery) is not used with `saint-albans`: the Saint Albans variant has slopes and hilltops, not hills, and its own printed rule for fire over them (§12.2).",
        "An option that changes nothing misleads the reader of the scenario into thinking hills block fire; the Saint Albans slope and hilltop rule already decides.",
        "`options: [\"saint-albans\", \"hills-block-fire\"]`.",
        "A la Charge (Normans and Byzantines) §9 translator's note; (The Red Rose and the White) §12.2."),
    run,
};

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    if !is_saint_albans(s) {
        return;
    }
    for (i, o) in s.file.options.iter().enumerate() {
        if o == options::HILLS_BLOCK_FIRE {
            out.push(
                Diagnostic::error(
                    CHECK.doc.code,
                    Location::here(format!("/options/{i}")),
                    "`hills-block-fire` does nothing in the Saint Albans variant, which has slopes and hilltops and its own fire rule for them",
                )
                .rule(cite(s, "§12.2"))
                .help("remove the option; the slope and hilltop rule of §12.2 decides fire over the Saint Albans hill"),
            );
        }
    }
}

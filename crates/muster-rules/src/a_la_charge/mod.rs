//! A la Charge (Normans and Byzantines, and the Saint Albans variant "The Red Rose and the
//! White"): the system's checks (codes `AC1xx`) and engine services (movement reach, line
//! of fire, combat odds).

mod checks;
pub mod combat;
pub mod fields;
pub mod los;
pub mod odds;
pub mod reach;
pub mod river;
mod system;
pub mod vocabulary;

pub use checks::CHECKS;
pub use system::System;

use crate::a_la_charge::vocabulary::options;
use crate::scenario::Scenario;

/// Where the 2nd St Albans scenario's own rules are printed, whatever the variant the
/// scenario plays (its staged activation, its bridges, its rout thresholds): the print numbers
/// both Saint Albans scenarios §13.1, so the scenario is named.
pub const SECOND_ST_ALBANS: &str =
    "A la Charge (The Red Rose and the White) 2nd St Albans (printed as a second §13.1)";

/// Whether the scenario plays the Saint Albans variant.
pub fn is_saint_albans(s: &Scenario) -> bool {
    s.file.options.iter().any(|o| o == options::SAINT_ALBANS)
}

/// A rule citation for the variant the scenario plays: `"A la Charge (Normans and
/// Byzantines) §7"` or `"A la Charge (The Red Rose and the White) §7"`.
pub fn cite(s: &Scenario, section: &str) -> String {
    if is_saint_albans(s) {
        format!("A la Charge (The Red Rose and the White) {section}")
    } else {
        format!("A la Charge (Normans and Byzantines) {section}")
    }
}

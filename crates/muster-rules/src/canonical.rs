//! The canonical text of a scenario, with each game system's own fields written as its
//! type writes them (`training: Well`, `inches_per_hex: 2.0`): the model's writer
//! ([`muster_model::canonical`]) shaped by the scenario schema that lists them. Every
//! front end that writes a scenario (`muster fmt`, `muster new`, the editor, the language
//! server's formatting) writes through here.

use muster_model::canonical::{Layout, WriteError};
use muster_model::ScenarioFile;

/// The canonical lines of a scenario.
pub fn scenario_layout(s: &ScenarioFile) -> Result<Layout, WriteError> {
    muster_model::canonical::scenario_layout(s, crate::schema::scenario_json())
}

/// The canonical text of a scenario.
pub fn scenario_to_ron(s: &ScenarioFile) -> Result<String, WriteError> {
    muster_model::canonical::scenario_to_ron(s, crate::schema::scenario_json())
}

/// A set-up line on one line, as the canonical text writes it.
pub fn setup_line(e: &muster_model::SetupEntry) -> Result<String, WriteError> {
    muster_model::canonical::setup_line(e, crate::schema::scenario_json())
}

/// A reinforcement on one line, as the canonical text writes it.
pub fn reinforcement(r: &muster_model::Reinforcement) -> Result<String, WriteError> {
    muster_model::canonical::reinforcement(r, crate::schema::scenario_json())
}

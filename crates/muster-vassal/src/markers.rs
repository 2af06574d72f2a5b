//! Markers as pieces: the markers a scenario sets up stand on their hexes (not drawn into
//! the board, so players remove a fire put out or the filled moat of a day that ended),
//! and each scenario's palette has one of every marker kind its ruleset defines.
//!
//! Which markers players may duplicate (VASSAL's *Clone*, Ctrl+C) is the game system's
//! answer (`GameSystem::marker_unlimited`: for Siege, fire, burnt out, wall damage, panic,
//! rout, ransom, and rubble in a siege of several days; never what the scenario counts).

use muster_model::MarkerDef;
use muster_rules::Scenario;

/// Whether players of `s` may duplicate a marker of kind `def`.
pub fn cloned(s: &Scenario, def: &MarkerDef) -> bool {
    muster_rules::system(&s.file.ruleset).is_some_and(|g| g.marker_unlimited(s, def))
}

/// What a marker piece is called: its kind's name, with its value where it has one
/// ("Fire (2)").
pub fn name(def: &MarkerDef, value: Option<u32>) -> String {
    match value {
        Some(v) => format!("{} ({v})", def.name),
        None => def.name.clone(),
    }
}

/// The side a marker piece names (the detail viewer shows "Fire (marker): …").
pub const SIDE: &str = "marker";

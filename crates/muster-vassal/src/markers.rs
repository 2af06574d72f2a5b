//! Markers as pieces: the markers a scenario sets up stand on their hexes (not drawn into
//! the board, so players remove a fire put out or the filled moat of a day that ended),
//! and each scenario's palette has one of every marker kind its ruleset defines.
//!
//! Which markers players may duplicate (VASSAL's *Clone*, Ctrl+C) is our reading of the
//! Siege rules (ours: the text says where a marker is placed, not how many counters a box
//! holds):
//! - Fire: a fire is lit on a siege engine or tent hex and spreads to the adjacent ones
//!   (3.51, 3.52), and flaming arrows and oil light more (5.3): as many as burn. Burnt
//!   out (ours, 3.55) and wall damage (ours, 4.12) go on every hex they happen to.
//! - Panic and rout go on "each" character affected (6.11, 6.12), a ransom marker on every
//!   knight who surrenders (6.4).
//! - Rubble, in a siege of several days, goes on every hex the engines demolish (2.31,
//!   4.14).
//! - Not cloned, because the scenario fixes the number: filled moat ("The number of
//!   available 'Filled moat' markers will be stated in each scenario", 2.2), rubble in a
//!   single-day assault (placed "in the same manner", 2.31), the barrels of oil and the
//!   drawbridge the scenario places (5.32, 6.11).
//!
//! The markers are named by the Siege vocabulary's constants, never by literal ids.

use muster_model::MarkerDef;
use muster_rules::siege::vocabulary::markers;
use muster_rules::Scenario;

/// Marker kinds players may always duplicate (see the module documentation).
const CLONED: [&str; 6] = [
    markers::FIRE,
    markers::DESTROYED,
    markers::DAMAGE,
    markers::PANIC,
    markers::ROUT,
    markers::RANSOM,
];

/// Whether players of `s` may duplicate a marker of kind `def`.
pub fn cloned(s: &Scenario, def: &MarkerDef) -> bool {
    let several_days = s.file.siege.as_ref().is_some_and(|x| x.days > 1);
    CLONED.contains(&def.id.as_str()) || (def.id == markers::RUBBLE && several_days)
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

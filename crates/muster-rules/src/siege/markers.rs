//! Which markers players may put down as many of as they need (a playing aid's *Clone*):
//! our reading of the Siege rules (ours: the text says where a marker is placed, not how
//! many counters a box holds).
//! - Fire: a fire is lit on a siege engine or tent hex and spreads to the adjacent ones
//!   (3.51, 3.52), and flaming arrows and oil light more (5.3): as many as burn. Burnt
//!   out (ours, 3.55) and wall damage (ours, 4.12) go on every hex they happen to.
//! - Panic and rout go on "each" character affected (6.11, 6.12), a ransom marker on every
//!   knight who surrenders (6.4).
//! - Rubble, in a siege of several days, goes on every hex the engines demolish (2.31,
//!   4.14).
//! - Not unlimited, because the scenario fixes the number: filled moat ("The number of
//!   available 'Filled moat' markers will be stated in each scenario", 2.2), rubble in a
//!   single-day assault (placed "in the same manner", 2.31), the barrels of oil and the
//!   drawbridge the scenario places (5.32, 6.11).

use super::vocabulary::markers;
use crate::scenario::Scenario;
use crate::siege::fields;
use muster_model::MarkerDef;

/// Marker kinds players may always put down as many of as they need.
const UNLIMITED: [&str; 6] = [
    markers::FIRE,
    markers::DESTROYED,
    markers::DAMAGE,
    markers::PANIC,
    markers::ROUT,
    markers::RANSOM,
];

/// Whether players of `s` may put down as many markers of kind `def` as they need.
pub fn unlimited(s: &Scenario, def: &MarkerDef) -> bool {
    let several_days = fields::scenario(s.file)
        .siege
        .as_ref()
        .is_some_and(|x| x.days > 1);
    UNLIMITED.contains(&def.id.as_str()) || (def.id == markers::RUBBLE && several_days)
}

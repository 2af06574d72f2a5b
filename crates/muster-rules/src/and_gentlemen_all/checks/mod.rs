//! The And Gentlemen All checks, one per file, and their table.

use crate::and_gentlemen_all::fields;
use crate::registry::ScenarioCheck;

mod army_morale;
mod artillery_rating;
mod command_morale;
mod composition;
mod cover_classes;
mod facing;
pub(crate) mod general_enemy;
mod heavy_artillery;
pub(crate) mod horse_terrain;
mod range_bands;
mod regiment_command;
mod scale;
mod stacking;
mod terrain_classes;
mod unit_kind;

/// The checks of And Gentlemen All, in code order.
pub static CHECKS: &[ScenarioCheck] = &[
    composition::CHECK,
    artillery_rating::CHECK,
    heavy_artillery::CHECK,
    horse_terrain::CHECK,
    terrain_classes::CHECK,
    army_morale::CHECK,
    command_morale::CHECK,
    regiment_command::CHECK,
    scale::CHECK,
    cover_classes::CHECK,
    range_bands::CHECK,
    stacking::CHECK,
    facing::CHECK,
    general_enemy::CHECK,
    unit_kind::CHECK,
];

use super::fields::Regiment;
use crate::scenario::Scenario;
use muster_model::UnitDef;

/// The regiments of a side: (unit index, def, regiment).
pub(crate) fn regiments<'a>(
    s: &'a Scenario,
    side: usize,
) -> impl Iterator<Item = (usize, &'a UnitDef, &'a Regiment)> {
    s.file.sides[side]
        .units
        .iter()
        .enumerate()
        .filter_map(|(i, u)| fields::unit(u).regiment.as_ref().map(|r| (i, u, r)))
}

/// Regiments that count for army morale (foot, horse, dragoons), each counter once.
pub(crate) fn counted<'a>(units: impl Iterator<Item = (usize, &'a UnitDef, &'a Regiment)>) -> u32 {
    units
        .filter(|(_, u, _)| matches!(u.kind.as_str(), "foot" | "horse" | "dragoons"))
        .map(|(_, u, _)| u.count)
        .sum()
}

//! The Siege checks, grouped by what they look at, and their table.

use crate::registry::ScenarioCheck;

mod characters;
mod markers;
mod pieces;
mod settings;

/// The checks of Siege / Cry Havoc, in code order.
pub static CHECKS: &[ScenarioCheck] = &[
    pieces::ENGINE_TERRAIN,
    pieces::ENTERING,
    markers::ON_TERRAIN,
    markers::COUNTS,
    markers::KINDS,
    characters::HORSES,
    pieces::CART_ANIMAL,
    characters::STACKING,
    pieces::SCREENS,
    pieces::NO_ENTRY,
    markers::KEEP,
    characters::FIRE,
    characters::MOUNTING,
    settings::SKILL,
    settings::COMMAND,
    settings::SIEGE,
    pieces::PLACEMENT,
    characters::IMPASSABLE,
];

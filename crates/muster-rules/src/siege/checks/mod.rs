//! The Siege checks, one per file, and their table.

use crate::registry::ScenarioCheck;

mod building_outline;
mod cart_animal;
pub(crate) mod character_in_fire;
mod character_kind;
mod character_markers;
pub(crate) mod character_on_impassable_terrain;
mod command_control;
mod engine_crew;
mod engine_enters_at_the_edge;
pub(crate) mod engine_hex_occupied;
mod engine_on_flat_or_filled_moat;
pub(crate) mod horse_terrain;
mod keep_battering;
mod marker_count;
mod marker_kind_and_value;
mod marker_terrain;
pub(crate) mod one_character_a_hex;
mod piece_placement;
mod screen_placement;
mod shooting_skill;
mod siege_settings;
mod support;
mod who_mounts;

/// The checks of Siege / Cry Havoc, in code order.
pub static CHECKS: &[ScenarioCheck] = &[
    engine_on_flat_or_filled_moat::CHECK,
    engine_enters_at_the_edge::CHECK,
    marker_terrain::CHECK,
    marker_count::CHECK,
    marker_kind_and_value::CHECK,
    horse_terrain::CHECK,
    cart_animal::CHECK,
    one_character_a_hex::CHECK,
    screen_placement::CHECK,
    engine_hex_occupied::CHECK,
    keep_battering::CHECK,
    character_in_fire::CHECK,
    who_mounts::CHECK,
    shooting_skill::CHECK,
    command_control::CHECK,
    siege_settings::CHECK,
    piece_placement::CHECK,
    character_on_impassable_terrain::CHECK,
    character_markers::CHECK,
    engine_crew::CHECK,
    building_outline::CHECK,
    character_kind::CHECK,
];

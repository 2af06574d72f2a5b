//! Charles the Bold: stands facing a vertex of their hex, army lists in the §16 columns,
//! command groups and command range, break points. Checks have codes `CB3xx`; engine
//! services are the facing geometry, visibility (§6.0), firing dice (§6, §16) and the
//! morale test (§7).

pub mod answers;
mod checks;
pub mod facing;
pub mod fields;
pub mod morale;
pub mod shooter;
mod system;
pub mod visibility;
pub mod vocabulary;

pub use checks::{list_coherence, CHECKS, LIST_VALUES};
pub use system::System;

/// A rule citation: `"Charles the Bold §2.0"`.
pub fn cite(section: &str) -> String {
    format!("Charles the Bold {section}")
}

use crate::scenario::Scenario;
use fields::Training;
use muster_hex::Hex;

/// Command range of a side in hexes (§2.0): 6, or 4 for a poorly trained army.
pub fn command_range(s: &Scenario, side: usize) -> u32 {
    match fields::side(&s.file.sides[side]).training {
        Some(Training::Poorly) => 4,
        _ => 6,
    }
}

pub use crate::queries::CommandArea;

/// The command area of command `command` of side `side`, or why there is none.
pub fn command_area(s: &Scenario, side: usize, command: usize) -> Result<CommandArea, String> {
    let sd = &s.file.sides[side];
    let general = fields::side(sd).commands[command]
        .general
        .clone()
        .ok_or("the group has no general")?;
    let unit = sd
        .units
        .iter()
        .position(|u| u.id == general)
        .ok_or("the group's general is not a unit of the side")?;
    let mut at: Vec<Hex> = s.placements.hexes_of(side, unit);
    at.sort_by_cached_key(|h| s.world.grid.to_printed(*h));
    let from = *at.first().ok_or("the general has no set-up hex")?;
    let range = command_range(s, side);
    Ok(CommandArea {
        general,
        from,
        range,
        hexes: facing::command_radius(&s.world.grid, from, range),
    })
}

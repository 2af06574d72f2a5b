//! And Gentlemen All (English Civil War) on a hex map: regiments of stands, troop ratings,
//! formations and commands; the army morale number; fire, melee and morale arithmetic; and
//! movement and ranges converted from the rules' inches to hexes at the scenario's scale.
//! Checks have codes `AG2xx`.

pub mod arcs;
mod checks;
pub mod combat;
pub mod contact;
pub mod engage;
pub mod fields;
pub mod morale_number;
pub mod reach;
pub mod sight;
mod system;
pub mod tables;
pub mod vocabulary;

pub use checks::CHECKS;
pub use system::System;

/// A rule citation: `"And Gentlemen All §10"`.
pub fn cite(section: &str) -> String {
    format!("And Gentlemen All {section}")
}

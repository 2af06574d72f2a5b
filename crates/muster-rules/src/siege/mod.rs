//! Siege and Cry Havoc: character-scale castles with levels, walls on hexsides, multi-hex
//! engines and markers. Checks have codes `SI4xx`; the engine services are the
//! [`field::Field`] (who and what stands where, on which level), line of fire and cover
//! ([`los`]) and movement costs ([`movement`]).
//!
//! Section 1 of the rules (basic movement, combat, the first terrain table) is not in the
//! text we have; values it would give are supplied in the ruleset and marked `Supplied`.

mod checks;
pub mod field;
pub mod fields;
pub mod los;
mod markers;
pub mod movement;
pub mod rooms;
mod system;
pub mod vocabulary;

pub use checks::CHECKS;
pub use system::System;

/// A rule citation: `"Siege 2.41"`.
pub fn cite(section: &str) -> String {
    format!("Siege {section}")
}

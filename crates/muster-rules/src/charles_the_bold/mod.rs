//! Charles the Bold: stands facing a vertex of their hex, army lists in the §16 columns,
//! command groups and command range, break points. Checks have codes `CB3xx`; engine
//! services are the facing geometry, visibility (§6.0), firing dice (§6, §16) and the
//! morale test (§7).

mod checks;
pub mod facing;
pub mod morale;
pub mod visibility;

pub use checks::{list_coherence, CHECKS};

/// A rule citation: `"Charles the Bold §2.0"`.
pub fn cite(section: &str) -> String {
    format!("Charles the Bold {section}")
}

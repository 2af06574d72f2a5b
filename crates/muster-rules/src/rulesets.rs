//! The built-in rulesets, embedded as RON data files.

use muster_model::Ruleset;
use std::sync::OnceLock;

/// Ids of the built-in rulesets.
pub const RULESET_IDS: &[&str] = &[
    "a-la-charge",
    "and-gentlemen-all",
    "charles-the-bold",
    "siege",
];

const A_LA_CHARGE: &str = include_str!("../rulesets/a-la-charge.ruleset.ron");
const AND_GENTLEMEN_ALL: &str = include_str!("../rulesets/and-gentlemen-all.ruleset.ron");
const CHARLES_THE_BOLD: &str = include_str!("../rulesets/charles-the-bold.ruleset.ron");
const SIEGE: &str = include_str!("../rulesets/siege.ruleset.ron");

fn text(id: &str) -> Option<&'static str> {
    match id {
        "a-la-charge" => Some(A_LA_CHARGE),
        "and-gentlemen-all" => Some(AND_GENTLEMEN_ALL),
        "charles-the-bold" => Some(CHARLES_THE_BOLD),
        "siege" => Some(SIEGE),
        _ => None,
    }
}

/// The built-in ruleset with this id.
pub fn ruleset(id: &str) -> Option<&'static Ruleset> {
    static CELLS: [OnceLock<Option<Ruleset>>; 4] = [const { OnceLock::new() }; 4];
    let i = RULESET_IDS.iter().position(|r| *r == id)?;
    CELLS[i]
        .get_or_init(|| ron::from_str(text(id)?).ok())
        .as_ref()
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_builtin_ruleset_parses() {
        for id in super::RULESET_IDS {
            if let Err(e) = ron::from_str::<muster_model::Ruleset>(super::text(id).unwrap()) {
                panic!("{id}: {e}");
            }
            assert!(super::ruleset(id).is_some());
        }
    }
}

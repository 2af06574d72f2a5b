//! The built-in rulesets, embedded as RON data files.

use muster_model::Ruleset;
use std::sync::OnceLock;

/// Ids of the built-in rulesets.
pub const RULESET_IDS: &[&str] = &["a-la-charge"];

const A_LA_CHARGE: &str = include_str!("../rulesets/a-la-charge.ruleset.ron");

/// The built-in ruleset with this id.
pub fn ruleset(id: &str) -> Option<&'static Ruleset> {
    static ALC: OnceLock<Option<Ruleset>> = OnceLock::new();
    match id {
        "a-la-charge" => ALC.get_or_init(|| ron::from_str(A_LA_CHARGE).ok()).as_ref(),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_builtin_ruleset_parses() {
        for id in super::RULESET_IDS {
            if let Err(e) = ron::from_str::<muster_model::Ruleset>(super::A_LA_CHARGE) {
                panic!("{id}: {e}");
            }
            assert!(super::ruleset(id).is_some());
        }
    }
}

//! Charles the Bold counters show what the rules read (issue 29, CB review 3): a stand's MP
//! and order rating are its army-list line's (§1.3, §16) and CB311 warns its own `mp` and
//! `rating` as never read, so its counter shows only the list's values; a general keeps
//! his own rating and MP.

use muster_check::Checker;
use muster_render::Scene;
use std::path::Path;

/// tests/cases/invalid-cb311-stand-own-values: the English Mounted Sergeants carry
/// `rating: 2, mp: 4` of their own; their list line prints MP 3. Guards against the
/// counter printing "L2 … MP 4" the warning calls never read.
#[test]
fn a_stands_own_rating_and_mp_are_not_shown() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/cases/invalid-cb311-stand-own-values/x.scenario.ron");
    let loaded = Checker::new().load_scenario(&path).expect("loads");
    let s = Scene::of_scenario(
        &loaded.scenario.value,
        &loaded.map().value,
        &loaded.overlay_values(),
        &loaded.army_lists(),
        loaded.ruleset,
    );
    let all: Vec<_> = s.counters.values().flatten().collect();
    let sergeants: Vec<&str> = all
        .iter()
        .filter(|c| c.name == "Mounted Sergeant")
        .map(|c| c.ratings.as_str())
        .collect();
    assert!(!sergeants.is_empty(), "the sergeants are drawn");
    for r in &sergeants {
        assert!(r.starts_with("3 SP6"), "the list's MP and SP: {r}");
        assert!(!r.contains("L2") && !r.contains("MP 4"), "{r}");
    }
    let duke = all
        .iter()
        .find(|c| c.name == "Charles, Duke of Burgundy")
        .map(|c| c.ratings.as_str());
    assert_eq!(duke, Some("L2 MP 6"), "a general keeps his own");
}

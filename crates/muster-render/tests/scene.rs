//! The scene draws a set-up line as the placement model's arrangement reads it (issue 30,
//! code review 1): a line that fills several hexes is certain, each counter on its hex,
//! and only an owner's choice is drawn lighter on every hex it may take.

use muster_check::Checker;
use muster_render::Scene;
use std::path::{Path, PathBuf};

/// [`muster_testkit::minimal_with`] in this test's own scratch folder `name`.
fn minimal_with(name: &str, red: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("scene-arrangement")
        .join(name);
    muster_testkit::minimal_with(&dir, red)
}

fn scene(path: &Path) -> Scene {
    let loaded = Checker::new().load_scenario(path).expect("loads");
    Scene::of_scenario(
        &loaded.scenario.value,
        &loaded.map().value,
        &loaded.overlay_values(),
        &loaded.army_lists(),
        loaded.ruleset,
    )
}

/// The red counters drawn on a printed hex: (name, drawn as a choice).
fn red_on(s: &Scene, hex: &str) -> Vec<(String, bool)> {
    let h = s.grid.from_printed(hex).expect("a hex");
    s.counters
        .get(&(h.x, h.y))
        .into_iter()
        .flatten()
        .filter(|c| c.side == 0)
        .map(|c| (c.name.clone(), c.choice))
        .collect()
}

#[test]
fn a_certain_line_over_several_hexes_is_not_drawn_as_a_choice() {
    // Code review 1, repro 1: two unit types filling three hexes.
    let s = scene(&minimal_with(
        "repro-1",
        "                (units: [\"2x Red Knights\", \"Red Foot\"], at: Hexes([\"0202\", \"0203\", \"0204\"])),\n",
    ));
    let knights = ("Red Knights".to_string(), false);
    assert_eq!(red_on(&s, "0202"), vec![knights.clone()]);
    assert_eq!(red_on(&s, "0203"), vec![knights]);
    assert_eq!(red_on(&s, "0204"), vec![("Red Foot".to_string(), false)]);
}

#[test]
fn an_owners_choice_is_drawn_lighter_on_every_hex_it_may_take() {
    let s = scene(&minimal_with(
        "choice",
        "                (units: [\"Red Foot\"], at: Hexes([\"0203\", \"0204\"])),\n",
    ));
    for hex in ["0203", "0204"] {
        assert_eq!(
            red_on(&s, hex),
            vec![("Red Foot".to_string(), true)],
            "{hex}"
        );
    }
}

/// Code review 13: a Charles the Bold stand was labelled with its army-list id in the
/// renderer and the editor, and with its SP/IF/BP in VASSAL. The scene now resolves with
/// the scenario's army lists and labels each stand from the one `counter_ratings`.
#[test]
fn charles_the_bold_stands_show_the_ratings_their_list_prints() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../scenarios/charles-the-bold/saint-aubin.scenario.ron");
    let s = scene(&path);
    let stands: Vec<&str> = s
        .counters
        .values()
        .flatten()
        .map(|c| c.ratings.as_str())
        .filter(|r| r.contains("SP"))
        .collect();
    assert!(!stands.is_empty(), "no stand shows its SP");
    assert!(stands.iter().all(|r| r.contains("BP")), "{stands:?}");
}

//! Issue 33, item 1 ("Clone where the system allows"): a siege scenario's markers are
//! pieces on their hexes, with Delete, and the palette has a blank of every marker kind;
//! Clone only on the markers the rules let players place as often as it happens (fire,
//! burnt out, wall damage, panic, rout, ransom; rubble in a siege of several days), never
//! on those whose number the scenario fixes (filled moat, Siege 2.2; rubble in a
//! single-day assault, 2.31; oil; the drawbridge). Before this, markers were drawn into
//! the board and no piece could be cloned.

use muster_check::Checker;
use muster_vassal::{export, Module, ScenarioInput};
use std::path::Path;

const ASSAULT: &str = "scenarios/siege/assault-on-roche-noire.scenario.ron";
const SIEGE: &str = "scenarios/siege/siege-of-roche-noire.scenario.ron";

fn module(path: &str) -> Module {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let l = Checker::new()
        .load_scenario(&root.join(path))
        .expect("a bundled scenario loads");
    let s = l.resolve();
    let input = ScenarioInput {
        scenario: &s,
        map: &l.map().value,
        overlays: l.overlay_values(),
    };
    export("test", &[input]).expect("exports")
}

/// (where, entry name, its AddPiece command) of every marker piece: set up (where = the
/// stack's hex) or in the markers palette (where = "palette").
fn markers(m: &Module) -> Vec<(String, String, String)> {
    let xml = String::from_utf8(m.file("buildFile.xml").unwrap().to_vec()).unwrap();
    let doc = roxmltree::Document::parse(&xml).expect("well-formed");
    let mut out = Vec::new();
    for n in doc.descendants().filter(|n| {
        n.has_tag_name("VASSAL.build.widget.PieceSlot")
            && n.text().is_some_and(|t| t.contains("marker,"))
    }) {
        let parent = n.parent().expect("a parent");
        let at = if parent.has_tag_name("VASSAL.build.widget.ListWidget") {
            assert!(
                parent
                    .attribute("entryName")
                    .unwrap()
                    .ends_with(" — Markers"),
                "{:?}",
                parent.attribute("entryName")
            );
            "palette".to_string()
        } else {
            parent.attribute("name").unwrap_or_default().to_string()
        };
        out.push((
            at,
            n.attribute("entryName").unwrap().to_string(),
            n.text().unwrap().to_string(),
        ));
    }
    out
}

fn cloned(add: &str) -> bool {
    add.contains("clone;Clone;67,130;")
}

#[test]
fn set_up_markers_are_pieces_on_their_hexes_none_of_a_fixed_number_cloned() {
    let m = module(ASSAULT);
    let all = markers(&m);
    let set_up: Vec<(&str, &str, bool)> = all
        .iter()
        .filter(|(at, ..)| at != "palette")
        .map(|(at, name, add)| (at.as_str(), name.as_str(), cloned(add)))
        .collect();
    assert_eq!(
        set_up,
        [
            ("1012", "Filled moat", false),
            ("1412", "Filled moat", false),
            ("0912", "Filled moat", false),
            ("1113", "Filled moat", false),
            ("1213", "Drawbridge raised", false),
            ("1511", "Rubble", false),
            ("1011", "Barrel of boiling oil", false),
            ("1411", "Barrel of boiling oil", false),
        ]
    );
    for (_, name, add) in &all {
        assert!(add.contains("delete;Delete;68,130;"), "{name}: Delete");
        assert!(!add.contains("obs;"), "{name}: no side masks a marker");
    }
}

#[test]
fn the_palette_clones_fire_panic_and_rout_and_rubble_only_in_a_long_siege() {
    let palette = |m: &Module| -> Vec<(String, bool)> {
        markers(m)
            .into_iter()
            .filter(|(at, ..)| at == "palette")
            .map(|(_, name, add)| (name, cloned(&add)))
            .collect()
    };
    let assault = palette(&module(ASSAULT));
    assert_eq!(assault.len(), 10, "{assault:?}");
    let yes: Vec<&str> = assault
        .iter()
        .filter(|(_, c)| *c)
        .map(|(n, _)| n.as_str())
        .collect();
    assert_eq!(
        yes,
        [
            "Fire",
            "Burnt out",
            "Wall damage",
            "Panic",
            "Rout",
            "Ransom"
        ]
    );
    let siege = palette(&module(SIEGE));
    assert!(siege.contains(&("Rubble".to_string(), true)), "{siege:?}");
    assert!(
        siege.contains(&("Filled moat".to_string(), false)),
        "{siege:?}"
    );
}

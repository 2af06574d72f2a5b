//! Canonical text: every bundled map, overlay, scenario and army list written canonically
//! (as `muster fmt` lays it out, without comments) reads back as the same value, and
//! writing it again changes nothing (a load-save round trip is stable).

use muster_check::{load_value, parse_text};
use muster_model::canonical::{army_list_layout, map_to_ron, overlay_layout};
use muster_model::{ArmyListFile, FileKind, MapFile, OverlayFile, ScenarioFile};
use muster_rules::canonical::scenario_to_ron;
mod common;
use common::bundled;
use std::path::Path;
use std::sync::Arc;

fn round_trip<T: serde::de::DeserializeOwned + PartialEq + std::fmt::Debug>(
    kind: FileKind,
    ext: &str,
    write: fn(&T) -> Result<String, muster_model::canonical::WriteError>,
) {
    for path in bundled(ext) {
        let original =
            load_value::<T>(&path, kind).unwrap_or_else(|_| panic!("{} loads", path.display()));
        let text = write(&original.value).unwrap();
        let again =
            parse_text::<T>(&path, Arc::from(text.as_str()), kind).unwrap_or_else(|(f, _)| {
                panic!(
                    "{}: canonical text does not load: {:?}\n{text}",
                    path.display(),
                    f
                )
            });
        assert_eq!(again.value, original.value, "{}", path.display());
        assert_eq!(
            write(&again.value).unwrap(),
            text,
            "{}: writing twice changes the text",
            path.display()
        );
    }
}

#[test]
fn maps_round_trip() {
    round_trip::<MapFile>(FileKind::Map, "map", map_to_ron);
}

#[test]
fn overlays_round_trip() {
    round_trip::<OverlayFile>(FileKind::Overlay, "overlay", |o| {
        Ok(overlay_layout(o)?.render())
    });
}

#[test]
fn army_lists_round_trip() {
    round_trip::<ArmyListFile>(FileKind::ArmyList, "armylist", |a| {
        Ok(army_list_layout(a)?.render())
    });
}

#[test]
fn scenarios_round_trip() {
    round_trip::<ScenarioFile>(FileKind::Scenario, "scenario", scenario_to_ron);
}

#[test]
fn one_set_up_line_per_line() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../scenarios/a-la-charge/civitate-1053.scenario.ron");
    let s = load_value::<ScenarioFile>(&path, FileKind::Scenario).unwrap();
    let text = scenario_to_ron(&s.value).unwrap();
    assert!(text.contains("\n                (units: [\"6x Chevaliers Italiens\"], at: Hexes([\"0504\", \"0505\", \"0508\", \"0509\", \"0608\", \"0511\"])),\n"), "{text}");
}

/// A game system's own fields (issue 30) come back as its types write them, however they
/// were written: a record's fields in the type's order, an enum variant bare, a fraction
/// with its point, a flag that is off dropped, another system's field kept where it was.
#[test]
fn a_systems_fields_come_back_as_its_types_write_them() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let path = root.join("scenarios/charles-the-bold/saint-aubin.scenario.ron");
    let canonical = std::fs::read_to_string(&path).unwrap();
    let odd = canonical
        .replacen("training: Well,", "training: \"Well\",", 1)
        .replacen(
            "charges_cavalry: true)",
            "charges_cavalry: true, shooting_skill: 2)",
            1,
        )
        .replacen(
            "ranks: 1, group: \"centre\")",
            "group: \"centre\", ranks: 1, charges_cavalry: false)",
            1,
        );
    assert_ne!(odd, canonical, "the replacements apply");
    let s = parse_text::<ScenarioFile>(&path, Arc::from(odd.as_str()), FileKind::Scenario)
        .unwrap_or_else(|(f, _)| panic!("{f:?}"));
    let text = scenario_to_ron(&s.value).unwrap();
    let expected = canonical.replacen(
        "charges_cavalry: true)",
        "charges_cavalry: true, shooting_skill: 2)",
        1,
    );
    // The file's comments are kept by `muster fmt`, not by the bare layout.
    let body = |t: &str| -> String {
        t.lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(body(&text), body(&expected));

    let ag = root.join("scenarios/and-gentlemen-all/brampton-field.scenario.ron");
    let canonical = std::fs::read_to_string(&ag).unwrap();
    let odd = canonical.replacen(
        "scale: (inches_per_hex: 2.0, figures: Mm15),",
        "scale: (figures: \"Mm15\", inches_per_hex: 2),",
        1,
    );
    assert_ne!(odd, canonical, "the replacement applies");
    let s = parse_text::<ScenarioFile>(&ag, Arc::from(odd.as_str()), FileKind::Scenario)
        .unwrap_or_else(|(f, _)| panic!("{f:?}"));
    assert_eq!(body(&scenario_to_ron(&s.value).unwrap()), body(&canonical));
}

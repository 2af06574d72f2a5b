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

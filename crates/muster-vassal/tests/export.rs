//! Exports the bundled scenarios of the four game systems and checks the module: every
//! counter the set-up puts on a hex (as `muster inspect` resolves it) stands in a set-up
//! stack at that printed hex, the archive opens, and its files are the ones it names.

use muster_check::{inspect_json, Checker};
use muster_vassal::{export, ScenarioInput};
use std::io::Read;
use std::path::{Path, PathBuf};

fn bundled() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios");
    let mut out = Vec::new();
    for system in [
        "a-la-charge",
        "siege",
        "charles-the-bold",
        "and-gentlemen-all",
    ] {
        let dir = root.join(system);
        let mut found: Vec<PathBuf> = std::fs::read_dir(&dir)
            .expect("a system folder")
            .map(|e| e.expect("an entry").path())
            .filter(|p| p.to_string_lossy().ends_with(".scenario.ron"))
            .collect();
        assert!(!found.is_empty(), "{system} has bundled scenarios");
        found.sort();
        out.extend(found);
    }
    out
}

#[test]
fn every_bundled_scenario_sets_up_every_counter_on_its_printed_hex() {
    let checker = Checker::new();
    for path in bundled() {
        let loaded = checker
            .load_scenario(&path)
            .expect("a bundled scenario loads");
        let s = loaded.resolve();
        let input = ScenarioInput {
            scenario: &s,
            map: &loaded.map().value,
            overlays: loaded.overlay_values(),
        };
        let module = export("test", &[input]).expect("exports");
        let sum = &module.summary[0];
        let mut have: Vec<(String, String)> = sum
            .stacks
            .iter()
            .filter(|st| st.on_map)
            .flat_map(|st| st.counters.iter().map(|c| (st.location.clone(), c.clone())))
            .collect();
        let want = inspect_json(&loaded);
        // inspect's contract version 2: one entry per set-up line, its units counted.
        assert_eq!(want["version"], 2);
        for (p, u) in want["placements"]
            .as_array()
            .expect("placements")
            .iter()
            .flat_map(|p| {
                p["units"]
                    .as_array()
                    .expect("units")
                    .iter()
                    .map(move |u| (p, u))
            })
        {
            let mode = u["mode"].as_str().unwrap_or("");
            if mode == "reinforcement" || mode == "hidden" {
                continue;
            }
            let hexes: Vec<&str> = p["hexes"]
                .as_array()
                .unwrap()
                .iter()
                .filter_map(|h| h.as_str())
                .collect();
            let hexes = if mode == "fixed" {
                &hexes[..1]
            } else {
                &hexes[..]
            };
            let unit = u["unit"].as_str().unwrap();
            for _ in 0..u["count"].as_u64().unwrap() {
                let at = have
                    .iter()
                    .position(|(h, c)| c == unit && hexes.contains(&h.as_str()))
                    .unwrap_or_else(|| panic!("{}: {unit} is not on {hexes:?}", path.display()));
                have.remove(at);
            }
        }
        for p in want["pieces"].as_array().expect("pieces") {
            let Some(first) = p["hexes"]
                .as_array()
                .and_then(|h| h.first())
                .and_then(|h| h.as_str())
            else {
                continue;
            };
            let id = p["id"].as_str().unwrap();
            let at = have
                .iter()
                .position(|(h, c)| h == first && c.starts_with(&format!("{id} (")))
                .unwrap_or_else(|| panic!("{}: piece {id} is not on {first}", path.display()));
            have.remove(at);
        }
        assert!(
            have.is_empty(),
            "{}: counters nobody placed there: {have:?}",
            path.display()
        );
        assert!(
            sum.unplaced.is_empty(),
            "{}: {:?}",
            path.display(),
            sum.unplaced
        );

        // The archive opens and holds what the build file names.
        let bytes = module.to_zip().expect("zips");
        let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes)).expect("a zip");
        let mut build = String::new();
        zip.by_name("buildFile.xml")
            .expect("buildFile.xml")
            .read_to_string(&mut build)
            .unwrap();
        assert!(zip.by_name("moduledata").is_ok());
        for (name, _) in &module.files {
            assert!(zip.by_name(name).is_ok(), "{name} in the archive");
        }
        for image in build
            .split("image=\"")
            .skip(1)
            .filter_map(|t| t.split('"').next())
        {
            assert!(
                zip.by_name(&format!("images/{image}")).is_ok(),
                "board image {image}"
            );
        }
        assert!(build.contains("useGridLocation=\"true\""));
    }
}

#[test]
fn the_same_scenario_gives_the_same_bytes() {
    let path = &bundled()[0];
    let loaded = Checker::new().load_scenario(path).expect("loads");
    let s = loaded.resolve();
    let make = || {
        let input = ScenarioInput {
            scenario: &s,
            map: &loaded.map().value,
            overlays: loaded.overlay_values(),
        };
        export("x", &[input]).unwrap().to_zip().unwrap()
    };
    assert_eq!(make(), make());
}

#[test]
fn no_scenario_is_an_error_not_an_empty_module() {
    assert!(export("x", &[]).is_err());
}

//! Exports the bundled scenarios of the four game systems and checks the module: every
//! counter stands in a set-up stack exactly at the hex the placement model's arrangement
//! gives it (the reading `validate` uses, not the exporter's), no two counters that may not
//! share a hex share one where the model keeps them apart, the archive opens, and its files
//! are the ones it names.

use muster_check::Checker;
use muster_rules::placement::Collision;
use muster_rules::{DeployKind, Scenario};
use muster_vassal::{export, ScenarioInput};
use std::collections::HashMap;
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
        // The oracle: the placement model's one arrangement, each counter exactly there.
        let grid = &s.world.grid;
        let arrangement = s.arrangement();
        for (li, d) in s.deployments.iter().enumerate() {
            if d.kind != (DeployKind::Setup { hidden: false }) || d.hexes.is_empty() {
                continue;
            }
            let arranged = arrangement.line(li).expect("every line arranged");
            for u in &d.units {
                let unit = &s.file.sides[d.side].units[u.unit].name;
                let placed: u64 = arranged.of_unit(u.unit).map(|p| u64::from(p.count)).sum();
                assert_eq!(placed, u64::from(u.count), "{}: {unit}", path.display());
                for p in arranged.of_unit(u.unit) {
                    let hex = grid.to_printed(p.hex);
                    for _ in 0..p.count {
                        let at = have
                            .iter()
                            .position(|(h, c)| c == unit && *h == hex)
                            .unwrap_or_else(|| {
                                panic!("{}: {unit} is not on {hex}", path.display())
                            });
                        have.remove(at);
                    }
                }
            }
        }
        for (i, p) in s.file.pieces.iter().enumerate() {
            let Ok(placed) = muster_rules::siege::field::place(&s, i, p) else {
                continue;
            };
            let Some(first) = placed.hexes.first().map(|h| grid.to_printed(*h)) else {
                continue;
            };
            let id = &p.id;
            let at = have
                .iter()
                .position(|(h, c)| *h == first && c.starts_with(&format!("{id} (")))
                .unwrap_or_else(|| panic!("{}: piece {id} is not on {first}", path.display()));
            have.remove(at);
        }
        // Issue 33: the markers it sets up are pieces on their hexes, named by their kind.
        for m in &s.file.markers {
            let def = s.ruleset.markers.iter().find(|d| d.id == m.kind);
            let name = def.map(|d| match m.value {
                Some(v) => format!("{} ({v})", d.name),
                None => d.name.clone(),
            });
            let at = have
                .iter()
                .position(|(h, c)| *h == m.hex.0 && Some(c) == name.as_ref())
                .unwrap_or_else(|| {
                    panic!(
                        "{}: marker {} is not on {}",
                        path.display(),
                        m.kind,
                        m.hex.0
                    )
                });
            have.remove(at);
        }
        no_two_apart_share_a_hex(&s, &sum.stacks, &path);
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

/// No hex of the module holds more counters that may not share a hex than it has levels,
/// except where the placement model reports a collision (no arrangement keeps them apart
/// there: `validate` says so).
fn no_two_apart_share_a_hex(s: &Scenario, stacks: &[muster_vassal::PlacedStack], path: &Path) {
    let grid = &s.world.grid;
    let mut free: HashMap<&str, bool> = HashMap::new();
    for (si, side) in s.file.sides.iter().enumerate() {
        for (ui, def) in side.units.iter().enumerate() {
            let f = s.unit(si, ui).1.is_some_and(|k| k.leader || k.stacks);
            free.insert(def.name.as_str(), f);
        }
    }
    let mut excused: Vec<String> = Vec::new();
    for c in s.placements.collisions() {
        match c {
            Collision::Shared { hex, .. } => excused.push(grid.to_printed(*hex)),
            Collision::Overfull { line } => excused.extend(
                s.placements
                    .line(*line)
                    .hexes
                    .iter()
                    .map(|h| grid.to_printed(*h)),
            ),
            Collision::Squeezed { hexes, .. } => {
                excused.extend(hexes.iter().map(|h| grid.to_printed(*h)))
            }
        }
    }
    let mut levels: HashMap<String, usize> = HashMap::new();
    for l in s.placements.lines().iter().filter(|l| l.on_map()) {
        if l.level == Some(muster_model::Level::Upper) {
            for h in &l.hexes {
                levels.insert(grid.to_printed(*h), 2);
            }
        }
    }
    let mut bound: HashMap<&str, usize> = HashMap::new();
    for st in stacks.iter().filter(|st| st.on_map) {
        let n = st
            .counters
            .iter()
            .filter(|c| free.get(c.as_str()) == Some(&false))
            .count();
        *bound.entry(st.location.as_str()).or_default() += n;
    }
    for (hex, n) in bound {
        let room = levels.get(hex).copied().unwrap_or(1);
        assert!(
            n <= room || excused.iter().any(|h| h == hex),
            "{}: {n} counters that may not share a hex set up on {hex}",
            path.display()
        );
    }
}

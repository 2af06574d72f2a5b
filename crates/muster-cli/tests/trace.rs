//! `muster trace` (issue 32) as a designer runs it: a bundled map drawn by `muster render`,
//! traced back with three hex centres and samples, written, validated and drawn again.

use muster_model::{FileKind, MapFile};
use std::collections::HashMap;
use std::path::Path;

mod common;
use common::muster;

fn root() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

#[test]
fn a_rendered_map_traces_back_to_its_terrain() {
    let dir = std::env::temp_dir().join(format!("muster-trace-cli-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let map_path = root().join("maps/saint-albans.map.ron");
    let map = muster_check::load_value::<MapFile>(&map_path, FileKind::Map)
        .unwrap()
        .value;
    let ruleset = muster_rules::ruleset(&map.ruleset).unwrap();
    let scene = muster_render::Scene::of_map(&map, ruleset);
    let opts = muster_render::RenderOptions::default();
    let png = dir.join("scan.png");
    let (code, _, err) = muster(&[
        "render",
        map_path.to_str().unwrap(),
        "-o",
        png.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let place = muster_render::placement(&scene, &opts).unwrap();
    let grid = muster_hex::Grid::new(map.grid.clone());
    let at = |id: &str| {
        let (x, y) = place.centre(&grid, grid.from_printed(id).unwrap());
        format!("{id}={x:.1},{y:.1}")
    };
    // Three samples of each terrain the map has, from its own hexes.
    let listed: HashMap<String, String> = map
        .hexes
        .iter()
        .filter_map(|e| Some((e.hex.to_string(), e.terrain.clone()?)))
        .collect();
    let mut by: HashMap<String, Vec<String>> = HashMap::new();
    for h in grid.hexes() {
        let id = grid.to_printed(h);
        let t = listed
            .get(&id)
            .cloned()
            .unwrap_or(map.default_terrain.clone());
        by.entry(t).or_default().push(id);
    }
    let mut args: Vec<String> = vec!["trace".into(), png.to_str().unwrap().into()];
    let out = dir.join("traced.map.ron");
    args.extend(["-o".into(), out.to_str().unwrap().into()]);
    args.extend(["--grid-from".into(), map_path.to_str().unwrap().into()]);
    for id in ["0101", "1801", "0112"] {
        args.extend(["--at".into(), at(id)]);
    }
    for (t, ids) in &by {
        for id in ids.iter().step_by((ids.len() / 3).max(1)).take(3) {
            args.extend(["--sample".into(), format!("{id}={t}")]);
        }
    }
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    let (code, stdout, err) = muster(&refs);
    assert_eq!(code, 0, "{stdout}{err}");
    assert!(
        stdout.contains("fitted the grid to 3 hex centres"),
        "{stdout}"
    );
    let traced = muster_check::load_value::<MapFile>(&out, FileKind::Map)
        .unwrap()
        .value;
    assert_eq!(traced.provenance, muster_model::Provenance::Reconstructed);
    assert!(traced.notes[0].contains("scan.png"), "{:?}", traced.notes);
    let traced_terrain: HashMap<String, String> = traced
        .hexes
        .iter()
        .filter_map(|e| Some((e.hex.to_string(), e.terrain.clone()?)))
        .collect();
    let wrong: Vec<String> = grid
        .hexes()
        .map(|h| grid.to_printed(h))
        .filter(|id| {
            let want = listed.get(id).unwrap_or(&map.default_terrain);
            let got = traced_terrain.get(id).unwrap_or(&traced.default_terrain);
            want != got
        })
        .collect();
    assert!(wrong.is_empty(), "hexes traced wrong: {wrong:?}");
    // It draws again.
    let again = dir.join("again.png");
    let (code, _, err) = muster(&[
        "render",
        out.to_str().unwrap(),
        "-o",
        again.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_calibrations_and_samples_are_refused_and_nothing_is_written() {
    let dir = std::env::temp_dir().join(format!("muster-trace-bad-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let png = dir.join("scan.png");
    image::RgbImage::new(64, 64).save(&png).unwrap();
    let out = dir.join("t.map.ron");
    let base = |extra: &[&str]| {
        let mut a = vec![
            "trace",
            png.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
            "--size",
            "4x4",
            "--ruleset",
            "a-la-charge",
        ];
        a.extend_from_slice(extra);
        muster(&a)
    };
    let (code, _, err) = base(&["--at", "0101=10,10", "--sample", "0101=clear"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("at least two"), "{err}");
    let (code, _, err) = base(&[
        "--at",
        "0101=10,10",
        "--at",
        "0404=50,50",
        "--sample",
        "0101=woodz",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("did you mean `woods`"), "{err}");
    let (code, _, err) = base(&[
        "--at",
        "0101=10,10",
        "--at",
        "0909=50,50",
        "--sample",
        "0101=clear",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("0909"), "{err}");
    assert!(!out.exists(), "nothing written");
    let _ = std::fs::remove_dir_all(&dir);
}

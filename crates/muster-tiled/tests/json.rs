//! Tiled's JSON formats read as the TMX files they stand for (interop review finding 4:
//! `.tmj` and `.tsj` files were refused with "the file has no XML element"). The fixtures in
//! `fixtures/json` were written by Tiled 1.8.2 itself (`tiled --export-map json`,
//! `tiled --export-tileset json`) from maps of ours: saint-albans.tmj from
//! `muster export tiled maps/saint-albans.map.ron --no-numbers`, foreign.tmj from
//! foreign-tsj.tmx (fixtures/foreign/foreign.tmx with its tileset in meadow.tsj),
//! foreign-zstd.tmx and .tmj re-saved by Tiled from foreign.tmx with its layer as
//! base64 + zstd (interop review: zstd layers were refused), foreign-infinite.tmx and
//! .tmj re-saved by Tiled from an infinite map holding foreign.tmx's tiles at cells
//! (-3, 5) to (0, 7) in two chunks and a label (infinite maps were refused).

use muster_model::{FileKind, MapFile};
use muster_tiled::{export, import, read_tmx, ExportOptions, ImportOptions, TerrainMap, Tmx};
use std::path::{Path, PathBuf};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

fn text(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Reads a map whose external tilesets are in `dir`.
fn read(path: &Path) -> Tmx {
    let dir = path.parent().expect("a folder").to_path_buf();
    read_tmx(&text(path), &mut |source| {
        std::fs::read_to_string(dir.join(source)).map_err(|e| e.to_string())
    })
    .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn a_map_tiled_saved_as_json_imports_as_its_tmx() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../maps/saint-albans.map.ron");
    let map = muster_check::load_value::<MapFile>(&path, FileKind::Map)
        .expect("loads")
        .value;
    let ruleset = muster_rules::ruleset(&map.ruleset).expect("ruleset");
    let opts = ExportOptions {
        numbers: false,
        ..ExportOptions::default()
    };
    let tmx = export(&map, ruleset, &opts).expect("exports").tmx;
    let from_tmx = read_tmx(&tmx, &mut |_| Err("none".into())).expect("reads");
    let from_json = read(&fixtures().join("json/saint-albans.tmj"));
    assert_eq!(from_json.terrain, from_tmx.terrain);
    assert_eq!(from_json.tilesets, from_tmx.tilesets);
    // The same objects, each with the line of its own file.
    let lines = |t: &Tmx| -> Vec<usize> {
        t.object_layers
            .iter()
            .flat_map(|l| l.objects.iter().map(|o| o.line))
            .collect()
    };
    let (json_lines, tmx_lines) = (lines(&from_json), lines(&from_tmx));
    assert_eq!((json_lines[0], tmx_lines[0]), (31, 96));
    let unlined = |t: &Tmx| {
        let mut layers = t.object_layers.clone();
        layers
            .iter_mut()
            .flat_map(|l| l.objects.iter_mut())
            .for_each(|o| o.line = 0);
        layers
    };
    assert_eq!(unlined(&from_json), unlined(&from_tmx));
    // Tiled writes properties in name order.
    let sorted = |t: &Tmx| {
        let mut p = t.properties.clone();
        p.sort();
        p
    };
    assert_eq!(sorted(&from_json), sorted(&from_tmx));
    let a = import(&from_tmx, &ImportOptions::default()).expect("imports");
    let b = import(&from_json, &ImportOptions::default()).expect("imports");
    assert_eq!(a.map, b.map);
    assert_eq!(a.notes, b.notes);
    assert!(!b.map.hexsides.is_empty() && !b.map.paths.is_empty());
}

#[test]
fn a_tsj_tileset_and_zstd_layers_read_from_a_tmj_and_from_a_tmx() {
    let terrain_map =
        TerrainMap::parse(&text(&fixtures().join("foreign/foreign.terrain.ron"))).expect("parses");
    let opts = ImportOptions {
        terrain_map: Some(terrain_map),
        title: "foreign".into(),
        ..ImportOptions::default()
    };
    let tmx = import(&read(&fixtures().join("foreign/foreign.tmx")), &opts).expect("imports");
    for name in [
        "foreign.tmj",
        "foreign-tsj.tmx",
        "foreign-zstd.tmx",
        "foreign-zstd.tmj",
    ] {
        let json = read(&fixtures().join("json").join(name));
        assert_eq!(json.tilesets[0].name, "meadow", "{name}");
        let json = import(&json, &opts).expect("imports");
        assert_eq!(json.map, tmx.map, "{name}");
    }
    assert_eq!(tmx.map.hexes.len(), 3, "three woods over clear");
}

#[test]
fn json_says_what_is_wrong_with_it() {
    let err = |t: &str| {
        read_tmx(t, &mut |_| Err("none".into()))
            .unwrap_err()
            .to_string()
    };
    assert!(err("{\"type\": \"map\", ")
        .starts_with("not a Tiled JSON file Muster reads: EOF while parsing"));
    assert!(err("{\"type\": \"map\", \"orientation\": \"orthogonal\"}")
        .contains("orientation is `orthogonal`"));
    let e = err("{\"type\": \"tileset\"}");
    assert!(e.contains("root element is <tileset>"), "{e}");
    let e = err(
        r#"{"type": "map", "orientation": "hexagonal", "width": 2, "height": 1, "tilewidth": 48, "tileheight": 42, "hexsidelength": 24, "staggeraxis": "x",
        "layers": [{"type": "tilelayer", "name": "L", "width": 2, "height": 1, "data": [1]}]}"#,
    );
    assert!(
        e.contains("layer `L`: the data holds 1 tiles, the layer 2"),
        "{e}"
    );
}

#[test]
fn an_infinite_map_reads_as_the_finite_map_of_its_tiles() {
    let terrain_map =
        TerrainMap::parse(&text(&fixtures().join("foreign/foreign.terrain.ron"))).expect("parses");
    let opts = ImportOptions {
        terrain_map: Some(terrain_map),
        title: "foreign".into(),
        ..ImportOptions::default()
    };
    let finite = import(&read(&fixtures().join("foreign/foreign.tmx")), &opts).expect("imports");
    for name in ["foreign-infinite.tmx", "foreign-infinite.tmj"] {
        let tmx = read(&fixtures().join("json").join(name));
        // Trimmed to the tiles: the two 16 × 16 chunks hold a 4 × 3 map.
        assert_eq!((tmx.width, tmx.height), (4, 3), "{name}");
        assert_eq!(tmx.terrain.decoded, 2 * 16 * 16, "{name}");
        let mut map = import(&tmx, &opts).expect("imports").map;
        // Its first cell is an odd column of Tiled's (-3), whose stagger (odd) makes the
        // grid foreign.tmx's (even, from column 0); the label, placed at the centre of
        // Tiled's cell (-2, 6), is on the map's second column and row.
        let mill = map
            .hexes
            .iter()
            .position(|h| h.label.is_some())
            .expect("a label");
        let label = map.hexes.remove(mill);
        assert_eq!(
            (label.hex.as_str(), label.label.as_deref()),
            ("0202", Some("Mill")),
            "{name}"
        );
        if label.terrain.is_some() {
            map.hexes.insert(
                mill,
                muster_model::HexEntry {
                    label: None,
                    ..label
                },
            );
        }
        assert_eq!(map, finite.map, "{name}");
    }
}

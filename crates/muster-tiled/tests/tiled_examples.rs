//! Tiled's own hexagonal examples (copies in tests/fixtures/tiled-examples, see its README)
//! import with a terrain map to maps that validate, and without one name the tiles that
//! need a terrain.

use muster_model::{FileKind, MapFile};
use muster_tiled::{import, read_tmx, ImportError, ImportOptions, TerrainMap};
use std::path::{Path, PathBuf};
use std::sync::Arc;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/tiled-examples")
        .join(name)
}

fn read(name: &str) -> String {
    std::fs::read_to_string(fixture(name)).expect("fixture")
}

fn import_example(stem: &str, terrain_map: Option<&str>) -> Result<MapFile, ImportError> {
    let tmx = read_tmx(&read(&format!("{stem}.tmx")), &mut |_| Err("none".into()))?;
    let opts = ImportOptions {
        terrain_map: terrain_map.map(|t| TerrainMap::parse(&read(t)).expect("terrain map")),
        title: stem.into(),
        ..ImportOptions::default()
    };
    import(&tmx, &opts).map(|i| i.map)
}

fn errors_of(m: &MapFile) -> Vec<String> {
    let path = std::env::temp_dir().join(format!(
        "muster-tiled-example-{}.map.ron",
        std::process::id()
    ));
    let text = muster_model::canonical::map_to_ron(m).expect("writes");
    let checker =
        muster_check::Checker::with_overrides([(path.clone(), Arc::<str>::from(text.as_str()))]);
    let mut report = muster_check::Report::default();
    let (findings, _) = checker.check_file(&path, FileKind::Map, &mut report);
    findings
        .iter()
        .filter(|f| f.diagnostic.severity == muster_check::Severity::Error)
        .map(|f| f.diagnostic.message.clone())
        .collect()
}

#[test]
fn hexagonal_mini_imports_to_a_valid_pointy_map() {
    let m = import_example("hexagonal-mini", Some("hexagonal-mini.terrain.ron")).expect("imports");
    assert_eq!(errors_of(&m), Vec::<String>::new());
    assert_eq!((m.grid.columns, m.grid.rows), (20, 20));
    assert_eq!(m.grid.orientation, muster_hex::Orientation::Pointy);
    // 94 cells of the water tile (local id 13) in the example's data.
    let river = m
        .hexes
        .iter()
        .filter(|h| h.terrain.as_deref() == Some("river"))
        .count();
    assert_eq!(river, 94);
    // Row 2 (Tiled's y = 1, staggerindex odd) sits half a hex right of row 1.
    let grid = muster_hex::Grid::new(m.grid.clone());
    let a = grid.center(grid.from_column_row(1, 1), 1.0);
    let b = grid.center(grid.from_column_row(1, 2), 1.0);
    assert!(b.0 > a.0, "{a:?} {b:?}");
}

#[test]
fn the_60x60x30_test_map_imports_with_its_empty_cells() {
    let m = import_example(
        "test_hexagonal_tile_60x60x30",
        Some("test_hexagonal_tile_60x60x30.terrain.ron"),
    )
    .expect("imports");
    assert_eq!(errors_of(&m), Vec::<String>::new());
    assert_eq!(m.grid.orientation, muster_hex::Orientation::Flat);
    assert_eq!(m.default_terrain, "clear");
    // 14 cells hold the one tile, flipped and rotated in every way Tiled allows.
    assert_eq!(m.hexes.len(), 14);
    assert!(m.hexes.iter().all(|h| h.terrain.as_deref() == Some("hill")));
}

#[test]
fn without_a_terrain_map_the_unmapped_tiles_are_named() {
    let e = import_example("test_hexagonal_tile_60x60x30", None).unwrap_err();
    assert!(matches!(e, ImportError::NoRuleset(_)), "{e}");
    let tmx = read_tmx(&read("hexagonal-mini.tmx"), &mut |_| Err("none".into())).expect("reads");
    let opts = ImportOptions {
        ruleset: Some("a-la-charge".into()),
        ..ImportOptions::default()
    };
    let e = import(&tmx, &opts).unwrap_err().to_string();
    assert!(e.starts_with("15 tile(s) stand for no terrain"), "{e}");
    assert!(e.contains("`hex mini:13` (94 cells, first 1001)"), "{e}");
}

//! Tiled's own renderer draws our exports as we do: `tmxrasterizer` (Debian package
//! `tiled`) renders every bundled map exported to TMX, and every hex of its picture shows
//! the terrain colour our renderer uses (the ruleset's), at the hex centre Tiled's layout
//! puts it. Needs the program, so it is ignored by `cargo test`; `scripts/tiled-check.sh`
//! installs Tiled and runs it.

use muster_model::{FileKind, MapFile};
use muster_tiled::{export, geometry, Cells, ExportOptions};
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn rasterize(tmx: &Path, png: &Path) {
    let runtime = std::env::temp_dir().join(format!("muster-tmx-runtime-{}", std::process::id()));
    std::fs::create_dir_all(&runtime).expect("runtime dir");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&runtime, std::fs::Permissions::from_mode(0o700)).expect("chmod");
    }
    let out = Command::new("tmxrasterizer")
        .arg(tmx)
        .arg(png)
        .env("QT_QPA_PLATFORM", "offscreen")
        .env("XDG_RUNTIME_DIR", &runtime)
        .output()
        .expect("tmxrasterizer runs (apt-get install tiled)");
    assert!(
        out.status.success(),
        "tmxrasterizer: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
#[ignore = "needs tmxrasterizer (scripts/tiled-check.sh)"]
fn tmxrasterizer_draws_every_hex_in_its_terrain_colour() {
    let dir = std::env::temp_dir().join(format!("muster-tmx-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let mut maps = 0;
    for entry in std::fs::read_dir(root().join("maps")).expect("maps/") {
        let path = entry.expect("entry").path();
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default()
            .to_string();
        let Some(stem) = name.strip_suffix(".map.ron") else {
            continue;
        };
        let map = muster_check::load_value::<MapFile>(&path, FileKind::Map)
            .expect("loads")
            .value;
        let ruleset = muster_rules::ruleset(&map.ruleset).expect("ruleset");
        let opts = ExportOptions {
            tileset_image: format!("{stem}-terrain.png"),
            ..ExportOptions::default()
        };
        let out = export(&map, ruleset, &opts).expect("exports");
        let tmx = dir.join(format!("{stem}.tmx"));
        std::fs::write(&tmx, &out.tmx).expect("write tmx");
        std::fs::write(dir.join(&opts.tileset_image), &out.tileset_png).expect("write png");
        let png = dir.join(format!("{stem}-tiled.png"));
        rasterize(&tmx, &png);
        let picture = image::open(&png).expect("a PNG").to_rgba8();
        let grid = muster_hex::Grid::new(map.grid.clone());
        let cells = Cells::new(grid.clone());
        let g = geometry(&grid, &cells, opts.px_per_hex).expect("geometry");
        let (w, h) = g.map_size(i64::from(map.grid.columns), i64::from(map.grid.rows));
        assert_eq!(
            (picture.width() as i64, picture.height() as i64),
            (w, h),
            "{name}: size"
        );
        let terrain_of: std::collections::HashMap<String, &str> = map
            .hexes
            .iter()
            .filter_map(|e| Some((e.hex.to_string(), e.terrain.as_deref()?)))
            .collect();
        for hex in grid.hexes() {
            let id = grid.to_printed(hex);
            let t = terrain_of.get(&id).copied().unwrap_or(&map.default_terrain);
            let want = ruleset
                .terrain
                .iter()
                .find(|d| d.id == t)
                .expect("terrain")
                .rgb();
            let (x, y) = cells.cell(hex);
            let (cx, cy) = g.center(x, y);
            // Points a third of the way to each corner: roads run from the centre towards
            // the sides, and text covers some of them, never all.
            let seen: Vec<[u8; 3]> = g
                .corners(x, y)
                .iter()
                .map(|(kx, ky)| {
                    let p = picture
                        .get_pixel((cx + (kx - cx) / 3.0) as u32, (cy + (ky - cy) / 3.0) as u32);
                    [p[0], p[1], p[2]]
                })
                .collect();
            let close = |c: &[u8; 3]| c.iter().zip(want).all(|(a, b)| a.abs_diff(b) <= 6);
            assert!(
                seen.iter().any(close),
                "{name}: hex {id} ({t}) should be {want:?}, Tiled drew {seen:?}"
            );
        }
        maps += 1;
    }
    assert!(maps >= 5);
}

//! `muster export tiled` and `muster import tiled` as users run them: files written
//! beside each other, exit codes, refusals that say what to do, and nothing written when
//! the result would not validate.

use std::path::{Path, PathBuf};

mod common;
use common::{muster, root};

/// A fresh folder for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("muster-cli-tiled-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn export_then_import_gives_the_map_back_and_it_validates() {
    let dir = scratch("round");
    let tmx = dir.join("brampton.tmx");
    let (code, out, err) = muster(&[
        "export",
        "tiled",
        "maps/brampton-field.map.ron",
        "-o",
        s(&tmx),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("brampton-terrain.png"), "{out}");
    assert!(dir.join("brampton-terrain.png").is_file());
    let back = dir.join("brampton.map.ron");
    let (code, out, err) = muster(&["import", "tiled", s(&tmx), "-o", s(&back)]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("20 × 14 hexes"), "{out}");
    let (code, _, err) = muster(&["validate", s(&back)]);
    assert_eq!(code, 0, "{err}");
    // Canonical: fmt has nothing to change.
    let (code, out, _) = muster(&["fmt", "--check", s(&back)]);
    assert_eq!(code, 0, "{out}");
    // An existing map is replaced only with --force.
    let (code, _, err) = muster(&["import", "tiled", s(&tmx), "-o", s(&back)]);
    assert_eq!(code, 2);
    assert!(err.contains("exists already; give --force"), "{err}");
    let (code, _, err) = muster(&["import", "tiled", s(&tmx), "-o", s(&back), "--force"]);
    assert_eq!(code, 0, "{err}");
}

#[test]
fn a_map_made_elsewhere_imports_with_a_terrain_map() {
    // A Tiled map with its own tileset and no muster:terrain properties (ours, written by
    // hand in Tiled's format; Tiled's own examples are imported by scripts/tiled-check.sh).
    let dir = scratch("foreign");
    let fixtures = root().join("crates/muster-tiled/tests/fixtures/foreign");
    let out = dir.join("foreign.map.ron");
    let (code, _, err) = muster(&[
        "import",
        "tiled",
        s(&fixtures.join("foreign.tmx")),
        "--terrain-map",
        s(&fixtures.join("foreign.terrain.ron")),
        "-o",
        s(&out),
    ]);
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = muster(&["validate", s(&out)]);
    assert_eq!(code, 0, "{err}");
    // The three `meadow:1` cells of the CSV layer are woods; the rest is clear.
    let text = std::fs::read_to_string(&out).unwrap();
    for hex in ["0202", "0301", "0302"] {
        assert!(
            text.contains(&format!("(hex: \"{hex}\", terrain: \"woods\")")),
            "{text}"
        );
    }
    assert_eq!(text.matches("terrain: \"woods\"").count(), 3, "{text}");
    // Without it, the tiles to map are listed and nothing is written.
    let out2 = dir.join("foreign2.map.ron");
    let (code, _, err) = muster(&[
        "import",
        "tiled",
        s(&fixtures.join("foreign.tmx")),
        "--ruleset",
        "a-la-charge",
        "-o",
        s(&out2),
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("`meadow:0` (7 cells, first 0101)"), "{err}");
    assert!(err.contains("`meadow:1` (3 cells, first 0301)"), "{err}");
    assert!(!out2.exists());
}

#[test]
fn bad_names_and_paths_are_refused_before_any_work() {
    let dir = scratch("names");
    let (code, _, err) = muster(&[
        "export",
        "tiled",
        "maps/brampton-field.map.ron",
        "-o",
        s(&dir.join("x.png")),
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("name it *.tmx"), "{err}");
    let (code, _, err) = muster(&[
        "export",
        "tiled",
        "scenarios/a-la-charge/civitate-1053.scenario.ron",
        "-o",
        s(&dir.join("x.tmx")),
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("is not a map"), "{err}");
    let (code, _, err) = muster(&[
        "export",
        "tiled",
        "maps/brampton-field.map.ron",
        "-o",
        s(&dir.join("x.tmx")),
        "--px-per-hex",
        "50",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("a multiple of 4 from 8 to 512"), "{err}");
    let (code, _, err) = muster(&[
        "import",
        "tiled",
        "maps/brampton-field.map.ron",
        "-o",
        s(&dir.join("x.tmx")),
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("name it *.map.ron"), "{err}");
    let (code, _, err) = muster(&[
        "import",
        "tiled",
        "/dev/zero",
        "-o",
        s(&dir.join("x.map.ron")),
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read /dev/zero"), "{err}");
}

#[test]
fn a_tileset_outside_the_maps_folder_is_not_read() {
    let dir = scratch("outside");
    let inner = dir.join("maps");
    std::fs::create_dir_all(&inner).unwrap();
    std::fs::write(dir.join("secret.tsx"), "<tileset name=\"s\"/>").unwrap();
    let tmx = inner.join("m.tmx");
    let (code, _, err) = muster(&[
        "export",
        "tiled",
        "maps/normans-byzantines.map.ron",
        "-o",
        s(&tmx),
    ]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&tmx).unwrap().replacen(
        "<tileset firstgid=\"1\"",
        "<tileset firstgid=\"90\" source=\"../secret.tsx\"/>\n <tileset firstgid=\"1\"",
        1,
    );
    std::fs::write(&tmx, text).unwrap();
    let (code, _, err) = muster(&["import", "tiled", s(&tmx), "-o", s(&dir.join("m.map.ron"))]);
    assert_eq!(code, 2);
    assert!(
        err.contains("tileset `../secret.tsx`: it lies outside the map's folder"),
        "{err}"
    );
}

#[test]
fn an_import_that_would_not_validate_writes_nothing_and_shows_why() {
    let dir = scratch("invalid");
    let tmx = dir.join("m.tmx");
    let (code, _, err) = muster(&[
        "export",
        "tiled",
        "maps/saint-albans.map.ron",
        "-o",
        s(&tmx),
    ]);
    assert_eq!(code, 0, "{err}");
    // A hexside feature the ruleset does not have.
    let text = std::fs::read_to_string(&tmx).unwrap().replace(
        "name=\"muster:feature\" value=\"river\"",
        "name=\"muster:feature\" value=\"lava-flow\"",
    );
    std::fs::write(&tmx, text).unwrap();
    let out = dir.join("m.map.ron");
    let (code, _, err) = muster(&["import", "tiled", s(&tmx), "-o", s(&out)]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("lava-flow") && err.contains("nothing written"),
        "{err}"
    );
    assert!(!out.exists());
}

#[test]
fn a_tiled_json_map_with_a_json_tileset_imports_as_its_tmx() {
    // Regression (interop review finding 4): `.tmj` maps and `.tsj` tilesets were refused
    // with "the file has no XML element". foreign.tmj and meadow.tsj were written by
    // Tiled 1.8.2 from foreign.tmx (`tiled --export-map json`, `--export-tileset json`).
    let dir = scratch("json");
    let fixtures = root().join("crates/muster-tiled/tests/fixtures");
    let terrain = fixtures.join("foreign/foreign.terrain.ron");
    let mut written = vec![];
    for (map, out) in [
        ("foreign/foreign.tmx", "from-tmx.map.ron"),
        ("json/foreign.tmj", "from-tmj.map.ron"),
        ("json/foreign-zstd.tmj", "from-zstd.map.ron"),
    ] {
        let out = dir.join(out);
        let (code, _, err) = muster(&[
            "import",
            "tiled",
            s(&fixtures.join(map)),
            "--terrain-map",
            s(&terrain),
            "-o",
            s(&out),
        ]);
        assert_eq!(code, 0, "{map}: {err}");
        written.push(std::fs::read_to_string(&out).unwrap());
    }
    assert!(
        written[0].contains("Imported from the Tiled map \\\"foreign\\\"."),
        "{}",
        written[0]
    );
    assert_eq!(written[1], written[0]);
    assert_eq!(written[2], written[0].replace("foreign", "foreign-zstd"));
}

#[test]
fn the_maps_header_comments_survive_export_and_import() {
    // Regression (interop review finding 8): the leading comments of every bundled map
    // were lost on the way through Tiled.
    let dir = scratch("comments");
    let original = std::fs::read_to_string(root().join("maps/saint-albans.map.ron")).unwrap();
    let header: String = original
        .lines()
        .take_while(|l| l.starts_with("//"))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(header.lines().count(), 2, "{original}");
    let tmx = dir.join("sa.tmx");
    let back = dir.join("sa.map.ron");
    let (code, _, err) = muster(&[
        "export",
        "tiled",
        "maps/saint-albans.map.ron",
        "-o",
        s(&tmx),
    ]);
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = muster(&["import", "tiled", s(&tmx), "-o", s(&back)]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&back).unwrap();
    assert!(text.starts_with(&format!("{header}(\n")), "{text}");
    // Canonical with its comments: fmt has nothing to change.
    let (code, out, _) = muster(&["fmt", "--check", s(&back)]);
    assert_eq!(code, 0, "{out}");

    // A header edited in Tiled into something that is not only comments is written as
    // comments, line by line, and never becomes part of the map.
    let edited = std::fs::read_to_string(&tmx).unwrap().replacen(
        "// Saint Albans",
        "*/ title: \"x\", /* Saint Albans",
        1,
    );
    assert_ne!(edited, std::fs::read_to_string(&tmx).unwrap());
    let tmx2 = dir.join("edited.tmx");
    std::fs::write(&tmx2, edited).unwrap();
    let back2 = dir.join("edited.map.ron");
    let (code, _, err) = muster(&["import", "tiled", s(&tmx2), "-o", s(&back2)]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&back2).unwrap();
    assert!(
        text.starts_with("// */ title: \"x\", /* Saint Albans, for A la Charge"),
        "{text}"
    );
    assert!(text.contains("    title: \"Saint Albans\",\n"), "{text}");
    let (code, _, err) = muster(&["validate", s(&back2)]);
    assert_eq!(code, 0, "{err}");
}

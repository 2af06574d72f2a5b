//! A TMX file with many compressed tile layers (security review F11, interop review 1): the
//! reader decodes one layer at a time into one tile per cell, never decodes a layer the
//! import does not read or needs no more, and refuses a file whose layers to read hold more
//! tile ids than [`decode_budget`] allows. Checked by counting the ids decoded, not by time.

use base64::Engine;
use muster_tiled::{decode_budget, import, read_tmx, ImportOptions, Tmx, TmxError};
use std::io::Write;

const N: u32 = 300;
const CELLS: usize = (N * N) as usize;

fn no_files(_: &str) -> Result<String, String> {
    Err("no files here".into())
}

/// A layer's `<data>` text: every cell `gid`, base64 of zlib.
fn zlib_layer(gid: u32) -> String {
    let bytes: Vec<u8> = (0..CELLS).flat_map(|_| gid.to_le_bytes()).collect();
    let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
    z.write_all(&bytes).expect("compress");
    base64::engine::general_purpose::STANDARD.encode(z.finish().expect("compress"))
}

/// An N × N map with the given layers (name, extra properties, data text), bottom first.
fn map(layers: &[(String, &str, &str)]) -> String {
    let mut s = format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="hexagonal" width="{N}" height="{N}" tilewidth="48" tileheight="42" hexsidelength="24" staggeraxis="x" staggerindex="odd">
 <properties><property name="muster:ruleset" value="a-la-charge"/></properties>
 <tileset firstgid="1" name="t" tilewidth="48" tileheight="42" tilecount="1" columns="1">
  <tile id="0"><properties><property name="muster:terrain" value="clear"/></properties></tile>
 </tileset>
"#
    );
    for (name, props, data) in layers {
        s.push_str(&format!(
            r#" <layer name="{name}" width="{N}" height="{N}">{props}<data encoding="base64" compression="zlib">{data}</data></layer>
"#
        ));
    }
    s + "</map>\n"
}

fn zeros(count: usize) -> Vec<(String, &'static str, String)> {
    let empty = zlib_layer(0);
    (0..count)
        .map(|i| (format!("t{i}"), "", empty.clone()))
        .collect()
}

fn read(layers: &[(String, &str, String)]) -> Result<Tmx, TmxError> {
    let borrowed: Vec<(String, &str, &str)> = layers
        .iter()
        .map(|(n, p, d)| (n.clone(), *p, d.as_str()))
        .collect();
    read_tmx(&map(&borrowed), &mut no_files)
}

#[test]
fn two_hundred_zlib_layers_are_refused_before_the_budget_is_passed() {
    let most = decode_budget(CELLS) / CELLS;
    assert!(
        most < 200,
        "the budget must be below the bomb: {most} layers"
    );
    let e = read(&zeros(200)).expect_err("refused");
    match &e {
        TmxError::TooManyLayers {
            layers,
            most: m,
            layer,
            ..
        } => {
            assert_eq!((*layers, *m), (200, most));
            // Read top first: the first layer past the budget is `most` layers from the top.
            assert_eq!(layer, &format!("t{}", 200 - most - 1));
        }
        other => panic!("wrong error: {other}"),
    }
    let text = e.to_string();
    assert!(text.contains("Muster decodes at most"), "{text}");
    assert!(text.contains("muster:kind = terrain"), "{text}");
}

#[test]
fn layers_within_the_budget_are_decoded_once_each_and_merged() {
    let most = decode_budget(CELLS) / CELLS;
    let tmx = read(&zeros(most)).expect("within the budget");
    assert_eq!(tmx.terrain.decoded, most * CELLS);
    assert!(tmx.terrain.decoded <= decode_budget(CELLS));
    // One id per cell is kept, not one a layer.
    assert_eq!(tmx.terrain.gids.len(), CELLS);
    assert_eq!(tmx.terrain.layers.len(), most);
}

#[test]
fn decoding_stops_once_the_top_layer_covers_every_cell() {
    let mut layers = zeros(199);
    layers.push(("top".into(), "", zlib_layer(1)));
    let tmx = read(&layers).expect("reads");
    assert_eq!(tmx.terrain.decoded, CELLS, "only the top layer is decoded");
    let map = import(&tmx, &ImportOptions::default())
        .expect("imports")
        .map;
    assert_eq!(map.default_terrain, "clear");
    assert_eq!((map.grid.columns, map.grid.rows), (N, N));
}

#[test]
fn layers_the_import_does_not_read_are_not_decoded() {
    let marked = r#"<properties><property name="muster:kind" value="terrain"/></properties>"#;
    let mut layers: Vec<(String, &str, String)> = (0..500)
        .map(|i| (format!("art{i}"), "", "not base64 at all!".to_string()))
        .collect();
    layers.insert(0, ("ground".into(), marked, zlib_layer(1)));
    let tmx = read(&layers).expect("the unread layers' data is never decoded");
    assert_eq!(tmx.terrain.layers, vec!["ground".to_string()]);
    assert_eq!(tmx.terrain.decoded, CELLS);
}

#[test]
fn a_lower_layer_shows_where_the_upper_has_no_tile() {
    // Bottom all tile 1, top empty: every cell comes from the bottom layer.
    let layers = vec![
        ("bottom".to_string(), "", zlib_layer(1)),
        ("top".to_string(), "", zlib_layer(0)),
    ];
    let tmx = read(&layers).expect("reads");
    assert!(tmx.terrain.gids.iter().all(|g| *g == 1));
    assert_eq!(tmx.terrain.decoded, 2 * CELLS);
}

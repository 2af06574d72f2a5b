//! An infinite map is bounded like every other read: the box its chunks span is refused
//! from their headers before anything is allocated for it, a chunk's data is held to its
//! declared size, the chunks' ids to the decode budget, and an infinite map with no tile
//! says so. (The reading itself is checked against Tiled's own files in json.rs.)

use base64::Engine;
use muster_tiled::{read_tmx, TmxError, MAX_CELLS_PER_SIDE};
use std::io::Write;

fn read(chunks: &str, encoding: &str) -> Result<muster_tiled::Tmx, TmxError> {
    let text = format!(
        r#"<map orientation="hexagonal" width="1" height="1" tilewidth="48" tileheight="42" hexsidelength="24" staggeraxis="x" staggerindex="odd" infinite="1">
 <tileset firstgid="1" name="t"/>
 <layer name="L" width="16" height="16"><data {encoding}>{chunks}</data></layer>
</map>"#
    );
    read_tmx(&text, &mut |_| Err("no files".into()))
}

fn chunk(x: i64, y: i64, w: u32, h: u32, data: &str) -> String {
    format!(r#"<chunk x="{x}" y="{y}" width="{w}" height="{h}">{data}</chunk>"#)
}

#[test]
fn chunks_far_apart_are_refused_from_their_headers() {
    let far = chunk(i32::MIN as i64, 0, 1, 1, "1") + &chunk(i32::MAX as i64 - 1, 0, 1, 1, "1");
    let e = read(&far, r#"encoding="csv""#).unwrap_err();
    assert!(
        matches!(e, TmxError::ChunksTooFar { width, .. } if width == u32::MAX as i64),
        "{e}"
    );
    // One chunk declared larger than a map, with (almost) no data: refused before decoding.
    let huge = chunk(0, 0, 100_000, 100_000, "1");
    assert!(matches!(
        read(&huge, r#"encoding="csv""#),
        Err(TmxError::ChunksTooFar { .. })
    ));
    // Tiles further apart than a map, each chunk small: the trimmed box is too large.
    let wide = chunk(0, 0, 1, 1, "1") + &chunk(i64::from(MAX_CELLS_PER_SIDE) + 1, 0, 1, 1, "1");
    assert!(matches!(
        read(&wide, r#"encoding="csv""#),
        Err(TmxError::TooLarge { .. })
    ));
    assert!(matches!(
        read(
            &chunk(0, 0, 1, 1, "1").replace("x=\"0\"", "x=\"-9e99\""),
            r#"encoding="csv""#
        ),
        Err(TmxError::Attribute { name: "x", .. })
    ));
}

#[test]
fn a_chunks_data_is_held_to_its_size() {
    let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
    z.write_all(&vec![0u8; 50_000_000]).expect("compress");
    let bomb = base64::engine::general_purpose::STANDARD.encode(z.finish().expect("compress"));
    let e = read(
        &chunk(0, 0, 16, 16, &bomb),
        r#"encoding="base64" compression="zlib""#,
    )
    .unwrap_err();
    assert!(e.to_string().contains("more than 256"), "{e}");
}

#[test]
fn an_infinite_map_without_tiles_says_so() {
    let empty = chunk(0, 0, 2, 1, "0,0");
    assert_eq!(
        read(&empty, r#"encoding="csv""#).unwrap_err(),
        TmxError::NoTiles
    );
    assert_eq!(
        read("", r#"encoding="csv""#).unwrap_err(),
        TmxError::NoTiles
    );
    let one = read(&chunk(-5, 3, 2, 1, "0,7"), r#"encoding="csv""#).expect("reads");
    assert_eq!(
        (one.width, one.height, one.terrain.gids.clone()),
        (1, 1, vec![7])
    );
}

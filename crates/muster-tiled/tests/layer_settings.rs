//! A tile layer Tiled does not show where its cells are is left out with a note, as a
//! hidden layer is: drawn with opacity 0 (itself or its group), or moved by an offset or a
//! parallax factor (interop review finding 3: both were read as if shown, unshifted).

use muster_tiled::{import, read_tmx, ImportOptions};

fn no_files(_: &str) -> Result<String, String> {
    Err("no files here".into())
}

/// A 3 × 2 map: a bottom layer all clear, over it a layer all village written inside
/// `open`…`close` (a group, say) with `attrs` on its `<layer>`.
fn tmx(open: &str, attrs: &str, close: &str) -> String {
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="hexagonal" width="3" height="2" tilewidth="48" tileheight="42" hexsidelength="24" staggeraxis="x" staggerindex="odd">
 <properties><property name="muster:ruleset" value="a-la-charge"/></properties>
 <tileset firstgid="1" name="t" tilewidth="48" tileheight="42" tilecount="2" columns="2">
  <tile id="0"><properties><property name="muster:terrain" value="clear"/></properties></tile>
  <tile id="1"><properties><property name="muster:terrain" value="village"/></properties></tile>
 </tileset>
 <layer id="1" name="Ground" width="3" height="2"><data encoding="csv">1,1,1,1,1,1</data></layer>
 {open}<layer id="2" name="Top" width="3" height="2" {attrs}><data encoding="csv">2,2,2,2,2,2</data></layer>{close}
</map>"#
    )
}

/// The default terrain read and the notes.
fn read(text: &str) -> (String, Vec<String>) {
    let t = read_tmx(text, &mut no_files).expect("reads");
    let i = import(&t, &ImportOptions::default()).expect("imports");
    (i.map.default_terrain, i.notes)
}

#[test]
fn a_shown_layer_is_read() {
    assert_eq!(
        read(&tmx("", "opacity=\"0.5\"", "")),
        ("village".into(), vec![])
    );
    assert_eq!(
        read(&tmx("", "offsetx=\"0\" parallaxx=\"1\"", "")),
        ("village".into(), vec![])
    );
}

#[test]
fn opacity_0_is_left_out_as_hidden() {
    let note = vec!["left out layer Top (hidden by opacity 0)".to_string()];
    assert_eq!(read(&tmx("", "opacity=\"0\"", "")), ("clear".into(), note));
    let (terrain, notes) = read(&tmx("<group name=\"G\" opacity=\"0.00\">", "", "</group>"));
    assert_eq!(terrain, "clear");
    assert_eq!(
        notes,
        vec!["left out layer G (hidden by opacity 0)".to_string()]
    );
}

#[test]
fn an_offset_or_parallax_is_left_out_with_a_note() {
    assert_eq!(
        read(&tmx("", "offsetx=\"45\" offsety=\"26\"", "")),
        (
            "clear".into(),
            vec!["left out layer Top (moved by the offset 45, 26)".to_string()]
        )
    );
    assert_eq!(
        read(&tmx("<group name=\"G\" offsety=\"-3\">", "", "</group>")),
        (
            "clear".into(),
            vec!["left out layer Top (moved by the offset 0, -3)".to_string()]
        )
    );
    assert_eq!(
        read(&tmx("", "parallaxx=\"0.5\"", "")),
        (
            "clear".into(),
            vec!["left out layer Top (moved by the parallax factor 0.5, 1)".to_string()]
        )
    );
}

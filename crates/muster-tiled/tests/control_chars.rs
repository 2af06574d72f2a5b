//! code.md 4: a map whose title, label or notes hold characters XML 1.0 forbids was exported
//! as a TMX file no strict XML parser (Tiled's Qt XML, Python's expat) would read, and our
//! own lenient reader hid it. The TMX is now well-formed: the characters are dropped from
//! the title and labels (the notes travel as one escaped string and come back whole).

use muster_model::{FileKind, HexEntry, HexId, MapFile};
use muster_tiled::{export, import, read_tmx, ExportOptions, ImportOptions};
use std::path::Path;

fn saint_aubin() -> MapFile {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../maps/saint-aubin.map.ron");
    muster_check::load_value::<MapFile>(&path, FileKind::Map)
        .expect("saint-aubin loads")
        .value
}

#[test]
fn control_characters_in_title_label_and_notes_give_well_formed_tmx() {
    let mut map = saint_aubin();
    map.title = "Bell\u{7}map\u{1b}[31m".into();
    map.notes = vec![
        "two\u{0}lines\nof \u{FFFF}notes".into(),
        "it's \"quoted\" <&>".into(),
    ];
    map.hexes.retain(|h| h.hex.as_str() != "0304");
    map.hexes.push(HexEntry {
        hex: HexId("0304".into()),
        terrain: None,
        elevation: None,
        label: Some("A\u{1}B".into()),
    });
    let ruleset = muster_rules::ruleset(&map.ruleset).expect("ruleset");
    let out = export(&map, ruleset, &ExportOptions::default()).expect("exports");

    assert!(
        !out.tmx.chars().any(muster_xml_forbidden),
        "a forbidden character survived"
    );
    roxmltree::Document::parse(&out.tmx).expect("a strict XML parser reads the TMX");

    let tmx = read_tmx(&out.tmx, &mut |_| Err("no external tilesets".into())).expect("reads");
    let back = import(&tmx, &ImportOptions::default())
        .expect("imports")
        .map;
    assert_eq!(back.title, "Bellmap[31m");
    // Notes travel as one escaped string property, so they come back whole.
    assert_eq!(back.notes, map.notes);
    let label = back.hexes.iter().find(|h| h.hex.as_str() == "0304");
    assert_eq!(label.and_then(|h| h.label.as_deref()), Some("AB"));
}

/// XML 1.0's forbidden characters, written out here so the test does not trust the writer's
/// own predicate.
fn muster_xml_forbidden(c: char) -> bool {
    (c < ' ' && !matches!(c, '\t' | '\n' | '\r')) || c == '\u{FFFE}' || c == '\u{FFFF}'
}

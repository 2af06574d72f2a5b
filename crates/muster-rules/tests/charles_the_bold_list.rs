//! Charles the Bold §16: the bundled `english.armylist.ron` against the printed English
//! army list, column by column (Cat, MP, SP, IF, 2H, 3H, 4H, 6H, BP and the order rating
//! printed after the name).

use muster_model::{ArmyListFile, OrderClass, Provenance};
use std::collections::BTreeMap;

/// The printed list, as printed: name, rating, Cat, MP, SP, IF, 2H, 3H, 4H, 6H, BP.
type Row = (
    &'static str,
    OrderClass,
    &'static [&'static str],
    &'static str,
    &'static str,
    i32,
    [Option<i32>; 4],
    u32,
);

const PRINTED: [Row; 5] = [
    // Knights_C	CS, HC, Imp P	3/2	7	4					3
    (
        "Knights",
        OrderClass::C,
        &["CS", "HC", "Imp P"],
        "3/2",
        "7",
        4,
        [None; 4],
        3,
    ),
    // Mounted Sergeant B	CS, HC	3	6	3					3
    (
        "Mounted Sergeant",
        OrderClass::B,
        &["CS", "HC"],
        "3",
        "6",
        3,
        [None; 4],
        3,
    ),
    // Mounted Crossbow B	SS, LC, XBow	4	3	1	0	-1			1
    (
        "Mounted Crossbow",
        OrderClass::B,
        &["SS", "LC", "XBow"],
        "4",
        "3",
        1,
        [Some(0), Some(-1), None, None],
        1,
    ),
    // English Foot B	CS, HI, various weapons	2	5/4	1					2
    (
        "English Foot",
        OrderClass::B,
        &["CS", "HI", "various weapons"],
        "2",
        "5/4",
        1,
        [None; 4],
        2,
    ),
    // Archers_B	SS, Shot, Longbow	2	4/4	0	0	0	-2		2
    (
        "Archers",
        OrderClass::B,
        &["SS", "Shot", "Longbow"],
        "2",
        "4/4",
        0,
        [Some(0), Some(0), Some(-2), None],
        2,
    ),
];

#[test]
fn the_english_list_file_matches_the_printed_list_column_by_column() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../scenarios/charles-the-bold/english.armylist.ron"
    );
    let text = std::fs::read_to_string(path).expect("the bundled English list");
    let list: ArmyListFile = ron::Options::default()
        .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
        .from_str(&text)
        .expect("parses");
    assert_eq!(list.provenance, Provenance::Printed);
    assert_eq!(
        list.entries.len(),
        PRINTED.len(),
        "one line per printed row"
    );
    for (e, (name, class, cat, mp, sp, impact, bands, bp)) in list.entries.iter().zip(PRINTED) {
        assert_eq!(e.name, name);
        assert_eq!(e.class, class, "{name}: order rating");
        assert_eq!(e.cat, cat, "{name}: Cat");
        assert_eq!(e.mp, mp, "{name}: MP");
        assert_eq!(e.sp, sp, "{name}: SP");
        assert_eq!(e.impact, impact, "{name}: IF");
        let printed: BTreeMap<String, i32> = ["2H", "3H", "4H", "6H"]
            .into_iter()
            .zip(bands)
            .filter_map(|(b, v)| Some((b.to_string(), v?)))
            .collect();
        assert_eq!(e.fire, printed, "{name}: range bands");
        assert_eq!(e.bp, bp, "{name}: BP");
        assert_eq!(e.provenance, Provenance::Printed, "{name}");
    }
}

/// §16: "Knights have 3 Movement Points the first time they move in a turn, and 2 MP for
/// any additional moves"; "The front rank of the Foot has 5 Strength Points, the back rank
/// 4 SP".
#[test]
fn the_list_reads_as_section_16_explains() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../scenarios/charles-the-bold/english.armylist.ron"
    );
    let text = std::fs::read_to_string(path).expect("the bundled English list");
    let list: ArmyListFile = ron::Options::default()
        .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
        .from_str(&text)
        .expect("parses");
    let by = |name: &str| list.entries.iter().find(|e| e.name == name).expect(name);
    assert_eq!(by("Knights").mp_moves(), (3, 2));
    assert_eq!(by("English Foot").sp_ranks(), vec![5, 4]);
    assert!(by("Archers").has("Sh"), "Shot is the Sh sub-category (§15)");
}

//! Regression (found by the `zones` fuzz target): a row with a non-ASCII character,
//! `"0\u{307}x"` (a combining dot after the 0), made zone resolution cut a string inside a
//! character and panic. The schema's pattern refuses it in files, but the editor's zone
//! field and every caller of `Zone::resolve` reach the parser directly.

use muster_hex::{Grid, GridSpec};
use muster_model::{Zone, ZoneError};

#[test]
fn a_row_with_a_non_ascii_character_is_a_bad_row_not_a_panic() {
    let grid = Grid::new(GridSpec::flat(20, 15));
    for text in [
        r#"Row("0̇x")"#,
        r#"OnOrBeyond(side: South, row: "0̇x")"#,
        r#"All([OnOrBeyond(side: South, row: "0̇x"), Within(hex: "0505", distance: 3)])"#,
        r#"Row("é1")"#,
    ] {
        let zone: Zone = ron::from_str(text).unwrap();
        let r = zone.resolve(&grid, &|_| None);
        assert!(matches!(r, Err(ZoneError::BadRow(_))), "{text}: {r:?}");
    }
}

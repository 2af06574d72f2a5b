//! Hex ids and hexsides on grids of every numbering: parsing any text never panics, and an
//! id that parses prints back as an id that parses to the same hex.
#![no_main]
use libfuzzer_sys::fuzz_target;
use muster_hex::{Grid, GridSpec, Numbering, Orientation, Stagger};

fuzz_target!(|input: (u8, u16, u16, &str)| {
    let (shape, columns, rows, text) = input;
    let mut spec = GridSpec::flat(u32::from(columns % 999) + 1, u32::from(rows % 999) + 1);
    if shape & 1 == 1 {
        spec.orientation = Orientation::Pointy;
    }
    if shape & 2 == 2 {
        spec.stagger = Stagger::Odd;
    }
    if shape & 4 == 4 {
        spec.numbering = Numbering::RowColumn;
    }
    spec.first_column = u32::from(shape >> 3 & 1);
    spec.first_row = u32::from(shape >> 4 & 1);
    let grid = Grid::new(spec);
    if let Ok(hex) = grid.from_printed(text) {
        let printed = grid.to_printed(hex);
        assert_eq!(grid.from_printed(&printed).ok(), Some(hex), "{text} -> {printed}");
    }
    if let Some(side) = grid.parse_hexside(text) {
        let _ = side;
    }
});

//! The VASSAL `HexGrid` and `HexGridNumbering` of a board, from our grid and where the
//! renderer put it on the board image.
//!
//! VASSAL's hex grid is a grid of columns (flat-topped hexes) whose odd raw columns sit
//! half a hex lower than the even ones; `sideways` swaps x and y for pointy-topped hexes.
//! Raw column and row 0 are the hex at the origin (`x0`, `y0`). The numbering names a hex
//! `column + hOff` and `row + vOff`, where with `stagger` the rows of odd raw columns count
//! one more. We put the origin on our first printed hex, so `hOff`/`vOff` are the printed
//! numbers of the first column and row, and `stagger` says whether our second column sits
//! half a hex *above* the first. `tests/numbering.rs` proves the names with VASSAL's own
//! algorithm, ported from `HexGrid.java` and `HexGridNumbering.java`.

use muster_hex::{Grid, Numbering, Orientation};
use muster_render::Placement;

/// A board's grid as VASSAL reads it.
#[derive(Debug, Clone, PartialEq)]
pub struct VassalGrid {
    /// Distance between the centres of neighbouring columns (`dx`).
    pub dx: f64,
    /// Height of a hex: distance between centres in a column (`dy`).
    pub dy: f64,
    /// Origin (the first printed hex's centre), in VASSAL's frame (swapped when sideways).
    pub x0: i32,
    /// See `x0`.
    pub y0: i32,
    /// Pointy-topped hexes: VASSAL swaps x and y.
    pub sideways: bool,
    /// Odd raw columns count their rows one more.
    pub stagger: bool,
    /// `first`: `H` names VASSAL's column first, `V` its row.
    pub first: char,
    /// `hOff`.
    pub h_off: i32,
    /// `vOff`.
    pub v_off: i32,
    /// `hLeading` and `vLeading`: zeros before a number below 10^leading.
    pub leading: u32,
}

impl VassalGrid {
    /// The grid of a board on which `placement` says where the renderer drew `grid`.
    pub fn new(grid: &Grid, placement: &Placement) -> VassalGrid {
        let spec = grid.spec();
        let (fc, fr) = (spec.first_column as i32, spec.first_row as i32);
        let first = placement.centre(grid, grid.from_column_row(fc, fr));
        let r = placement.radius as f64;
        let s3 = 3f64.sqrt();
        let sideways = spec.orientation == Orientation::Pointy;
        // The neighbour along VASSAL's column axis: our next column (flat) or row (pointy).
        let (next, first_h) = if sideways {
            (
                placement.centre(grid, grid.from_column_row(fc, fr + 1)),
                spec.numbering == Numbering::RowColumn,
            )
        } else {
            (
                placement.centre(grid, grid.from_column_row(fc + 1, fr)),
                spec.numbering == Numbering::ColumnRow,
            )
        };
        // Odd raw columns sit half a hex further along the other axis in VASSAL; when ours
        // sits half a hex back instead, the numbering is staggered.
        let shift = if sideways {
            next.0 - first.0
        } else {
            next.1 - first.1
        };
        let (x0, y0) = if sideways {
            (first.1, first.0)
        } else {
            (first.0, first.1)
        };
        let (h_off, v_off) = if sideways { (fr, fc) } else { (fc, fr) };
        VassalGrid {
            dx: 1.5 * r,
            dy: s3 * r,
            x0: x0.round() as i32,
            y0: y0.round() as i32,
            sideways,
            stagger: shift < 0.0,
            first: if first_h { 'H' } else { 'V' },
            h_off,
            v_off,
            leading: grid.digits() as u32 - 1,
        }
    }

    /// The attributes of the `HexGrid` element.
    pub fn grid_attrs(&self) -> Vec<(&'static str, String)> {
        vec![
            ("color", "0,0,0".into()),
            ("cornersLegal", "false".into()),
            ("dotsVisible", "false".into()),
            ("dx", self.dx.to_string()),
            ("dy", self.dy.to_string()),
            ("edgesLegal", "false".into()),
            ("sideways", self.sideways.to_string()),
            ("snapTo", "true".into()),
            // The board image draws the hexes already.
            ("visible", "false".into()),
            ("x0", self.x0.to_string()),
            ("y0", self.y0.to_string()),
        ]
    }

    /// The attributes of the `HexGridNumbering` element. The numbers are drawn on the
    /// board image (the renderer's, as in `muster render`), so VASSAL does not draw them.
    pub fn numbering_attrs(&self) -> Vec<(&'static str, String)> {
        vec![
            ("color", "0,0,0".into()),
            ("first", self.first.to_string()),
            ("fontSize", "9".into()),
            ("hDescend", "false".into()),
            ("hDrawOff", "0".into()),
            ("hLeading", self.leading.to_string()),
            ("hOff", self.h_off.to_string()),
            ("hType", "N".into()),
            ("locationFormat", "$gridLocation$".into()),
            ("rotateText", "0".into()),
            ("sep", "".into()),
            ("stagger", self.stagger.to_string()),
            ("vDescend", "false".into()),
            ("vDrawOff", "0".into()),
            ("vLeading", self.leading.to_string()),
            ("vOff", self.v_off.to_string()),
            ("vType", "N".into()),
            ("visible", "false".into()),
        ]
    }
}

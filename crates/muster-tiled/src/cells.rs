//! Our grid and Tiled's cells: Tiled numbers cells from (0, 0) at the top left, x to the
//! right and y down; a printed hex is the cell at (column − first column, row − first
//! row). Which cells Tiled shifts (its `staggerindex`) is read off our own geometry, not
//! assumed from the grid's parity names.

use crate::layout::StaggerAxis;
use muster_hex::{Grid, GridSpec, Hex, Orientation, Stagger};

/// Cells of one map.
#[derive(Debug, Clone)]
pub struct Cells {
    grid: Grid,
    first: (i64, i64),
}

impl Cells {
    /// The cells of a grid.
    pub fn new(grid: Grid) -> Cells {
        let s = grid.spec();
        let first = (i64::from(s.first_column), i64::from(s.first_row));
        Cells { grid, first }
    }

    /// The grid.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The cell of a hex (negative or past the size for hexes off the map).
    pub fn cell(&self, hex: Hex) -> (i64, i64) {
        let (c, r) = self.grid.to_column_row(hex);
        (i64::from(c) - self.first.0, i64::from(r) - self.first.1)
    }

    /// The hex of a cell, or None for a cell too far off the map to have a hex id.
    pub fn hex(&self, x: i64, y: i64) -> Option<Hex> {
        let c = i32::try_from(x + self.first.0).ok()?;
        let r = i32::try_from(y + self.first.1).ok()?;
        if c.abs() > 1_000_000 || r.abs() > 1_000_000 {
            return None;
        }
        Some(self.grid.from_column_row(c, r))
    }

    /// Tiled's stagger axis for the grid.
    pub fn axis(&self) -> StaggerAxis {
        axis_of(self.grid.orientation())
    }

    /// Whether Tiled's `staggerindex` is `even` for this grid: whether cell 1 of the
    /// staggered axis sits half a hex back (up or left) of cell 0 rather than forward.
    pub fn stagger_even(&self) -> bool {
        stagger_even(&self.grid)
    }
}

/// Tiled's stagger axis for an orientation.
pub fn axis_of(o: Orientation) -> StaggerAxis {
    match o {
        Orientation::Flat => StaggerAxis::X,
        Orientation::Pointy => StaggerAxis::Y,
    }
}

fn stagger_even(grid: &Grid) -> bool {
    let s = grid.spec();
    let (c, r) = (s.first_column as i32, s.first_row as i32);
    let a = grid.center(grid.from_column_row(c, r), 1.0);
    match grid.orientation() {
        Orientation::Flat => grid.center(grid.from_column_row(c + 1, r), 1.0).1 < a.1,
        Orientation::Pointy => grid.center(grid.from_column_row(c, r + 1), 1.0).0 < a.0,
    }
}

/// Our stagger for a grid whose other fields `spec` gives, such that Tiled's
/// `staggerindex` is `even` exactly when `tiled_even` is.
pub fn stagger_for(spec: &GridSpec, tiled_even: bool) -> Stagger {
    let mut s = spec.clone();
    for stagger in [Stagger::Even, Stagger::Odd] {
        s.stagger = stagger;
        if stagger_even(&Grid::new(s.clone())) == tiled_even {
            return stagger;
        }
    }
    // Unreachable: the two staggers give the two answers.
    Stagger::Even
}

#[cfg(test)]
mod tests {
    use super::*;
    use muster_hex::Numbering;

    #[test]
    fn stagger_round_trips_for_every_grid_kind() {
        for o in [Orientation::Flat, Orientation::Pointy] {
            for st in [Stagger::Even, Stagger::Odd] {
                for first in [0, 1] {
                    let mut spec = GridSpec::flat(5, 4);
                    spec.orientation = o;
                    spec.stagger = st;
                    spec.first_column = first;
                    spec.first_row = first;
                    spec.numbering = Numbering::RowColumn;
                    let cells = Cells::new(Grid::new(spec.clone()));
                    assert_eq!(stagger_for(&spec, cells.stagger_even()), st);
                    let h = cells.hex(2, 3).expect("hex");
                    assert_eq!(cells.cell(h), (2, 3));
                }
            }
        }
    }

    #[test]
    fn the_usual_grid_shifts_tileds_odd_columns() {
        // Flat, even printed columns down, from 0101: printed 02 is Tiled's column 1.
        let cells = Cells::new(Grid::new(GridSpec::flat(5, 4)));
        assert!(!cells.stagger_even());
    }
}

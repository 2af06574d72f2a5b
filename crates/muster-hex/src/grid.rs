//! The `Grid`: a map's orientation, stagger, numbering and size, and the conversions
//! between printed hex ids (`"0504"`) and axial hexes.

use crate::direction::{Corner, Direction, Orientation};
use crate::edge::{Compass, GridSide};
use crate::side::{Hexside, Vertex};
use hexx::{Hex, HexOrientation, OffsetHexMode};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Which columns (flat grids) or rows (pointy grids) are shifted by half a hex.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub enum Stagger {
    /// Even-numbered columns (flat) are shoved down / even rows (pointy) shoved right.
    Even,
    /// Odd-numbered columns (flat) are shoved down / odd rows (pointy) shoved right.
    Odd,
}

/// The order of the two numbers in a printed hex id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub enum Numbering {
    /// `CCRR`: column first, then row (the usual hex-and-counter convention).
    ColumnRow,
    /// `RRCC`: row first, then column.
    RowColumn,
}

/// How a map's grid is laid out and numbered, as stored in map and overlay files.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GridSpec {
    /// Flat-top (columns) or pointy-top (rows).
    pub orientation: Orientation,
    /// Which columns (flat) or rows (pointy), by their printed number, are shifted.
    pub stagger: Stagger,
    /// Which number comes first in a printed id.
    pub numbering: Numbering,
    /// The printed number of the first column: 1 for maps starting at `0101`, 0 for `0000`.
    #[schemars(range(min = 0, max = GridSpec::MAX_FIRST))]
    pub first_column: u32,
    /// The printed number of the first row.
    #[schemars(range(min = 0, max = GridSpec::MAX_FIRST))]
    pub first_row: u32,
    /// Number of columns.
    #[schemars(range(min = 1, max = GridSpec::MAX_SIZE))]
    pub columns: u32,
    /// Number of rows.
    #[schemars(range(min = 1, max = GridSpec::MAX_SIZE))]
    pub rows: u32,
    /// Which grid side faces north; east, south and west follow clockwise. Printed rules
    /// name edges by compass ("the east edge"), and not every map has north at the top.
    #[serde(default = "default_north")]
    pub north: GridSide,
}

fn default_north() -> GridSide {
    GridSide::Top
}

impl GridSpec {
    /// The most columns or rows a grid has (the schema's bound: three printed digits).
    pub const MAX_SIZE: u32 = 999;
    /// The highest printed number of the first column or row (maps start at 0 or 1).
    pub const MAX_FIRST: u32 = 1;

    /// Checks the grid against the bounds the schema states, so that a grid made in a
    /// front end (the editor's New dialog) is one the files accept.
    pub fn check(&self) -> Result<(), GridSpecError> {
        for (what, n) in [("columns", self.columns), ("rows", self.rows)] {
            if !(1..=Self::MAX_SIZE).contains(&n) {
                return Err(GridSpecError::Size {
                    what,
                    value: n,
                    max: Self::MAX_SIZE,
                });
            }
        }
        for (what, n) in [
            ("first column", self.first_column),
            ("first row", self.first_row),
        ] {
            if n > Self::MAX_FIRST {
                return Err(GridSpecError::First {
                    what,
                    value: n,
                    max: Self::MAX_FIRST,
                });
            }
        }
        Ok(())
    }

    /// The usual grid of new maps: flat-topped hexes in columns, even columns shifted down,
    /// printed `CCRR` from `0101`, north at the top.
    pub fn flat(columns: u32, rows: u32) -> GridSpec {
        GridSpec {
            orientation: Orientation::Flat,
            stagger: Stagger::Even,
            numbering: Numbering::ColumnRow,
            first_column: 1,
            first_row: 1,
            columns,
            rows,
            north: GridSide::Top,
        }
    }
}

/// Why a grid is outside the bounds the schema states.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GridSpecError {
    /// Too few or too many columns or rows.
    #[error("{value} {what}: a map has 1 to {max} {what}")]
    Size {
        /// "columns" or "rows".
        what: &'static str,
        /// The number asked for.
        value: u32,
        /// The most allowed.
        max: u32,
    },
    /// The first column or row is numbered too high.
    #[error("{what} numbered {value}: the first column and row are numbered 0 to {max}")]
    First {
        /// "first column" or "first row".
        what: &'static str,
        /// The number asked for.
        value: u32,
        /// The highest allowed.
        max: u32,
    },
}

/// Why a printed hex id could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HexIdError {
    /// The id is not made of the expected number of digits.
    #[error("`{id}` is not a hex id: write {digits} digits, column then row, like `{example}`")]
    Malformed {
        /// The text as written.
        id: String,
        /// How many digits this grid's ids have.
        digits: usize,
        /// An example id on this grid.
        example: String,
    },
}

/// A map grid: a [`GridSpec`] with the conversions and queries built on it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grid {
    spec: GridSpec,
    digits: usize,
}

impl Grid {
    /// Builds a grid from its spec.
    pub fn new(spec: GridSpec) -> Self {
        let last = (spec.first_column + spec.columns).max(spec.first_row + spec.rows);
        let digits = if last > 100 { 3 } else { 2 };
        Grid { spec, digits }
    }

    /// The spec this grid was built from.
    pub fn spec(&self) -> &GridSpec {
        &self.spec
    }

    /// The orientation of the hexes.
    pub fn orientation(&self) -> Orientation {
        self.spec.orientation
    }

    fn hexx_orientation(&self) -> HexOrientation {
        match self.spec.orientation {
            Orientation::Flat => HexOrientation::Flat,
            Orientation::Pointy => HexOrientation::Pointy,
        }
    }

    fn mode(&self) -> OffsetHexMode {
        match self.spec.stagger {
            Stagger::Even => OffsetHexMode::Even,
            Stagger::Odd => OffsetHexMode::Odd,
        }
    }

    /// The hex at printed column and row numbers.
    pub fn from_column_row(&self, column: i32, row: i32) -> Hex {
        Hex::from_offset_coordinates([column, row], self.mode(), self.hexx_orientation())
    }

    /// The printed column and row numbers of a hex.
    pub fn to_column_row(&self, hex: Hex) -> (i32, i32) {
        let [c, r] = hex.to_offset_coordinates(self.mode(), self.hexx_orientation());
        (c, r)
    }

    /// Reads a printed id such as `"0504"` (the hex need not be on the map).
    pub fn from_printed(&self, id: &str) -> Result<Hex, HexIdError> {
        let d = self.digits;
        let bad = || HexIdError::Malformed {
            id: id.to_string(),
            digits: 2 * d,
            example: self.example_id(),
        };
        if id.len() != 2 * d || !id.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let a: i32 = id[..d].parse().map_err(|_| bad())?;
        let b: i32 = id[d..].parse().map_err(|_| bad())?;
        let (c, r) = match self.spec.numbering {
            Numbering::ColumnRow => (a, b),
            Numbering::RowColumn => (b, a),
        };
        Ok(self.from_column_row(c, r))
    }

    /// The printed id of a hex, zero-padded as the map prints it. Hexes off the map with
    /// negative numbers print with a minus sign and are never valid input.
    pub fn to_printed(&self, hex: Hex) -> String {
        let (c, r) = self.to_column_row(hex);
        let (a, b) = match self.spec.numbering {
            Numbering::ColumnRow => (c, r),
            Numbering::RowColumn => (r, c),
        };
        format!("{a:0w$}{b:0w$}", w = self.digits)
    }

    fn example_id(&self) -> String {
        self.to_printed(
            self.from_column_row(self.spec.first_column as i32, self.spec.first_row as i32),
        )
    }

    /// Number of digits in each half of a printed id (2, or 3 past 99).
    pub fn digits(&self) -> usize {
        self.digits
    }

    /// The range of printed column numbers.
    pub fn column_range(&self) -> std::ops::RangeInclusive<i32> {
        let f = self.spec.first_column as i32;
        f..=f + self.spec.columns as i32 - 1
    }

    /// The range of printed row numbers.
    pub fn row_range(&self) -> std::ops::RangeInclusive<i32> {
        let f = self.spec.first_row as i32;
        f..=f + self.spec.rows as i32 - 1
    }

    /// Whether the hex lies on the map.
    pub fn contains(&self, hex: Hex) -> bool {
        let (c, r) = self.to_column_row(hex);
        self.column_range().contains(&c) && self.row_range().contains(&r)
    }

    /// Every hex of the map, column by column.
    pub fn hexes(&self) -> impl Iterator<Item = Hex> + '_ {
        self.column_range()
            .flat_map(move |c| self.row_range().map(move |r| self.from_column_row(c, r)))
    }

    /// Number of hexes on the map.
    pub fn len(&self) -> usize {
        (self.spec.columns * self.spec.rows) as usize
    }

    /// Whether the map has no hexes (never true for a valid spec).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The neighbour of `hex` in `dir` (on the map or not).
    pub fn neighbor(&self, hex: Hex, dir: Direction) -> Hex {
        dir.step(hex, self.spec.orientation)
    }

    /// The neighbours of `hex` that are on the map.
    pub fn neighbors_on_map(&self, hex: Hex) -> impl Iterator<Item = Hex> + '_ {
        Direction::ALL
            .into_iter()
            .map(move |d| self.neighbor(hex, d))
            .filter(|h| self.contains(*h))
    }

    /// The hexside between two neighbouring hexes.
    pub fn hexside_between(&self, a: Hex, b: Hex) -> Option<Hexside> {
        Direction::between(a, b, self.spec.orientation)
            .map(|d| Hexside::new(a, d, self.spec.orientation))
    }

    /// The hexes of the map touching one grid side, in increasing column or row order.
    pub fn edge_hexes(&self, side: GridSide) -> Vec<Hex> {
        let (cs, rs) = (self.column_range(), self.row_range());
        match side {
            GridSide::Top => cs.map(|c| self.from_column_row(c, *rs.start())).collect(),
            GridSide::Bottom => cs.map(|c| self.from_column_row(c, *rs.end())).collect(),
            GridSide::Left => rs.map(|r| self.from_column_row(*cs.start(), r)).collect(),
            GridSide::Right => rs.map(|r| self.from_column_row(*cs.end(), r)).collect(),
        }
    }

    /// The grid side that faces the given compass point.
    pub fn side_facing(&self, compass: Compass) -> GridSide {
        self.spec.north.rotated(compass.index())
    }

    /// The compass point that the given grid side faces.
    pub fn compass_of(&self, side: GridSide) -> Compass {
        Compass::from_index((side.index() + 4 - self.spec.north.index()) % 4)
    }

    /// The grid sides (possibly two, at a corner) whose edge contains `hex`.
    pub fn sides_of(&self, hex: Hex) -> Vec<GridSide> {
        GridSide::ALL
            .into_iter()
            .filter(|s| self.edge_hexes(*s).contains(&hex))
            .collect()
    }

    /// Reads a hexside written as `"0504/NE"`.
    pub fn parse_hexside(&self, text: &str) -> Option<Hexside> {
        let (hex, dir) = text.split_once('/')?;
        let hex = self.from_printed(hex.trim()).ok()?;
        let dir = Direction::from_name(dir.trim(), self.spec.orientation)?;
        Some(Hexside::new(hex, dir, self.spec.orientation))
    }

    /// Writes a hexside as `"0504/NE"`, naming it from its canonical hex.
    pub fn print_hexside(&self, side: Hexside) -> String {
        format!(
            "{}/{}",
            self.to_printed(side.hex()),
            side.direction().name(self.spec.orientation)
        )
    }

    /// Reads a vertex written as `"0504/E"`.
    pub fn parse_vertex(&self, text: &str) -> Option<Vertex> {
        let (hex, corner) = text.split_once('/')?;
        let hex = self.from_printed(hex.trim()).ok()?;
        let corner = Corner::from_name(corner.trim(), self.spec.orientation)?;
        Some(Vertex::new(hex, corner, self.spec.orientation))
    }

    /// Writes a vertex as `"0504/E"`.
    pub fn print_vertex(&self, vertex: Vertex) -> String {
        format!(
            "{}/{}",
            self.to_printed(vertex.hex()),
            vertex.corner().name(self.spec.orientation)
        )
    }

    /// Centre of a hex in pixels for hexes of the given outer radius, origin at the centre
    /// of the hex with axial (0, 0), y growing downwards.
    pub fn center(&self, hex: Hex, radius: f32) -> (f32, f32) {
        let (q, r) = (hex.x as f32, hex.y as f32);
        let s3 = 3f32.sqrt();
        match self.spec.orientation {
            Orientation::Flat => (radius * 1.5 * q, radius * s3 * (r + q / 2.0)),
            Orientation::Pointy => (radius * s3 * (q + r / 2.0), radius * 1.5 * r),
        }
    }

    /// The hex under a pixel position (inverse of [`Grid::center`]).
    pub fn hex_at(&self, x: f32, y: f32, radius: f32) -> Hex {
        let s3 = 3f32.sqrt();
        let (q, r) = match self.spec.orientation {
            Orientation::Flat => {
                let q = x / (1.5 * radius);
                (q, y / (radius * s3) - q / 2.0)
            }
            Orientation::Pointy => {
                let r = y / (1.5 * radius);
                (x / (radius * s3) - r / 2.0, r)
            }
        };
        Hex::round([q, r])
    }

    /// The six corner points of a hex, clockwise from corner 0 ([`Corner`]).
    pub fn corners(&self, hex: Hex, radius: f32) -> [(f32, f32); 6] {
        let (cx, cy) = self.center(hex, radius);
        let start = match self.spec.orientation {
            Orientation::Flat => -60.0f32,
            Orientation::Pointy => -30.0f32,
        };
        std::array::from_fn(|i| {
            let a = (start + 60.0 * i as f32).to_radians();
            (cx + radius * a.cos(), cy + radius * a.sin())
        })
    }
}

#[cfg(test)]
mod bounds_tests {
    use super::*;

    #[test]
    fn check_holds_the_schema_bounds() {
        assert!(GridSpec::flat(1, GridSpec::MAX_SIZE).check().is_ok());
        assert!(GridSpec::flat(0, 10).check().is_err());
        assert!(GridSpec::flat(10, GridSpec::MAX_SIZE + 1).check().is_err());
        let mut g = GridSpec::flat(10, 10);
        g.first_row = 2;
        assert!(g.check().is_err());
    }
}

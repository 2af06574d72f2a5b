//! Map edges, named by the side of the grid and by the compass point they face.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A side of the rectangular grid as drawn (top is the first row).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub enum GridSide {
    /// The side of the first row.
    Top,
    /// The side of the last column.
    Right,
    /// The side of the last row.
    Bottom,
    /// The side of the first column.
    Left,
}

/// A compass point as printed rules use it ("the east edge").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub enum Compass {
    /// North.
    North,
    /// East.
    East,
    /// South.
    South,
    /// West.
    West,
}

impl GridSide {
    /// The four sides, clockwise from the top.
    pub const ALL: [GridSide; 4] = [
        GridSide::Top,
        GridSide::Right,
        GridSide::Bottom,
        GridSide::Left,
    ];

    /// Index clockwise from the top.
    pub fn index(self) -> u8 {
        self as u8
    }

    /// This side turned clockwise by `quarters`.
    pub fn rotated(self, quarters: u8) -> GridSide {
        GridSide::ALL[((self.index() + quarters) % 4) as usize]
    }
}

impl Compass {
    /// Index clockwise from north.
    pub fn index(self) -> u8 {
        self as u8
    }

    /// The compass point at `i` quarters clockwise from north.
    pub fn from_index(i: u8) -> Compass {
        [Compass::North, Compass::East, Compass::South, Compass::West][(i % 4) as usize]
    }

    /// Lower-case name ("east").
    pub fn name(self) -> &'static str {
        ["north", "east", "south", "west"][self.index() as usize]
    }
}

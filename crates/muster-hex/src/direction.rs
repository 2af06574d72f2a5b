//! The six directions out of a hex and the six corners of a hex, named as a printed map
//! shows them (up is the top of the sheet), for both flat-top and pointy-top grids.

use hexx::Hex;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Which way the hexes of a grid are turned.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub enum Orientation {
    /// Flat top and bottom; hexes form vertical columns (most hex-and-counter maps).
    Flat,
    /// A point at the top; hexes form horizontal rows.
    Pointy,
}

/// One of the six directions from a hex to a neighbour, numbered clockwise from the
/// first direction of the orientation (flat: N; pointy: NE).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Direction(u8);

/// One of the six corners of a hex, numbered clockwise; corner `i` lies between
/// direction `i` and direction `i + 1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Corner(u8);

const FLAT_SIDES: [&str; 6] = ["N", "NE", "SE", "S", "SW", "NW"];
const POINTY_SIDES: [&str; 6] = ["NE", "E", "SE", "SW", "W", "NW"];
const FLAT_CORNERS: [&str; 6] = ["NE", "E", "SE", "SW", "W", "NW"];
const POINTY_CORNERS: [&str; 6] = ["NE", "SE", "S", "SW", "NW", "N"];
// Axial steps with screen y growing downwards.
const FLAT_STEPS: [(i32, i32); 6] = [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)];
const POINTY_STEPS: [(i32, i32); 6] = [(1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1)];

impl Orientation {
    fn steps(self) -> &'static [(i32, i32); 6] {
        match self {
            Orientation::Flat => &FLAT_STEPS,
            Orientation::Pointy => &POINTY_STEPS,
        }
    }
}

impl Direction {
    /// All six directions, clockwise.
    pub const ALL: [Direction; 6] = [
        Direction(0),
        Direction(1),
        Direction(2),
        Direction(3),
        Direction(4),
        Direction(5),
    ];

    /// The direction with index `i` (taken modulo 6).
    pub fn new(i: u8) -> Self {
        Direction(i % 6)
    }

    /// The index 0..6, clockwise.
    pub fn index(self) -> u8 {
        self.0
    }

    /// The direction pointing the other way.
    pub fn opposite(self) -> Self {
        Direction((self.0 + 3) % 6)
    }

    /// This direction turned clockwise by `steps` sixths.
    pub fn rotated(self, steps: u32) -> Self {
        Direction(((self.0 as u32 + steps) % 6) as u8)
    }

    /// The hex one step away in this direction.
    pub fn step(self, from: Hex, orientation: Orientation) -> Hex {
        let (dx, dy) = orientation.steps()[self.0 as usize];
        Hex::new(from.x + dx, from.y + dy)
    }

    /// The direction from `a` to its neighbour `b`, if they are neighbours.
    pub fn between(a: Hex, b: Hex, orientation: Orientation) -> Option<Self> {
        Direction::ALL
            .into_iter()
            .find(|d| d.step(a, orientation) == b)
    }

    /// The printed name (`N`, `NE`, … for flat; `NE`, `E`, … for pointy).
    pub fn name(self, orientation: Orientation) -> &'static str {
        match orientation {
            Orientation::Flat => FLAT_SIDES[self.0 as usize],
            Orientation::Pointy => POINTY_SIDES[self.0 as usize],
        }
    }

    /// Parses a printed name for the given orientation.
    pub fn from_name(name: &str, orientation: Orientation) -> Option<Self> {
        let names = match orientation {
            Orientation::Flat => &FLAT_SIDES,
            Orientation::Pointy => &POINTY_SIDES,
        };
        names
            .iter()
            .position(|n| n.eq_ignore_ascii_case(name))
            .map(|i| Direction(i as u8))
    }
}

impl Corner {
    /// All six corners, clockwise.
    pub const ALL: [Corner; 6] = [
        Corner(0),
        Corner(1),
        Corner(2),
        Corner(3),
        Corner(4),
        Corner(5),
    ];

    /// The corner with index `i` (taken modulo 6).
    pub fn new(i: u8) -> Self {
        Corner(i % 6)
    }

    /// The index 0..6, clockwise.
    pub fn index(self) -> u8 {
        self.0
    }

    /// The two directions whose hexsides meet at this corner.
    pub fn sides(self) -> (Direction, Direction) {
        (Direction(self.0), Direction((self.0 + 1) % 6))
    }

    /// The printed name of the corner for the orientation.
    pub fn name(self, orientation: Orientation) -> &'static str {
        match orientation {
            Orientation::Flat => FLAT_CORNERS[self.0 as usize],
            Orientation::Pointy => POINTY_CORNERS[self.0 as usize],
        }
    }

    /// Parses a printed corner name for the orientation.
    pub fn from_name(name: &str, orientation: Orientation) -> Option<Self> {
        let names = match orientation {
            Orientation::Flat => &FLAT_CORNERS,
            Orientation::Pointy => &POINTY_CORNERS,
        };
        names
            .iter()
            .position(|n| n.eq_ignore_ascii_case(name))
            .map(|i| Corner(i as u8))
    }
}

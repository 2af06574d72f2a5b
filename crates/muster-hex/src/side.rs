//! Hexsides and vertices addressed so that every hex touching one names the same value.

use crate::direction::{Corner, Direction, Orientation};
use hexx::Hex;

/// The side between two neighbouring hexes, stored from the hex for which the direction is
/// one of the first three (flat: N, NE, SE; pointy: NE, E, SE).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hexside {
    hex: (i32, i32),
    dir: Direction,
}

impl Hexside {
    /// The side of `hex` in direction `dir`, normalised.
    pub fn new(hex: Hex, dir: Direction, orientation: Orientation) -> Self {
        if dir.index() < 3 {
            Hexside {
                hex: (hex.x, hex.y),
                dir,
            }
        } else {
            let n = dir.step(hex, orientation);
            Hexside {
                hex: (n.x, n.y),
                dir: dir.opposite(),
            }
        }
    }

    /// The hex this side is named from.
    pub fn hex(self) -> Hex {
        Hex::new(self.hex.0, self.hex.1)
    }

    /// The direction from [`Hexside::hex`].
    pub fn direction(self) -> Direction {
        self.dir
    }

    /// The two hexes this side separates.
    pub fn hexes(self, orientation: Orientation) -> (Hex, Hex) {
        (self.hex(), self.dir.step(self.hex(), orientation))
    }
}

/// A corner shared by up to three hexes, stored from the smallest of its three names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Vertex {
    hex: (i32, i32),
    corner: Corner,
}

impl Vertex {
    /// The corner `corner` of `hex`, normalised.
    pub fn new(hex: Hex, corner: Corner, orientation: Orientation) -> Self {
        let (d1, d2) = corner.sides();
        let i = corner.index();
        let n1 = d1.step(hex, orientation);
        let n2 = d2.step(hex, orientation);
        let names = [
            ((hex.x, hex.y), Corner::new(i)),
            ((n1.x, n1.y), Corner::new(i + 2)),
            ((n2.x, n2.y), Corner::new(i + 4)),
        ];
        let (hex, corner) = names.into_iter().min().unwrap_or(names[0]);
        Vertex { hex, corner }
    }

    /// The hex this vertex is named from.
    pub fn hex(self) -> Hex {
        Hex::new(self.hex.0, self.hex.1)
    }

    /// The corner of [`Vertex::hex`].
    pub fn corner(self) -> Corner {
        self.corner
    }

    /// The three hexes meeting at this vertex.
    pub fn hexes(self, orientation: Orientation) -> [Hex; 3] {
        let (d1, d2) = self.corner.sides();
        [
            self.hex(),
            d1.step(self.hex(), orientation),
            d2.step(self.hex(), orientation),
        ]
    }
}

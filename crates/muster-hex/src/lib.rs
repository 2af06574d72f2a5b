//! Hex geometry for Muster.
//!
//! Inside Muster every hex is an axial [`Hex`] (re-exported from hexx); printed ids such as
//! `"0504"` exist only at the edges, converted by a [`Grid`] that knows the map's
//! orientation, stagger and numbering. Hexsides and vertices are addressed so that every
//! hex touching them names the same one, map edges are named by grid side and by compass
//! point, and lines between hex centres carry a named policy for the case where they run
//! exactly along a hexside.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod direction;
mod edge;
mod grid;
mod line;
mod side;

pub use direction::{Corner, Direction, Orientation};
pub use edge::{Compass, GridSide};
pub use grid::{Grid, GridSpec, GridSpecError, HexIdError, Numbering, Stagger};
pub use hexx::Hex;
pub use line::{hex_line, hex_line_from_hexside, LinePolicy, LineStep};
pub use side::{Hexside, Vertex};

/// Distance in hexes between two hexes.
pub fn distance(a: Hex, b: Hex) -> u32 {
    a.unsigned_distance_to(b)
}

/// Rotates `hex` clockwise by `steps` sixths of a turn about `center` (as drawn on screen,
/// with rows growing downwards).
pub fn rotate_about(hex: Hex, center: Hex, steps: u32) -> Hex {
    // hexx's clockwise assumes y grows upwards; our screen y grows downwards.
    hex.rotate_ccw_around(center, steps % 6)
}

//! Tiled's pixel geometry of a staggered hexagonal map, integer for integer as Tiled's own
//! `HexagonalRenderer` (libtiled, `RenderParams` and `tileToScreenCoords`) computes it, so
//! that the objects we write sit on the tiles Tiled draws, and objects drawn in Tiled land
//! on the hexes they cover when read back.

/// Which axis is staggered: `x` for columns of flat-topped hexes, `y` for rows of
/// pointy-topped hexes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StaggerAxis {
    /// Columns are shifted down by half a hex (flat-topped hexes).
    X,
    /// Rows are shifted right by half a hex (pointy-topped hexes).
    Y,
}

impl StaggerAxis {
    /// The TMX attribute value.
    pub fn name(self) -> &'static str {
        match self {
            StaggerAxis::X => "x",
            StaggerAxis::Y => "y",
        }
    }
}

/// The pixel geometry of one hexagonal TMX map.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TileGeometry {
    axis: StaggerAxis,
    stagger_even: bool,
    side_offset_x: i64,
    side_offset_y: i64,
    column_width: i64,
    row_height: i64,
    tile_width: i64,
    tile_height: i64,
    side_length_x: i64,
    side_length_y: i64,
}

impl TileGeometry {
    /// The geometry Tiled derives from the map's `tilewidth`, `tileheight`,
    /// `hexsidelength`, `staggeraxis` and `staggerindex` (`stagger_even`: `"even"`).
    /// None when the cells would have no width or height (Tiled draws nothing then).
    pub fn new(
        axis: StaggerAxis,
        stagger_even: bool,
        tile_width: u32,
        tile_height: u32,
        hex_side: u32,
    ) -> Option<TileGeometry> {
        let (tw, th, side) = (
            i64::from(tile_width),
            i64::from(tile_height),
            i64::from(hex_side),
        );
        let (side_length_x, side_length_y) = match axis {
            StaggerAxis::X => (side, 0),
            StaggerAxis::Y => (0, side),
        };
        // Integer division, as Tiled's `int` arithmetic.
        let side_offset_x = (tw - side_length_x) / 2;
        let side_offset_y = (th - side_length_y) / 2;
        let column_width = side_offset_x + side_length_x;
        let row_height = side_offset_y + side_length_y;
        let g = TileGeometry {
            axis,
            stagger_even,
            side_offset_x,
            side_offset_y,
            column_width,
            row_height,
            tile_width: column_width + side_offset_x,
            tile_height: row_height + side_offset_y,
            side_length_x,
            side_length_y,
        };
        (side_offset_x >= 0
            && side_offset_y >= 0
            && column_width > 0
            && row_height > 0
            && g.tile_width > 0
            && g.tile_height > 0)
            .then_some(g)
    }

    /// The staggered axis.
    pub fn axis(&self) -> StaggerAxis {
        self.axis
    }

    /// Whether even columns (x) or rows (y) are the shifted ones.
    pub fn stagger_even(&self) -> bool {
        self.stagger_even
    }

    fn staggered(&self, i: i64) -> bool {
        ((i & 1) == 1) ^ self.stagger_even
    }

    /// Top-left corner of the cell's box.
    pub fn origin(&self, x: i64, y: i64) -> (i64, i64) {
        match self.axis {
            StaggerAxis::X => {
                let shift = if self.staggered(x) {
                    self.row_height
                } else {
                    0
                };
                (
                    x * self.column_width,
                    y * (self.tile_height + self.side_length_y) + shift,
                )
            }
            StaggerAxis::Y => {
                let shift = if self.staggered(y) {
                    self.column_width
                } else {
                    0
                };
                (
                    x * (self.tile_width + self.side_length_x) + shift,
                    y * self.row_height,
                )
            }
        }
    }

    /// Centre of a cell.
    pub fn center(&self, x: i64, y: i64) -> (f64, f64) {
        let (ox, oy) = self.origin(x, y);
        (
            ox as f64 + self.tile_width as f64 / 2.0,
            oy as f64 + self.tile_height as f64 / 2.0,
        )
    }

    /// The six corners of a cell, clockwise.
    pub fn corners(&self, x: i64, y: i64) -> [(f64, f64); 6] {
        let (ox, oy) = self.origin(x, y);
        let (sx, sy, cw, rh, tw, th) = (
            self.side_offset_x,
            self.side_offset_y,
            self.column_width,
            self.row_height,
            self.tile_width,
            self.tile_height,
        );
        let rel = match self.axis {
            StaggerAxis::X => [(0, sy), (sx, 0), (cw, 0), (tw, sy), (cw, th), (sx, th)],
            StaggerAxis::Y => [(sx, 0), (tw, sy), (tw, rh), (sx, th), (0, rh), (0, sy)],
        };
        rel.map(|(dx, dy)| ((ox + dx) as f64, (oy + dy) as f64))
    }

    /// The two corners two neighbouring cells share: the ends of their hexside. None if
    /// the cells are not neighbours.
    pub fn shared_side(&self, a: (i64, i64), b: (i64, i64)) -> Option<[(f64, f64); 2]> {
        let cb = self.corners(b.0, b.1);
        let shared: Vec<(f64, f64)> = self
            .corners(a.0, a.1)
            .into_iter()
            .filter(|p| {
                cb.iter()
                    .any(|q| (p.0 - q.0).abs() < 0.5 && (p.1 - q.1).abs() < 0.5)
            })
            .collect();
        match shared[..] {
            [p, q] => Some([p, q]),
            _ => None,
        }
    }

    /// The cell whose centre is nearest a pixel position (on the map or not).
    pub fn nearest(&self, px: f64, py: f64) -> (i64, i64) {
        let (step_x, step_y) = match self.axis {
            StaggerAxis::X => (self.column_width, self.tile_height + self.side_length_y),
            StaggerAxis::Y => (self.tile_width + self.side_length_x, self.row_height),
        };
        let gx = (px / step_x as f64).floor().clamp(-1e12, 1e12) as i64;
        let gy = (py / step_y as f64).floor().clamp(-1e12, 1e12) as i64;
        let mut best = (gx, gy);
        let mut best_d = f64::MAX;
        for x in gx - 2..=gx + 2 {
            for y in gy - 2..=gy + 2 {
                let (cx, cy) = self.center(x, y);
                let d = (cx - px).powi(2) + (cy - py).powi(2);
                if d < best_d {
                    best_d = d;
                    best = (x, y);
                }
            }
        }
        best
    }

    /// Size in pixels of a map of `width` × `height` cells, as Tiled lays it out.
    pub fn map_size(&self, width: i64, height: i64) -> (i64, i64) {
        match self.axis {
            StaggerAxis::X => {
                let h = height * (self.tile_height + self.side_length_y)
                    + if width > 1 { self.row_height } else { 0 };
                (width * self.column_width + self.side_offset_x, h)
            }
            StaggerAxis::Y => {
                let w = width * (self.tile_width + self.side_length_x)
                    + if height > 1 { self.column_width } else { 0 };
                (w, height * self.row_height + self.side_offset_y)
            }
        }
    }

    /// Width and height of a cell's box.
    pub fn cell_size(&self) -> (i64, i64) {
        (self.tile_width, self.tile_height)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flat_cells_follow_tiled_spacing() {
        let g = TileGeometry::new(StaggerAxis::X, false, 48, 42, 24).expect("geometry");
        assert_eq!(g.origin(0, 0), (0, 0));
        assert_eq!(g.origin(1, 0), (36, 21), "odd columns shifted down");
        assert_eq!(g.origin(0, 1), (0, 42));
        assert_eq!(g.center(1, 0), (60.0, 42.0));
        assert_eq!(g.map_size(3, 2), (120, 105));
    }

    #[test]
    fn pointy_cells_follow_tiled_spacing() {
        let g = TileGeometry::new(StaggerAxis::Y, true, 42, 48, 24).expect("geometry");
        assert_eq!(g.origin(0, 0), (21, 0), "even rows shifted right");
        assert_eq!(g.origin(0, 1), (0, 36));
    }

    #[test]
    fn nearest_finds_every_centre_and_neighbours_share_two_corners() {
        for g in [
            TileGeometry::new(StaggerAxis::X, false, 48, 42, 24),
            TileGeometry::new(StaggerAxis::Y, false, 14, 12, 6),
            TileGeometry::new(StaggerAxis::X, true, 60, 60, 30),
        ]
        .into_iter()
        .flatten()
        {
            for x in -2..6 {
                for y in -2..6 {
                    let (cx, cy) = g.center(x, y);
                    assert_eq!(g.nearest(cx + 1.0, cy - 1.0), (x, y));
                }
            }
            let (a, b) = ((2, 2), (2, 3));
            assert!(g.shared_side(a, b).is_some());
            assert!(g.shared_side(a, (2, 4)).is_none());
        }
    }

    #[test]
    fn degenerate_sizes_are_refused() {
        assert!(TileGeometry::new(StaggerAxis::X, false, 0, 0, 0).is_none());
        assert!(TileGeometry::new(StaggerAxis::X, false, 10, 1, 30).is_none());
    }
}

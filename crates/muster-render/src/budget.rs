//! What a picture may cost, decided before any pixel is allocated.
//!
//! A 258-byte map of 999 × 999 hexes asks for a picture of 40 Mpx at the smallest hex size,
//! and a 33 × 33 map at 512 px a hex for 116 Mpx: seconds of drawing and most of a gigabyte.
//! The time goes to pixels (filling, encoding) and to hexes (each is filled, outlined and
//! numbered), the memory to the pixmap (4 bytes a pixel), the PNG buffer and the paths, so
//! a [`Budget`] bounds all three, and a picture past it is refused with the sizes that
//! would fit: a smaller `--px-per-hex`, or a crop with `--hexes`.

use std::fmt;

/// Bytes of memory a pixel costs: the pixmap (4) and the PNG buffer reserved for it (1).
pub const BYTES_PER_PIXEL: u64 = 5;
/// Bytes of memory a hex drawn costs (its fill and outline paths, the sets of hexes in view),
/// measured on a 400 × 400 crop of a 999 × 999 map and rounded up.
pub const BYTES_PER_HEX: u64 = 600;
/// The longest side of a picture, in pixels.
pub const MAX_SIDE: u32 = 16_000;

/// How much one picture may cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// Pixels (width × height).
    pub pixels: u64,
    /// Hexes drawn.
    pub hexes: usize,
    /// Bytes of memory, as [`PictureSize::bytes`] estimates them.
    pub bytes: u64,
}

impl Budget {
    /// The budget of `muster render` and the editor's export: 16 Mpx (4000 × 4000), 40,000
    /// hexes (200 × 200) and 128 MB, each drawn in well under a second on two cores.
    pub const PICTURE: Budget = Budget {
        pixels: 16_000_000,
        hexes: 40_000,
        bytes: 128_000_000,
    };

    /// Whether a picture of this size fits.
    pub fn admits(&self, size: &PictureSize) -> bool {
        size.width > 0
            && size.height > 0
            && size.width <= MAX_SIDE
            && size.height <= MAX_SIDE
            && size.pixels() <= self.pixels
            && size.hexes <= self.hexes
            && size.bytes() <= self.bytes
    }
}

impl Default for Budget {
    fn default() -> Self {
        Budget::PICTURE
    }
}

/// The size of a picture, known before it is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PictureSize {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// Hexes drawn.
    pub hexes: usize,
}

impl PictureSize {
    /// Width × height.
    pub fn pixels(&self) -> u64 {
        u64::from(self.width) * u64::from(self.height)
    }

    /// The memory drawing and encoding it takes, estimated from its pixels and hexes.
    pub fn bytes(&self) -> u64 {
        self.pixels()
            .saturating_mul(BYTES_PER_PIXEL)
            .saturating_add((self.hexes as u64).saturating_mul(BYTES_PER_HEX))
    }
}

/// A picture past its budget, with what would fit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TooLarge {
    /// The picture asked for.
    pub size: PictureSize,
    /// The budget it is past.
    pub budget: Budget,
    /// The largest whole `--px-per-hex` at which the same hexes fit, if any.
    pub px_per_hex: Option<u32>,
    /// Printed corners of a crop that fits at the asked size, if any.
    pub crop: Option<(String, String)>,
}

fn megs(n: u64) -> String {
    format!("{:.1}", n as f64 / 1e6)
}

impl fmt::Display for TooLarge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (s, b) = (&self.size, &self.budget);
        write!(
            f,
            "the picture would be {}×{} pixels ({} Mpx) with {} hexes, about {} MB to draw; \
             a picture has at most {} Mpx, {} pixels a side, {} hexes and {} MB",
            s.width,
            s.height,
            megs(s.pixels()),
            s.hexes,
            megs(s.bytes()),
            megs(b.pixels),
            MAX_SIDE,
            b.hexes,
            megs(b.bytes)
        )?;
        let mut ways = Vec::new();
        if let Some(px) = self.px_per_hex {
            ways.push(format!("give --px-per-hex {px} or less"));
        }
        if let Some((a, b)) = &self.crop {
            ways.push(format!("draw part of the map, e.g. --hexes {a}:{b}"));
        }
        match ways.is_empty() {
            true => write!(f, ": choose a smaller --px-per-hex and crop with --hexes"),
            false => write!(f, ": {}", ways.join(", or ")),
        }
    }
}

//! A scanned or photographed hex map traced into a map file.
//!
//! 1. **Calibrate** ([`fit`]): the designer names two or more hexes and where their centres
//!    are in the picture (`--at 0101=112,96`); the grid (its shape as `muster new map` and
//!    map files give it) is fitted to them — a similarity from two points, an affine map by
//!    least squares from three or more, which absorbs a small rotation, scale and skew. The
//!    fit's residual is reported.
//! 2. **Propose** ([`propose`]): each hex's colour is the median, in CIE L*a*b*, over a
//!    disc inside it (robust to hex numbers, roads and grid lines, unlike the centre pixel);
//!    the designer names sample hexes of each terrain (`--sample 0304=woods`, several each);
//!    each hex takes the terrain whose samples' colour is nearest, with a confidence from
//!    the margin to the next. Hexes below a threshold are listed for the designer to check.
//! 3. **Write** ([`map_file`]): a map of the ruleset's terrain, `Reconstructed`, with notes
//!    naming the picture, the fit and the hexes to check.

mod colour;
mod fit;
mod propose;

pub use colour::{delta_e, lab, Lab};
pub use fit::{fit, Anchor, Fit};
pub use propose::{hex_colour, propose, terrain_colours, Proposal};

use muster_hex::{Grid, GridSpec};
use muster_model::{HexEntry, HexId, MapFile, Provenance};
use std::path::Path;

/// Why a trace could not be made.
#[derive(Debug, thiserror::Error)]
pub enum TraceError {
    /// The picture could not be read.
    #[error("cannot read the picture {path}: {why}")]
    Image {
        /// The file.
        path: String,
        /// Why.
        why: String,
    },
    /// The hex centres given do not fix a grid.
    #[error("{0}")]
    Calibration(String),
    /// A sample hex is unusable.
    #[error("{0}")]
    Sample(String),
}

/// The largest picture read, each way, in pixels (a 600 dpi scan of an A1 sheet is about
/// 20,000 by 14,000).
pub const MAX_SIDE: u32 = 24_000;

/// The most memory the decoder may take.
pub const MAX_ALLOC: u64 = 2 << 30;

/// Opens a PNG or JPEG picture within [`MAX_SIDE`] and [`MAX_ALLOC`].
pub fn open_image(path: &Path) -> Result<image::RgbImage, TraceError> {
    let err = |why: String| TraceError::Image {
        path: path.display().to_string(),
        why,
    };
    let mut reader = image::ImageReader::open(path)
        .map_err(|e| err(e.to_string()))?
        .with_guessed_format()
        .map_err(|e| err(e.to_string()))?;
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(MAX_ALLOC);
    reader.limits(limits);
    Ok(reader.decode().map_err(|e| err(e.to_string()))?.to_rgb8())
}

/// What the map file is made from.
pub struct Traced<'a> {
    /// The map's title.
    pub title: &'a str,
    /// The ruleset.
    pub ruleset: &'a str,
    /// The grid.
    pub spec: GridSpec,
    /// The picture's file name, as the notes name it.
    pub picture: &'a str,
    /// The fit.
    pub fit: &'a Fit,
    /// The proposals.
    pub proposals: &'a [Proposal],
    /// Confidence below which a hex is listed to check.
    pub threshold: f32,
}

/// The hexes to check: outside the picture, or proposed with less than the threshold.
pub fn to_check(proposals: &[Proposal], threshold: f32) -> Vec<&Proposal> {
    proposals
        .iter()
        .filter(|p| p.terrain.is_none() || p.confidence < threshold)
        .collect()
}

/// The map file: the most common proposed terrain as the default, every other hex listed.
pub fn map_file(t: &Traced) -> MapFile {
    let grid = Grid::new(t.spec.clone());
    let mut counts: Vec<(&str, usize)> = Vec::new();
    for p in t.proposals {
        if let Some(terrain) = &p.terrain {
            match counts.iter_mut().find(|(x, _)| x == terrain) {
                Some((_, n)) => *n += 1,
                None => counts.push((terrain, 1)),
            }
        }
    }
    let default = counts
        .iter()
        .max_by_key(|(_, n)| *n)
        .map(|(t, _)| t.to_string())
        .unwrap_or_default();
    let mut map = MapFile::blank(t.title, t.ruleset, &default, t.spec.clone());
    map.provenance = Provenance::Reconstructed;
    map.hexes = t
        .proposals
        .iter()
        .filter(|p| p.terrain.as_deref().is_some_and(|x| x != default))
        .map(|p| HexEntry {
            hex: HexId(grid.to_printed(p.hex)),
            terrain: p.terrain.clone(),
            elevation: None,
            label: None,
        })
        .collect();
    let check: Vec<String> = to_check(t.proposals, t.threshold)
        .iter()
        .map(|p| grid.to_printed(p.hex))
        .collect();
    map.notes = vec![
        format!(
            "Traced by `muster trace` from the picture {}: the grid fitted to {} hex centres (residual {:.1} px, hexes {:.0} px across), each hex's terrain proposed from the median colour of its centre against sample hexes. Check it against the print.",
            t.picture,
            t.fit.points,
            t.fit.residual_px,
            2.0 * t.fit.radius_px
        ),
        if check.is_empty() {
            format!("Every hex was proposed with a confidence of at least {:.2}.", t.threshold)
        } else {
            format!(
                "Hexes to check (confidence under {:.2}, or outside the picture): {}.",
                t.threshold,
                check.join(", ")
            )
        },
    ];
    map
}

#[cfg(test)]
mod tests;

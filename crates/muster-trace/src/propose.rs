//! Each hex's terrain proposed from its pixels: the hex's colour (the median over a disc
//! inside it), matched to the colours of the sample hexes the designer named, with a
//! confidence.

use crate::colour::{delta_e, lab, median, Lab};
use crate::fit::Fit;
use crate::TraceError;
use image::RgbImage;
use muster_hex::{Grid, Hex};

/// A terrain proposed for a hex.
#[derive(Debug, Clone, PartialEq)]
pub struct Proposal {
    /// The hex.
    pub hex: Hex,
    /// The terrain proposed (`None`: the hex lies outside the picture).
    pub terrain: Option<String>,
    /// How sure, 0 to 1: the margin between the nearest terrain's colour and the next
    /// (`(d₂ − d₁) / (d₂ + d₁)` in ΔE), lowered when even the nearest is far (ΔE above 20).
    pub confidence: f32,
    /// The hex's colour (CIE L*a*b*).
    pub colour: Option<Lab>,
}

/// How much of a hex's inner radius the colour is read from: the centre disc, clear of
/// the hex's edges (grid lines, hexside features, a neighbour's pixels when the fit is a
/// little off).
const DISC: f64 = 0.6;

/// The colour of a hex: the median over the pixels of a disc about its centre, or `None`
/// where the disc leaves the picture.
pub fn hex_colour(image: &RgbImage, grid: &Grid, fit: &Fit, hex: Hex) -> Option<Lab> {
    let (cx, cy) = fit.centre(grid, hex);
    let r = fit.radius_px * 3f64.sqrt() / 2.0 * DISC;
    let (w, h) = (f64::from(image.width()), f64::from(image.height()));
    if cx - r < 0.0 || cy - r < 0.0 || cx + r >= w || cy + r >= h {
        return None;
    }
    // About 15 × 15 points over the disc, whatever the picture's resolution.
    let step = (r / 7.0).max(1.0);
    let n = (r / step).floor() as i64;
    let mut colours = Vec::with_capacity(((2 * n + 1) * (2 * n + 1)) as usize);
    for i in -n..=n {
        for j in -n..=n {
            let (dx, dy) = (i as f64 * step, j as f64 * step);
            if dx * dx + dy * dy > r * r {
                continue;
            }
            let p = image.get_pixel((cx + dx) as u32, (cy + dy) as u32);
            colours.push(lab([p[0], p[1], p[2]]));
        }
    }
    median(&mut colours)
}

/// The colour of each terrain: the median of its sample hexes' colours.
pub fn terrain_colours(
    image: &RgbImage,
    grid: &Grid,
    fit: &Fit,
    samples: &[(Hex, String)],
) -> Result<Vec<(String, Lab)>, TraceError> {
    let mut by_terrain: Vec<(String, Vec<Lab>)> = Vec::new();
    for (hex, terrain) in samples {
        let c = hex_colour(image, grid, fit, *hex).ok_or_else(|| {
            TraceError::Sample(format!(
                "the sample hex {} lies outside the picture as fitted",
                grid.to_printed(*hex)
            ))
        })?;
        match by_terrain.iter_mut().find(|(t, _)| t == terrain) {
            Some((_, v)) => v.push(c),
            None => by_terrain.push((terrain.clone(), vec![c])),
        }
    }
    Ok(by_terrain
        .into_iter()
        .filter_map(|(t, mut v)| Some((t, median(&mut v)?)))
        .collect())
}

/// The terrain proposed for every hex of the grid.
pub fn propose(
    image: &RgbImage,
    grid: &Grid,
    fit: &Fit,
    samples: &[(Hex, String)],
) -> Result<Vec<Proposal>, TraceError> {
    let terrains = terrain_colours(image, grid, fit, samples)?;
    if terrains.is_empty() {
        return Err(TraceError::Sample(
            "name sample hexes of each terrain (`--sample 0304=woods`), several per terrain".into(),
        ));
    }
    Ok(grid
        .hexes()
        .map(|hex| {
            let Some(colour) = hex_colour(image, grid, fit, hex) else {
                return Proposal {
                    hex,
                    terrain: None,
                    confidence: 0.0,
                    colour: None,
                };
            };
            let mut d: Vec<(f32, &str)> = terrains
                .iter()
                .map(|(t, c)| (delta_e(colour, *c), t.as_str()))
                .collect();
            d.sort_by(|a, b| a.0.total_cmp(&b.0));
            let (d1, best) = d[0];
            let margin = match d.get(1) {
                Some((d2, _)) if d1 + d2 > 0.0 => (d2 - d1) / (d2 + d1),
                Some(_) => 0.0,
                None => 1.0,
            };
            let far = if d1 > 20.0 { 20.0 / d1 } else { 1.0 };
            Proposal {
                hex,
                terrain: Some(best.to_string()),
                confidence: margin * far,
                colour: Some(colour),
            }
        })
        .collect())
}

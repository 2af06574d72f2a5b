//! Where the hexes of a picture lie and how large it is: the part of [`crate::render`] that
//! runs before any pixel is allocated, and the sizes offered when a picture is past its
//! [`Budget`].

use crate::budget::{Budget, PictureSize, TooLarge};
use crate::draw::{legend_items, legend_rows, RenderError, RenderOptions};
use crate::scene::Scene;
use ab_glyph::FontRef;
use muster_hex::Hex;

pub(crate) const TITLE: f32 = 34.0;
pub(crate) const LEGEND_ROW: f32 = 20.0;
pub(crate) const MARGIN: f32 = 12.0;

/// The hexes drawn, the hex radius and the bounds of their corners.
pub(crate) struct View {
    pub hexes: Vec<Hex>,
    pub radius: f32,
    pub bounds: (f32, f32, f32, f32),
}

/// The hex radius a hex width asks for (the renderer draws radii 4 to 200).
pub(crate) fn radius(px_per_hex: f32) -> f32 {
    (px_per_hex / 2.0).clamp(4.0, 200.0)
}

/// A crop corner as a hex of the map.
fn corner(scene: &Scene, id: &str) -> Result<Hex, RenderError> {
    let grid = &scene.grid;
    let outside = || {
        let (c, r) = (grid.column_range(), grid.row_range());
        RenderError::Crop {
            corner: id.to_string(),
            first: grid.to_printed(grid.from_column_row(*c.start(), *r.start())),
            last: grid.to_printed(grid.from_column_row(*c.end(), *r.end())),
        }
    };
    grid.from_printed(id)
        .ok()
        .filter(|h| grid.contains(*h))
        .ok_or_else(outside)
}

pub(crate) fn view(scene: &Scene, opts: &RenderOptions) -> Result<View, RenderError> {
    let grid = &scene.grid;
    let radius = radius(opts.px_per_hex);
    let hexes: Vec<Hex> = match &opts.crop {
        None => grid.hexes().collect(),
        Some((a, b)) => {
            let (ha, hb) = (corner(scene, a)?, corner(scene, b)?);
            let ((c0, r0), (c1, r1)) = (grid.to_column_row(ha), grid.to_column_row(hb));
            let (cs, rs) = (c0.min(c1)..=c0.max(c1), r0.min(r1)..=r0.max(r1));
            cs.flat_map(|c| rs.clone().map(move |r| grid.from_column_row(c, r)))
                .collect()
        }
    };
    if hexes.is_empty() {
        return Err(RenderError::Size(0, 0));
    }
    let (mut x0, mut y0, mut x1, mut y1) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
    for h in &hexes {
        for (x, y) in grid.corners(*h, radius) {
            x0 = x0.min(x);
            y0 = y0.min(y);
            x1 = x1.max(x);
            y1 = y1.max(y);
        }
    }
    Ok(View {
        hexes,
        radius,
        bounds: (x0, y0, x1, y1),
    })
}

/// The picture's layout around the grid: its size, the title band and the legend's rows.
pub(crate) struct Dims {
    pub w: u32,
    pub h: u32,
    pub top: f32,
    pub bottom: f32,
    pub rows: Vec<Vec<usize>>,
}

/// Lays the picture out for grid bounds `(x0, y0, x1, y1)`.
pub(crate) fn dims(
    opts: &RenderOptions,
    font: &FontRef<'_>,
    legend: &[(Option<[u8; 3]>, String)],
    (x0, y0, x1, y1): (f32, f32, f32, f32),
) -> Dims {
    let top = if opts.frame { TITLE } else { 0.0 } + MARGIN;
    let w = (x1 - x0 + 2.0 * MARGIN).ceil() as u32;
    let rows = legend_rows(font, legend, w as f32 - 2.0 * MARGIN);
    let bottom = if opts.frame {
        LEGEND_ROW * rows.len() as f32 + 10.0
    } else {
        0.0
    } + MARGIN;
    let h = (y1 - y0 + top + bottom).ceil() as u32;
    Dims {
        w,
        h,
        top,
        bottom,
        rows,
    }
}

/// The size of the picture [`crate::render`] would draw, without drawing it.
pub fn picture_size(scene: &Scene, opts: &RenderOptions) -> Result<PictureSize, RenderError> {
    let v = view(scene, opts)?;
    let font = crate::text::font().ok_or(RenderError::Font)?;
    let d = dims(opts, &font, &legend_items(scene), v.bounds);
    Ok(PictureSize {
        width: d.w,
        height: d.h,
        hexes: v.hexes.len(),
    })
}

/// Why a picture past `budget` is refused, with the hex width and the crop that would fit:
/// the crop is a square of hexes around the first marked hex (else from the view's first
/// corner), at the asked hex width.
pub(crate) fn too_large(
    scene: &Scene,
    opts: &RenderOptions,
    font: &FontRef<'_>,
    v: &View,
    size: PictureSize,
    budget: &Budget,
) -> RenderError {
    let legend = legend_items(scene);
    let (x0, y0, x1, y1) = v.bounds;
    let scaled = |r: f32| {
        let k = r / v.radius;
        let d = dims(opts, font, &legend, (x0 * k, y0 * k, x1 * k, y1 * k));
        PictureSize {
            width: d.w,
            height: d.h,
            hexes: v.hexes.len(),
        }
    };
    let asked = opts.px_per_hex.clamp(4.0, 512.0) as u32;
    let px_per_hex = (8..asked)
        .rev()
        .find(|px| budget.admits(&scaled(radius(*px as f32))));
    TooLarge {
        size,
        budget: *budget,
        px_per_hex,
        crop: crop_that_fits(scene, opts, font, v, budget),
    }
    .into()
}

/// The largest square of hexes (same width as asked) that fits, as printed corners.
fn crop_that_fits(
    scene: &Scene,
    opts: &RenderOptions,
    font: &FontRef<'_>,
    v: &View,
    budget: &Budget,
) -> Option<(String, String)> {
    let grid = &scene.grid;
    let cr: Vec<(i32, i32)> = v.hexes.iter().map(|h| grid.to_column_row(*h)).collect();
    let c = (cr.iter().map(|x| x.0).min()?, cr.iter().map(|x| x.0).max()?);
    let r = (cr.iter().map(|x| x.1).min()?, cr.iter().map(|x| x.1).max()?);
    let (cols, rows) = ((c.1 - c.0 + 1) as f32, (r.1 - r.0 + 1) as f32);
    let (x0, y0, x1, y1) = v.bounds;
    let (per_col, per_row) = ((x1 - x0) / cols, (y1 - y0) / rows);
    let legend = legend_items(scene);
    let fits = |k: i32| {
        let (w, h) = (per_col * (k as f32 + 1.0), per_row * (k as f32 + 1.0));
        let d = dims(opts, font, &legend, (0.0, 0.0, w, h));
        budget.admits(&PictureSize {
            width: d.w,
            height: d.h,
            hexes: (k * k) as usize,
        })
    };
    let most = (c.1 - c.0 + 1).max(r.1 - r.0 + 1);
    let k = (1..=most).rev().find(|k| fits(*k))?;
    let centre = scene
        .marked
        .iter()
        .map(|h| grid.to_column_row(*h))
        .find(|(mc, mr)| (c.0..=c.1).contains(mc) && (r.0..=r.1).contains(mr))
        .unwrap_or((c.0 + k / 2, r.0 + k / 2));
    let span = |(lo, hi): (i32, i32), mid: i32| {
        let start = (mid - k / 2).min(hi - k + 1).max(lo);
        (start, (start + k - 1).min(hi))
    };
    let ((ca, cb), (ra, rb)) = (span(c, centre.0), span(r, centre.1));
    Some((
        grid.to_printed(grid.from_column_row(ca, ra)),
        grid.to_printed(grid.from_column_row(cb, rb)),
    ))
}

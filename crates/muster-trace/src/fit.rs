//! The grid laid over the picture: hex centres given in pixels fitted to the grid's own
//! centres. Two points fix a similarity (position, scale and rotation); three or more an
//! affine map by least squares, which also absorbs a small skew or a different scale
//! across and down (a photocopy stretched one way).

use crate::TraceError;
use muster_hex::{Grid, Hex};

/// A hex centre the designer gave: the hex and its pixel position.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Anchor {
    /// The hex.
    pub hex: Hex,
    /// Its centre in the picture, in pixels (x right, y down).
    pub px: (f64, f64),
}

/// The fitted map from grid centres (hexes of outer radius 1) to pixels.
#[derive(Debug, Clone, PartialEq)]
pub struct Fit {
    /// `x = a[0]·u + a[1]·v + a[2]`, `y = a[3]·u + a[4]·v + a[5]`.
    a: [f64; 6],
    /// Root mean square distance, in pixels, between the given centres and where the fit
    /// puts them (0 when the points fix the fit exactly: two, or three for an affine).
    pub residual_px: f64,
    /// The outer radius of a hex in the picture, in pixels.
    pub radius_px: f64,
    /// How many points the fit rests on.
    pub points: usize,
}

impl Fit {
    /// The pixel position of the centre of `hex`.
    pub fn centre(&self, grid: &Grid, hex: Hex) -> (f64, f64) {
        let (u, v) = grid.center(hex, 1.0);
        self.apply(f64::from(u), f64::from(v))
    }

    /// The pixel position of grid point `(u, v)` (hex radius 1).
    pub fn apply(&self, u: f64, v: f64) -> (f64, f64) {
        let a = &self.a;
        (a[0] * u + a[1] * v + a[2], a[3] * u + a[4] * v + a[5])
    }
}

/// Fits the grid to the anchors.
pub fn fit(grid: &Grid, anchors: &[Anchor]) -> Result<Fit, TraceError> {
    let uv: Vec<(f64, f64)> = anchors
        .iter()
        .map(|p| {
            let (u, v) = grid.center(p.hex, 1.0);
            (f64::from(u), f64::from(v))
        })
        .collect();
    let a =
        match anchors.len() {
            0 | 1 => return Err(TraceError::Calibration(
                "give at least two hex centres (`--at 0101=X,Y`), three or more to absorb a skew"
                    .into(),
            )),
            2 => similarity(&uv, anchors)?,
            _ => affine(&uv, anchors)?,
        };
    let mut fit = Fit {
        a,
        residual_px: 0.0,
        radius_px: (a[0] * a[4] - a[1] * a[3]).abs().sqrt(),
        points: anchors.len(),
    };
    let sq: f64 = uv
        .iter()
        .zip(anchors)
        .map(|(&(u, v), p)| {
            let (x, y) = fit.apply(u, v);
            (x - p.px.0).powi(2) + (y - p.px.1).powi(2)
        })
        .sum();
    fit.residual_px = (sq / anchors.len() as f64).sqrt();
    if !(fit.radius_px.is_finite() && fit.radius_px >= 2.0) {
        return Err(TraceError::Calibration(format!(
            "the hex centres given make hexes {:.1} px across: check that each `--at` names the hex whose centre it gives",
            2.0 * fit.radius_px
        )));
    }
    Ok(fit)
}

/// Position, scale and rotation from two points: `z' = α·z + β` in complex numbers.
fn similarity(uv: &[(f64, f64)], p: &[Anchor]) -> Result<[f64; 6], TraceError> {
    let (dz, dw) = (
        (uv[1].0 - uv[0].0, uv[1].1 - uv[0].1),
        (p[1].px.0 - p[0].px.0, p[1].px.1 - p[0].px.1),
    );
    let n = dz.0 * dz.0 + dz.1 * dz.1;
    if n < 1e-9 {
        return Err(TraceError::Calibration(
            "the two hex centres given are of one hex: name two different hexes, far apart".into(),
        ));
    }
    // α = dw / dz.
    let (ar, ai) = (
        (dw.0 * dz.0 + dw.1 * dz.1) / n,
        (dw.1 * dz.0 - dw.0 * dz.1) / n,
    );
    let bx = p[0].px.0 - (ar * uv[0].0 - ai * uv[0].1);
    let by = p[0].px.1 - (ai * uv[0].0 + ar * uv[0].1);
    Ok([ar, -ai, bx, ai, ar, by])
}

/// An affine map by least squares (normal equations, 3×3, solved by Cramer's rule).
fn affine(uv: &[(f64, f64)], p: &[Anchor]) -> Result<[f64; 6], TraceError> {
    let mut m = [[0.0f64; 3]; 3];
    let (mut bx, mut by) = ([0.0f64; 3], [0.0f64; 3]);
    for (&(u, v), a) in uv.iter().zip(p) {
        let row = [u, v, 1.0];
        for i in 0..3 {
            for j in 0..3 {
                m[i][j] += row[i] * row[j];
            }
            bx[i] += row[i] * a.px.0;
            by[i] += row[i] * a.px.1;
        }
    }
    let det = det3(&m);
    if det.abs() < 1e-9 * (1.0 + m[0][0] * m[1][1]) {
        return Err(TraceError::Calibration(
            "the hex centres given lie on one line: name three hexes that are not in a row (two corners and a third far from their line)".into(),
        ));
    }
    let solve = |b: &[f64; 3]| -> [f64; 3] {
        let mut out = [0.0; 3];
        for (k, o) in out.iter_mut().enumerate() {
            let mut mk = m;
            for (i, row) in mk.iter_mut().enumerate() {
                row[k] = b[i];
            }
            *o = det3(&mk) / det;
        }
        out
    };
    let (x, y) = (solve(&bx), solve(&by));
    Ok([x[0], x[1], x[2], y[0], y[1], y[2]])
}

fn det3(m: &[[f64; 3]; 3]) -> f64 {
    m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
        - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
        + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
}

#[cfg(test)]
impl Fit {
    /// A fit of the given coefficients (a picture painted under a known map).
    pub(crate) fn for_tests(a: [f64; 6]) -> Fit {
        Fit {
            a,
            residual_px: 0.0,
            radius_px: (a[0] * a[4] - a[1] * a[3]).abs().sqrt(),
            points: 0,
        }
    }
}

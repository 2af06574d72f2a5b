//! The generated tileset: one hex tile per terrain of the ruleset, filled with the terrain's
//! colour (the renderer's, from the ruleset) and outlined as the renderer outlines hexes.

use crate::layout::TileGeometry;
use muster_model::Ruleset;
use tiny_skia::{Color, FillRule, Paint, PathBuilder, Pixmap, Stroke, Transform};

/// The most tiles in one row of the tileset image.
pub const COLUMNS: usize = 8;

/// A tileset image and the terrain of each tile, in tile id order.
#[derive(Debug, Clone)]
pub struct Tileset {
    /// Terrain ids, tile 0 first.
    pub terrain: Vec<String>,
    /// Display names of the terrain, tile 0 first.
    pub names: Vec<String>,
    /// Tiles per row of the image.
    pub columns: usize,
    /// Image width and height in pixels.
    pub size: (u32, u32),
    /// The image, PNG.
    pub png: Vec<u8>,
}

fn paint(rgb: [u8; 3], alpha: u8) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color(Color::from_rgba8(rgb[0], rgb[1], rgb[2], alpha));
    p.anti_alias = true;
    p
}

/// Draws the tileset of a ruleset for cells of the given geometry. None if the image
/// cannot be made (no terrain, or too large to draw).
pub fn generate(ruleset: &Ruleset, geometry: &TileGeometry) -> Option<Tileset> {
    let n = ruleset.terrain.len();
    if n == 0 {
        return None;
    }
    let (tw, th) = geometry.cell_size();
    let columns = n.min(COLUMNS);
    let rows = n.div_ceil(columns);
    let w = u32::try_from(tw * columns as i64).ok()?;
    let h = u32::try_from(th * rows as i64).ok()?;
    let mut pixmap = Pixmap::new(w, h)?;
    let (ox, oy) = geometry.origin(0, 0);
    let corners = geometry.corners(0, 0);
    let stroke = Stroke {
        width: (tw as f32 / 48.0).max(0.6),
        ..Stroke::default()
    };
    for (i, t) in ruleset.terrain.iter().enumerate() {
        let (bx, by) = ((i % columns) as i64 * tw, (i / columns) as i64 * th);
        let mut pb = PathBuilder::new();
        for (k, (x, y)) in corners.iter().enumerate() {
            let (px, py) = (
                (x - ox as f64 + bx as f64) as f32,
                (y - oy as f64 + by as f64) as f32,
            );
            if k == 0 {
                pb.move_to(px, py);
            } else {
                pb.line_to(px, py);
            }
        }
        pb.close();
        let path = pb.finish()?;
        pixmap.fill_path(
            &path,
            &paint(t.rgb(), 255),
            FillRule::Winding,
            Transform::identity(),
            None,
        );
        pixmap.stroke_path(
            &path,
            &paint([60, 60, 60], 140),
            &stroke,
            Transform::identity(),
            None,
        );
    }
    let png = pixmap.encode_png().ok()?;
    Some(Tileset {
        terrain: ruleset.terrain.iter().map(|t| t.id.clone()).collect(),
        names: ruleset.terrain.iter().map(|t| t.name.clone()).collect(),
        columns,
        size: (w, h),
        png,
    })
}

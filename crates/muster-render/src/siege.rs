//! Drawing what a siege adds: pieces over their hexes (a screen along its hexside) and
//! markers as tags at the top of their hex.

use crate::draw::{paint, SIDES};
use crate::scene::Scene;
use crate::text;
use ab_glyph::FontRef;
use muster_hex::Hex;
use std::collections::HashSet;
use tiny_skia::{LineCap, PathBuilder, Pixmap, Rect, Stroke, Transform};

/// Where the map sits on the picture.
pub(crate) struct Frame<'a> {
    /// Hex radius in pixels.
    pub radius: f32,
    /// Offset of the grid's origin.
    pub dx: f32,
    /// Offset of the grid's origin.
    pub dy: f32,
    /// The hexes drawn.
    pub in_view: &'a HashSet<Hex>,
}

fn marker_colour(tag: &str) -> [u8; 3] {
    match tag.split(' ').next().unwrap_or("") {
        "fire" => [214, 64, 20],
        "rubble" => [120, 110, 100],
        "filled-moat" => [150, 120, 60],
        "damage" => [170, 40, 40],
        "oil" => [60, 50, 30],
        "destroyed" => [40, 40, 40],
        _ => [90, 60, 130],
    }
}

fn centre(scene: &Scene, f: &Frame, h: Hex) -> (f32, f32) {
    let (x, y) = scene.grid.center(h, f.radius);
    (x + f.dx, y + f.dy)
}

/// Draws the scene's pieces (under the counters).
pub(crate) fn pieces(pixmap: &mut Pixmap, font: &FontRef<'_>, scene: &Scene, f: &Frame) {
    let grid = &scene.grid;
    let at = |h: Hex| centre(scene, f, h);
    let body = Stroke {
        width: f.radius * 0.9,
        line_cap: LineCap::Round,
        ..Stroke::default()
    };
    for p in &scene.pieces {
        if !p.hexes.iter().any(|h| f.in_view.contains(h)) {
            continue;
        }
        let rgb = SIDES[p.side % SIDES.len()];
        if let Some(side) = p.hexside {
            // A screen: a thick bar along the hexside its base lies on.
            let i = side.direction().index() as usize;
            let c = grid.corners(side.hex(), f.radius);
            let (a, b) = (c[(i + 5) % 6], c[i]);
            let mut pb = PathBuilder::new();
            pb.move_to(a.0 + f.dx, a.1 + f.dy);
            pb.line_to(b.0 + f.dx, b.1 + f.dy);
            if let Some(path) = pb.finish() {
                let bar = Stroke {
                    width: f.radius * 0.3,
                    line_cap: LineCap::Round,
                    ..Stroke::default()
                };
                pixmap.stroke_path(
                    &path,
                    &paint([110, 80, 40], 255),
                    &bar,
                    Transform::identity(),
                    None,
                );
            }
        }
        // The body: a rounded band through the centres of its hexes.
        let mut pb = PathBuilder::new();
        let (x0, y0) = at(p.hexes[0]);
        pb.move_to(x0, y0);
        for h in &p.hexes {
            let (x, y) = at(*h);
            pb.line_to(x + 0.01, y);
        }
        if let Some(path) = pb.finish() {
            pixmap.stroke_path(
                &path,
                &paint([50, 45, 40], 150),
                &body,
                Transform::identity(),
                None,
            );
        }
        if let Some(r) = Rect::from_xywh(
            x0 - f.radius * 0.2,
            y0 - f.radius * 0.2,
            f.radius * 0.4,
            f.radius * 0.4,
        ) {
            pixmap.fill_rect(r, &paint(rgb, 255), Transform::identity(), None);
        }
        let short: String = p
            .name
            .split(' ')
            .next()
            .unwrap_or("")
            .chars()
            .take(12)
            .collect();
        text::draw(
            pixmap,
            font,
            &short,
            x0,
            y0 + f.radius * 0.45,
            text::Style {
                size: (f.radius * 0.24).max(6.0),
                rgb: [255, 255, 255],
                centred: true,
            },
        );
    }
}

/// Draws the scene's markers (over the counters).
pub(crate) fn markers(pixmap: &mut Pixmap, font: &FontRef<'_>, scene: &Scene, f: &Frame) {
    let at = |h: Hex| centre(scene, f, h);
    for (key, tags) in &scene.markers {
        let h = Hex::new(key.0, key.1);
        if !f.in_view.contains(&h) {
            continue;
        }
        let (x, y) = at(h);
        for (k, tag) in tags.iter().take(2).enumerate() {
            let size = (f.radius * 0.22).max(6.0);
            let w = text::width(font, tag, size) + 6.0;
            let ty = y - f.radius * 0.25 + k as f32 * (size + 3.0);
            if let Some(r) = Rect::from_xywh(x - w / 2.0, ty - size, w, size + 3.0) {
                pixmap.fill_rect(
                    r,
                    &paint(marker_colour(tag), 230),
                    Transform::identity(),
                    None,
                );
            }
            text::draw(
                pixmap,
                font,
                tag,
                x,
                ty,
                text::Style {
                    size,
                    rgb: [255, 255, 255],
                    centred: true,
                },
            );
        }
    }
}

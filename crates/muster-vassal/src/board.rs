//! A scenario's board image: the renderer's picture of the map with the scenario's
//! overlays, hexsides, roads, labels, entry hexes and printed hex numbers (no counters or
//! markers: they are VASSAL pieces), and below it a strip of labelled off-map boxes for
//! reinforcements, hidden units and engines off the map.

use crate::ExportError;
use muster_model::{MapFile, OverlayFile};
use muster_render::text::{self, Style};
use muster_render::{placement, render, Placement, RenderOptions, Scene};
use muster_rules::Scenario;
use tiny_skia::{Color, Paint, PathBuilder, Pixmap, PremultipliedColorU8, Rect, Stroke, Transform};

/// Width of a hex on the board, in pixels.
pub const PX_PER_HEX: f32 = 80.0;
const BOX_W: f32 = 300.0;
const BOX_H: f32 = 130.0;
const GAP: f32 = 12.0;

/// How the renderer draws a board: the whole map, hex numbers, no title or legend.
pub fn board_options() -> RenderOptions {
    RenderOptions {
        px_per_hex: PX_PER_HEX,
        numbers: true,
        crop: None,
        frame: false,
    }
}

/// A board image and where things are on it.
pub struct BoardImage {
    /// PNG bytes.
    pub png: Vec<u8>,
    /// Size in pixels.
    pub width: u32,
    /// Size in pixels.
    pub height: u32,
    /// Where the grid lies.
    pub placement: Placement,
    /// Where the stack of each off-map box goes.
    pub boxes: Vec<(i32, i32)>,
    /// Each off-map box's outline: left, top, right, bottom.
    pub box_rects: Vec<[i32; 4]>,
    /// Height of the map's own picture, above the strip of boxes (the gridded zone).
    pub map_height: u32,
}

/// Draws the board of a scenario with the given off-map box titles.
pub fn board(
    s: &Scenario,
    map: &MapFile,
    overlays: &[Option<&OverlayFile>],
    groups: &[String],
) -> Result<BoardImage, ExportError> {
    let mut scene = Scene::of_scenario(s.file, map, overlays, &s.lists, s.ruleset);
    scene.counters.clear();
    scene.pieces.clear();
    scene.off_map.clear();
    // Markers are pieces players remove (`crate::markers`), not part of the board.
    scene.markers.clear();
    let opts = board_options();
    let map_img = render(&scene, &opts)?;
    let placement = placement(&scene, &opts)?;
    let (mw, mh) = (map_img.width(), map_img.height());
    let per_row = ((mw as f32 - GAP) / (BOX_W + GAP)).floor().max(1.0) as usize;
    let rows = groups.len().div_ceil(per_row);
    let strip = if rows == 0 {
        0.0
    } else {
        rows as f32 * (BOX_H + GAP) + GAP
    };
    let width = mw.max((BOX_W + 2.0 * GAP) as u32);
    let height = mh + strip as u32;
    let mut p = Pixmap::new(width, height).ok_or(ExportError::Image)?;
    p.fill(Color::from_rgba8(250, 249, 244, 255));
    let stride = width as usize;
    let pixels = p.pixels_mut();
    for (x, y, px) in map_img.enumerate_pixels() {
        let [r, g, b, a] = px.0;
        let a32 = a as u32;
        let pre = |c: u8| ((c as u32 * a32 + 127) / 255) as u8;
        if let Some(c) = PremultipliedColorU8::from_rgba(pre(r), pre(g), pre(b), a) {
            pixels[y as usize * stride + x as usize] = c;
        }
    }
    let font = text::font().ok_or(ExportError::Font)?;
    let mut boxes = Vec::new();
    let mut box_rects = Vec::new();
    let mut ink = Paint::default();
    ink.set_color(Color::from_rgba8(60, 60, 60, 255));
    for (i, title) in groups.iter().enumerate() {
        let (col, row) = (i % per_row, i / per_row);
        let x = GAP + col as f32 * (BOX_W + GAP);
        let y = mh as f32 + GAP + row as f32 * (BOX_H + GAP);
        if let Some(r) = Rect::from_xywh(x, y, BOX_W, BOX_H) {
            let path = PathBuilder::from_rect(r);
            p.stroke_path(
                &path,
                &ink,
                &Stroke {
                    width: 2.0,
                    ..Stroke::default()
                },
                Transform::identity(),
                None,
            );
        }
        let mut words = title.as_str();
        let mut ty = y + 16.0;
        // Up to two lines of title.
        for _ in 0..2 {
            let cut = split_at_width(&font, words, 12.0, BOX_W - 10.0);
            text::draw(
                &mut p,
                &font,
                &words[..cut],
                x + 5.0,
                ty,
                Style {
                    size: 12.0,
                    rgb: [20, 20, 20],
                    centred: false,
                },
            );
            words = words[cut..].trim_start();
            ty += 15.0;
            if words.is_empty() {
                break;
            }
        }
        box_rects.push([x as i32, y as i32, (x + BOX_W) as i32, (y + BOX_H) as i32]);
        boxes.push((
            (x + BOX_W / 2.0) as i32,
            (y + 36.0 + (BOX_H - 36.0) / 2.0) as i32,
        ));
    }
    let png = p.encode_png().map_err(|_| ExportError::Image)?;
    Ok(BoardImage {
        png,
        width,
        height,
        placement,
        boxes,
        box_rects,
        map_height: mh,
    })
}

/// Byte index where `t` stops fitting in `width` (at a space when there is one).
fn split_at_width(font: &ab_glyph::FontRef<'_>, t: &str, size: f32, width: f32) -> usize {
    if text::width(font, t, size) <= width {
        return t.len();
    }
    let mut last_space = None;
    for (i, c) in t.char_indices() {
        if text::width(font, &t[..i], size) > width {
            return last_space.unwrap_or(i.max(c.len_utf8()));
        }
        if c == ' ' {
            last_space = Some(i);
        }
    }
    t.len()
}

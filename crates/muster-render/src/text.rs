//! Text on the picture with the bundled Fira Sans (ab_glyph), so images have numbers and
//! labels on machines without fonts.

use ab_glyph::{Font, FontRef, PxScale, ScaleFont};
use tiny_skia::{Pixmap, PremultipliedColorU8};

static FIRA: &[u8] = include_bytes!("../fonts/FiraSans-Regular.ttf");

/// The bundled font.
pub fn font() -> Option<FontRef<'static>> {
    FontRef::try_from_slice(FIRA).ok()
}

/// Width of a line of text in pixels.
pub fn width(font: &FontRef<'_>, text: &str, size: f32) -> f32 {
    let f = font.as_scaled(PxScale::from(size));
    text.chars().map(|c| f.h_advance(f.glyph_id(c))).sum()
}

/// Size, colour and alignment of a line of text.
#[derive(Debug, Clone, Copy)]
pub struct Style {
    /// Pixel size.
    pub size: f32,
    /// Colour.
    pub rgb: [u8; 3],
    /// Centred on `x` (else starting at `x`).
    pub centred: bool,
}

/// A glyph's coverage, rasterised once: its offset from the pen (whole pixels) and its
/// coverage rows.
struct Coverage {
    left: i32,
    top: i32,
    width: usize,
    cover: Vec<f32>,
}

/// Where a glyph is cached: which font (told apart by its glyph count and units per em;
/// Muster draws with its one bundled font), the glyph, the size, and the pen's offset within
/// its pixel in quarters (so cached text lands within a quarter pixel of where it would).
type GlyphKey = (usize, u32, u16, u32, u8, u8);

thread_local! {
    /// Coverage of every glyph drawn on this thread: a map has thousands of hex numbers
    /// made of ten digits, so each glyph is rasterised once, not once a hex.
    static GLYPHS: std::cell::RefCell<std::collections::HashMap<GlyphKey, Option<std::rc::Rc<Coverage>>>> =
        Default::default();
}

fn coverage(
    font: &FontRef<'_>,
    id: ab_glyph::GlyphId,
    size: f32,
    fx: u8,
    fy: u8,
) -> Option<std::rc::Rc<Coverage>> {
    let key = (
        font.glyph_count(),
        font.units_per_em().unwrap_or(0.0).to_bits(),
        id.0,
        size.to_bits(),
        fx,
        fy,
    );
    GLYPHS.with(|cache| {
        if let Some(c) = cache.borrow().get(&key) {
            return c.clone();
        }
        let at = ab_glyph::point(f32::from(fx) / 4.0, f32::from(fy) / 4.0);
        let glyph = id.with_scale_and_position(PxScale::from(size), at);
        let made = font.outline_glyph(glyph).map(|outline| {
            let b = outline.px_bounds();
            let width = b.width() as usize;
            let mut cover = vec![0.0; width * b.height() as usize];
            outline.draw(|gx, gy, c| {
                if let Some(v) = cover.get_mut(gy as usize * width + gx as usize) {
                    *v = c;
                }
            });
            std::rc::Rc::new(Coverage {
                left: b.min.x as i32,
                top: b.min.y as i32,
                width,
                cover,
            })
        });
        cache.borrow_mut().insert(key, made.clone());
        made
    })
}

/// Draws `text` with its baseline at `y`.
pub fn draw(pixmap: &mut Pixmap, font: &FontRef<'_>, text: &str, x: f32, y: f32, style: Style) {
    let Style { size, rgb, centred } = style;
    let scaled = font.as_scaled(PxScale::from(size));
    let mut pen = if centred {
        x - width(font, text, size) / 2.0
    } else {
        x
    };
    let (w, h) = (pixmap.width() as i32, pixmap.height() as i32);
    let stride = pixmap.width() as usize;
    let pixels = pixmap.pixels_mut();
    let quarters = |v: f32| {
        let q = (v * 4.0).round();
        ((q / 4.0).floor() as i32, q.rem_euclid(4.0) as u8)
    };
    let (base_y, fy) = quarters(y);
    for c in text.chars() {
        let id = scaled.glyph_id(c);
        let (base_x, fx) = quarters(pen);
        pen += scaled.h_advance(id);
        let Some(glyph) = coverage(font, id, size, fx, fy) else {
            continue;
        };
        for (i, &a) in glyph.cover.iter().enumerate() {
            let (gx, gy) = ((i % glyph.width) as i32, (i / glyph.width) as i32);
            let (px, py) = (base_x + glyph.left + gx, base_y + glyph.top + gy);
            if px < 0 || py < 0 || px >= w || py >= h || a <= 0.0 {
                continue;
            }
            let i = py as usize * stride + px as usize;
            let dst = pixels[i];
            let a = a.min(1.0);
            let blend = |src: u8, d: u8| (src as f32 * a + d as f32 * (1.0 - a)).round() as u8;
            let alpha = (255.0 * a + dst.alpha() as f32 * (1.0 - a)).round() as u8;
            let (r, g, bl) = (
                blend(rgb[0], dst.red()),
                blend(rgb[1], dst.green()),
                blend(rgb[2], dst.blue()),
            );
            if let Some(p) =
                PremultipliedColorU8::from_rgba(r.min(alpha), g.min(alpha), bl.min(alpha), alpha)
            {
                pixels[i] = p;
            }
        }
    }
}

/// One piece of a glyph outline, in pixels, y down.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Segment {
    /// Start a new contour here.
    Move((f32, f32)),
    /// A straight line to the point.
    Line((f32, f32)),
    /// A quadratic curve through the control point to the point.
    Quad((f32, f32), (f32, f32)),
    /// A cubic curve through two control points to the point.
    Cubic((f32, f32), (f32, f32), (f32, f32)),
}

/// The outline of `text` at pixel size `size` with its baseline at `(x, y)`, centred on
/// `x`, as path segments: front ends fill it as one shape (the editor's hex numbers), which
/// is far cheaper for a software renderer than drawing hundreds of separate texts.
pub fn outline(font: &FontRef<'_>, text: &str, size: f32, x: f32, y: f32) -> Vec<Segment> {
    let scale = size / font.height_unscaled();
    let mut pen = x - width(font, text, size) / 2.0;
    let mut out = Vec::new();
    for c in text.chars() {
        let id = font.glyph_id(c);
        if let Some(o) = font.outline(id) {
            let p = |q: ab_glyph::Point| (pen + q.x * scale, y - q.y * scale);
            let mut last: Option<(f32, f32)> = None;
            for curve in &o.curves {
                use ab_glyph::OutlineCurve::*;
                let start = match curve {
                    Line(a, _) | Quad(a, _, _) | Cubic(a, _, _, _) => p(*a),
                };
                if last != Some(start) {
                    out.push(Segment::Move(start));
                }
                let (seg, end) = match curve {
                    Line(_, b) => (Segment::Line(p(*b)), p(*b)),
                    Quad(_, c, b) => (Segment::Quad(p(*c), p(*b)), p(*b)),
                    Cubic(_, c1, c2, b) => (Segment::Cubic(p(*c1), p(*c2), p(*b)), p(*b)),
                };
                out.push(seg);
                last = Some(end);
            }
        }
        pen += font.h_advance_unscaled(id) * scale;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outlines_of_digits_sit_on_the_baseline_and_are_centred() {
        let f = font().unwrap();
        let segs = outline(&f, "0504", 20.0, 100.0, 50.0);
        assert!(segs.len() > 20, "four digits have contours");
        let pts: Vec<(f32, f32)> = segs
            .iter()
            .map(|s| match *s {
                Segment::Move(p)
                | Segment::Line(p)
                | Segment::Quad(_, p)
                | Segment::Cubic(_, _, p) => p,
            })
            .collect();
        let (xmin, xmax) = pts
            .iter()
            .fold((f32::MAX, f32::MIN), |a, p| (a.0.min(p.0), a.1.max(p.0)));
        let (ymin, ymax) = pts
            .iter()
            .fold((f32::MAX, f32::MIN), |a, p| (a.0.min(p.1), a.1.max(p.1)));
        assert!(
            (((xmin + xmax) / 2.0) - 100.0).abs() < 2.0,
            "centred: {xmin}..{xmax}"
        );
        assert!(
            ymax <= 50.5 && ymin > 30.0,
            "above the baseline, about a digit high: {ymin}..{ymax}"
        );
        assert!(outline(&f, "", 20.0, 0.0, 0.0).is_empty());
    }
}

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
    for c in text.chars() {
        let id = scaled.glyph_id(c);
        let glyph = id.with_scale_and_position(PxScale::from(size), ab_glyph::point(pen, y));
        pen += scaled.h_advance(id);
        let Some(outline) = font.outline_glyph(glyph) else {
            continue;
        };
        let b = outline.px_bounds();
        outline.draw(|gx, gy, coverage| {
            let (px, py) = (b.min.x as i32 + gx as i32, b.min.y as i32 + gy as i32);
            if px < 0 || py < 0 || px >= w || py >= h || coverage <= 0.0 {
                return;
            }
            let i = py as usize * stride + px as usize;
            let dst = pixels[i];
            let a = coverage.min(1.0);
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
        });
    }
}

//! Counter and piece images: a square counter in its side's colour with the unit type, the
//! name and the ratings printed on one step (a two-step unit has an image per step); a
//! side's mask; a counter that faces a way, its front marked and turned to face the
//! grid's facing 0; a multi-hex piece drawn over its hexes; a screen as a bar along its
//! hexside. Text is drawn with the renderer's bundled font.

use crate::ExportError;
use muster_render::text::{self, Style};
use tiny_skia::{Color, Paint, PathBuilder, Pixmap, Rect, Stroke, Transform};

/// What a unit counter shows.
pub struct CounterFace<'a> {
    /// Side colour.
    pub rgb: [u8; 3],
    /// Unit type, small at the top.
    pub kind: &'a str,
    /// The unit's name.
    pub name: &'a str,
    /// The ratings printed on this step.
    pub ratings: &'a str,
}

fn paint(rgb: [u8; 3], a: u8) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color(Color::from_rgba8(rgb[0], rgb[1], rgb[2], a));
    p.anti_alias = true;
    p
}

/// Largest size at most `size` at which `text` fits in `width`.
fn fit(font: &ab_glyph::FontRef<'_>, t: &str, size: f32, width: f32) -> f32 {
    let w = text::width(font, t, size);
    if w <= width {
        size
    } else {
        (size * width / w).max(5.0)
    }
}

fn line(p: &mut Pixmap, font: &ab_glyph::FontRef<'_>, t: &str, y: f32, size: f32, rgb: [u8; 3]) {
    let w = p.width() as f32;
    let size = fit(font, t, size, w - 6.0);
    text::draw(
        p,
        font,
        t,
        w / 2.0,
        y,
        Style {
            size,
            rgb,
            centred: true,
        },
    );
}

/// A square unit counter of `size` pixels, as PNG.
pub fn unit_counter(face: &CounterFace, size: u32) -> Result<Vec<u8>, ExportError> {
    counter_pixmap(face, size, false)?
        .encode_png()
        .map_err(|_| ExportError::Image)
}

/// The side of a [`faced_counter`]'s image for a counter of `size` pixels, with a horse's
/// tail hex centred at `tail` from its head (see [`faced_counter`]).
pub fn faced_side(size: u32, tail: Option<(f32, f32)>) -> u32 {
    let reach = tail.map_or(0.0, |(x, y)| x.hypot(y));
    (2.0 * reach + size as f32 * std::f32::consts::SQRT_2).ceil() as u32 + 2
}

/// A unit counter that faces a way, as PNG: its front (the top edge) marked by a bar,
/// turned `turn_deg` clockwise about its centre on a transparent square large enough for
/// any turn (VASSAL turns it further about the same centre, see [`crate::facing`]).
///
/// A mounted Siege character covers two hexes (3.31): `tail`, the centre of the hex
/// behind his head when he faces facing 0 (relative to the head, in pixels), gets the
/// horse's body, drawn under the counter, so the image spans both hexes and turns about
/// the head with him.
pub fn faced_counter(
    face: &CounterFace,
    size: u32,
    turn_deg: f32,
    tail: Option<(f32, f32)>,
) -> Result<Vec<u8>, ExportError> {
    let upright = counter_pixmap(face, size, true)?;
    let side = faced_side(size, tail);
    let mut p = Pixmap::new(side, side).ok_or(ExportError::Image)?;
    let (c, h) = (side as f32 / 2.0, size as f32 / 2.0);
    if let Some((x, y)) = tail {
        let mut pb = PathBuilder::new();
        pb.move_to(c, c);
        pb.line_to(c + x, c + y);
        if let Some(path) = pb.finish() {
            let body = Stroke {
                width: size as f32 * 0.7,
                line_cap: tiny_skia::LineCap::Round,
                ..Stroke::default()
            };
            let dark = face.rgb.map(|v| v / 2);
            p.stroke_path(&path, &paint(dark, 255), &body, Transform::identity(), None);
        }
    }
    let t = Transform::from_translate(c - h, c - h).post_rotate_at(turn_deg, c, c);
    p.draw_pixmap(
        0,
        0,
        upright.as_ref(),
        &tiny_skia::PixmapPaint {
            quality: tiny_skia::FilterQuality::Bilinear,
            ..Default::default()
        },
        t,
        None,
    );
    p.encode_png().map_err(|_| ExportError::Image)
}

fn counter_pixmap(face: &CounterFace, size: u32, front: bool) -> Result<Pixmap, ExportError> {
    let font = text::font().ok_or(ExportError::Font)?;
    let mut p = Pixmap::new(size, size).ok_or(ExportError::Image)?;
    let s = size as f32;
    let rect = Rect::from_xywh(0.5, 0.5, s - 1.0, s - 1.0).ok_or(ExportError::Image)?;
    p.fill_rect(rect, &paint(face.rgb, 255), Transform::identity(), None);
    let border = PathBuilder::from_rect(rect);
    p.stroke_path(
        &border,
        &paint([20, 20, 20], 255),
        &Stroke {
            width: 1.5,
            ..Stroke::default()
        },
        Transform::identity(),
        None,
    );
    let white = [255, 255, 255];
    line(&mut p, &font, face.kind, s * 0.2, s * 0.16, [235, 235, 235]);
    line(&mut p, &font, face.name, s * 0.46, s * 0.2, white);
    line(&mut p, &font, face.ratings, s * 0.74, s * 0.2, white);
    if front {
        // The front edge: a bar along the top, so the facing reads at a glance.
        if let Some(bar) = Rect::from_xywh(1.0, 1.0, s - 2.0, (s * 0.08).max(2.0)) {
            p.fill_rect(
                bar,
                &paint([250, 250, 250], 255),
                Transform::identity(),
                None,
            );
        }
    }
    Ok(p)
}

/// A piece over several hexes (or one): hex centres relative to the piece's position, the
/// hex radius, the side colour, a label, and for a screen the hexside it lies along
/// (relative end points). Returns the PNG and its size; the position is its centre.
pub fn piece_image(
    centres: &[(f32, f32)],
    radius: f32,
    rgb: [u8; 3],
    label: &str,
    bar: Option<((f32, f32), (f32, f32))>,
) -> Result<(Vec<u8>, u32, u32), ExportError> {
    let font = text::font().ok_or(ExportError::Font)?;
    let reach = centres
        .iter()
        .map(|(x, y)| x.abs().max(y.abs()))
        .fold(0.0f32, f32::max)
        + radius;
    let side = (2.0 * reach).ceil() as u32 + 2;
    let mut p = Pixmap::new(side, side).ok_or(ExportError::Image)?;
    let c = side as f32 / 2.0;
    let body = Stroke {
        width: radius * 1.1,
        line_cap: tiny_skia::LineCap::Round,
        line_join: tiny_skia::LineJoin::Round,
        ..Stroke::default()
    };
    let mut pb = PathBuilder::new();
    pb.move_to(c + centres[0].0, c + centres[0].1);
    for (x, y) in centres {
        pb.line_to(c + x + 0.01, c + y);
    }
    if let Some(path) = pb.finish() {
        p.stroke_path(
            &path,
            &paint([60, 50, 40], 230),
            &body,
            Transform::identity(),
            None,
        );
    }
    if let Some((a, b)) = bar {
        let mut pb = PathBuilder::new();
        pb.move_to(c + a.0, c + a.1);
        pb.line_to(c + b.0, c + b.1);
        if let Some(path) = pb.finish() {
            let s = Stroke {
                width: radius * 0.3,
                line_cap: tiny_skia::LineCap::Round,
                ..Stroke::default()
            };
            p.stroke_path(
                &path,
                &paint([110, 80, 40], 255),
                &s,
                Transform::identity(),
                None,
            );
        }
    }
    if let Some(r) = Rect::from_xywh(
        c - radius * 0.3,
        c - radius * 0.3,
        radius * 0.6,
        radius * 0.6,
    ) {
        p.fill_rect(r, &paint(rgb, 255), Transform::identity(), None);
    }
    let size = fit(&font, label, radius * 0.32, radius * 2.2);
    text::draw(
        &mut p,
        &font,
        label,
        c,
        c + radius * 0.62,
        Style {
            size,
            rgb: [255, 255, 255],
            centred: true,
        },
    );
    let png = p.encode_png().map_err(|_| ExportError::Image)?;
    Ok((png, side, side))
}

//! Hex numbers, counter texts and marker tags as small images, drawn from glyphs
//! rasterised once.
//!
//! Why: filled as glyph outlines, the hex numbers of a zoomed-in map were the largest part
//! of the software renderer's frame. Its anti-aliased scan converter pays per run of
//! pixels on every scanline crossing a glyph, while an image is a few plain rows of pixels.
//! Each glyph's coverage is rasterised once per size and quarter-pixel position (a map's
//! numbers are ten digits), and each line of text becomes one image placed on whole
//! pixels at [`RASTER_SCALE`] times the canvas's size.
//!
//! The canvas does not know the window's scale factor, so the images are made for a scale
//! factor of 2 (the high-density screens and the headless test renderer): there they are
//! copied pixel for pixel; at a scale factor of 1 the renderer halves them with its linear
//! filter, which averages each 2×2 block.

use ab_glyph::{Font, FontRef, GlyphId, PxScale, ScaleFont};
use iced::advanced::image::Handle;
use iced::widget::canvas::Frame;
use iced::Rectangle;
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

/// Physical pixels per canvas pixel that the images are made for.
pub const RASTER_SCALE: f32 = 2.0;

/// Glyph coverages kept at most; past this the cache starts again (zooming makes a new size
/// at every step, and a map's texts need a few hundred at one size).
const MAX_GLYPHS: usize = 4096;

/// One glyph's coverage at one size and quarter-pixel position: its offset from the pen
/// (whole pixels) and its rows.
struct Coverage {
    left: i32,
    top: i32,
    width: usize,
    height: usize,
    cover: Vec<f32>,
}

/// Glyph, pixel size, and the pen's position within its pixel in quarters.
type GlyphKey = (u16, u32, u8, u8);

thread_local! {
    /// The coverage of every glyph drawn lately on this thread.
    static GLYPHS: RefCell<HashMap<GlyphKey, Option<Rc<Coverage>>>> = RefCell::default();
}

fn coverage(font: &FontRef<'_>, id: GlyphId, size: f32, fx: u8, fy: u8) -> Option<Rc<Coverage>> {
    let key = (id.0, size.to_bits(), fx, fy);
    GLYPHS.with(|cache| {
        if let Some(c) = cache.borrow().get(&key) {
            return c.clone();
        }
        let at = ab_glyph::point(f32::from(fx) / 4.0, f32::from(fy) / 4.0);
        let made = font
            .outline_glyph(id.with_scale_and_position(PxScale::from(size), at))
            .map(|outline| {
                let b = outline.px_bounds();
                let (width, height) = (b.width() as usize, b.height() as usize);
                let mut cover = vec![0.0; width * height];
                outline.draw(|gx, gy, c| {
                    if let Some(v) = cover.get_mut(gy as usize * width + gx as usize) {
                        *v = c;
                    }
                });
                Rc::new(Coverage {
                    left: b.min.x as i32,
                    top: b.min.y as i32,
                    width,
                    height,
                    cover,
                })
            });
        let mut cache = cache.borrow_mut();
        if cache.len() >= MAX_GLYPHS {
            cache.clear();
        }
        cache.insert(key, made.clone());
        made
    })
}

/// A colour as straight-alpha RGBA bytes.
pub type Rgba = [u8; 4];

/// A box behind a text (a marker's tag), in canvas pixels.
#[derive(Debug, Clone, Copy)]
pub struct Backdrop {
    /// Where.
    pub rect: Rectangle,
    /// Its colour.
    pub colour: Rgba,
}

/// A line of text centred on `x` with its baseline at `y` (canvas pixels), `size` pixels
/// high, in `ink`, optionally over a backdrop.
#[derive(Debug, Clone, Copy)]
pub struct Label<'a> {
    /// The text.
    pub text: &'a str,
    /// Pixel size (as a filled outline of the same size would have).
    pub size: f32,
    /// Centre.
    pub x: f32,
    /// Baseline.
    pub y: f32,
    /// Colour of the letters.
    pub ink: Rgba,
    /// A box drawn under the letters.
    pub backdrop: Option<Backdrop>,
}

/// Whole physical pixel and quarter within it.
fn quarters(v: f32) -> (i32, u8) {
    let q = (v * 4.0).round();
    ((q / 4.0).floor() as i32, q.rem_euclid(4.0) as u8)
}

/// Source-over of a straight-alpha colour at coverage `a` onto a straight-alpha pixel.
fn blend(dst: &mut [f32; 4], colour: Rgba, a: f32) {
    let sa = f32::from(colour[3]) / 255.0 * a.clamp(0.0, 1.0);
    if sa <= 0.0 {
        return;
    }
    let da = dst[3];
    let out = sa + da * (1.0 - sa);
    for (c, d) in dst.iter_mut().take(3).enumerate() {
        let s = f32::from(colour[c]) / 255.0;
        *d = (s * sa + *d * da * (1.0 - sa)) / out;
    }
    dst[3] = out;
}

/// An image made for a label, placed relative to the whole physical pixel of its pen's start
/// and its baseline.
#[derive(Clone)]
struct Made {
    handle: Handle,
    left: i32,
    top: i32,
    width: usize,
    height: usize,
}

/// What makes a label's image: text, size, colour and the quarter-pixel phases of its pen.
type LabelKey = (String, u32, Rgba, u8, u8);

/// The labels of one frame: equal texts at the same size, colour and quarter-pixel phase
/// share one image (a map's counters repeat a few ratings and names).
pub struct Labels {
    made: HashMap<LabelKey, Option<Made>>,
    area: Rectangle,
}

impl Labels {
    /// Labels drawn inside `area` (the canvas, in its own pixels).
    ///
    /// The software renderer clips an image only to its layer (the whole window here), not
    /// to the canvas that drew it, so a label crossing the canvas's edge is cut at it here.
    pub fn new(area: Rectangle) -> Labels {
        Labels {
            made: HashMap::new(),
            area,
        }
    }

    /// Draws a label on the frame, cut at the edge of the area.
    pub fn draw(&mut self, frame: &mut Frame, font: &FontRef<'_>, label: &Label<'_>) {
        if let Some((bounds, handle)) = self
            .place(font, label)
            .and_then(|(b, h)| clip(b, h, self.area))
        {
            frame.draw_image(bounds, iced::advanced::image::Image::new(handle));
        }
    }

    /// Where a label goes on the canvas and its image, or `None` when it has no pixels.
    fn place(&mut self, font: &FontRef<'_>, label: &Label<'_>) -> Option<(Rectangle, Handle)> {
        let s = RASTER_SCALE;
        let size = label.size * s;
        let scaled = font.as_scaled(PxScale::from(size));
        let width: f32 = label
            .text
            .chars()
            .map(|c| scaled.h_advance(scaled.glyph_id(c)))
            .sum();
        let (pen_x, fx) = quarters(label.x * s - width / 2.0);
        let (pen_y, fy) = quarters(label.y * s);
        let made = match label.backdrop {
            // A tag's box is placed on its own; tags are few.
            Some(b) => {
                let r = Rectangle {
                    x: b.rect.x * s - pen_x as f32,
                    y: b.rect.y * s - pen_y as f32,
                    width: b.rect.width * s,
                    height: b.rect.height * s,
                };
                make(font, label, fx, fy, Some((r, b.colour)))
            }
            None => self
                .made
                .entry((label.text.to_owned(), size.to_bits(), label.ink, fx, fy))
                .or_insert_with(|| make(font, label, fx, fy, None))
                .clone(),
        }?;
        let bounds = Rectangle {
            x: (pen_x + made.left) as f32 / s,
            y: (pen_y + made.top) as f32 / s,
            width: made.width as f32 / s,
            height: made.height as f32 / s,
        };
        Some((bounds, made.handle))
    }
}

/// The part of a placed image inside `area`: the image itself when wholly inside, a cut copy
/// when it crosses the edge (whole pixels of the image kept), `None` when outside.
fn clip(bounds: Rectangle, handle: Handle, area: Rectangle) -> Option<(Rectangle, Handle)> {
    let (x1, y1) = (bounds.x + bounds.width, bounds.y + bounds.height);
    let (ax1, ay1) = (area.x + area.width, area.y + area.height);
    if bounds.x >= area.x && bounds.y >= area.y && x1 <= ax1 && y1 <= ay1 {
        return Some((bounds, handle));
    }
    let Handle::Rgba {
        width,
        height,
        pixels,
        ..
    } = &handle
    else {
        return None;
    };
    let (w, h) = (*width as usize, *height as usize);
    let s = RASTER_SCALE;
    // The image's pixel columns and rows wholly inside the area.
    let first = |lo: f32, at: f32| (((lo - at) * s).ceil().max(0.0)) as usize;
    let last = |hi: f32, at: f32, n: usize| (((hi - at) * s).floor().max(0.0) as usize).min(n);
    let (i0, i1) = (first(area.x, bounds.x), last(ax1, bounds.x, w));
    let (j0, j1) = (first(area.y, bounds.y), last(ay1, bounds.y, h));
    if i1 <= i0 || j1 <= j0 {
        return None;
    }
    let mut cut = Vec::with_capacity((i1 - i0) * (j1 - j0) * 4);
    for row in pixels.chunks(w * 4).take(j1).skip(j0) {
        cut.extend_from_slice(&row[i0 * 4..i1 * 4]);
    }
    let part = Rectangle {
        x: bounds.x + i0 as f32 / s,
        y: bounds.y + j0 as f32 / s,
        width: (i1 - i0) as f32 / s,
        height: (j1 - j0) as f32 / s,
    };
    Some((
        part,
        Handle::from_rgba((i1 - i0) as u32, (j1 - j0) as u32, cut),
    ))
}

/// Rasterises a label with its pen at quarter `fx`, `fy` of the pixel (0, 0) and an
/// optional backdrop (physical pixels relative to that pixel).
fn make(
    font: &FontRef<'_>,
    label: &Label<'_>,
    fx: u8,
    fy: u8,
    backdrop: Option<(Rectangle, Rgba)>,
) -> Option<Made> {
    let size = label.size * RASTER_SCALE;
    let scaled = font.as_scaled(PxScale::from(size));
    let mut pen = f32::from(fx) / 4.0;
    let mut glyphs = Vec::with_capacity(label.text.len());
    let (mut x0, mut y0, mut x1, mut y1) = (i32::MAX, i32::MAX, i32::MIN, i32::MIN);
    for c in label.text.chars() {
        let id = scaled.glyph_id(c);
        let (base_x, gfx) = quarters(pen);
        pen += scaled.h_advance(id);
        if let Some(g) = coverage(font, id, size, gfx, fy) {
            let (gx, gy) = (base_x + g.left, g.top);
            (x0, y0) = (x0.min(gx), y0.min(gy));
            (x1, y1) = (x1.max(gx + g.width as i32), y1.max(gy + g.height as i32));
            glyphs.push((gx, gy, g));
        }
    }
    if let Some((r, _)) = backdrop {
        x0 = x0.min(r.x.floor() as i32);
        y0 = y0.min(r.y.floor() as i32);
        x1 = x1.max((r.x + r.width).ceil() as i32);
        y1 = y1.max((r.y + r.height).ceil() as i32);
    }
    if x1 <= x0 || y1 <= y0 {
        return None;
    }
    let (w, h) = ((x1 - x0) as usize, (y1 - y0) as usize);
    let byte = |v: f32| (v.clamp(0.0, 1.0) * 255.0 + 0.5) as u8;
    let rgba: Vec<u8> = if let Some((r, colour)) = backdrop {
        let mut px = vec![[0.0f32; 4]; w * h];
        // Each pixel covered by the share of it inside the rectangle, as an anti-aliased
        // fill of the rectangle would cover it.
        let span = |lo: f32, hi: f32, p: i32| (hi.min(p as f32 + 1.0) - lo.max(p as f32)).max(0.0);
        for (j, row) in px.chunks_mut(w).enumerate() {
            let cy = span(r.y, r.y + r.height, y0 + j as i32);
            for (i, p) in row.iter_mut().enumerate() {
                let cx = span(r.x, r.x + r.width, x0 + i as i32);
                blend(p, colour, cx * cy);
            }
        }
        for (gx, gy, g) in &glyphs {
            for (k, &a) in g.cover.iter().enumerate() {
                let (i, j) = (
                    gx - x0 + (k % g.width) as i32,
                    gy - y0 + (k / g.width) as i32,
                );
                blend(&mut px[j as usize * w + i as usize], label.ink, a);
            }
        }
        px.iter().flat_map(|p| p.map(byte)).collect()
    } else {
        // Letters alone: the glyphs of a line do not overlap, so their coverages add up
        // as one filled shape's would (where two glyphs share an edge pixel); the colour
        // is the ink's throughout, the alpha its opacity times the coverage.
        let mut cover = vec![0.0f32; w * h];
        for (gx, gy, g) in &glyphs {
            let (i, j) = ((gx - x0) as usize, (gy - y0) as usize);
            for (src, dst) in g.cover.chunks(g.width).zip(cover[j * w..].chunks_mut(w)) {
                for (d, c) in dst[i..i + g.width].iter_mut().zip(src) {
                    *d += c;
                }
            }
        }
        let [r, g, b, a] = label.ink;
        let opacity = f32::from(a) / 255.0;
        cover
            .iter()
            .flat_map(|c| [r, g, b, byte(c * opacity)])
            .collect()
    };
    Some(Made {
        handle: Handle::from_rgba(w as u32, h as u32, rgba),
        left: x0,
        top: y0,
        width: w,
        height: h,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use iced::widget::canvas::{self, Frame, Geometry, Path};
    use iced::{mouse, Color, Point, Renderer, Size, Theme};

    fn number(text: &str, x: f32, y: f32) -> Label<'_> {
        Label {
            text,
            size: 9.6,
            x,
            y,
            ink: [0, 0, 0, 179],
            backdrop: None,
        }
    }

    fn pixels(handle: &Handle) -> (u32, u32, Vec<u8>) {
        match handle {
            Handle::Rgba {
                width,
                height,
                pixels,
                ..
            } => (*width, *height, pixels.to_vec()),
            other => panic!("an RGBA image, not {other:?}"),
        }
    }

    #[test]
    fn equal_texts_at_the_same_phase_share_one_image() {
        let font = muster_render::text::font().unwrap();
        let mut labels = Labels::new(Rectangle::with_size(Size::INFINITE));
        // 45 px apart: the same quarter-pixel phase, so the same image moved.
        let (a, ha) = labels.place(&font, &number("0504", 10.3, 20.1)).unwrap();
        let (b, hb) = labels.place(&font, &number("0504", 55.3, 20.1)).unwrap();
        assert_eq!(ha.id(), hb.id());
        assert_eq!((b.x - a.x, b.y, b.width), (45.0, a.y, a.width));
        let (_, hc) = labels.place(&font, &number("0505", 10.3, 20.1)).unwrap();
        assert_ne!(ha.id(), hc.id());
        assert!(labels.place(&font, &number("", 10.0, 10.0)).is_none());
    }

    #[test]
    fn letters_are_the_ink_with_their_coverage_as_alpha_on_whole_pixels() {
        let font = muster_render::text::font().unwrap();
        let (bounds, handle) = Labels::new(Rectangle::with_size(Size::INFINITE))
            .place(&font, &number("0213", 40.0, 30.0))
            .unwrap();
        let (w, h, rgba) = pixels(&handle);
        // Placed on whole physical pixels at the raster scale, the image's own size.
        assert_eq!(bounds.width * RASTER_SCALE, w as f32);
        assert_eq!(bounds.height * RASTER_SCALE, h as f32);
        assert_eq!((bounds.x * RASTER_SCALE).fract(), 0.0);
        // Centred on x, above the baseline, about a digit high.
        assert!((bounds.center_x() - 40.0).abs() < 1.0, "{bounds:?}");
        assert!(
            bounds.y + bounds.height <= 30.5 && bounds.y > 30.0 - 9.6,
            "{bounds:?}"
        );
        let alpha: Vec<u8> = rgba.chunks(4).map(|p| p[3]).collect();
        assert!(rgba.chunks(4).all(|p| p[..3] == [0, 0, 0]));
        assert_eq!(
            alpha.iter().max(),
            Some(&179),
            "full coverage is the ink's opacity"
        );
        assert!(
            alpha.iter().filter(|a| **a >= 170).count() > 20,
            "solid strokes"
        );
        assert!(
            alpha.iter().any(|a| (1..170).contains(a)),
            "anti-aliased edges"
        );
    }

    #[test]
    fn a_tag_is_its_box_with_the_text_over_it() {
        let font = muster_render::text::font().unwrap();
        let rect = Rectangle::new(Point::new(10.0, 10.0), Size::new(30.0, 9.0));
        let label = Label {
            text: "sap",
            size: 6.0,
            x: 25.0,
            y: 16.0,
            ink: [255, 255, 255, 255],
            backdrop: Some(Backdrop {
                rect,
                colour: [90, 60, 130, 230],
            }),
        };
        let (bounds, handle) = Labels::new(Rectangle::with_size(Size::INFINITE))
            .place(&font, &label)
            .unwrap();
        assert_eq!(bounds, rect, "the box spans the text here");
        let (_, _, rgba) = pixels(&handle);
        let px: Vec<&[u8]> = rgba.chunks(4).collect();
        assert_eq!(px[0], [90, 60, 130, 230], "the box's corner");
        assert!(px.iter().any(|p| p[0] > 220 && p[2] > 220), "white letters");
        assert!(px.iter().all(|p| p[3] >= 230), "no hole in the box");
    }

    /// Draws the number "010007" centred on `x` either as the glyph outline filled (as the
    /// canvas did) or as a label image.
    struct Number {
        image: bool,
        x: f32,
    }

    impl canvas::Program<()> for Number {
        type State = ();

        fn draw(
            &self,
            _state: &(),
            renderer: &Renderer,
            _theme: &Theme,
            bounds: Rectangle,
            _cursor: mouse::Cursor,
        ) -> Vec<Geometry> {
            let font = muster_render::text::font().unwrap();
            let mut frame = Frame::new(renderer, bounds.size());
            let (x, y, size) = (self.x, 20.7, 9.6);
            if self.image {
                Labels::new(Rectangle::with_size(bounds.size())).draw(
                    &mut frame,
                    &font,
                    &number("010007", x, y),
                );
            } else {
                let segs = muster_render::text::outline(&font, "010007", size, x, y);
                let path = Path::new(|b| {
                    use muster_render::text::Segment;
                    let pt = |(x, y): (f32, f32)| Point::new(x, y);
                    for s in &segs {
                        match *s {
                            Segment::Move(p) => b.move_to(pt(p)),
                            Segment::Line(p) => b.line_to(pt(p)),
                            Segment::Quad(c, p) => b.quadratic_curve_to(pt(c), pt(p)),
                            Segment::Cubic(c1, c2, p) => b.bezier_curve_to(pt(c1), pt(c2), pt(p)),
                        }
                    }
                });
                frame.fill(&path, Color::from_rgba(0.0, 0.0, 0.0, 0.7));
            }
            vec![frame.into_geometry()]
        }
    }

    /// The darkness (255 minus luminance) of each pixel of the 2× snapshot of a window
    /// `width` wide: the number's canvas, 80 px wide, then empty space.
    fn darkness(number: Number, width: f32) -> image::GrayImage {
        let name = format!(
            "muster-labels-{}-{}-{}",
            std::process::id(),
            number.image,
            number.x
        );
        let canvas = iced::widget::canvas(number).width(80).height(iced::Fill);
        let window = iced::widget::row![canvas, iced::widget::Space::new().width(iced::Fill)];
        let mut ui = iced_test::Simulator::with_size(
            iced::Settings::default(),
            Size::new(width, 30.0),
            window,
        );
        let dir = std::env::temp_dir().join(name);
        let _ = std::fs::remove_dir_all(&dir);
        ui.snapshot(&Theme::Light)
            .unwrap()
            .matches_image(dir.join("number.png"))
            .unwrap();
        let file = std::fs::read_dir(&dir)
            .unwrap()
            .next()
            .unwrap()
            .unwrap()
            .path();
        let mut shot = image::open(file).unwrap().to_luma8();
        image::imageops::invert(&mut shot);
        shot
    }

    /// Regression guard: the renderer clips images to their layer, not to the canvas, so a
    /// hex number crossing the canvas's edge was drawn on over the panel beside it.
    #[test]
    fn a_label_crossing_the_canvas_edge_is_cut_at_it() {
        let shot = darkness(
            Number {
                image: true,
                x: 78.0,
            },
            160.0,
        );
        let ink = |x0: u32, x1: u32| {
            (x0..x1)
                .flat_map(|x| (0..shot.height()).map(move |y| (x, y)))
                .map(|(x, y)| shot.get_pixel(x, y).0[0])
                .max()
                .unwrap_or(0)
        };
        assert!(
            ink(140, 160) > 100,
            "the number's left half, inside the canvas"
        );
        assert_eq!(
            ink(160, 320),
            0,
            "nothing beyond the canvas's edge (at 160 px)"
        );
    }

    /// Regression guard for drawing hex numbers as images (a speed change): the renderer
    /// draws them (iced's image feature is on), where the filled outline was, as dark.
    #[test]
    fn a_number_as_an_image_looks_like_its_filled_outline() {
        let at = |image| darkness(Number { image, x: 40.3 }, 80.0);
        let (outline, image) = (at(false), at(true));
        let ink = |g: &image::GrayImage| {
            let dark: Vec<(u32, u32)> = g
                .enumerate_pixels()
                .filter(|p| p.2 .0[0] > 60)
                .map(|p| (p.0, p.1))
                .collect();
            let (x0, x1) = (
                dark.iter().map(|p| p.0).min(),
                dark.iter().map(|p| p.0).max(),
            );
            let (y0, y1) = (
                dark.iter().map(|p| p.1).min(),
                dark.iter().map(|p| p.1).max(),
            );
            let total: u32 = g.pixels().map(|p| u32::from(p.0[0])).sum();
            (x0.unwrap(), y0.unwrap(), x1.unwrap(), y1.unwrap(), total)
        };
        let (a, b) = (ink(&outline), ink(&image));
        for (p, q) in [(a.0, b.0), (a.1, b.1), (a.2, b.2), (a.3, b.3)] {
            assert!(p.abs_diff(q) <= 1, "ink box {a:?} against {b:?}");
        }
        let (ta, tb) = (a.4 as f32, b.4 as f32);
        assert!(
            (ta - tb).abs() / ta < 0.05,
            "as much ink: {ta} against {tb}"
        );
    }
}

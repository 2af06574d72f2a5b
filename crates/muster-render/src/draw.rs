//! Drawing a [`Scene`] with tiny-skia.

use crate::budget::{Budget, PictureSize, TooLarge};
use crate::scene::Scene;
use crate::sizing::{dims, too_large, view, View, LEGEND_ROW, MARGIN, TITLE};
use crate::text;
use muster_hex::Hex;
use tiny_skia::{
    Color, FillRule, Paint, PathBuilder, Pixmap, PremultipliedColorU8, Rect, Stroke, Transform,
};

/// How to draw.
#[derive(Debug, Clone, PartialEq)]
pub struct RenderOptions {
    /// Width of a hex in pixels (flat grids; height for pointy grids).
    pub px_per_hex: f32,
    /// Print hex numbers.
    pub numbers: bool,
    /// Only the hexes between these printed corners, inclusive (`0101`, `1515`).
    pub crop: Option<(String, String)>,
    /// Title and legend.
    pub frame: bool,
}

impl Default for RenderOptions {
    fn default() -> Self {
        RenderOptions {
            px_per_hex: 48.0,
            numbers: true,
            crop: None,
            frame: true,
        }
    }
}

/// Why a picture could not be made.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    /// A crop corner is not a hex of the map.
    #[error(
        "crop corner `{corner}` is not a hex of this map: its hexes run from {first} to {last}"
    )]
    Crop {
        /// The corner as given.
        corner: String,
        /// The map's first hex, printed.
        first: String,
        /// The map's last hex, printed.
        last: String,
    },
    /// The picture would be past its budget of pixels, hexes or memory.
    #[error("{0}")]
    TooLarge(Box<TooLarge>),
    /// The picture would be empty or too large.
    #[error(
        "the picture would be {0}×{1} pixels; choose a smaller --px-per-hex or crop with --hexes"
    )]
    Size(u32, u32),
    /// The bundled font could not be read.
    #[error("the bundled font could not be read")]
    Font,
    /// Writing the file failed.
    #[error("cannot write {0}: {1}")]
    Write(String, String),
}

/// The colours of the sides, by side index (wrapping): one palette for every picture.
pub const SIDES: [[u8; 3]; 4] = [[178, 34, 34], [38, 77, 166], [51, 128, 51], [140, 89, 26]];

impl From<TooLarge> for RenderError {
    fn from(t: TooLarge) -> Self {
        RenderError::TooLarge(Box::new(t))
    }
}

pub(crate) fn paint(rgb: [u8; 3], alpha: u8) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color(Color::from_rgba8(rgb[0], rgb[1], rgb[2], alpha));
    p.anti_alias = true;
    p
}

/// Where the grid lies on a picture [`render`] draws: the hex radius and the pixel position
/// of the centre of axial hex (0, 0), so that other formats (a VASSAL board) can place
/// their own grid on the same pixels.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Placement {
    /// Outer radius of a hex in pixels.
    pub radius: f32,
    /// Pixel x of the centre of axial hex (0, 0).
    pub x: f32,
    /// Pixel y of the centre of axial hex (0, 0).
    pub y: f32,
}

impl Placement {
    /// Pixel centre of a hex on the picture.
    pub fn centre(&self, grid: &muster_hex::Grid, hex: Hex) -> (f32, f32) {
        let (x, y) = grid.center(hex, self.radius);
        (x + self.x, y + self.y)
    }
}

/// Where [`render`] puts the grid for these options.
pub fn placement(scene: &Scene, opts: &RenderOptions) -> Result<Placement, RenderError> {
    let View {
        radius,
        bounds: (x0, y0, _, _),
        ..
    } = view(scene, opts)?;
    let top = if opts.frame { TITLE } else { 0.0 } + MARGIN;
    Ok(Placement {
        radius,
        x: MARGIN - x0,
        y: top - y0,
    })
}

/// Draws the scene within [`Budget::PICTURE`].
pub fn render(scene: &Scene, opts: &RenderOptions) -> Result<image::RgbaImage, RenderError> {
    render_within(scene, opts, &Budget::PICTURE)
}

/// Draws the scene, refusing before any pixel is allocated a picture past `budget`.
pub fn render_within(
    scene: &Scene,
    opts: &RenderOptions,
    budget: &Budget,
) -> Result<image::RgbaImage, RenderError> {
    let grid = &scene.grid;
    let v = view(scene, opts)?;
    let font = text::font().ok_or(RenderError::Font)?;
    let legend = legend_items(scene);
    let d = dims(opts, &font, &legend, v.bounds);
    let size = PictureSize {
        width: d.w,
        height: d.h,
        hexes: v.hexes.len(),
    };
    if !budget.admits(&size) {
        return Err(too_large(scene, opts, &font, &v, size, budget));
    }
    let View {
        hexes,
        radius,
        bounds: (x0, y0, _, _),
    } = v;
    let (w, h, top, bottom, rows) = (d.w, d.h, d.top, d.bottom, d.rows);
    let mut pixmap = Pixmap::new(w.max(1), h.max(1)).ok_or(RenderError::Size(w, h))?;
    pixmap.fill(Color::from_rgba8(250, 249, 244, 255));
    let (dx, dy) = (MARGIN - x0, top - y0);
    let at = |hex: Hex| {
        let (x, y) = grid.center(hex, radius);
        (x + dx, y + dy)
    };
    let add_hex = |pb: &mut PathBuilder, hex: Hex, k: f32| {
        let (cx, cy) = at(hex);
        let corners = grid.corners(Hex::ZERO, radius * k);
        let (ox, oy) = grid.center(Hex::ZERO, radius * k);
        for (i, (x, y)) in corners.iter().enumerate() {
            let (px, py) = (x - ox + cx, y - oy + cy);
            if i == 0 {
                pb.move_to(px, py)
            } else {
                pb.line_to(px, py)
            }
        }
        pb.close();
    };
    let hex_path = |hex: Hex, k: f32| {
        let mut pb = PathBuilder::new();
        add_hex(&mut pb, hex, k);
        pb.finish()
    };
    let colours: std::collections::HashMap<&str, [u8; 3]> = scene
        .legend
        .iter()
        .map(|(id, _, c)| (id.as_str(), *c))
        .collect();
    let grid_stroke = Stroke {
        width: (radius / 24.0).max(0.6),
        ..Stroke::default()
    };
    // One path per terrain colour, filled once, and the grid as one path stroked once: a
    // 200×150 map is a handful of fills, not 60,000 (each with its own set-up cost).
    let mut by_colour: std::collections::BTreeMap<[u8; 3], PathBuilder> = Default::default();
    let mut outline = PathBuilder::new();
    for hx in &hexes {
        let t = scene
            .terrain
            .get(&(hx.x, hx.y))
            .map(String::as_str)
            .unwrap_or("");
        let c = colours.get(t).copied().unwrap_or([220, 220, 220]);
        add_hex(by_colour.entry(c).or_default(), *hx, 1.0);
        add_hex(&mut outline, *hx, 1.0);
    }
    for (c, pb) in by_colour {
        if let Some(p) = pb.finish() {
            pixmap.fill_path(
                &p,
                &paint(c, 255),
                FillRule::Winding,
                Transform::identity(),
                None,
            );
        }
    }
    if let Some(p) = outline.finish() {
        pixmap.stroke_path(
            &p,
            &paint([60, 60, 60], 140),
            &grid_stroke,
            Transform::identity(),
            None,
        );
    }
    let in_view: std::collections::HashSet<Hex> = hexes.iter().copied().collect();
    let road_stroke = Stroke {
        width: (radius * 0.18).max(1.5),
        line_cap: tiny_skia::LineCap::Round,
        ..Stroke::default()
    };
    for road in &scene.roads {
        for pair in road.windows(2) {
            if !in_view.contains(&pair[0]) && !in_view.contains(&pair[1]) {
                continue;
            }
            let ((ax, ay), (bx, by)) = (at(pair[0]), at(pair[1]));
            let mut pb = PathBuilder::new();
            pb.move_to(ax, ay);
            pb.line_to(bx, by);
            if let Some(p) = pb.finish() {
                pixmap.stroke_path(
                    &p,
                    &paint(crate::palette::ROAD, 255),
                    &road_stroke,
                    Transform::identity(),
                    None,
                );
            }
        }
    }
    let side_stroke = Stroke {
        width: (radius * 0.22).max(2.0),
        line_cap: tiny_skia::LineCap::Round,
        ..Stroke::default()
    };
    for (side, feature) in &scene.hexsides {
        let hx = side.hex();
        if !in_view.contains(&hx) && !in_view.contains(&grid.neighbor(hx, side.direction())) {
            continue;
        }
        let i = side.direction().index() as usize;
        let c = grid.corners(hx, radius);
        let (a, b) = (c[(i + 5) % 6], c[i]);
        let rgb = crate::palette::hexside(feature);
        let mut pb = PathBuilder::new();
        pb.move_to(a.0 + dx, a.1 + dy);
        pb.line_to(b.0 + dx, b.1 + dy);
        if let Some(p) = pb.finish() {
            pixmap.stroke_path(
                &p,
                &paint(rgb, 255),
                &side_stroke,
                Transform::identity(),
                None,
            );
        }
    }
    for hx in scene.entries.iter().filter(|h| in_view.contains(h)) {
        if let Some(p) = hex_path(*hx, 0.82) {
            pixmap.stroke_path(
                &p,
                &paint([32, 144, 32], 255),
                &Stroke {
                    width: (radius / 10.0).max(1.5),
                    ..Stroke::default()
                },
                Transform::identity(),
                None,
            );
        }
    }
    if opts.numbers && radius >= 9.0 {
        for hx in &hexes {
            let (x, y) = at(*hx);
            text::draw(
                &mut pixmap,
                &font,
                &grid.to_printed(*hx),
                x,
                y - radius * 0.5,
                text::Style {
                    size: radius * 0.34,
                    rgb: [40, 40, 40],
                    centred: true,
                },
            );
        }
    }
    for (hx, label) in scene.labels.iter().filter(|(h, _)| in_view.contains(h)) {
        let (x, y) = at(*hx);
        text::draw(
            &mut pixmap,
            &font,
            label,
            x,
            y + radius * 0.78,
            text::Style {
                size: (radius * 0.3).max(7.0),
                rgb: [0, 0, 0],
                centred: true,
            },
        );
    }
    let frame = crate::siege::Frame {
        radius,
        dx,
        dy,
        in_view: &in_view,
    };
    crate::siege::pieces(&mut pixmap, &font, scene, &frame);
    for (key, counters) in &scene.counters {
        let hx = Hex::new(key.0, key.1);
        if !in_view.contains(&hx) {
            continue;
        }
        let (x, y) = at(hx);
        let s = radius * 0.95;
        for (k, c) in counters.iter().take(3).enumerate() {
            let shift = k as f32 * radius * 0.1;
            let alpha = if c.choice { 120 } else { 255 };
            if let Some(rect) = Rect::from_xywh(x - s / 2.0 + shift, y - s / 2.0 + shift, s, s) {
                pixmap.fill_rect(
                    rect,
                    &paint(SIDES[c.side % SIDES.len()], alpha),
                    Transform::identity(),
                    None,
                );
            }
        }
        if let Some(c) = counters.iter().take(3).next_back() {
            let shift = (counters.len().min(3) - 1) as f32 * radius * 0.1;
            let name: String = c.name.chars().take(9).collect();
            text::draw(
                &mut pixmap,
                &font,
                &name,
                x + shift,
                y + shift - s * 0.05,
                text::Style {
                    size: (radius * 0.24).max(6.0),
                    rgb: [255, 255, 255],
                    centred: true,
                },
            );
            // The ratings shrunk to the counter's width (a Charles the Bold stand's list
            // values are long), and left out when they would be too small to read.
            let size = (radius * 0.26).max(6.0);
            let w = text::width(&font, &c.ratings, size).max(1.0);
            let fit = (size * s * 0.9 / w).min(size);
            if fit >= 5.0 {
                text::draw(
                    &mut pixmap,
                    &font,
                    &c.ratings,
                    x + shift,
                    y + shift + s * 0.3,
                    text::Style {
                        size: fit,
                        rgb: [255, 255, 255],
                        centred: true,
                    },
                );
            }
        }
    }
    crate::siege::markers(&mut pixmap, &font, scene, &frame);
    for hx in scene.marked.iter().filter(|h| in_view.contains(h)) {
        if let Some(p) = hex_path(*hx, 0.9) {
            pixmap.stroke_path(
                &p,
                &paint([208, 16, 16], 255),
                &Stroke {
                    width: (radius / 6.0).max(2.0),
                    ..Stroke::default()
                },
                Transform::identity(),
                None,
            );
        }
    }
    if opts.frame {
        text::draw(
            &mut pixmap,
            &font,
            &scene.title,
            MARGIN,
            24.0,
            text::Style {
                size: 20.0,
                rgb: [20, 20, 20],
                centred: false,
            },
        );
        let y0 = h as f32 - bottom + 8.0;
        for (r, row) in rows.iter().enumerate() {
            let y = y0 + r as f32 * LEGEND_ROW;
            let mut x = MARGIN;
            for &i in row {
                let (swatch, name) = &legend[i];
                if let Some(c) = swatch {
                    if let Some(rect) = Rect::from_xywh(x, y, 14.0, 14.0) {
                        pixmap.fill_rect(rect, &paint(*c, 255), Transform::identity(), None);
                    }
                    x += 18.0;
                }
                text::draw(
                    &mut pixmap,
                    &font,
                    name,
                    x,
                    y + 12.0,
                    text::Style {
                        size: 13.0,
                        rgb: [20, 20, 20],
                        centred: false,
                    },
                );
                x += 8.0 + text::width(&font, name, 13.0);
            }
        }
    }
    // Premultiplied to straight alpha in place: opaque pixels (nearly all) are the same in
    // both, so only the others are touched.
    let mut data = pixmap.take();
    for px in data.chunks_exact_mut(4) {
        if px[3] != 255 {
            if let Some(p) = PremultipliedColorU8::from_rgba(px[0], px[1], px[2], px[3]) {
                let c = p.demultiply();
                px.copy_from_slice(&[c.red(), c.green(), c.blue(), c.alpha()]);
            }
        }
    }
    image::RgbaImage::from_raw(w.max(1), h.max(1), data).ok_or(RenderError::Size(w, h))
}

/// The legend's entries: terrain and sides with their colours, then the pieces off the map.
pub(crate) fn legend_items(scene: &Scene) -> Vec<(Option<[u8; 3]>, String)> {
    let mut v: Vec<(Option<[u8; 3]>, String)> = scene
        .legend
        .iter()
        .map(|(_, name, c)| (Some(*c), name.clone()))
        .collect();
    v.extend(
        scene
            .sides
            .iter()
            .enumerate()
            .map(|(i, s)| (Some(SIDES[i % SIDES.len()]), s.clone())),
    );
    if !scene.off_map.is_empty() {
        v.push((None, format!("Off the map: {}", scene.off_map.join(", "))));
    }
    v
}

/// The legend laid out in rows that fit `width`.
pub(crate) fn legend_rows(
    font: &ab_glyph::FontRef<'_>,
    items: &[(Option<[u8; 3]>, String)],
    width: f32,
) -> Vec<Vec<usize>> {
    let mut rows: Vec<Vec<usize>> = vec![vec![]];
    let mut x = 0.0;
    for (i, (swatch, name)) in items.iter().enumerate() {
        let wi = if swatch.is_some() { 18.0 } else { 0.0 } + text::width(font, name, 13.0) + 8.0;
        if x + wi > width && !rows.last().is_some_and(Vec::is_empty) {
            rows.push(vec![]);
            x = 0.0;
        }
        rows.last_mut().expect("a row").push(i);
        x += wi;
    }
    rows
}

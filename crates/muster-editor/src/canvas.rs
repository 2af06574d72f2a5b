//! The map canvas: draws the snapshot in layers (terrain, units, markers) with separate
//! caches, and turns pointer input into messages: paint, place, pick a hexside, pan
//! (right or middle drag), zoom (wheel), hover.

use crate::layers::Layer;
use crate::snapshot::Snapshot;
use iced::mouse;
use iced::widget::canvas::{self, Cache, Event, Frame, Geometry, Path, Stroke};
use iced::{Color, Point, Rectangle, Renderer, Theme, Vector};
use muster_hex::{Direction, Hex, Hexside};
use std::collections::HashSet;

pub mod labels;

/// Where the map is on screen: `zoom` is the hex radius in pixels, `offset` the screen
/// position of the centre of axial hex (0, 0).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Camera {
    /// Screen position of the origin.
    pub offset: Vector,
    /// Hex radius in pixels.
    pub zoom: f32,
}

impl Default for Camera {
    fn default() -> Self {
        Camera {
            offset: Vector::new(40.0, 40.0),
            zoom: 24.0,
        }
    }
}

impl Camera {
    /// Screen point of a hex centre.
    pub fn to_screen(&self, snap: &Snapshot, hex: Hex) -> Point {
        let (x, y) = snap.grid.center(hex, self.zoom);
        Point::new(x + self.offset.x, y + self.offset.y)
    }

    /// The hex under a screen point.
    pub fn hex_at(&self, snap: &Snapshot, p: Point) -> Hex {
        snap.grid
            .hex_at(p.x - self.offset.x, p.y - self.offset.y, self.zoom)
    }

    /// The hexside nearest a screen point.
    pub fn hexside_at(&self, snap: &Snapshot, p: Point) -> Hexside {
        let hex = self.hex_at(snap, p);
        let corners = snap.grid.corners(hex, self.zoom);
        let (px, py) = (p.x - self.offset.x, p.y - self.offset.y);
        let best = (0..6u8)
            .min_by(|a, b| {
                let d = |i: u8| {
                    let (c0, c1) = (corners[((i + 5) % 6) as usize], corners[i as usize]);
                    let (mx, my) = ((c0.0 + c1.0) / 2.0, (c0.1 + c1.1) / 2.0);
                    (mx - px).powi(2) + (my - py).powi(2)
                };
                d(*a).total_cmp(&d(*b))
            })
            .unwrap_or(0);
        Hexside::new(hex, Direction::new(best), snap.grid.orientation())
    }

    /// A camera that fits the whole map in a viewport.
    pub fn fit(snap: &Snapshot, width: f32, height: f32) -> Camera {
        let (mut x0, mut y0, mut x1, mut y1) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
        for h in snap.grid.hexes() {
            let (x, y) = snap.grid.center(h, 1.0);
            x0 = x0.min(x);
            y0 = y0.min(y);
            x1 = x1.max(x);
            y1 = y1.max(y);
        }
        let zoom = ((width - 40.0) / (x1 - x0 + 2.0))
            .min((height - 40.0) / (y1 - y0 + 2.0))
            .clamp(4.0, 80.0);
        Camera {
            offset: Vector::new(20.0 + zoom - x0 * zoom, 20.0 + zoom - y0 * zoom),
            zoom,
        }
    }
}

/// Messages the canvas publishes.
#[derive(Debug, Clone, PartialEq)]
pub enum CanvasMessage {
    /// Left button pressed on a hex (and the nearest hexside).
    Press(Hex, Hexside),
    /// Pointer dragged onto a hex with the left button down.
    Drag(Hex),
    /// Left button released.
    Release,
    /// Pointer over a hex (or off the map).
    Hover(Option<Hex>),
    /// The pointer moved to this point of the canvas (`None`: it left the canvas); the
    /// app finds the hex under it, and finds it again when the map moves under it.
    Pointer(Option<Point>),
    /// The camera moved (pan or wheel zoom), with the pointer where it is now.
    Camera(Camera, Point),
    /// The canvas has this size now (the window was resized, a panel or a banner came or
    /// went): Fit and centring use it.
    Resized(iced::Size),
}

/// The canvas caches, one per layer, cleared only when their inputs change.
#[derive(Default)]
pub struct Caches {
    /// Terrain, hexsides, roads, grid, numbers.
    pub terrain: Cache,
    /// Counters.
    pub units: Cache,
}

impl Caches {
    /// Clears every layer (after a camera move).
    pub fn clear_all(&self) {
        self.terrain.clear();
        self.units.clear();
    }

    /// Clears the layers an edit changed.
    pub fn clear(&self, layers: crate::edit::Layers) {
        if layers.terrain {
            self.terrain.clear();
        }
        if layers.units {
            self.units.clear();
        }
    }
}

/// The canvas program.
pub struct MapCanvas<'a> {
    /// What to draw.
    pub snap: &'a Snapshot,
    /// Where.
    pub camera: Camera,
    /// Layer caches.
    pub caches: &'a Caches,
    /// Hexes with errors (marked red).
    pub errors: &'a HashSet<Hex>,
    /// Hexes highlighted (selection, reach, zone).
    pub highlight: &'a [Hex],
    /// Selected hex.
    pub selected: Option<Hex>,
    /// The ghost of an overlay being placed.
    pub ghost: Option<&'a crate::ghost::Ghost>,
    /// The hex under the pointer, as the app knows it (outlined; none once the pointer
    /// has left the canvas).
    pub hover: Option<Hex>,
    /// The line of fire the tool last asked for.
    pub shot: Option<&'a crate::shot::Shot>,
    /// The layers drawn.
    pub show: crate::layers::Visible,
    /// The canvas size the app last heard of; the canvas tells it when its bounds differ.
    pub viewport: Option<iced::Size>,
}

/// Short-lived pointer state.
#[derive(Debug, Default)]
pub enum Interaction {
    /// Nothing.
    #[default]
    None,
    /// Left button down.
    Pressing(Option<Hex>),
    /// Right or middle drag.
    Panning {
        /// Where the drag started.
        start: Point,
        /// Camera offset then.
        origin: Vector,
    },
}

/// The colour of a side's counters, by side index (wrapping): the renderer's, so the
/// editor, its legend and `muster render` agree.
pub fn side_colour(side: usize) -> Color {
    rgb(muster_render::SIDES[side % muster_render::SIDES.len()])
}

/// An iced colour from the renderer's palette.
fn rgb([r, g, b]: [u8; 3]) -> Color {
    Color::from_rgb8(r, g, b)
}

impl<'a> canvas::Program<CanvasMessage> for MapCanvas<'a> {
    type State = Interaction;

    fn update(
        &self,
        state: &mut Interaction,
        event: &Event,
        bounds: Rectangle,
        cursor: mouse::Cursor,
    ) -> Option<canvas::Action<CanvasMessage>> {
        use canvas::Action;
        // Before each frame is drawn, the canvas tells its real size when the app does not
        // know it yet or it changed (the window resized, a banner or a panel came or went).
        if let Event::Window(iced::window::Event::RedrawRequested(_)) = event {
            let size = bounds.size();
            if self.viewport != Some(size) && size.width > 0.0 && size.height > 0.0 {
                return Some(Action::publish(CanvasMessage::Resized(size)));
            }
            return None;
        }
        let pos = cursor.position_in(bounds);
        match event {
            Event::Mouse(mouse::Event::ButtonPressed(button)) => {
                let p = pos?;
                match button {
                    mouse::Button::Left => {
                        let hex = self.camera.hex_at(self.snap, p);
                        *state = Interaction::Pressing(Some(hex));
                        Some(
                            Action::publish(CanvasMessage::Press(
                                hex,
                                self.camera.hexside_at(self.snap, p),
                            ))
                            .and_capture(),
                        )
                    }
                    mouse::Button::Right | mouse::Button::Middle => {
                        *state = Interaction::Panning {
                            start: p,
                            origin: self.camera.offset,
                        };
                        Some(Action::capture())
                    }
                    _ => None,
                }
            }
            Event::Mouse(mouse::Event::ButtonReleased(_)) => {
                let was_pressing = matches!(state, Interaction::Pressing(_));
                *state = Interaction::None;
                was_pressing.then(|| Action::publish(CanvasMessage::Release))
            }
            Event::Mouse(mouse::Event::CursorMoved { .. }) => match state {
                Interaction::Panning { start, origin } => {
                    let p = pos?;
                    let camera = crate::canvas::Camera {
                        offset: *origin + (p - *start),
                        zoom: self.camera.zoom,
                    };
                    Some(Action::publish(CanvasMessage::Camera(camera, p)).and_capture())
                }
                Interaction::Pressing(last) => {
                    let hex = self.camera.hex_at(self.snap, pos?);
                    if *last == Some(hex) {
                        return None;
                    }
                    *last = Some(hex);
                    Some(Action::publish(CanvasMessage::Drag(hex)).and_capture())
                }
                Interaction::None => Some(Action::publish(CanvasMessage::Pointer(pos))),
            },
            // The pointer left the window: no hex is under it (a move off the canvas
            // inside the window says so by a position outside it).
            Event::Mouse(mouse::Event::CursorLeft) if matches!(state, Interaction::None) => {
                Some(Action::publish(CanvasMessage::Pointer(None)))
            }
            Event::Mouse(mouse::Event::WheelScrolled { delta }) => {
                let p = pos?;
                let y = match delta {
                    mouse::ScrollDelta::Lines { y, .. } => *y,
                    mouse::ScrollDelta::Pixels { y, .. } => *y / 40.0,
                };
                let zoom = (self.camera.zoom * (1.0 + y * 0.15)).clamp(4.0, 120.0);
                let k = zoom / self.camera.zoom;
                let offset = Vector::new(
                    p.x - (p.x - self.camera.offset.x) * k,
                    p.y - (p.y - self.camera.offset.y) * k,
                );
                Some(
                    Action::publish(CanvasMessage::Camera(Camera { offset, zoom }, p))
                        .and_capture(),
                )
            }
            _ => None,
        }
    }

    fn draw(
        &self,
        _state: &Interaction,
        renderer: &Renderer,
        _theme: &Theme,
        bounds: Rectangle,
        _cursor: mouse::Cursor,
    ) -> Vec<Geometry> {
        let terrain = self.caches.terrain.draw(renderer, bounds.size(), |frame| {
            self.draw_terrain(frame, bounds)
        });
        let units = self.caches.units.draw(renderer, bounds.size(), |frame| {
            self.draw_units(frame, bounds)
        });
        let mut marks = Frame::new(renderer, bounds.size());
        self.draw_marks(&mut marks);
        vec![terrain, units, marks.into_geometry()]
    }

    fn mouse_interaction(
        &self,
        state: &Interaction,
        bounds: Rectangle,
        cursor: mouse::Cursor,
    ) -> mouse::Interaction {
        match state {
            Interaction::Panning { .. } => mouse::Interaction::Grabbing,
            _ if cursor.is_over(bounds) => mouse::Interaction::Crosshair,
            _ => mouse::Interaction::default(),
        }
    }
}

/// The colour a hexside feature is drawn in: the renderer's palette, so the editor, the
/// legend, `muster render` and the Tiled export agree.
pub fn hexside_colour(feature: &str) -> Color {
    rgb(muster_render::palette::hexside(feature))
}

/// A line of text the canvas draws: centred on `x`, baseline at `y` (canvas pixels).
#[derive(Debug, Clone)]
pub struct TextAt {
    /// The text.
    pub text: String,
    /// Pixel size.
    pub size: f32,
    /// Centre.
    pub x: f32,
    /// Baseline.
    pub y: f32,
    /// Colour of the letters (straight-alpha RGBA).
    pub ink: labels::Rgba,
    /// A box drawn under it.
    pub backdrop: Option<labels::Backdrop>,
}

impl TextAt {
    fn label(&self) -> labels::Label<'_> {
        labels::Label {
            text: &self.text,
            size: self.size,
            x: self.x,
            y: self.y,
            ink: self.ink,
            backdrop: self.backdrop,
        }
    }

    /// The box it takes on the canvas: its backdrop, or its letters' advance from a
    /// cap-height above the baseline to a descender below.
    pub fn bounds(&self) -> Rectangle {
        if let Some(b) = self.backdrop {
            return b.rect;
        }
        let w = muster_render::text::font()
            .map(|f| muster_render::text::width(&f, &self.text, self.size))
            .unwrap_or(self.text.chars().count() as f32 * self.size * 0.6);
        Rectangle::new(
            Point::new(self.x - w / 2.0, self.y - self.size * 0.75),
            iced::Size::new(w, self.size * 0.95),
        )
    }
}

/// The colour elevation's contour rings are drawn in (a dark brown, as on printed maps).
pub const ELEVATION: Color = Color::from_rgb8(0x6b, 0x3e, 0x1a);

/// How the legend names the rings of a level: "1 ring", "3 rings, dashed".
pub fn elevation_rings(level: i32) -> String {
    let n = level.unsigned_abs().min(3);
    format!(
        "{n} ring{}{}",
        if n == 1 { "" } else { "s" },
        if level < 0 { ", dashed" } else { "" }
    )
}

/// How a counter is drawn by the way its line fills its hexes (the arrangement's
/// spread): 0 certain (solid), 1 an owner's choice among listed hexes, 2 anywhere in a
/// zone (or on no hex).
fn spread_rank(m: &crate::snapshot::UnitMark) -> u8 {
    use muster_rules::placement::Spread;
    match m.spread {
        Spread::Certain => 0,
        Spread::Choice => 1,
        Spread::Zone | Spread::Nowhere => 2,
    }
}

/// A siege marker's tag.
const TAG: Color = Color::from_rgba8(90, 60, 130, 0.9);

impl MapCanvas<'_> {
    fn visible(&self, hex: Hex, bounds: Rectangle) -> bool {
        let p = self.camera.to_screen(self.snap, hex);
        let m = self.camera.zoom * 2.0;
        p.x > -m && p.y > -m && p.x < bounds.width + m && p.y < bounds.height + m
    }

    fn hex_path(&self, hex: Hex, shrink: f32) -> Path {
        let corners = self.snap.grid.corners(hex, self.camera.zoom * shrink);
        let (cx, cy) = self.snap.grid.center(hex, self.camera.zoom * shrink);
        let (sx, sy) = self.snap.grid.center(hex, self.camera.zoom);
        let d = Vector::new(
            sx - cx + self.camera.offset.x,
            sy - cy + self.camera.offset.y,
        );
        Path::new(|b| {
            b.move_to(Point::new(corners[0].0, corners[0].1) + d);
            for c in &corners[1..] {
                b.line_to(Point::new(c.0, c.1) + d);
            }
            b.close();
        })
    }

    fn hexes_path(&self, hexes: &[Hex]) -> Path {
        let o = self.camera.offset;
        Path::new(|b| {
            for h in hexes {
                let corners = self.snap.grid.corners(*h, self.camera.zoom);
                b.move_to(Point::new(corners[0].0 + o.x, corners[0].1 + o.y));
                for c in &corners[1..] {
                    b.line_to(Point::new(c.0 + o.x, c.1 + o.y));
                }
                b.close();
            }
        })
    }

    /// Whether a hex lies wholly inside the canvas. The software renderer clips with a
    /// mask, per pixel, any shape that crosses the canvas's edge; keeping the many wholly
    /// visible hexes in shapes of their own spares them that cost.
    fn inside(&self, hex: Hex, bounds: Rectangle) -> bool {
        let p = self.camera.to_screen(self.snap, hex);
        let z = self.camera.zoom + 1.0;
        p.x - z >= 0.0 && p.y - z >= 0.0 && p.x + z <= bounds.width && p.y + z <= bounds.height
    }

    /// Splits hexes into those wholly inside the canvas and those crossing its edge.
    fn split(&self, hexes: &[Hex], bounds: Rectangle) -> [Vec<Hex>; 2] {
        let (a, b): (Vec<Hex>, Vec<Hex>) = hexes.iter().partition(|h| self.inside(**h, bounds));
        [a, b]
    }

    /// Whether a hex is in the first or last column or row of the map.
    fn on_edge(&self, h: Hex) -> bool {
        let g = &self.snap.grid;
        let (c, r) = g.to_column_row(h);
        let (cs, rs) = (g.column_range(), g.row_range());
        c == *cs.start() || c == *cs.end() || r == *rs.start() || r == *rs.end()
    }

    /// The screen rectangle spanned by the centres of the map's hexes.
    fn centre_span(&self) -> (f32, f32, f32, f32) {
        let (mut x0, mut y0, mut x1, mut y1) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
        let g = &self.snap.grid;
        let (cs, rs) = (g.column_range(), g.row_range());
        for c in cs.clone() {
            for r in [*rs.start(), *rs.end()] {
                let p = self.camera.to_screen(self.snap, g.from_column_row(c, r));
                (x0, y0, x1, y1) = (x0.min(p.x), y0.min(p.y), x1.max(p.x), y1.max(p.y));
            }
        }
        for r in rs {
            for c in [*cs.start(), *cs.end()] {
                let p = self.camera.to_screen(self.snap, g.from_column_row(c, r));
                (x0, y0, x1, y1) = (x0.min(p.x), y0.min(p.y), x1.max(p.x), y1.max(p.y));
            }
        }
        (x0, y0, x1, y1)
    }

    /// Hex outlines with each shared side once.
    fn outline_path(&self, hexes: &[Hex]) -> Path {
        let o = self.camera.offset;
        Path::new(|b| {
            for h in hexes {
                let c = self.snap.grid.corners(*h, self.camera.zoom);
                let p = |i: usize| Point::new(c[i % 6].0 + o.x, c[i % 6].1 + o.y);
                if self.on_edge(*h) {
                    b.move_to(p(0));
                    for i in 1..6 {
                        b.line_to(p(i));
                    }
                    b.close();
                } else {
                    b.move_to(p(0));
                    for i in 1..4 {
                        b.line_to(p(i));
                    }
                }
            }
        })
    }

    fn draw_terrain(&self, frame: &mut Frame, bounds: Rectangle) {
        let z = self.camera.zoom;
        let grid_line = Stroke::default()
            .with_width(1.0)
            .with_color(Color::from_rgba(0.2, 0.2, 0.2, 0.5));
        let mut hexes: Vec<Hex> = self
            .snap
            .grid
            .hexes()
            .filter(|h| self.visible(*h, bounds))
            .collect();
        hexes.sort_by_key(|h| (h.x, h.y));
        // One path per terrain and one for the grid: a few fills instead of thousands.
        let mut by_terrain: std::collections::BTreeMap<&str, Vec<Hex>> =
            std::collections::BTreeMap::new();
        for h in &hexes {
            by_terrain
                .entry(self.snap.terrain.get(h).map(String::as_str).unwrap_or(""))
                .or_default()
                .push(*h);
        }
        // The commonest terrain is painted as one background: the rectangle spanned by the
        // centres of the edge hexes (every interior hex lies inside it) plus the edge hexes
        // themselves; only the other hexes are drawn one by one.
        let background = by_terrain
            .iter()
            .max_by_key(|(_, v)| v.len())
            .map(|(t, _)| *t)
            .unwrap_or("");
        let colour = |t: &str| {
            let [r, g, b] = self.snap.colours.get(t).copied().unwrap_or([220, 220, 220]);
            Color::from_rgb8(r, g, b)
        };
        let fills = self.show.shows(Layer::Terrain);
        if let Some(group) = by_terrain.get(background).filter(|_| fills) {
            let edge: Vec<Hex> = group.iter().copied().filter(|h| self.on_edge(*h)).collect();
            let (x0, y0, x1, y1) = self.centre_span();
            let (x0, y0) = (x0.max(0.0), y0.max(0.0));
            let (x1, y1) = (x1.min(bounds.width), y1.min(bounds.height));
            if x1 > x0 && y1 > y0 {
                frame.fill_rectangle(
                    Point::new(x0, y0),
                    iced::Size::new(x1 - x0, y1 - y0),
                    colour(background),
                );
            }
            for part in self.split(&edge, bounds) {
                frame.fill(&self.hexes_path(&part), colour(background));
            }
        }
        for (t, group) in by_terrain
            .iter()
            .filter(|(t, _)| fills && **t != background)
        {
            for part in self.split(group, bounds) {
                frame.fill(&self.hexes_path(&part), colour(t));
            }
        }
        if self.show.shows(Layer::Elevation) {
            self.draw_elevation(frame, &hexes);
        }
        if z >= 12.0 {
            // Below this size the outlines would only darken the map. Each shared side is
            // drawn once: three sides a hex, all six on the map's edge.
            for part in self.split(&hexes, bounds) {
                frame.stroke(&self.outline_path(&part), grid_line);
            }
        }
        let road = Stroke::default()
            .with_width((z * 0.18).max(2.0))
            .with_color(rgb(muster_render::palette::ROAD));
        for r in self
            .snap
            .roads
            .iter()
            .filter(|_| self.show.shows(Layer::Roads))
        {
            for w in r.windows(2) {
                let (a, b) = (
                    self.camera.to_screen(self.snap, w[0]),
                    self.camera.to_screen(self.snap, w[1]),
                );
                frame.stroke(&Path::line(a, b), road);
            }
        }
        for (side, feature) in self
            .snap
            .hexsides
            .iter()
            .filter(|_| self.show.shows(Layer::Hexsides))
        {
            let hex = side.hex();
            let i = side.direction().index() as usize;
            let c = self.snap.grid.corners(hex, z);
            let (c0, c1) = (c[(i + 5) % 6], c[i]);
            let o = self.camera.offset;
            let line = Path::line(
                Point::new(c0.0 + o.x, c0.1 + o.y),
                Point::new(c1.0 + o.x, c1.1 + o.y),
            );
            let colour = hexside_colour(feature);
            frame.stroke(
                &line,
                Stroke::default()
                    .with_width((z * 0.22).max(3.0))
                    .with_color(colour),
            );
        }
        if z >= 14.0 && self.show.shows(Layer::Labels) {
            // Hex numbers as images of glyphs rasterised once (see `labels`): as outlines
            // they were most of the software renderer's frame.
            if let Some(font) = muster_render::text::font() {
                let size = (z * 0.32).max(8.0);
                let area = Rectangle::with_size(bounds.size());
                let mut made = labels::Labels::new(area);
                for h in &hexes {
                    let p = self.camera.to_screen(self.snap, *h);
                    // The number's box is within a hex radius of the centre.
                    let near =
                        Rectangle::new(Point::new(p.x - z, p.y - z), iced::Size::new(2.0 * z, z));
                    if !area.intersects(&near) {
                        continue;
                    }
                    let id = self.snap.grid.to_printed(*h);
                    made.draw(
                        frame,
                        &font,
                        &labels::Label {
                            text: &id,
                            size,
                            x: p.x,
                            y: p.y - z * 0.62 + size * 0.8,
                            ink: [0, 0, 0, 179],
                            backdrop: None,
                        },
                    );
                }
            }
        }
        // Place names as images cut at the canvas's edge, like the hex numbers: drawn as
        // text they ran over the menu bar, the palette and the inspector.
        if let Some(font) = muster_render::text::font() {
            let mut made = labels::Labels::new(Rectangle::with_size(bounds.size()));
            for t in self.map_label_texts(bounds) {
                made.draw(frame, &font, &t.label());
            }
        }
    }

    /// Elevation as contour rings inside each hex above (or below) the ground, one ring a
    /// level up to three, dashed below the ground (the legend says which; the inspector and
    /// the hover read-out give the exact level).
    fn draw_elevation(&self, frame: &mut Frame, hexes: &[Hex]) {
        let z = self.camera.zoom;
        let mut rings: [Vec<Hex>; 3] = Default::default();
        let mut below: [Vec<Hex>; 3] = Default::default();
        for h in hexes {
            let Some(&e) = self.snap.elevation.get(h).filter(|e| **e != 0) else {
                continue;
            };
            let n = e.unsigned_abs().min(3) as usize;
            for ring in 0..n {
                if e > 0 {
                    rings[ring].push(*h);
                } else {
                    below[ring].push(*h);
                }
            }
        }
        let width = (z * 0.05).clamp(1.0, 2.5);
        let dash = [z * 0.1, z * 0.08];
        for (k, (up, down)) in rings.iter().zip(&below).enumerate() {
            let shrink = 0.84 - k as f32 * 0.14;
            let path = |hs: &[Hex]| {
                Path::new(|b| {
                    for h in hs {
                        let corners = self.snap.grid.corners(*h, z * shrink);
                        let (cx, cy) = self.snap.grid.center(*h, z * shrink);
                        let (sx, sy) = self.snap.grid.center(*h, z);
                        let d = Vector::new(
                            sx - cx + self.camera.offset.x,
                            sy - cy + self.camera.offset.y,
                        );
                        b.move_to(Point::new(corners[0].0, corners[0].1) + d);
                        for c in &corners[1..] {
                            b.line_to(Point::new(c.0, c.1) + d);
                        }
                        b.close();
                    }
                })
            };
            if !up.is_empty() {
                frame.stroke(
                    &path(up),
                    Stroke::default().with_width(width).with_color(ELEVATION),
                );
            }
            if !down.is_empty() {
                frame.stroke(
                    &path(down),
                    Stroke {
                        line_dash: canvas::LineDash {
                            segments: &dash,
                            offset: 0,
                        },
                        ..Stroke::default().with_width(width).with_color(ELEVATION)
                    },
                );
            }
        }
    }

    fn draw_units(&self, frame: &mut Frame, bounds: Rectangle) {
        let z = self.camera.zoom;
        // A counter leaves the top of its hex, where the hex number is, uncovered.
        let s = z * 0.74;
        let drop = z * 0.14;
        // Rectangles grouped by colour into one path each; texts, facing arrows and stack
        // counts into one path each, filled once.
        let mut groups: std::collections::BTreeMap<(usize, u8, bool), Vec<Point>> =
            std::collections::BTreeMap::new();
        let mut arrows: Vec<[Point; 3]> = Vec::new();
        for (h, marks) in &self.snap.units {
            if !self.show.shows(Layer::Units) || !self.visible(*h, bounds) {
                continue;
            }
            let p = self.camera.to_screen(self.snap, *h);
            let inside = self.inside(*h, bounds);
            let shown: Vec<_> = marks.iter().take(3).collect();
            for (k, m) in shown.iter().enumerate() {
                let shift = k as f32 * z * 0.1;
                let c = Point::new(p.x + shift, p.y + drop + shift);
                groups
                    .entry((m.side % muster_render::SIDES.len(), spread_rank(m), inside))
                    .or_default()
                    .push(Point::new(c.x - s / 2.0, c.y - s / 2.0));
                if k + 1 < shown.len() {
                    continue;
                }
                if let Some((dx, dy)) = m.facing {
                    // A wedge on the counter's edge, pointing the way it faces.
                    let (tip, base, half) = (s * 0.5, s * 0.2, s * 0.09);
                    let (nx, ny) = (-dy, dx);
                    let at = |along: f32, across: f32| {
                        Point::new(
                            c.x + dx * along + nx * across,
                            c.y + dy * along + ny * across,
                        )
                    };
                    arrows.push([at(tip, 0.0), at(base, half), at(base, -half)]);
                }
            }
        }
        if self.show.shows(Layer::Pieces) {
            self.draw_pieces(frame, bounds);
        }
        // Certain counters solid; an owner's choice among listed hexes lighter; anywhere in
        // a zone lighter still, with a dashed edge in the side's colour (the legend says so).
        for ((side, rank, _), corners) in groups {
            let path = Path::new(|b| {
                for c in &corners {
                    b.rectangle(*c, iced::Size::new(s, s));
                }
            });
            let colour = side_colour(side);
            let alpha = [1.0, 0.45, 0.2][usize::from(rank.min(2))];
            frame.fill(&path, Color { a: alpha, ..colour });
            if rank >= 2 {
                let dash = [z * 0.12, z * 0.08];
                frame.stroke(
                    &path,
                    Stroke {
                        line_dash: canvas::LineDash {
                            segments: &dash,
                            offset: 0,
                        },
                        ..Stroke::default()
                            .with_width((z * 0.06).max(1.5))
                            .with_color(colour)
                    },
                );
            }
        }
        if !arrows.is_empty() {
            let path = Path::new(|b| {
                for [a, l, r] in &arrows {
                    b.move_to(*a);
                    b.line_to(*l);
                    b.line_to(*r);
                    b.close();
                }
            });
            frame.fill(&path, Color::WHITE);
        }
        // Texts as images, like the hex numbers (over the counters and pieces, which are
        // drawn as shapes: the renderer draws a layer's images after its shapes), cut at
        // the canvas's edge.
        if let Some(font) = muster_render::text::font() {
            let mut made = labels::Labels::new(Rectangle::with_size(bounds.size()));
            let mut texts = self.counter_texts(bounds);
            texts.extend(self.piece_texts(bounds));
            for t in &texts {
                made.draw(frame, &font, &t.label());
            }
        }
        if self.show.shows(Layer::Pieces) {
            self.draw_markers(frame, bounds);
        }
    }

    /// The place names of the map, at the foot of their hexes (under the counters).
    pub fn map_label_texts(&self, bounds: Rectangle) -> Vec<TextAt> {
        let z = self.camera.zoom;
        if !self.show.shows(Layer::Labels) {
            return Vec::new();
        }
        // At the foot of the hex, under the name of the lowest counter of a stack.
        let size = (z * 0.24).max(8.0);
        let font = muster_render::text::font();
        self.snap
            .labels
            .iter()
            .filter(|(h, _)| self.visible(*h, bounds))
            .filter_map(|(h, label)| {
                // Shrunk to the width of its hex and a little (the columns beside it are
                // half a hex up and down, their counters clear of it); left out when too
                // small to read, as the hex numbers are.
                let w = font
                    .as_ref()
                    .map_or(0.0, |f| muster_render::text::width(f, label, size));
                let fit = if w > 0.0 {
                    (size * z * 1.7 / w).min(size)
                } else {
                    size
                };
                let p = self.camera.to_screen(self.snap, *h);
                (fit >= 6.0).then(|| TextAt {
                    text: label.clone(),
                    size: fit,
                    x: p.x,
                    y: p.y + z * 0.84,
                    ink: [0, 0, 0, 255],
                    backdrop: None,
                })
            })
            .collect()
    }

    /// The texts on the counters: the top counter's ratings and name, each shrunk to the
    /// counter's width (left out when too small to read; the inspector gives them in
    /// full), dark on the pale counters of a choice or a zone; and "+2" beside a stack
    /// for the counters under it, clear of its edge.
    pub fn counter_texts(&self, bounds: Rectangle) -> Vec<TextAt> {
        let z = self.camera.zoom;
        let mut out = Vec::new();
        let Some(font) = muster_render::text::font() else {
            return out;
        };
        if z < 16.0 || !self.show.shows(Layer::Units) {
            return out;
        }
        let (s, drop) = (z * 0.74, z * 0.14);
        for (h, marks) in &self.snap.units {
            if !self.visible(*h, bounds) {
                continue;
            }
            let p = self.camera.to_screen(self.snap, *h);
            let shown = marks.len().min(3);
            let Some(m) = marks.get(shown.saturating_sub(1)) else {
                continue;
            };
            let shift = (shown - 1) as f32 * z * 0.1;
            let c = Point::new(p.x + shift, p.y + drop + shift);
            let ink = if spread_rank(m) == 0 {
                [255, 255, 255, 255]
            } else {
                [20, 20, 20, 255]
            };
            // Two lines in a counter 0.74 of a hex radius high, 0.36 of it apart: no bigger
            // than that, or the ratings run into the name.
            let size = z * 0.24;
            for (text, centre) in [(&m.ratings, c.y - s * 0.06), (&m.text, c.y + s * 0.3)] {
                let w = muster_render::text::width(&font, text, size).max(1.0);
                let fit = (size * s * 0.9 / w).min(size);
                if fit >= 6.0 {
                    out.push(TextAt {
                        text: text.clone(),
                        size: fit,
                        x: c.x,
                        y: centre + fit * 0.35,
                        ink,
                        backdrop: None,
                    });
                }
            }
            if marks.len() > shown {
                let size = (z * 0.22).max(7.0);
                let text = format!("+{}", marks.len() - shown);
                let w = muster_render::text::width(&font, &text, size);
                out.push(TextAt {
                    text,
                    size,
                    x: c.x + s / 2.0 + w / 2.0 + 2.0,
                    y: c.y - s / 2.0 + size,
                    ink: [0, 0, 0, 255],
                    backdrop: None,
                });
            }
        }
        out
    }

    /// The names of the siege pieces, each on a dark tag at the foot of one of its hexes
    /// (under the counters there rather than over their texts, clear of a place name).
    pub fn piece_texts(&self, bounds: Rectangle) -> Vec<TextAt> {
        let z = self.camera.zoom;
        let mut out = Vec::new();
        let Some(font) = muster_render::text::font() else {
            return out;
        };
        if z < 16.0 || !self.show.shows(Layer::Pieces) {
            return out;
        }
        let size = (z * 0.2).max(7.0);
        let named: HashSet<Hex> = self.snap.labels.iter().map(|(h, _)| *h).collect();
        let mut taken: HashSet<Hex> = HashSet::new();
        for p in &self.snap.pieces {
            // The foot of the first of its hexes free of a place name and another piece's
            // name (a ram's second hex when a camp is named in its first).
            let free = p
                .hexes
                .iter()
                .find(|h| !named.contains(h) && !taken.contains(h))
                .or(p.hexes.first());
            let Some(first) = free.filter(|h| self.visible(**h, bounds)) else {
                continue;
            };
            taken.insert(*first);
            let at = self.camera.to_screen(self.snap, *first);
            let text = p.name.split(' ').next().unwrap_or("").to_string();
            let w = muster_render::text::width(&font, &text, size) + 6.0;
            let stacked = self
                .snap
                .units
                .get(first)
                .map_or(0, |m| m.len().min(3).saturating_sub(1)) as f32
                * z
                * 0.1;
            let top = at.y + z * 0.53 + stacked;
            out.push(TextAt {
                text,
                size,
                x: at.x,
                y: top + size,
                ink: [255, 255, 255, 255],
                backdrop: Some(labels::Backdrop {
                    rect: Rectangle::new(
                        Point::new(at.x - w / 2.0, top),
                        iced::Size::new(w, size + 3.0),
                    ),
                    colour: [60, 45, 30, 230],
                }),
            });
        }
        out
    }

    /// Every text the canvas draws over the map besides the hex numbers and marker tags:
    /// place names, counter texts, piece names.
    pub fn texts(&self, bounds: Rectangle) -> Vec<TextAt> {
        let mut all = self.map_label_texts(bounds);
        all.extend(self.counter_texts(bounds));
        all.extend(self.piece_texts(bounds));
        all
    }

    /// Siege pieces as bands through their hexes (a screen also as a bar on its hexside),
    /// under the counters.
    fn draw_pieces(&self, frame: &mut Frame, bounds: Rectangle) {
        let z = self.camera.zoom;
        for p in &self.snap.pieces {
            if !p.hexes.iter().any(|h| self.visible(*h, bounds)) {
                continue;
            }
            let pts: Vec<Point> = p
                .hexes
                .iter()
                .map(|h| self.camera.to_screen(self.snap, *h))
                .collect();
            let band = Path::new(|b| {
                b.move_to(pts[0]);
                for q in &pts {
                    b.line_to(Point::new(q.x + 0.01, q.y));
                }
            });
            frame.stroke(
                &band,
                Stroke::default()
                    .with_width(z * 0.9)
                    .with_line_cap(canvas::LineCap::Round)
                    .with_color(Color::from_rgba8(50, 45, 40, 0.6)),
            );
            let colour = side_colour(p.side);
            frame.fill_rectangle(
                Point::new(pts[0].x - z * 0.18, pts[0].y - z * 0.18),
                iced::Size::new(z * 0.36, z * 0.36),
                colour,
            );
            if let Some(side) = p.hexside {
                let c = self.snap.grid.corners(side.hex(), 1.0);
                let i = side.direction().index() as usize;
                let o = self.camera.to_screen(self.snap, side.hex());
                let (cx, cy) = self.snap.grid.center(side.hex(), 1.0);
                let at = |(x, y): (f32, f32)| Point::new(o.x + (x - cx) * z, o.y + (y - cy) * z);
                let bar = Path::line(at(c[(i + 5) % 6]), at(c[i]));
                frame.stroke(
                    &bar,
                    Stroke::default()
                        .with_width(z * 0.3)
                        .with_color(Color::from_rgb8(110, 80, 40)),
                );
            }
        }
    }

    /// Siege markers as tags at the top of their hex, over the counters (as the renderer
    /// draws them); the tag grows with its text.
    fn draw_markers(&self, frame: &mut Frame, bounds: Rectangle) {
        let z = self.camera.zoom;
        let size = (z * 0.2).max(7.0);
        let font = muster_render::text::font();
        let mut made = labels::Labels::new(Rectangle::with_size(bounds.size()));
        for (h, tags) in &self.snap.markers {
            if !self.visible(*h, bounds) {
                continue;
            }
            let p = self.camera.to_screen(self.snap, *h);
            for (k, tag) in tags.iter().take(2).enumerate() {
                let y = p.y - z * 0.6 + k as f32 * (size + 3.0);
                let w = font
                    .as_ref()
                    .map(|f| muster_render::text::width(f, tag, size) + 6.0)
                    .unwrap_or(z * 0.9)
                    .max(z * 0.5);
                let rect =
                    Rectangle::new(Point::new(p.x - w / 2.0, y), iced::Size::new(w, size + 3.0));
                let Some(f) = &font else {
                    frame.fill_rectangle(rect.position(), rect.size(), TAG);
                    continue;
                };
                // The tag as one image, box and text: the hex number under it is an image
                // too, and the renderer draws a layer's images after its shapes.
                made.draw(
                    frame,
                    f,
                    &labels::Label {
                        text: if z >= 16.0 { tag } else { "" },
                        size,
                        x: p.x,
                        y: y + size,
                        ink: [255, 255, 255, 255],
                        backdrop: Some(labels::Backdrop {
                            rect,
                            colour: [90, 60, 130, 230],
                        }),
                    },
                );
            }
        }
    }

    /// The line of fire as a line, centre to centre: green when clear, red when blocked,
    /// with the hexes that may hide someone outlined in orange.
    fn draw_shot(&self, frame: &mut Frame, shot: &crate::shot::Shot) {
        for h in &shot.uncertain {
            self.outline(frame, *h, 0.75, 2.0, Color::from_rgb8(0xe0, 0x80, 0x10));
        }
        let colour = if shot.clear {
            Color::from_rgb8(0x10, 0x90, 0x30)
        } else {
            Color::from_rgb8(0xd0, 0x20, 0x20)
        };
        let (a, b) = (
            self.camera.to_screen(self.snap, shot.from),
            self.camera.to_screen(self.snap, shot.to),
        );
        let width = (self.camera.zoom * 0.12).clamp(2.0, 5.0);
        frame.stroke(
            &Path::line(a, b),
            Stroke::default().with_width(width).with_color(colour),
        );
        let r = (self.camera.zoom * 0.18).max(3.0);
        frame.fill(&Path::circle(a, r), colour);
        frame.stroke(
            &Path::circle(b, r * 1.6),
            Stroke::default().with_width(width).with_color(colour),
        );
        // The line's and the target ring's width reach beyond their paths' bounds.
        Self::guard(frame, a, b, r * 1.6 + width + 1.0);
    }

    /// A hex's outline, `width` wide, centred on the hexagon at `shrink` of its size,
    /// as a filled ring rather than a stroke. The software renderer repaints what changed
    /// between frames by the bounds of the shapes that came or went, and a stroke's bounds
    /// are its path's, without the stroke's width: an error outline taken away left red
    /// fragments on the hex's bottom edge and right corner (review finding 13.1). A ring's
    /// bounds are the pixels it covers.
    fn outline(&self, frame: &mut Frame, hex: Hex, shrink: f32, width: f32, colour: Color) {
        let z = self.camera.zoom;
        let (sx, sy) = self.snap.grid.center(hex, z);
        let centre = Point::new(sx + self.camera.offset.x, sy + self.camera.offset.y);
        let ring = Path::new(|b| {
            for r in [
                z * shrink + width / 2.0,
                (z * shrink - width / 2.0).max(0.0),
            ] {
                let corners = self.snap.grid.corners(hex, r);
                let (cx, cy) = self.snap.grid.center(hex, r);
                let at = |(x, y): (f32, f32)| Point::new(centre.x + x - cx, centre.y + y - cy);
                b.move_to(at(corners[0]));
                for c in &corners[1..] {
                    b.line_to(at(*c));
                }
                b.close();
            }
        });
        frame.fill(
            &ring,
            canvas::Fill {
                style: canvas::Style::Solid(colour),
                rule: canvas::fill::Rule::EvenOdd,
            },
        );
    }

    /// Marks for the damage tracker: an invisible rectangle over what a stroke of the line
    /// of fire covers, so that its pixels are repainted when it goes (see [`Self::outline`]).
    fn guard(frame: &mut Frame, a: Point, b: Point, pad: f32) {
        let (x0, y0) = (a.x.min(b.x) - pad, a.y.min(b.y) - pad);
        let (x1, y1) = (a.x.max(b.x) + pad, a.y.max(b.y) + pad);
        frame.fill_rectangle(
            Point::new(x0, y0),
            iced::Size::new(x1 - x0, y1 - y0),
            Color::TRANSPARENT,
        );
    }

    fn draw_marks(&self, frame: &mut Frame) {
        for h in self
            .snap
            .entries
            .iter()
            .filter(|_| self.show.shows(Layer::Zones))
        {
            self.outline(frame, *h, 0.8, 2.0, Color::from_rgb8(0x20, 0x90, 0x20));
        }
        for h in self.highlight {
            frame.fill(
                &self.hex_path(*h, 0.9),
                Color::from_rgba(1.0, 0.85, 0.1, 0.35),
            );
        }
        for h in self
            .errors
            .iter()
            .filter(|_| self.show.shows(Layer::Diagnostics))
        {
            self.outline(frame, *h, 0.92, 3.0, Color::from_rgb8(0xd0, 0x10, 0x10));
        }
        if let Some(g) = self.ghost {
            let colour = if g.fits {
                Color::from_rgba(0.1, 0.7, 0.2, 0.35)
            } else {
                Color::from_rgba(0.85, 0.1, 0.1, 0.35)
            };
            for h in &g.hexes {
                frame.fill(&self.hex_path(*h, 0.95), colour);
            }
            if let Some(b) = g.second {
                self.outline(frame, b, 0.7, 3.0, Color::from_rgb8(0x10, 0x60, 0x20));
            }
        }
        if let Some(shot) = self.shot {
            self.draw_shot(frame, shot);
        }
        if let Some(h) = self.selected {
            self.outline(frame, h, 1.0, 3.0, Color::BLACK);
        }
        if let Some(h) = self.hover.filter(|h| self.snap.grid.contains(*h)) {
            self.outline(frame, h, 1.0, 2.0, Color::WHITE);
        }
    }
}

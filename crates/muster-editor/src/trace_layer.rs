//! Tracing a scanned map in the editor (issue 32, use case 2): a PNG or JPEG picture laid
//! on the map, its opacity and visibility, the grid calibrated to it by clicking hex
//! centres on the picture, and the terrain [`muster_trace`] proposes for each hex, accepted
//! or refused hex by hex or all at once. The fit, the colours and the proposals are the
//! library's; this module holds the panel's state, draws the picture and turns clicks on
//! it into picture pixels.
//!
//! The picture is drawn over the map's colours (they are opaque: under them it could not
//! be seen), at the opacity chosen, with the hex grid drawn again over it. Its pixels stay
//! in memory only: the full picture (within [`muster_trace::MAX_SIDE`] and
//! [`muster_trace::MAX_ALLOC`]) for the proposals, and a copy of at most [`SHOWN_SIDE`]
//! pixels a side for the screen, drawn with iced's own image support (the editor already
//! builds iced's `image-without-codecs`; the library decodes).

use crate::canvas::Camera;
use crate::snapshot::Snapshot;
use iced::mouse;
use iced::widget::canvas::{self, Frame, Geometry, Path, Stroke};
use iced::widget::{
    button, checkbox, column, container, pick_list, row, scrollable, slider, text, text_input,
};
use iced::{Color, Element, Fill, Length, Point, Rectangle, Renderer, Size, Theme};
use muster_trace::{Anchor, Fit};
use std::path::Path as FsPath;

/// The id of the map area while a picture lies on it (the map canvas and the picture
/// layer), for the tests to click into.
pub const LAYER_ID: &str = "trace-layer";

/// The largest side of the copy of the picture drawn on screen.
pub const SHOWN_SIDE: u32 = 2048;

/// Proposals with a confidence under this are marked "check" in the list (the CLI's
/// default threshold).
pub const THRESHOLD: f32 = 0.3;

/// A picture loaded for tracing.
pub struct Picture {
    /// Its pixels, as decoded (within the library's limits).
    pub pixels: image::RgbImage,
    /// The copy drawn on screen.
    pub handle: iced::widget::image::Handle,
    /// Its file name.
    pub name: String,
}

impl std::fmt::Debug for Picture {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Picture({}, {}x{})",
            self.name,
            self.pixels.width(),
            self.pixels.height()
        )
    }
}

/// A hex whose proposed terrain differs from the map's, waiting for the designer.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// Printed hex id.
    pub hex: String,
    /// The terrain proposed.
    pub terrain: String,
    /// The library's confidence, 0 to 1.
    pub confidence: f32,
}

/// The trace panel's state.
#[derive(Debug)]
pub struct Trace {
    /// Whether the panel is open.
    pub open: bool,
    /// The picture's path, as typed.
    pub path: String,
    /// The picture, once loaded.
    pub picture: Option<Picture>,
    /// How opaque the picture is drawn, 0 to 1.
    pub opacity: f32,
    /// Whether the picture is drawn.
    pub shown: bool,
    /// Whether a click on the map gives a hex centre on the picture.
    pub calibrating: bool,
    /// The picture point last clicked, waiting for its hex id.
    pub point: Option<(f64, f64)>,
    /// The hex id typed for the point.
    pub hex_input: String,
    /// The hex centres given: printed id and picture pixel.
    pub anchors: Vec<(String, (f64, f64))>,
    /// The grid fitted to them (two or more).
    pub fit: Option<Fit>,
    /// A sample hex being typed, and its terrain.
    pub sample_hex: String,
    /// The sample's terrain, chosen from the map's.
    pub sample_terrain: Option<String>,
    /// The samples: printed id and terrain.
    pub samples: Vec<(String, String)>,
    /// The hexes whose proposed terrain differs from the map's, not yet decided.
    pub rows: Vec<Row>,
    /// How many hexes the library proposed as the map has them already.
    pub agreeing: usize,
    /// What the last action found (an error to fix, or what was done).
    pub note: String,
}

impl Default for Trace {
    fn default() -> Self {
        Trace {
            open: false,
            path: String::new(),
            picture: None,
            opacity: 0.6,
            shown: true,
            calibrating: false,
            point: None,
            hex_input: String::new(),
            anchors: vec![],
            fit: None,
            sample_hex: String::new(),
            sample_terrain: None,
            samples: vec![],
            rows: vec![],
            agreeing: 0,
            note: String::new(),
        }
    }
}

/// What the designer does in the panel or on the picture.
#[derive(Debug, Clone, PartialEq)]
pub enum Message {
    /// Open (true) or close the panel.
    Open(bool),
    /// The path field edited.
    Path(String),
    /// Load the picture at the path.
    Load,
    /// The picture's opacity.
    Opacity(f32),
    /// Show or hide the picture.
    Show(bool),
    /// Start or stop calibrating.
    Calibrate(bool),
    /// A point of the picture clicked while calibrating (picture pixels).
    Point(f64, f64),
    /// The hex id for the point edited.
    HexInput(String),
    /// Add the point as that hex's centre.
    AddPoint,
    /// Remove a hex centre given.
    RemovePoint(usize),
    /// The sample hex field edited.
    SampleHex(String),
    /// The sample's terrain chosen.
    SampleTerrain(String),
    /// Add the sample.
    AddSample,
    /// Remove a sample.
    RemoveSample(usize),
    /// Take every hex of the map, with the terrain it has now, as a sample.
    MapSamples,
    /// Propose terrain for every hex.
    Propose,
    /// Accept one proposal (its row).
    Accept(usize),
    /// Refuse one proposal.
    Refuse(usize),
    /// Accept every proposal left.
    AcceptAll,
}

/// What the panel asks of the shell.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    /// Set these hexes' terrain (printed id, terrain), as one undo step.
    Accept(Vec<(String, String)>),
    /// The panel closed.
    Closed,
}

impl Trace {
    /// The map from grid points (hex radius 1) to picture pixels: the fit, or before one
    /// exists, the picture stretched over the map's width from its top left corner, so
    /// that hex centres can be clicked on it.
    pub fn placement(&self, snap: &Snapshot) -> Option<[f64; 6]> {
        let pic = self.picture.as_ref()?;
        if let Some(fit) = &self.fit {
            let (x0, y0) = fit.apply(0.0, 0.0);
            let (x1, y1) = fit.apply(1.0, 0.0);
            let (x2, y2) = fit.apply(0.0, 1.0);
            return Some([x1 - x0, x2 - x0, x0, y1 - y0, y2 - y0, y0]);
        }
        let (mut u0, mut v0, mut u1) = (f64::MAX, f64::MAX, f64::MIN);
        for h in snap.grid.hexes() {
            let (u, v) = snap.grid.center(h, 1.0);
            u0 = u0.min(f64::from(u));
            v0 = v0.min(f64::from(v));
            u1 = u1.max(f64::from(u));
        }
        if u0 > u1 {
            return None;
        }
        let k = f64::from(pic.pixels.width()) / (u1 - u0 + 2.0);
        Some([k, 0.0, (1.0 - u0) * k, 0.0, k, (1.0 - v0) * k])
    }

    /// The picture pixel under a point of the canvas.
    pub fn to_picture(&self, snap: &Snapshot, camera: Camera, p: Point) -> Option<(f64, f64)> {
        let a = self.placement(snap)?;
        let zoom = f64::from(camera.zoom);
        let u = (f64::from(p.x) - f64::from(camera.offset.x)) / zoom;
        let v = (f64::from(p.y) - f64::from(camera.offset.y)) / zoom;
        Some((a[0] * u + a[1] * v + a[2], a[3] * u + a[4] * v + a[5]))
    }

    /// The point of the canvas where a picture pixel is drawn.
    pub fn to_canvas(&self, snap: &Snapshot, camera: Camera, px: (f64, f64)) -> Option<Point> {
        let a = self.placement(snap)?;
        let det = a[0] * a[4] - a[1] * a[3];
        if det.abs() < 1e-12 {
            return None;
        }
        let (dx, dy) = (px.0 - a[2], px.1 - a[5]);
        let u = (a[4] * dx - a[1] * dy) / det;
        let v = (-a[3] * dx + a[0] * dy) / det;
        let zoom = f64::from(camera.zoom);
        Some(Point::new(
            (f64::from(camera.offset.x) + zoom * u) as f32,
            (f64::from(camera.offset.y) + zoom * v) as f32,
        ))
    }

    /// Loads the picture at `path` through the library (PNG or JPEG, within its limits).
    fn load(&mut self) {
        let path = FsPath::new(self.path.trim());
        match muster_trace::open_image(path) {
            Ok(pixels) => {
                let (w, h) = pixels.dimensions();
                let shown = if w.max(h) > SHOWN_SIDE {
                    let k = f64::from(SHOWN_SIDE) / f64::from(w.max(h));
                    let (sw, sh) = (
                        ((f64::from(w) * k) as u32).max(1),
                        ((f64::from(h) * k) as u32).max(1),
                    );
                    image::imageops::thumbnail(&pixels, sw, sh)
                } else {
                    pixels.clone()
                };
                let (sw, sh) = shown.dimensions();
                let rgba = image::DynamicImage::ImageRgb8(shown).to_rgba8().into_raw();
                let name = path
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default();
                self.note = format!(
                    "loaded {name}, {w}×{h} pixels: Calibrate, then click hex centres on it"
                );
                self.picture = Some(Picture {
                    pixels,
                    handle: iced::widget::image::Handle::from_rgba(sw, sh, rgba),
                    name,
                });
                self.anchors.clear();
                self.fit = None;
                self.point = None;
                self.rows.clear();
                self.agreeing = 0;
                self.shown = true;
            }
            Err(e) => self.note = e.to_string(),
        }
    }

    /// Fits the grid to the hex centres given (two or more), through the library.
    fn refit(&mut self, snap: &Snapshot) {
        self.fit = None;
        if self.anchors.len() < 2 {
            return;
        }
        let anchors: Vec<Anchor> = self
            .anchors
            .iter()
            .filter_map(|(id, px)| {
                Some(Anchor {
                    hex: snap.grid.from_printed(id).ok()?,
                    px: *px,
                })
            })
            .collect();
        match muster_trace::fit(&snap.grid, &anchors) {
            Ok(fit) => {
                self.note = format!(
                    "fitted to {} hex centres: residual {:.1} px, hexes {:.0} px across",
                    fit.points,
                    fit.residual_px,
                    2.0 * fit.radius_px
                );
                self.fit = Some(fit);
            }
            Err(e) => self.note = e.to_string(),
        }
    }

    /// A hex id typed, if it names a hex of the map.
    fn hex_of(snap: &Snapshot, id: &str) -> Result<muster_hex::Hex, String> {
        let id = id.trim();
        let h = snap
            .grid
            .from_printed(id)
            .map_err(|e| format!("`{id}`: {e}"))?;
        if !snap.grid.contains(h) {
            return Err(format!("`{id}` is not a hex of the map"));
        }
        Ok(h)
    }

    /// Proposes terrain for every hex from the picture, through the library.
    fn propose(&mut self, snap: &Snapshot) {
        let (Some(pic), Some(fit)) = (&self.picture, &self.fit) else {
            self.note = "load a picture and give two or more hex centres first".into();
            return;
        };
        let samples: Vec<(muster_hex::Hex, String)> = self
            .samples
            .iter()
            .filter_map(|(id, t)| Some((snap.grid.from_printed(id).ok()?, t.clone())))
            .collect();
        match muster_trace::propose(&pic.pixels, &snap.grid, fit, &samples) {
            Ok(proposals) => {
                self.rows.clear();
                self.agreeing = 0;
                let mut outside = 0;
                for p in proposals {
                    let Some(terrain) = p.terrain else {
                        outside += 1;
                        continue;
                    };
                    if snap.terrain.get(&p.hex) == Some(&terrain) {
                        self.agreeing += 1;
                    } else {
                        self.rows.push(Row {
                            hex: snap.grid.to_printed(p.hex),
                            terrain,
                            confidence: p.confidence,
                        });
                    }
                }
                self.note = format!(
                    "{} hex(es) proposed otherwise than the map has them, {} as it has them, {} outside the picture",
                    self.rows.len(),
                    self.agreeing,
                    outside
                );
            }
            Err(e) => self.note = e.to_string(),
        }
    }

    /// Handles a message.
    pub fn update(&mut self, message: Message, snap: &Snapshot) -> Option<Event> {
        match message {
            Message::Open(open) => {
                self.open = open;
                if !open {
                    self.calibrating = false;
                    return Some(Event::Closed);
                }
            }
            Message::Path(p) => self.path = p,
            Message::Load => self.load(),
            Message::Opacity(o) => self.opacity = o.clamp(0.0, 1.0),
            Message::Show(s) => self.shown = s,
            Message::Calibrate(on) => {
                self.calibrating = on && self.picture.is_some();
                self.point = None;
            }
            Message::Point(x, y) => {
                if self.calibrating {
                    self.point = Some((x, y));
                }
            }
            Message::HexInput(s) => self.hex_input = s,
            Message::AddPoint => {
                let Some(px) = self.point else {
                    self.note = "click a hex centre on the picture first".into();
                    return None;
                };
                match Self::hex_of(snap, &self.hex_input) {
                    Ok(h) => {
                        let id = snap.grid.to_printed(h);
                        self.anchors.retain(|(a, _)| *a != id);
                        self.anchors.push((id, px));
                        self.point = None;
                        self.hex_input.clear();
                        self.refit(snap);
                        if self.fit.is_none() && self.anchors.len() < 2 {
                            self.note = "one hex centre given: click a second, far from it".into();
                        }
                    }
                    Err(e) => self.note = e,
                }
            }
            Message::RemovePoint(i) => {
                if i < self.anchors.len() {
                    self.anchors.remove(i);
                    self.refit(snap);
                }
            }
            Message::SampleHex(s) => self.sample_hex = s,
            Message::SampleTerrain(t) => self.sample_terrain = Some(t),
            Message::AddSample => {
                match (Self::hex_of(snap, &self.sample_hex), &self.sample_terrain) {
                    (Ok(h), Some(t)) => {
                        let id = snap.grid.to_printed(h);
                        self.samples.retain(|(a, _)| *a != id);
                        self.samples.push((id, t.clone()));
                        self.sample_hex.clear();
                    }
                    (Err(e), _) => self.note = e,
                    (_, None) => self.note = "choose the sample's terrain".into(),
                }
            }
            Message::RemoveSample(i) => {
                if i < self.samples.len() {
                    self.samples.remove(i);
                }
            }
            Message::MapSamples => {
                let mut all: Vec<(String, String)> = snap
                    .grid
                    .hexes()
                    .filter_map(|h| Some((snap.grid.to_printed(h), snap.terrain.get(&h)?.clone())))
                    .collect();
                all.sort();
                self.note = format!("{} hexes taken as samples of their terrain", all.len());
                self.samples = all;
            }
            Message::Propose => self.propose(snap),
            Message::Accept(i) => {
                if i < self.rows.len() {
                    let r = self.rows.remove(i);
                    return Some(Event::Accept(vec![(r.hex, r.terrain)]));
                }
            }
            Message::Refuse(i) => {
                if i < self.rows.len() {
                    self.rows.remove(i);
                }
            }
            Message::AcceptAll => {
                if !self.rows.is_empty() {
                    let all = std::mem::take(&mut self.rows)
                        .into_iter()
                        .map(|r| (r.hex, r.terrain))
                        .collect();
                    return Some(Event::Accept(all));
                }
            }
        }
        None
    }

    /// The panel.
    pub fn view<'a>(&'a self, snap: &'a Snapshot) -> Element<'a, Message> {
        let small = |s: String| text(s).size(12);
        let mut col = column![row![
            text("Trace a scanned map").size(15),
            button(text("Close").size(12)).on_press(Message::Open(false))
        ]
        .spacing(8)]
        .spacing(5);
        col = col.push(
            row![
                text_input("picture: path of a PNG or JPEG", &self.path)
                    .on_input(Message::Path)
                    .on_submit(Message::Load)
                    .size(12),
                button(text("Load picture").size(12)).on_press(Message::Load),
            ]
            .spacing(4),
        );
        if let Some(pic) = &self.picture {
            col = col.push(small(format!(
                "{} — {}×{} px",
                pic.name,
                pic.pixels.width(),
                pic.pixels.height()
            )));
            col = col.push(
                row![
                    checkbox(self.shown)
                        .label("Show picture")
                        .on_toggle(Message::Show)
                        .size(14)
                        .text_size(12),
                    text(format!("opacity {:.0} %", self.opacity * 100.0)).size(12),
                    slider(0.0..=1.0, self.opacity, Message::Opacity).step(0.05),
                ]
                .spacing(6)
                .align_y(iced::Alignment::Center),
            );
            col = col.push(text("1. The grid on the picture").size(14));
            col = col.push(
                button(
                    text(if self.calibrating {
                        "Stop calibrating"
                    } else {
                        "Calibrate"
                    })
                    .size(12),
                )
                .style(if self.calibrating {
                    button::primary
                } else {
                    button::secondary
                })
                .on_press(Message::Calibrate(!self.calibrating)),
            );
            if self.calibrating {
                col = col.push(small(match self.point {
                    Some((x, y)) => {
                        format!("point at {x:.0}, {y:.0} px: which hex is it the centre of?")
                    }
                    None => {
                        "click the centre of a hex on the picture (two or three, far apart)".into()
                    }
                }));
                col = col.push(
                    row![
                        text_input("hex id, e.g. 0101", &self.hex_input)
                            .on_input(Message::HexInput)
                            .on_submit(Message::AddPoint)
                            .size(12)
                            .width(Length::Fixed(110.0)),
                        button(text("Add point").size(12))
                            .on_press_maybe(self.point.map(|_| Message::AddPoint)),
                    ]
                    .spacing(4),
                );
            }
            for (i, (id, (x, y))) in self.anchors.iter().enumerate() {
                col = col.push(
                    row![
                        small(format!("{id} at {x:.0}, {y:.0} px")).width(Fill),
                        button(text("Remove").size(11))
                            .padding([1, 5])
                            .on_press(Message::RemovePoint(i)),
                    ]
                    .spacing(4),
                );
            }
            col = col.push(small(match &self.fit {
                Some(f) => format!(
                    "fit: {} points, residual {:.1} px, hexes {:.0} px across",
                    f.points,
                    f.residual_px,
                    2.0 * f.radius_px
                ),
                None => "not calibrated".into(),
            }));
            col = col.push(text("2. Sample hexes of each terrain").size(14));
            let mut terrains: Vec<String> = snap.colours.keys().cloned().collect();
            terrains.sort();
            col = col.push(
                row![
                    text_input("hex", &self.sample_hex)
                        .on_input(Message::SampleHex)
                        .on_submit(Message::AddSample)
                        .size(12)
                        .width(Length::Fixed(70.0)),
                    pick_list(
                        terrains,
                        self.sample_terrain.clone(),
                        Message::SampleTerrain
                    )
                    .placeholder("terrain")
                    .text_size(12),
                    button(text("Add sample").size(12)).on_press(Message::AddSample),
                ]
                .spacing(4),
            );
            col = col.push(
                button(text("Use the map's terrain as samples").size(12))
                    .on_press(Message::MapSamples),
            );
            if self.samples.len() > 12 {
                col = col.push(small(format!("{} samples", self.samples.len())));
            } else {
                for (i, (id, t)) in self.samples.iter().enumerate() {
                    col = col.push(
                        row![
                            small(format!("{id} = {t}")).width(Fill),
                            button(text("Remove").size(11))
                                .padding([1, 5])
                                .on_press(Message::RemoveSample(i)),
                        ]
                        .spacing(4),
                    );
                }
            }
            col = col.push(button(text("Propose terrain").size(12)).on_press_maybe(
                (self.fit.is_some() && !self.samples.is_empty()).then_some(Message::Propose),
            ));
        }
        if !self.note.is_empty() {
            col = col.push(text(self.note.clone()).size(11).style(text::secondary));
        }
        if !self.rows.is_empty() {
            col = col.push(
                row![
                    text(format!("Proposed: {} hex(es) to decide", self.rows.len())).size(14),
                    button(text("Accept all").size(12)).on_press(Message::AcceptAll),
                ]
                .spacing(8)
                .align_y(iced::Alignment::Center),
            );
            for (i, r) in self.rows.iter().enumerate() {
                let was = snap
                    .grid
                    .from_printed(&r.hex)
                    .ok()
                    .and_then(|h| snap.terrain.get(&h))
                    .map_or("?", String::as_str);
                let check = if r.confidence < THRESHOLD {
                    " — check"
                } else {
                    ""
                };
                col = col.push(
                    row![
                        text(format!(
                            "{} {} → {} ({:.2}{check})",
                            r.hex, was, r.terrain, r.confidence
                        ))
                        .size(12)
                        .width(Fill),
                        button(text("Accept").size(11))
                            .padding([1, 5])
                            .on_press(Message::Accept(i)),
                        button(text("Refuse").size(11))
                            .padding([1, 5])
                            .on_press(Message::Refuse(i)),
                    ]
                    .spacing(4)
                    .align_y(iced::Alignment::Center),
                );
            }
        }
        // Room on the right for the scroll bar, which lies over the content.
        container(scrollable(col.padding(iced::Padding {
            top: 6.0,
            right: 16.0,
            bottom: 6.0,
            left: 6.0,
        })))
        .width(Length::Fixed(420.0))
        .height(Fill)
        .into()
    }

    /// Forgets what belongs to the document's grid (another document was opened): the
    /// hex centres given, the fit, the samples and the proposals. The picture stays.
    pub fn forget_document(&mut self) {
        self.anchors.clear();
        self.fit = None;
        self.point = None;
        self.calibrating = false;
        self.samples.clear();
        self.rows.clear();
        self.agreeing = 0;
        if self.picture.is_some() {
            self.note = "another map: calibrate the picture again".into();
        }
    }

    /// Whether the picture layer has anything to draw or take clicks for.
    pub fn active(&self) -> bool {
        self.picture.is_some()
    }
}

/// The picture layer: a canvas over the map drawing the picture, the grid again, the hex
/// centres given and the proposals; while calibrating, a left click on it gives a point
/// of the picture. Every other event goes through to the map below.
pub struct Layer<'a> {
    /// The panel's state.
    pub trace: &'a Trace,
    /// The map.
    pub snap: &'a Snapshot,
    /// The map's camera.
    pub camera: Camera,
}

impl canvas::Program<Message> for Layer<'_> {
    type State = ();

    fn update(
        &self,
        _state: &mut (),
        event: &canvas::Event,
        bounds: Rectangle,
        cursor: mouse::Cursor,
    ) -> Option<canvas::Action<Message>> {
        if !self.trace.calibrating {
            return None;
        }
        match event {
            canvas::Event::Mouse(mouse::Event::ButtonPressed(mouse::Button::Left)) => {
                let p = cursor.position_in(bounds)?;
                let (x, y) = self.trace.to_picture(self.snap, self.camera, p)?;
                Some(canvas::Action::publish(Message::Point(x, y)).and_capture())
            }
            _ => None,
        }
    }

    fn draw(
        &self,
        _state: &(),
        renderer: &Renderer,
        _theme: &Theme,
        bounds: Rectangle,
        _cursor: mouse::Cursor,
    ) -> Vec<Geometry> {
        let mut frame = Frame::new(renderer, bounds.size());
        let t = self.trace;
        if let (Some(pic), true) = (&t.picture, t.shown) {
            self.draw_picture(&mut frame, pic);
        }
        let mut marks = Frame::new(renderer, bounds.size());
        if t.shown && t.picture.is_some() {
            // The grid again, over the picture.
            let grid = Path::new(|b| {
                let pad = self.camera.zoom;
                for h in self.snap.grid.hexes() {
                    let c = self.camera.to_screen(self.snap, h);
                    if c.x < -pad
                        || c.y < -pad
                        || c.x > bounds.width + pad
                        || c.y > bounds.height + pad
                    {
                        continue;
                    }
                    let corners = self.snap.grid.corners(h, self.camera.zoom);
                    let (cx, cy) = self.snap.grid.center(h, self.camera.zoom);
                    let at =
                        |i: usize| Point::new(c.x + corners[i].0 - cx, c.y + corners[i].1 - cy);
                    b.move_to(at(0));
                    for i in 1..6 {
                        b.line_to(at(i));
                    }
                    b.close();
                }
            });
            marks.stroke(
                &grid,
                Stroke::default()
                    .with_width(1.0)
                    .with_color(Color::from_rgba(0.1, 0.1, 0.1, 0.7)),
            );
        }
        for (_, px) in &t.anchors {
            if let Some(p) = t.to_canvas(self.snap, self.camera, *px) {
                marks.stroke(
                    &Path::circle(p, 6.0),
                    Stroke::default()
                        .with_width(2.5)
                        .with_color(Color::from_rgb(0.85, 0.1, 0.1)),
                );
            }
        }
        if let Some(p) = t
            .point
            .and_then(|px| t.to_canvas(self.snap, self.camera, px))
        {
            marks.fill(&Path::circle(p, 5.0), Color::from_rgb(1.0, 0.55, 0.0));
        }
        // Each hex waiting for a decision: a disc of the proposed terrain's colour, ringed
        // red when the confidence is under the threshold.
        for r in &t.rows {
            let Ok(h) = self.snap.grid.from_printed(&r.hex) else {
                continue;
            };
            let c = self.camera.to_screen(self.snap, h);
            let radius = self.camera.zoom * 0.45;
            let [cr, cg, cb] = self
                .snap
                .colours
                .get(&r.terrain)
                .copied()
                .unwrap_or([255, 0, 255]);
            marks.fill(&Path::circle(c, radius), Color::from_rgb8(cr, cg, cb));
            let ring = if r.confidence < THRESHOLD {
                Color::from_rgb(0.9, 0.1, 0.1)
            } else {
                Color::from_rgb(0.1, 0.1, 0.1)
            };
            marks.stroke(
                &Path::circle(c, radius),
                Stroke::default().with_width(2.0).with_color(ring),
            );
        }
        vec![frame.into_geometry(), marks.into_geometry()]
    }
}

impl Layer<'_> {
    /// The picture placed by the fit (or the provisional placement): its centre where the
    /// fit puts it, turned and scaled as the fit says (a skew, which a frame cannot draw,
    /// is left out of the drawing; the fit and the proposals keep it).
    fn draw_picture(&self, frame: &mut Frame, pic: &Picture) {
        let t = self.trace;
        let (w, h) = (
            f64::from(pic.pixels.width()),
            f64::from(pic.pixels.height()),
        );
        let (Some(c), Some(x1), Some(y1)) = (
            t.to_canvas(self.snap, self.camera, (w / 2.0, h / 2.0)),
            t.to_canvas(self.snap, self.camera, (w / 2.0 + 1.0, h / 2.0)),
            t.to_canvas(self.snap, self.camera, (w / 2.0, h / 2.0 + 1.0)),
        ) else {
            return;
        };
        let (ax, ay) = (x1.x - c.x, x1.y - c.y);
        let (bx, by) = (y1.x - c.x, y1.y - c.y);
        let sx = (ax * ax + ay * ay).sqrt();
        let sy = (bx * bx + by * by).sqrt();
        let angle = ay.atan2(ax);
        let size = Size::new(w as f32 * sx, h as f32 * sy);
        let bounds = Rectangle::new(
            Point::new(c.x - size.width / 2.0, c.y - size.height / 2.0),
            size,
        );
        frame.draw_image(
            bounds,
            canvas::Image::new(pic.handle.clone())
                .rotation(iced::Radians(angle))
                .opacity(t.opacity),
        );
    }
}

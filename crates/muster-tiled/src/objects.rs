//! The object layers of an exported map: hexside features and paths as polylines (one
//! layer per feature or kind, in the renderer's colours), printed hex numbers, elevation and
//! labels as text objects placed where the renderer draws them.

use crate::cells::Cells;
use crate::export::ExportError;
use crate::layout::TileGeometry;
use crate::props;
use crate::xml_out::{num, Out, Prop};
use muster_hex::Grid;
use muster_model::MapFile;

/// Maps with more hexes than this get no hex-number layer (it would dwarf the map).
pub const MAX_NUMBERED_HEXES: usize = 10_000;

/// What an object draws.
#[derive(Debug, Clone, PartialEq)]
pub enum Shape {
    /// A polyline, points relative to the object's position.
    Polyline(Vec<(f64, f64)>),
    /// A text box of the given size.
    Text {
        /// The text.
        text: String,
        /// Box width.
        width: f64,
        /// Box height.
        height: f64,
        /// Font size in pixels.
        pixel_size: u32,
    },
}

/// One object.
#[derive(Debug, Clone, PartialEq)]
pub struct Object {
    /// Its name in Tiled.
    pub name: String,
    /// Its type (class) in Tiled.
    pub class: String,
    /// Position.
    pub at: (f64, f64),
    /// Custom properties.
    pub props: Vec<(&'static str, Prop)>,
    /// What it draws.
    pub shape: Shape,
}

/// One object layer.
#[derive(Debug, Clone, PartialEq)]
pub struct Layer {
    /// Its name in Tiled.
    pub name: String,
    /// Its `muster:kind`.
    pub kind: &'static str,
    /// Drawing colour.
    pub colour: [u8; 3],
    /// The objects.
    pub objects: Vec<Object>,
}

fn hex_colour(c: [u8; 3]) -> String {
    format!("#{:02x}{:02x}{:02x}", c[0], c[1], c[2])
}

impl Layer {
    /// Writes the layer as an `<objectgroup>`, numbering objects from `next_id`.
    pub fn write(&self, out: &mut Out, id: usize, next_id: &mut usize) {
        out.open(
            "objectgroup",
            &[
                ("id", id.to_string()),
                ("name", self.name.clone()),
                ("color", hex_colour(self.colour)),
            ],
        );
        out.properties(&[(props::KIND, self.kind.into())]);
        for o in &self.objects {
            let mut attrs = vec![("id", next_id.to_string())];
            *next_id += 1;
            if !o.name.is_empty() {
                attrs.push(("name", o.name.clone()));
            }
            if !o.class.is_empty() {
                attrs.push(("type", o.class.clone()));
            }
            attrs.push(("x", num(o.at.0)));
            attrs.push(("y", num(o.at.1)));
            if let Shape::Text { width, height, .. } = &o.shape {
                attrs.push(("width", num(*width)));
                attrs.push(("height", num(*height)));
            }
            out.open("object", &attrs);
            out.properties(&o.props);
            match &o.shape {
                Shape::Polyline(points) => {
                    let pts: Vec<String> = points
                        .iter()
                        .map(|(x, y)| format!("{},{}", num(*x), num(*y)))
                        .collect();
                    out.empty("polyline", &[("points", pts.join(" "))]);
                }
                Shape::Text {
                    text, pixel_size, ..
                } => out.text(
                    "text",
                    &[
                        ("pixelsize", pixel_size.to_string()),
                        ("wrap", "0".into()),
                        ("color", hex_colour(self.colour)),
                        ("halign", "center".into()),
                        ("valign", "center".into()),
                    ],
                    text,
                ),
            }
            out.close("object");
        }
        out.close("objectgroup");
    }
}

fn polyline(points: &[(f64, f64)]) -> ((f64, f64), Shape) {
    let o = points.first().copied().unwrap_or((0.0, 0.0));
    let rel = points.iter().map(|(x, y)| (x - o.0, y - o.1)).collect();
    (o, Shape::Polyline(rel))
}

/// Adds an object to the layer of `name`, creating it in order of first use.
fn push(layers: &mut Vec<Layer>, name: String, kind: &'static str, colour: [u8; 3], o: Object) {
    match layers.iter_mut().find(|l| l.name == name) {
        Some(l) => l.objects.push(o),
        None => layers.push(Layer {
            name,
            kind,
            colour,
            objects: vec![o],
        }),
    }
}

fn hexsides(map: &MapFile, cells: &Cells, g: &TileGeometry) -> Result<Vec<Layer>, ExportError> {
    let grid = cells.grid();
    let mut layers = Vec::new();
    for e in &map.hexsides {
        let side = grid
            .parse_hexside(&e.side)
            .ok_or_else(|| ExportError::BadHexside(e.side.clone()))?;
        let (a, b) = side.hexes(grid.orientation());
        let ends = g
            .shared_side(cells.cell(a), cells.cell(b))
            .ok_or_else(|| ExportError::BadHexside(e.side.clone()))?;
        let (at, shape) = polyline(&ends);
        let o = Object {
            name: e.feature.clone(),
            class: e.feature.clone(),
            at,
            props: vec![
                (props::FEATURE, e.feature.as_str().into()),
                (props::SIDE, e.side.as_str().into()),
            ],
            shape,
        };
        let colour = muster_render::palette::hexside(&e.feature);
        push(
            &mut layers,
            format!("hexsides: {}", e.feature),
            props::KIND_HEXSIDE,
            colour,
            o,
        );
    }
    Ok(layers)
}

fn paths(map: &MapFile, cells: &Cells, g: &TileGeometry) -> Result<Vec<Layer>, ExportError> {
    let grid = cells.grid();
    let mut layers = Vec::new();
    for p in &map.paths {
        let mut points = Vec::with_capacity(p.hexes.len());
        let mut prev = None;
        for id in &p.hexes {
            let h = grid
                .from_printed(id.as_str())
                .map_err(|_| ExportError::BadHex(id.to_string()))?;
            if let Some((ph, pid)) = prev {
                if grid.hexside_between(ph, h).is_none() {
                    return Err(ExportError::PathGap {
                        kind: p.kind.clone(),
                        from: pid,
                        to: id.to_string(),
                    });
                }
            }
            prev = Some((h, id.to_string()));
            let (x, y) = cells.cell(h);
            points.push(g.center(x, y));
        }
        let (at, shape) = polyline(&points);
        let o = Object {
            name: p.name.clone().unwrap_or_default(),
            class: p.kind.clone(),
            at,
            props: vec![(props::PATH, p.kind.as_str().into())],
            shape,
        };
        let colour = muster_render::palette::ROAD;
        push(
            &mut layers,
            format!("paths: {}", p.kind),
            props::KIND_PATH,
            colour,
            o,
        );
    }
    Ok(layers)
}

/// A text box centred `dy` radii below the centre of a hex.
fn text_at(
    grid: &Grid,
    cells: &Cells,
    g: &TileGeometry,
    id: &str,
    text: String,
    dy: f64,
    size: f64,
) -> Result<((f64, f64), Shape), ExportError> {
    let h = grid
        .from_printed(id)
        .map_err(|_| ExportError::BadHex(id.to_string()))?;
    let (x, y) = cells.cell(h);
    let (cx, cy) = g.center(x, y);
    let (tw, th) = g.cell_size();
    let r = tw.max(th) as f64 / 2.0;
    let (w, hgt) = (3.0 * r, (size * r * 1.6).max(10.0));
    let at = (cx - w / 2.0, cy + dy * r - hgt / 2.0);
    let pixel_size = (size * r).round().max(7.0) as u32;
    Ok((
        at,
        Shape::Text {
            text,
            width: w,
            height: hgt,
            pixel_size,
        },
    ))
}

fn texts(
    map: &MapFile,
    cells: &Cells,
    g: &TileGeometry,
    numbers: bool,
) -> Result<Vec<Layer>, ExportError> {
    let grid = cells.grid();
    let mut layers = Vec::new();
    if numbers && grid.len() <= MAX_NUMBERED_HEXES {
        let mut objects = Vec::with_capacity(grid.len());
        for h in grid.hexes() {
            let id = grid.to_printed(h);
            let (at, shape) = text_at(grid, cells, g, &id, id.clone(), -0.5, 0.34)?;
            objects.push(Object {
                name: String::new(),
                class: String::new(),
                at,
                props: vec![],
                shape,
            });
        }
        layers.push(Layer {
            name: "hex numbers".into(),
            kind: props::KIND_NUMBERS,
            colour: [40, 40, 40],
            objects,
        });
    }
    for e in &map.hexes {
        if let Some(level) = e.elevation.filter(|l| *l != 0) {
            let (at, shape) = text_at(
                grid,
                cells,
                g,
                e.hex.as_str(),
                format!("{level:+}"),
                0.1,
                0.3,
            )?;
            let o = Object {
                name: "elevation".into(),
                class: String::new(),
                at,
                props: vec![
                    (props::ELEVATION, Prop::Int(i64::from(level))),
                    (props::HEX, e.hex.as_str().into()),
                ],
                shape,
            };
            push(
                &mut layers,
                "elevation".into(),
                props::KIND_ELEVATION,
                [90, 60, 20],
                o,
            );
        }
    }
    for e in &map.hexes {
        if let Some(label) = &e.label {
            let (at, shape) = text_at(grid, cells, g, e.hex.as_str(), label.clone(), 0.5, 0.3)?;
            let o = Object {
                name: "label".into(),
                class: String::new(),
                at,
                props: vec![(props::HEX, e.hex.as_str().into())],
                shape,
            };
            push(
                &mut layers,
                "labels".into(),
                props::KIND_LABEL,
                [0, 0, 0],
                o,
            );
        }
    }
    Ok(layers)
}

/// The object layers of a map, bottom first.
pub fn layers(
    map: &MapFile,
    cells: &Cells,
    g: &TileGeometry,
    numbers: bool,
) -> Result<Vec<Layer>, ExportError> {
    let mut all = hexsides(map, cells, g)?;
    all.extend(paths(map, cells, g)?);
    all.extend(texts(map, cells, g, numbers)?);
    Ok(all)
}

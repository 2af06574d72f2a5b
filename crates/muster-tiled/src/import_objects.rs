//! The features of a TMX map's objects, found by where they lie: a hexside polyline's
//! segments on the hexsides they run along, a path's points in the hexes they fall in,
//! labels and elevation in the hex under their text. What an object is comes from its
//! `muster:kind` property, else its layer's.

use crate::cells::Cells;
use crate::import::ImportError;
use crate::props;
use crate::read_objects::{Object, Shape};
use crate::tmx::{prop, Tmx};
use muster_hex::{Hex, Hexside};
use muster_model::{HexId, HexsideEntry, PathEntry};
use std::collections::BTreeMap;

/// The features read from the objects.
#[derive(Debug, Default)]
pub struct Features {
    /// Hexside features, in object order.
    pub hexsides: Vec<HexsideEntry>,
    /// Paths, in object order.
    pub paths: Vec<PathEntry>,
    /// Labels by hex.
    pub labels: BTreeMap<(i32, i32), String>,
    /// Elevation by hex.
    pub elevation: BTreeMap<(i32, i32), i32>,
    /// What was left out, for the user.
    pub notes: Vec<String>,
}

struct Ctx<'a> {
    tmx: &'a Tmx,
    cells: &'a Cells,
}

impl Ctx<'_> {
    fn hex_at(&self, o: &Object, p: (f64, f64)) -> Result<Hex, ImportError> {
        let (x, y) = self.tmx.geometry.nearest(p.0, p.1);
        self.cells.hex(x, y).ok_or_else(|| {
            o.error(format!("({:.0}, {:.0}) is far off the map", p.0, p.1))
                .into()
        })
    }

    fn on_map(&self, o: &Object, p: (f64, f64)) -> Result<Hex, ImportError> {
        let h = self.hex_at(o, p)?;
        if !self.cells.grid().contains(h) {
            return Err(o
                .error(format!("it lies off the map, at ({:.0}, {:.0})", p.0, p.1))
                .into());
        }
        Ok(h)
    }

    /// The hexside a segment runs along.
    fn side_of(&self, o: &Object, a: (f64, f64), b: (f64, f64)) -> Result<Hexside, ImportError> {
        let g = &self.tmx.geometry;
        let m = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
        let c1 = g.nearest(m.0, m.1);
        let (cx, cy) = g.center(c1.0, c1.1);
        let c2 = g.nearest(2.0 * m.0 - cx, 2.0 * m.1 - cy);
        let off = || {
            o.error(format!(
                "the segment from ({:.0}, {:.0}) to ({:.0}, {:.0}) does not run along a hexside; draw hexside features from corner to corner of a hex (View > Snapping in Tiled)",
                a.0, a.1, b.0, b.1
            ))
        };
        let ends = g.shared_side(c1, c2).ok_or_else(off)?;
        // Each end of the segment lies near one end of the side.
        let (w, h) = g.cell_size();
        let tol = (0.15 * w.min(h) as f64).max(2.0);
        let near = |p: (f64, f64), q: (f64, f64)| (p.0 - q.0).hypot(p.1 - q.1) <= tol;
        let fits = (near(a, ends[0]) && near(b, ends[1])) || (near(a, ends[1]) && near(b, ends[0]));
        if !fits {
            return Err(off().into());
        }
        let grid = self.cells.grid();
        let (h1, h2) = (
            self.hex_at(o, g.center(c1.0, c1.1))?,
            self.hex_at(o, g.center(c2.0, c2.1))?,
        );
        grid.hexside_between(h1, h2).ok_or_else(|| off().into())
    }
}

fn points(o: &Object) -> Vec<(f64, f64)> {
    match &o.shape {
        Shape::Polyline(p) => p.clone(),
        Shape::Polygon(p) => {
            let mut p = p.clone();
            if let Some(first) = p.first().copied() {
                p.push(first);
            }
            p
        }
        _ => vec![],
    }
}

fn name_of(o: &Object, property: &str) -> Option<String> {
    prop(&o.props, property)
        .map(str::to_string)
        .or_else(|| (!o.class.is_empty()).then(|| o.class.clone()))
}

/// A hexside as printed: from its canonical hex, or from the other hex when the canonical
/// one is off the map with no printable id (a side on the top or left edge of a map
/// numbered from 00).
fn side_text(grid: &muster_hex::Grid, side: Hexside) -> String {
    let text = grid.print_hexside(side);
    if grid.parse_hexside(&text) == Some(side) {
        return text;
    }
    let o = grid.orientation();
    let (_, other) = side.hexes(o);
    format!(
        "{}/{}",
        grid.to_printed(other),
        side.direction().opposite().name(o)
    )
}

fn hexside(ctx: &Ctx, o: &Object, out: &mut Features) -> Result<(), ImportError> {
    let feature = name_of(o, props::FEATURE).ok_or_else(|| {
        o.error("a hexside object needs its feature: a `muster:feature` property or a class (river, wall …)".into())
    })?;
    let pts = points(o);
    if pts.len() < 2 {
        return Err(o
            .error("a hexside object is a polyline along one or more hexsides".into())
            .into());
    }
    let grid = ctx.cells.grid();
    let written = prop(&o.props, props::SIDE).and_then(|s| Some((s, grid.parse_hexside(s)?)));
    for pair in pts.windows(2) {
        let side = ctx.side_of(o, pair[0], pair[1])?;
        let text = match written {
            Some((s, w)) if w == side && pts.len() == 2 => s.to_string(),
            _ => side_text(grid, side),
        };
        out.hexsides.push(HexsideEntry {
            side: text,
            feature: feature.clone(),
        });
    }
    Ok(())
}

fn path(ctx: &Ctx, o: &Object, out: &mut Features) -> Result<(), ImportError> {
    let kind = name_of(o, props::PATH).ok_or_else(|| {
        o.error("a path object needs its kind: a `muster:path` property or a class (road …)".into())
    })?;
    let grid = ctx.cells.grid();
    let mut hexes: Vec<Hex> = Vec::new();
    for p in points(o) {
        let h = ctx.hex_at(o, p)?;
        if hexes.last() == Some(&h) {
            continue;
        }
        if let Some(prev) = hexes.last() {
            if grid.hexside_between(*prev, h).is_none() {
                return Err(o
                    .error(format!(
                        "the path goes from {} to {}, which are not neighbours; put a point in every hex it crosses",
                        grid.to_printed(*prev),
                        grid.to_printed(h)
                    ))
                    .into());
            }
        }
        hexes.push(h);
    }
    if hexes.is_empty() {
        return Err(o
            .error("a path object is a polyline through hex centres".into())
            .into());
    }
    out.paths.push(PathEntry {
        kind,
        name: (!o.name.is_empty()).then(|| o.name.clone()),
        hexes: hexes.iter().map(|h| HexId(grid.to_printed(*h))).collect(),
    });
    Ok(())
}

fn text_of(o: &Object) -> String {
    match &o.shape {
        Shape::Text(t) => t.clone(),
        _ => o.name.clone(),
    }
}

fn label(ctx: &Ctx, o: &Object, out: &mut Features) -> Result<(), ImportError> {
    let h = ctx.on_map(o, o.anchor())?;
    let text = text_of(o);
    if let Some(old) = out.labels.insert((h.x, h.y), text.clone()) {
        return Err(o
            .error(format!(
                "hex {} has two labels, `{old}` and `{text}`; a hex has one",
                ctx.cells.grid().to_printed(h)
            ))
            .into());
    }
    Ok(())
}

fn elevation(ctx: &Ctx, o: &Object, out: &mut Features) -> Result<(), ImportError> {
    let h = ctx.on_map(o, o.anchor())?;
    let text = prop(&o.props, props::ELEVATION)
        .map(str::to_string)
        .unwrap_or_else(|| text_of(o));
    let level: i32 = text
        .trim()
        .trim_start_matches('+')
        .parse()
        .map_err(|_| o.error(format!("elevation `{text}` is not a whole number")))?;
    out.elevation.insert((h.x, h.y), level);
    Ok(())
}

/// Reads the features of every object layer.
pub fn features(tmx: &Tmx, cells: &Cells) -> Result<Features, ImportError> {
    let ctx = Ctx { tmx, cells };
    let mut out = Features::default();
    for layer in &tmx.object_layers {
        let layer_kind = prop(&layer.props, props::KIND);
        let mut skipped = 0;
        for o in &layer.objects {
            match prop(&o.props, props::KIND).or(layer_kind) {
                Some(props::KIND_HEXSIDE) => hexside(&ctx, o, &mut out)?,
                Some(props::KIND_PATH) => path(&ctx, o, &mut out)?,
                Some(props::KIND_LABEL) => label(&ctx, o, &mut out)?,
                Some(props::KIND_ELEVATION) => elevation(&ctx, o, &mut out)?,
                Some(props::KIND_NUMBERS) => {}
                _ => skipped += 1,
            }
        }
        if skipped > 0 {
            out.notes.push(format!(
                "left out {skipped} object(s) of layer `{}`: give the layer (or each object) a `muster:kind` property: hexside, path, label or elevation",
                layer.name
            ));
        }
    }
    Ok(out)
}

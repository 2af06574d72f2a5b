//! Reading an object layer: each visible object's position (layer offsets and rotation
//! applied), size, properties and shape.

use crate::tmx::{properties, Props, TmxError};
use crate::xml_in::Element;

/// What an object is.
#[derive(Debug, Clone, PartialEq)]
pub enum Shape {
    /// A rectangle, ellipse or tile object: its box.
    Box,
    /// A point.
    Point,
    /// A polyline, absolute points.
    Polyline(Vec<(f64, f64)>),
    /// A polygon, absolute points.
    Polygon(Vec<(f64, f64)>),
    /// A text box and its text.
    Text(String),
}

/// One object.
#[derive(Debug, Clone, PartialEq)]
pub struct Object {
    /// Its id.
    pub id: String,
    /// Line of its element.
    pub line: usize,
    /// Its name.
    pub name: String,
    /// Its class (type).
    pub class: String,
    /// Position (top left of its box; origin of its points).
    pub at: (f64, f64),
    /// Width and height of its box.
    pub size: (f64, f64),
    /// Its properties.
    pub props: Props,
    /// Its shape.
    pub shape: Shape,
}

impl Object {
    /// The point that says which hex the object is in: the centre of its box, or the
    /// point itself.
    pub fn anchor(&self) -> (f64, f64) {
        match &self.shape {
            Shape::Point | Shape::Polyline(_) | Shape::Polygon(_) => self.at,
            Shape::Box | Shape::Text(_) => {
                (self.at.0 + self.size.0 / 2.0, self.at.1 + self.size.1 / 2.0)
            }
        }
    }

    /// Says what is wrong with this object.
    pub fn error(&self, reason: String) -> TmxError {
        TmxError::Object {
            line: self.line,
            id: self.id.clone(),
            reason,
        }
    }
}

/// An object layer.
#[derive(Debug, Clone, PartialEq)]
pub struct ObjectLayer {
    /// Its name.
    pub name: String,
    /// Its properties.
    pub props: Props,
    /// Its visible objects.
    pub objects: Vec<Object>,
}

/// The most pixels a coordinate may be from the map's corner (a Muster map at 512 pixels a
/// hex is under a million pixels across).
const MAX_COORDINATE: f64 = 1e9;

/// A coordinate read: a finite number within [`MAX_COORDINATE`]; the message tells a value
/// out of range from one that is no number.
fn coordinate(what: &str, v: &str) -> Result<f64, String> {
    match v.trim().parse::<f64>() {
        Ok(x) if x.is_finite() && x.abs() < MAX_COORDINATE => Ok(x),
        Ok(x) if x.is_nan() => Err(format!("{what}=`{v}` is not a number")),
        Ok(_) => Err(format!(
            "{what}=`{v}` is out of range: a coordinate is within {MAX_COORDINATE:e} pixels of the map's corner"
        )),
        Err(_) => Err(format!("{what}=`{v}` is not a number")),
    }
}

fn number(el: &Element, name: &str) -> Result<f64, String> {
    match el.attr(name) {
        None => Ok(0.0),
        Some(v) => coordinate(name, v),
    }
}

fn points(el: &Element, at: (f64, f64), rotation: f64) -> Result<Vec<(f64, f64)>, String> {
    let text = el.attr("points").unwrap_or_default();
    let (sin, cos) = rotation.to_radians().sin_cos();
    text.split_whitespace()
        .map(|p| {
            let (x, y) = p
                .split_once(',')
                .ok_or_else(|| format!("point `{p}` is not x,y"))?;
            let f = |v: &str| coordinate(&format!("point `{p}`: coordinate"), v);
            let (x, y) = (f(x)?, f(y)?);
            Ok((at.0 + x * cos - y * sin, at.1 + x * sin + y * cos))
        })
        .collect()
}

fn object(el: &Element, off: (f64, f64)) -> Result<Object, TmxError> {
    let id = el.attr("id").unwrap_or("?").to_string();
    let bad = |reason: String| TmxError::Object {
        line: el.line,
        id: id.clone(),
        reason,
    };
    if let Some(t) = el.attr("template") {
        return Err(bad(format!(
            "it is an instance of template `{t}`, which Muster does not read; detach it from the template in Tiled"
        )));
    }
    let at = (
        number(el, "x").map_err(bad)? + off.0,
        number(el, "y").map_err(bad)? + off.1,
    );
    let size = (
        number(el, "width").map_err(bad)?,
        number(el, "height").map_err(bad)?,
    );
    let rotation = number(el, "rotation").map_err(bad)?;
    let shape = if let Some(p) = el.first("polyline") {
        Shape::Polyline(points(p, at, rotation).map_err(bad)?)
    } else if let Some(p) = el.first("polygon") {
        Shape::Polygon(points(p, at, rotation).map_err(bad)?)
    } else if let Some(t) = el.first("text") {
        Shape::Text(t.text.clone())
    } else if el.first("point").is_some() {
        Shape::Point
    } else {
        Shape::Box
    };
    Ok(Object {
        id: id.clone(),
        line: el.line,
        name: el.attr("name").unwrap_or_default().to_string(),
        class: el
            .attr("class")
            .or(el.attr("type"))
            .unwrap_or_default()
            .to_string(),
        at,
        size,
        props: properties(el),
        shape,
    })
}

impl ObjectLayer {
    /// Moves every object by `by` pixels (an infinite map's corner moved to Tiled's 0, 0).
    pub fn shift(&mut self, by: (f64, f64)) {
        let moved = |p: &mut (f64, f64)| *p = (p.0 + by.0, p.1 + by.1);
        for o in &mut self.objects {
            moved(&mut o.at);
            if let Shape::Polyline(points) | Shape::Polygon(points) = &mut o.shape {
                points.iter_mut().for_each(moved);
            }
        }
    }
}

/// Reads an `<objectgroup>` whose objects are shifted by `off`.
pub fn layer(el: &Element, name: String, off: (f64, f64)) -> Result<ObjectLayer, TmxError> {
    let objects = el
        .all("object")
        .filter(|o| o.attr("visible") != Some("0"))
        .map(|o| object(o, off))
        .collect::<Result<_, _>>()?;
    Ok(ObjectLayer {
        name,
        props: properties(el),
        objects,
    })
}

#[cfg(test)]
mod coordinate_tests {
    use super::coordinate;

    /// Interop review finding 7: `1e300` is a number, out of range, not "not a number".
    #[test]
    fn a_huge_coordinate_is_out_of_range_and_a_word_is_not_a_number() {
        let huge = coordinate("x", "1e300").unwrap_err();
        assert!(huge.contains("out of range"), "{huge}");
        let word = coordinate("x", "far").unwrap_err();
        assert!(word.contains("not a number"), "{word}");
        assert_eq!(coordinate("x", " 12.5 "), Ok(12.5));
    }
}

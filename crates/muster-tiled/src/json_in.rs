//! Tiled's JSON formats (`.tmj` maps and `.tsj` tilesets, `.json` before Tiled 1.6) read
//! into the element tree the TMX reader builds, so that one reader ([`crate::tmx`]) gives
//! both formats the same meaning: Tiled documents its JSON as the TMX format with fields
//! for attributes ("the meanings should remain the same"), so each JSON object becomes the
//! TMX element it stands for, its scalar fields that element's attributes.
//!
//! What differs is only spelling: a layer's kind is its `type` (`tilelayer` is `<layer>`);
//! its `data` (an array of ids, or a base64 string), `encoding`, `compression` and `chunks`
//! become its `<data>`; `properties` are a list of `{name, type, value}`; polylines are lists
//! of `{x, y}`; a text object's text is in `text.text`; `true`/`false` of `visible` and
//! `infinite` are TMX's `1`/`0`. Fields Muster does not read are skipped without being kept.
//!
//! Bounded as the XML reader is: at most [`MAX_ELEMENTS`] objects become elements,
//! serde_json refuses nesting deeper than 128, and a tile layer's ids are written into
//! one text as they are read (no value per id is ever kept).

use crate::xml_in::{Element, XmlError, MAX_ELEMENTS};
use serde::de::{self, DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};
use std::cell::Cell;
use std::fmt::{self, Write};

/// Whether a text is JSON (a Tiled JSON file is one object) rather than XML.
pub fn is_json(text: &str) -> bool {
    text.trim_start_matches('\u{feff}')
        .trim_start()
        .starts_with('{')
}

/// Reads a Tiled map or tileset, TMX or JSON, into its element tree.
pub fn parse_any(text: &str) -> Result<Element, XmlError> {
    if is_json(text) {
        parse(text.trim_start_matches('\u{feff}'))
    } else {
        crate::xml_in::parse(text)
    }
}

/// The text, handed to serde_json a byte at a time so that the line of the byte it reads
/// is known: each element gets the line its object opens on, as TMX elements do.
struct Lines<'a> {
    text: &'a [u8],
    line: &'a Cell<usize>,
}

impl std::io::Read for Lines<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let (Some(&b), Some(out)) = (self.text.first(), buf.first_mut()) else {
            return Ok(0);
        };
        *out = b;
        self.text = &self.text[1..];
        if b == b'\n' {
            self.line.set(self.line.get() + 1);
        }
        Ok(1)
    }
}

/// Reads a Tiled JSON text into the element tree of the TMX file it stands for.
pub fn parse(text: &str) -> Result<Element, XmlError> {
    let count = Cell::new(0);
    let line = Cell::new(1);
    let mut de = serde_json::Deserializer::from_reader(Lines {
        text: text.as_bytes(),
        line: &line,
    });
    let seed = ElementSeed {
        count: &count,
        line: &line,
        name: "",
    };
    let root = seed.deserialize(&mut de).and_then(|e| de.end().map(|_| e));
    root.map_err(|e| {
        if count.get() > MAX_ELEMENTS {
            XmlError::TooLarge { line: e.line() }
        } else {
            XmlError::Json(e.to_string())
        }
    })
}

/// The element an object of a list stands for, by the list's key.
fn item_name(list: &str) -> Option<&'static str> {
    Some(match list {
        "layers" => "",
        "tilesets" => "tileset",
        "tiles" => "tile",
        "objects" => "object",
        "chunks" => "chunk",
        "properties" => "property",
        _ => return None,
    })
}

/// A layer's element name, by its `type`.
fn layer_name(kind: Option<&str>) -> String {
    match kind {
        Some("tilelayer") => "layer",
        Some("objectgroup") => "objectgroup",
        Some("imagelayer") => "imagelayer",
        Some("group") => "group",
        Some(other) => other,
        None => "",
    }
    .to_string()
}

/// A layer's or chunk's `data`: ids (written as CSV) or a string (base64).
enum Data {
    Ids(String),
    Text(String),
}

struct ElementSeed<'c> {
    count: &'c Cell<usize>,
    /// The line being read.
    line: &'c Cell<usize>,
    /// The element's name; empty: by its `type` (the root, layers).
    name: &'static str,
}

impl<'de> DeserializeSeed<'de> for ElementSeed<'_> {
    type Value = Element;
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<Element, D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for ElementSeed<'_> {
    type Value = Element;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Element, A::Error> {
        self.count.set(self.count.get() + 1);
        if self.count.get() > MAX_ELEMENTS {
            return Err(de::Error::custom("too many objects"));
        }
        let mut el = Element {
            name: self.name.to_string(),
            line: self.line.get(),
            ..Element::default()
        };
        let mut data = None;
        let mut chunks = Vec::new();
        while let Some(key) = map.next_key::<String>()? {
            if let Some(item) = item_name(&key) {
                let mut items = Vec::new();
                map.next_value_seed(ListSeed {
                    count: self.count,
                    line: self.line,
                    name: item,
                    into: &mut items,
                })?;
                match key.as_str() {
                    "properties" => el.children.push(Element {
                        name: "properties".into(),
                        children: items,
                        ..Element::default()
                    }),
                    "chunks" => chunks = items,
                    _ => el.children.extend(items),
                }
                continue;
            }
            match key.as_str() {
                "data" => data = Some(map.next_value_seed(DataSeed)?),
                "polyline" | "polygon" => {
                    let points = map.next_value_seed(PointsSeed(self.count))?;
                    el.children.push(Element {
                        name: key,
                        attrs: vec![("points".into(), points)],
                        ..Element::default()
                    });
                }
                "text" if el.name == "object" => {
                    let t = map.next_value_seed(ElementSeed {
                        count: self.count,
                        line: self.line,
                        name: "text",
                    })?;
                    el.children.push(Element {
                        text: t.attr("text").unwrap_or_default().to_string(),
                        ..t
                    });
                }
                _ => {
                    if let Some(v) = map.next_value_seed(ScalarSeed)? {
                        el.attrs.push((key, v));
                    }
                }
            }
        }
        finish(&mut el, data, chunks);
        Ok(el)
    }
}

/// Spells the element as TMX does: its name by its `type`, TMX's 1/0 for booleans,
/// `<point/>` and `<ellipse/>` children, and its ids in a `<data>` element.
fn finish(el: &mut Element, data: Option<Data>, chunks: Vec<Element>) {
    if el.name.is_empty() {
        el.name = layer_name(el.attr("type"));
    }
    for (k, v) in &mut el.attrs {
        if matches!(k.as_str(), "visible" | "infinite") {
            *v = if v == "false" { "0" } else { "1" }.to_string();
        }
    }
    for shape in ["point", "ellipse"] {
        if el.attr(shape) == Some("true") {
            el.children.push(Element {
                name: shape.into(),
                ..Element::default()
            });
        }
    }
    if el.name == "chunk" {
        el.text = match data {
            Some(Data::Ids(t) | Data::Text(t)) => t,
            None => String::new(),
        };
        return;
    }
    if data.is_none() && chunks.is_empty() {
        return;
    }
    let given = el.attr("encoding").unwrap_or("csv").to_string();
    let (encoding, text) = match data {
        Some(Data::Ids(t)) => ("csv".to_string(), t),
        Some(Data::Text(t)) => (given, t),
        None => (given, String::new()),
    };
    let mut attrs = vec![("encoding".to_string(), encoding)];
    if let Some(c) = el.attr("compression").filter(|c| !c.is_empty()) {
        attrs.push(("compression".into(), c.to_string()));
    }
    el.children.push(Element {
        name: "data".into(),
        attrs,
        children: chunks,
        text,
        line: el.line,
    });
}

struct ListSeed<'c, 'v> {
    count: &'c Cell<usize>,
    line: &'c Cell<usize>,
    name: &'static str,
    into: &'v mut Vec<Element>,
}

impl<'de> DeserializeSeed<'de> for ListSeed<'_, '_> {
    type Value = ();
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for ListSeed<'_, '_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a list of objects")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        while let Some(el) = seq.next_element_seed(ElementSeed {
            count: self.count,
            line: self.line,
            name: self.name,
        })? {
            self.into.push(el);
        }
        Ok(())
    }
}

/// A scalar's text (numbers as written by Rust, booleans as `true`/`false`); None for a
/// list or an object, which is skipped.
struct ScalarSeed;

impl<'de> DeserializeSeed<'de> for ScalarSeed {
    type Value = Option<String>;
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<Option<String>, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for ScalarSeed {
    type Value = Option<String>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a value")
    }
    fn visit_bool<E>(self, v: bool) -> Result<Self::Value, E> {
        Ok(Some(v.to_string()))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Self::Value, E> {
        Ok(Some(v.to_string()))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Self::Value, E> {
        Ok(Some(v.to_string()))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Self::Value, E> {
        Ok(Some(v.to_string()))
    }
    fn visit_str<E>(self, v: &str) -> Result<Self::Value, E> {
        Ok(Some(v.to_string()))
    }
    fn visit_unit<E>(self) -> Result<Self::Value, E> {
        Ok(None)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(None)
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        Ok(None)
    }
}

struct DataSeed;

impl<'de> DeserializeSeed<'de> for DataSeed {
    type Value = Data;
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<Data, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for DataSeed {
    type Value = Data;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a list of tile ids or a base64 string")
    }
    fn visit_str<E>(self, v: &str) -> Result<Data, E> {
        Ok(Data::Text(v.to_string()))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Data, A::Error> {
        let mut csv = String::new();
        while let Some(id) = seq.next_element::<u32>()? {
            if !csv.is_empty() {
                csv.push(',');
            }
            let _ = write!(csv, "{id}");
        }
        Ok(Data::Ids(csv))
    }
}

/// A polyline's or polygon's `[{x, y}, …]` as TMX's `x,y x,y …`.
struct PointsSeed<'c>(&'c Cell<usize>);

#[derive(serde::Deserialize)]
struct Point {
    x: f64,
    y: f64,
}

impl<'de> DeserializeSeed<'de> for PointsSeed<'_> {
    type Value = String;
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<String, D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for PointsSeed<'_> {
    type Value = String;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a list of points {x, y}")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<String, A::Error> {
        let mut out = String::new();
        while let Some(p) = seq.next_element::<Point>()? {
            self.0.set(self.0.get() + 1);
            if self.0.get() > MAX_ELEMENTS {
                return Err(de::Error::custom("too many objects"));
            }
            if !out.is_empty() {
                out.push(' ');
            }
            let _ = write!(out, "{},{}", p.x, p.y);
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_layer_becomes_the_tmx_element_it_stands_for() {
        let e = parse(
            r#"{"type": "map", "infinite": false, "width": 2, "properties": [{"name": "p", "type": "bool", "value": true}],
               "layers": [{"type": "tilelayer", "name": "T", "visible": false, "data": [1, 2, 0], "encoding": "csv", "tileoffset": {"x": 1}},
                          {"type": "objectgroup", "objects": [{"id": 3, "point": true, "polyline": [{"x": 1.5, "y": -2}], "text": {"text": "Hi", "wrap": true}}]}]}"#,
        )
        .expect("reads");
        assert_eq!(
            (e.name.as_str(), e.attr("infinite"), e.attr("width")),
            ("map", Some("0"), Some("2"))
        );
        let p = e
            .first("properties")
            .and_then(|p| p.first("property"))
            .expect("a property");
        assert_eq!((p.attr("name"), p.attr("value")), (Some("p"), Some("true")));
        let l = e.first("layer").expect("a tile layer");
        assert_eq!(l.attr("visible"), Some("0"));
        let d = l.first("data").expect("data");
        assert_eq!(
            (d.attr("encoding"), d.text.as_str()),
            (Some("csv"), "1,2,0")
        );
        let o = e
            .first("objectgroup")
            .and_then(|g| g.first("object"))
            .expect("an object");
        assert!(o.first("point").is_some());
        assert_eq!(
            o.first("polyline").and_then(|p| p.attr("points")),
            Some("1.5,-2")
        );
        assert_eq!(o.first("text").map(|t| t.text.as_str()), Some("Hi"));
    }

    #[test]
    fn bad_and_hostile_json_is_refused() {
        assert!(matches!(parse("{\"a\": "), Err(XmlError::Json(_))));
        assert!(matches!(parse("{} x"), Err(XmlError::Json(_))));
        assert!(matches!(parse(&"[".repeat(200)), Err(XmlError::Json(_))));
        let wide = format!("{{\"layers\": [{}{{}}]}}", "{},".repeat(MAX_ELEMENTS));
        assert!(matches!(parse(&wide), Err(XmlError::TooLarge { .. })));
        assert!(matches!(
            parse("{\"layers\": [{\"data\": [1, -1]}]}"),
            Err(XmlError::Json(_))
        ));
        assert!(is_json("\u{feff} {") && !is_json("<map/>"));
    }
}

//! A thin layer over quick-xml's writer for the TMX writer: elements with attributes,
//! indented, values escaped by quick-xml.

use quick_xml::events::{BytesDecl, BytesEnd, BytesStart, BytesText, Event};
use quick_xml::Writer;

/// An XML document being written.
pub struct Out {
    w: Writer<Vec<u8>>,
}

fn start<'a>(name: &'a str, attrs: &'a [(&'a str, String)]) -> BytesStart<'a> {
    BytesStart::new(name).with_attributes(attrs.iter().map(|(k, v)| (*k, v.as_str())))
}

impl Out {
    /// A document with its XML declaration.
    pub fn new() -> Out {
        let mut w = Writer::new_with_indent(Vec::new(), b' ', 1);
        // Writing to a Vec cannot fail.
        let _ = w.write_event(Event::Decl(BytesDecl::new("1.0", Some("UTF-8"), None)));
        Out { w }
    }

    /// Opens an element.
    pub fn open(&mut self, name: &str, attrs: &[(&str, String)]) {
        let _ = self.w.write_event(Event::Start(start(name, attrs)));
    }

    /// Closes an element.
    pub fn close(&mut self, name: &str) {
        let _ = self.w.write_event(Event::End(BytesEnd::new(name)));
    }

    /// An element with no content.
    pub fn empty(&mut self, name: &str, attrs: &[(&str, String)]) {
        let _ = self.w.write_event(Event::Empty(start(name, attrs)));
    }

    /// An element holding text.
    pub fn text(&mut self, name: &str, attrs: &[(&str, String)], text: &str) {
        let _ = self.w.write_event(Event::Start(start(name, attrs)));
        let _ = self.w.write_event(Event::Text(BytesText::new(text)));
        let _ = self.w.write_event(Event::End(BytesEnd::new(name)));
    }

    /// A `<properties>` block (nothing when empty). Values with a line break are written
    /// as the element's text, as Tiled does.
    pub fn properties(&mut self, props: &[(&str, Prop)]) {
        if props.is_empty() {
            return;
        }
        self.open("properties", &[]);
        for (name, value) in props {
            let mut attrs = vec![("name", name.to_string())];
            let value = match value {
                Prop::Int(i) => {
                    attrs.push(("type", "int".into()));
                    i.to_string()
                }
                Prop::Str(s) => s.clone(),
            };
            if value.contains('\n') {
                self.text("property", &attrs, &value);
            } else {
                attrs.push(("value", value));
                self.empty("property", &attrs);
            }
        }
        self.close("properties");
    }

    /// The document's text.
    pub fn finish(self) -> String {
        let mut s = String::from_utf8_lossy(&self.w.into_inner()).into_owned();
        s.push('\n');
        s
    }
}

/// A property value.
#[derive(Debug, Clone, PartialEq)]
pub enum Prop {
    /// A string.
    Str(String),
    /// An integer (`type="int"`).
    Int(i64),
}

impl From<&str> for Prop {
    fn from(s: &str) -> Prop {
        Prop::Str(s.to_string())
    }
}

impl From<String> for Prop {
    fn from(s: String) -> Prop {
        Prop::Str(s)
    }
}

/// A number as TMX writes it: no trailing `.0`.
pub fn num(v: f64) -> String {
    let r = (v * 100.0).round() / 100.0;
    if r == r.trunc() {
        format!("{}", r as i64)
    } else {
        format!("{r}")
    }
}

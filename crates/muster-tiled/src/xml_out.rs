//! A thin layer over the shared XML writer ([`muster_xml`]) for the TMX writer: elements
//! with attributes, indented one space, values sanitised and escaped as in every Muster
//! export (characters XML 1.0 forbids dropped; quotes as entities, as TMX files Muster wrote
//! before have them).

use muster_xml::{Quotes, Style, XmlWriter};

/// An XML document being written.
pub struct Out {
    w: XmlWriter,
}

impl Out {
    /// A document with its XML declaration.
    pub fn new() -> Out {
        Out {
            w: XmlWriter::new(Style {
                indent: 1,
                standalone: None,
                quotes: Quotes::Everywhere,
            }),
        }
    }

    /// Opens an element.
    pub fn open(&mut self, name: &str, attrs: &[(&str, String)]) {
        self.w.open(name, attrs);
    }

    /// Closes an element.
    pub fn close(&mut self, name: &str) {
        self.w.close(name);
    }

    /// An element with no content.
    pub fn empty(&mut self, name: &str, attrs: &[(&str, String)]) {
        self.w.empty(name, attrs);
    }

    /// An element holding text.
    pub fn text(&mut self, name: &str, attrs: &[(&str, String)], text: &str) {
        self.w.text_element(name, attrs, text);
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
        self.w.finish()
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

//! The writer: quick-xml's indenting writer, fed values that went through [`escape`].

use crate::escape::{escape, Place, Quotes};
use quick_xml::events::attributes::Attribute;
use quick_xml::events::{BytesDecl, BytesEnd, BytesStart, BytesText, Event};
use quick_xml::name::QName;
use quick_xml::Writer;

/// How a document is laid out and escaped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Style {
    /// Spaces of indentation a level; each element starts a line.
    pub indent: usize,
    /// The declaration's `standalone`, when it has one.
    pub standalone: Option<&'static str>,
    /// Which quotes are written as entities.
    pub quotes: Quotes,
}

/// An XML document being written: a declaration, then elements. Every text and attribute
/// value is sanitised and escaped ([`escape`]); names are written as given.
pub struct XmlWriter {
    w: Writer<Vec<u8>>,
    quotes: Quotes,
}

/// Writing to a `Vec` cannot fail, so the writer's `io::Result`s are dropped here.
fn put(w: &mut Writer<Vec<u8>>, e: Event<'_>) {
    let _ = w.write_event(e);
}

impl XmlWriter {
    /// A document with its XML declaration (version 1.0, UTF-8).
    pub fn new(style: Style) -> XmlWriter {
        let mut w = Writer::new_with_indent(Vec::new(), b' ', style.indent);
        put(
            &mut w,
            Event::Decl(BytesDecl::new("1.0", Some("UTF-8"), style.standalone)),
        );
        XmlWriter {
            w,
            quotes: style.quotes,
        }
    }

    fn start<'a, K, V>(&self, name: &'a str, attrs: &'a [(K, V)]) -> BytesStart<'a>
    where
        K: AsRef<str>,
        V: AsRef<str>,
    {
        debug_assert!(is_name(name), "not an XML name: {name:?}");
        let mut e = BytesStart::new(name);
        for (k, v) in attrs {
            debug_assert!(is_name(k.as_ref()), "not an XML name: {:?}", k.as_ref());
            let value = escape(v.as_ref(), Place::Attribute, self.quotes);
            e.push_attribute(Attribute {
                key: QName(k.as_ref().as_bytes()),
                value: value.into_owned().into_bytes().into(),
            });
        }
        e
    }

    /// Opens an element with attributes (in the order given).
    pub fn open<K: AsRef<str>, V: AsRef<str>>(&mut self, name: &str, attrs: &[(K, V)]) {
        let e = self.start(name, attrs);
        put(&mut self.w, Event::Start(e));
    }

    /// Closes the element `name`.
    pub fn close(&mut self, name: &str) {
        put(&mut self.w, Event::End(BytesEnd::new(name)));
    }

    /// An element with no content: `<name a="v"/>`.
    pub fn empty<K: AsRef<str>, V: AsRef<str>>(&mut self, name: &str, attrs: &[(K, V)]) {
        let e = self.start(name, attrs);
        put(&mut self.w, Event::Empty(e));
    }

    /// Text inside the open element, on the same line as its tags.
    pub fn text(&mut self, text: &str) {
        let t = escape(text, Place::Text, self.quotes);
        put(&mut self.w, Event::Text(BytesText::from_escaped(t)));
    }

    /// An element holding text: `<name a="v">text</name>`.
    pub fn text_element<K: AsRef<str>, V: AsRef<str>>(
        &mut self,
        name: &str,
        attrs: &[(K, V)],
        text: &str,
    ) {
        self.open(name, attrs);
        self.text(text);
        self.close(name);
    }

    /// The document's text, ending with a line feed.
    pub fn finish(self) -> String {
        // Only `&str`s and ASCII escapes were written, so the bytes are UTF-8.
        let mut s = String::from_utf8_lossy(&self.w.into_inner()).into_owned();
        s.push('\n');
        s
    }
}

/// A loose check of an element or attribute name (the program's own constants).
fn is_name(n: &str) -> bool {
    !n.is_empty()
        && n.chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '.' | ':'))
}

#[cfg(test)]
mod tests {
    use super::*;

    const VASSAL: Style = Style {
        indent: 2,
        standalone: Some("no"),
        quotes: Quotes::Needed,
    };

    #[test]
    fn layout_nests_elements_and_keeps_text_inline() {
        let mut w = XmlWriter::new(VASSAL);
        w.open("a", &[("n", "1")]);
        w.empty("b", &[("k", "v"), ("l", "w")]);
        w.text_element::<&str, &str>("c", &[], "x");
        w.text_element::<&str, &str>("d", &[], "");
        w.close("a");
        assert_eq!(
            w.finish(),
            "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n<a n=\"1\">\n  <b k=\"v\" l=\"w\"/>\n  <c>x</c>\n  <d></d>\n</a>\n"
        );
    }

    /// code.md 4: a title with BEL and ESC and a label with U+0001 made an ill-formed file.
    #[test]
    fn control_characters_give_a_well_formed_document() {
        for quotes in [Quotes::Needed, Quotes::Everywhere] {
            let mut w = XmlWriter::new(Style {
                indent: 1,
                standalone: None,
                quotes,
            });
            w.open("map", &[("title", "Bell\u{7}map\u{1b}[31m \"<&>'")]);
            w.text_element(
                "label",
                &[("tab", "a\tb\nc\rd")],
                "A\u{1}B\u{FFFF}\r\n<&>'\"",
            );
            w.close("map");
            let doc = w.finish();
            assert!(!doc.chars().any(crate::is_forbidden), "{doc:?}");
            let parsed = roxmltree::Document::parse(&doc).expect("well-formed");
            let map = parsed.root_element();
            assert_eq!(map.attribute("title"), Some("Bellmap[31m \"<&>'"));
            let label = map.first_element_child().expect("label");
            assert_eq!(label.text(), Some("AB\r\n<&>'\""));
            assert_eq!(label.attribute("tab"), Some("a\tb\nc\rd"));
        }
    }
}

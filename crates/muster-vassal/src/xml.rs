//! A small XML element tree, enough for `buildFile.xml` and `moduledata` (elements,
//! attributes in the order given, text), written by the writer Tiled's export uses too.

use muster_xml::{Quotes, Style, XmlWriter};

/// An element.
#[derive(Debug, Clone, Default)]
pub struct El {
    name: String,
    attrs: Vec<(String, String)>,
    children: Vec<El>,
    text: Option<String>,
}

impl El {
    /// An element with no attributes.
    pub fn new(name: &str) -> El {
        El {
            name: name.into(),
            ..El::default()
        }
    }

    /// Adds an attribute.
    pub fn attr(mut self, key: &str, value: impl ToString) -> El {
        self.attrs.push((key.into(), value.to_string()));
        self
    }

    /// Adds a child.
    pub fn child(mut self, c: El) -> El {
        self.children.push(c);
        self
    }

    /// Adds children.
    pub fn children(mut self, cs: impl IntoIterator<Item = El>) -> El {
        self.children.extend(cs);
        self
    }

    /// Sets the text content.
    pub fn text(mut self, t: impl Into<String>) -> El {
        self.text = Some(t.into());
        self
    }

    /// The document: declaration and this element, written by Muster's one XML writer
    /// ([`muster_xml`]: two spaces a level, characters XML 1.0 forbids dropped).
    pub fn document(&self) -> String {
        let mut w = XmlWriter::new(Style {
            indent: 2,
            standalone: Some("no"),
            quotes: Quotes::Needed,
        });
        self.write(&mut w);
        w.finish()
    }

    fn write(&self, w: &mut XmlWriter) {
        if self.children.is_empty() && self.text.is_none() {
            w.empty(&self.name, &self.attrs);
            return;
        }
        w.open(&self.name, &self.attrs);
        if let Some(t) = &self.text {
            w.text(t);
        }
        for c in &self.children {
            c.write(w);
        }
        w.close(&self.name);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attributes_and_text_are_escaped() {
        let d = El::new("a")
            .attr("n", "x\"<&>\ty")
            .child(El::new("b").text("1 < 2 & \u{1}tab\there"))
            .document();
        assert!(d.contains("n=\"x&quot;&lt;&amp;&gt;&#9;y\""), "{d}");
        assert!(d.contains("<b>1 &lt; 2 &amp; tab\there</b>"), "{d}");
    }

    /// code.md 4: characters XML 1.0 forbids are dropped, so a strict parser reads the file.
    #[test]
    fn forbidden_characters_are_dropped() {
        let d = El::new("a")
            .attr("title", "Bell\u{7}map\u{1b}[31m")
            .child(El::new("b").text("A\u{1}B\u{FFFE}"))
            .document();
        assert!(d.contains("title=\"Bellmap[31m\""), "{d}");
        assert!(d.contains("<b>AB</b>"), "{d}");
        roxmltree::Document::parse(&d).expect("well-formed");
    }
}

//! A small XML element tree written with escaping, enough for `buildFile.xml` and
//! `moduledata` (elements, attributes in the order given, text).

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

    /// The document: declaration and this element.
    pub fn document(&self) -> String {
        let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>");
        self.write(&mut out, 0);
        out.push('\n');
        out
    }

    fn write(&self, out: &mut String, depth: usize) {
        out.push('\n');
        out.push_str(&"  ".repeat(depth));
        out.push('<');
        out.push_str(&self.name);
        for (k, v) in &self.attrs {
            out.push(' ');
            out.push_str(k);
            out.push_str("=\"");
            escape_into(out, v, true);
            out.push('"');
        }
        if self.children.is_empty() && self.text.is_none() {
            out.push_str("/>");
            return;
        }
        out.push('>');
        if let Some(t) = &self.text {
            escape_into(out, t, false);
        }
        for c in &self.children {
            c.write(out, depth + 1);
        }
        if !self.children.is_empty() {
            out.push('\n');
            out.push_str(&"  ".repeat(depth));
        }
        out.push_str("</");
        out.push_str(&self.name);
        out.push('>');
    }
}

/// Escapes markup characters; in attributes also quotes and the whitespace an XML parser
/// would otherwise normalise (tab, newline). Characters XML 1.0 forbids are dropped.
fn escape_into(out: &mut String, s: &str, attribute: bool) {
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' if attribute => out.push_str("&quot;"),
            '\t' if attribute => out.push_str("&#9;"),
            '\n' if attribute => out.push_str("&#10;"),
            '\r' => out.push_str("&#13;"),
            '\t' | '\n' => out.push(c),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => {}
            c => out.push(c),
        }
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
}

//! A small element tree read with quick-xml, bounded in depth and element count so that a
//! hostile file costs at most a few times its size in memory. Entities other than XML's
//! five and character references are refused (no DTD expansion).

use quick_xml::events::Event;
use quick_xml::Reader;

/// The deepest nesting read (TMX needs about eight: map, group…, objectgroup, object,
/// properties, property).
pub const MAX_DEPTH: usize = 64;
/// The most elements read from one file: some 100 MB of tree at most. An export with hex
/// numbers (at most 10,000 hexes) has under 30,000.
pub const MAX_ELEMENTS: usize = 200_000;

/// One element.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Element {
    /// Its name.
    pub name: String,
    /// Its attributes, in order.
    pub attrs: Vec<(String, String)>,
    /// Its child elements.
    pub children: Vec<Element>,
    /// Its text (all text and CDATA directly inside it, joined).
    pub text: String,
    /// Line of its start tag.
    pub line: usize,
}

impl Element {
    /// An attribute's value.
    pub fn attr(&self, name: &str) -> Option<&str> {
        self.attrs
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// The children of a given name.
    pub fn all<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a Element> + 'a {
        self.children.iter().filter(move |c| c.name == name)
    }

    /// The first child of a given name.
    pub fn first(&self, name: &str) -> Option<&Element> {
        self.children.iter().find(|c| c.name == name)
    }
}

/// Why a text is not XML we read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum XmlError {
    /// Not well-formed.
    #[error("line {line}: not well-formed XML: {message}")]
    Syntax {
        /// Line of the error.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// Nested too deeply or too many elements.
    #[error("line {line}: the file nests deeper than {MAX_DEPTH} elements or has more than {MAX_ELEMENTS}; it is not a map Muster reads")]
    TooLarge {
        /// Line where the limit was reached.
        line: usize,
    },
    /// No root element.
    #[error("the file has no XML element")]
    Empty,
    /// Not JSON, or not the shape of Tiled's JSON formats.
    #[error("not a Tiled JSON file Muster reads: {0}")]
    Json(String),
}

/// Line numbers of byte positions met in increasing order, counted once (a count from the
/// start for every element would make reading quadratic).
struct Lines<'a> {
    text: &'a [u8],
    pos: usize,
    line: usize,
}

impl Lines<'_> {
    fn at(&mut self, pos: u64) -> usize {
        let end = usize::try_from(pos)
            .unwrap_or(usize::MAX)
            .min(self.text.len());
        if end >= self.pos {
            self.line += self.text[self.pos..end]
                .iter()
                .filter(|b| **b == b'\n')
                .count();
            self.pos = end;
        }
        self.line
    }
}

fn start(e: &quick_xml::events::BytesStart<'_>, line: usize) -> Result<Element, String> {
    let mut attrs = Vec::new();
    // Without quick-xml's duplicate check, which is quadratic in the attributes of an
    // element; a repeated attribute reads as its first.
    for a in e.attributes().with_checks(false) {
        let a = a.map_err(|e| e.to_string())?;
        let key = String::from_utf8_lossy(a.key.as_ref()).into_owned();
        let value = a.unescape_value().map_err(|e| e.to_string())?.into_owned();
        attrs.push((key, value));
    }
    Ok(Element {
        name: String::from_utf8_lossy(e.name().as_ref()).into_owned(),
        attrs,
        children: vec![],
        text: String::new(),
        line,
    })
}

fn entity(name: &str) -> Option<char> {
    Some(match name {
        "amp" => '&',
        "lt" => '<',
        "gt" => '>',
        "apos" => '\'',
        "quot" => '"',
        _ => return None,
    })
}

/// Reads the element tree of a text.
pub fn parse(text: &str) -> Result<Element, XmlError> {
    let mut reader = Reader::from_str(text);
    let mut stack: Vec<Element> = vec![];
    let mut count = 0usize;
    let mut lines = Lines {
        text: text.as_bytes(),
        pos: 0,
        line: 1,
    };
    let syntax = |line: usize, message: String| XmlError::Syntax { line, message };
    loop {
        let pos = reader.buffer_position();
        let ev = match reader.read_event() {
            Ok(ev) => ev,
            Err(e) => return Err(syntax(lines.at(reader.buffer_position()), e.to_string())),
        };
        let line = lines.at(pos);
        match ev {
            Event::Start(e) => {
                count += 1;
                if stack.len() >= MAX_DEPTH || count > MAX_ELEMENTS {
                    return Err(XmlError::TooLarge { line });
                }
                stack.push(start(&e, line).map_err(|m| syntax(line, m))?);
            }
            Event::Empty(e) => {
                count += 1;
                if count > MAX_ELEMENTS {
                    return Err(XmlError::TooLarge { line });
                }
                let el = start(&e, line).map_err(|m| syntax(line, m))?;
                match stack.last_mut() {
                    Some(parent) => parent.children.push(el),
                    None => return Ok(el),
                }
            }
            Event::End(_) => {
                let Some(el) = stack.pop() else {
                    return Err(syntax(line, "an end tag with no start".into()));
                };
                match stack.last_mut() {
                    Some(parent) => parent.children.push(el),
                    None => return Ok(el),
                }
            }
            Event::Text(t) => {
                if let Some(el) = stack.last_mut() {
                    let s = t.decode().map_err(|e| syntax(line, e.to_string()))?;
                    el.text.push_str(&s);
                }
            }
            Event::CData(t) => {
                if let Some(el) = stack.last_mut() {
                    let s = t.decode().map_err(|e| syntax(line, e.to_string()))?;
                    el.text.push_str(&s);
                }
            }
            Event::GeneralRef(r) => {
                let c = if r.is_char_ref() {
                    r.resolve_char_ref()
                        .map_err(|e| syntax(line, e.to_string()))?
                } else {
                    let name = r.decode().map_err(|e| syntax(line, e.to_string()))?;
                    match entity(&name) {
                        Some(c) => Some(c),
                        None => return Err(syntax(line, format!("unknown entity `&{name};`"))),
                    }
                };
                if let (Some(el), Some(c)) = (stack.last_mut(), c) {
                    el.text.push(c);
                }
            }
            Event::Eof => {
                return Err(if stack.is_empty() {
                    XmlError::Empty
                } else {
                    syntax(line, "the file ends inside an element".into())
                })
            }
            Event::Decl(_) | Event::PI(_) | Event::Comment(_) | Event::DocType(_) => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_elements_attributes_and_text() {
        let e =
            parse("<?xml version=\"1.0\"?>\n<a x=\"1 &amp; 2\"><b/>t&lt;&#65;<![CDATA[c]]></a>")
                .expect("parses");
        assert_eq!(e.attr("x"), Some("1 & 2"));
        assert_eq!(e.children.len(), 1);
        assert_eq!(e.text, "t<Ac");
    }

    #[test]
    fn refuses_malformed_and_hostile_input() {
        assert!(matches!(parse("<a><b></a>"), Err(XmlError::Syntax { .. })));
        assert!(matches!(
            parse("<a>&xxe;</a>"),
            Err(XmlError::Syntax { .. })
        ));
        assert!(matches!(parse(""), Err(XmlError::Empty)));
        assert!(matches!(parse("<a>"), Err(XmlError::Syntax { .. })));
        let deep = "<a>".repeat(MAX_DEPTH + 1);
        assert!(matches!(parse(&deep), Err(XmlError::TooLarge { .. })));
        let wide = format!("<a>{}</a>", "<b/>".repeat(MAX_ELEMENTS));
        assert!(matches!(parse(&wide), Err(XmlError::TooLarge { .. })));
    }

    #[test]
    fn line_numbers_count_from_one_in_order() {
        // Regression: lines were once counted from the start for every element, which made
        // a 12 MB file of small elements take minutes.
        let e = parse("<a>\n<b/>\n\n<c/></a>").expect("parses");
        assert_eq!(
            e.children.iter().map(|c| c.line).collect::<Vec<_>>(),
            vec![2, 4]
        );
        let Err(XmlError::Syntax { line, .. }) = parse("<a>\n\n<b></a>") else {
            panic!("a syntax error");
        };
        assert_eq!(line, 3);
    }
}

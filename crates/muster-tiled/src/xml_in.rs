//! A small element tree read with quick-xml, bounded in depth and element count so that a
//! hostile file costs at most a few times its size in memory. Entities other than XML's
//! five and character references are refused (no DTD expansion).

use quick_xml::events::Event;
use quick_xml::Reader;

/// The deepest nesting read (TMX needs about eight: map, group…, objectgroup, object,
/// properties, property).
pub const MAX_DEPTH: usize = 64;
/// The most elements read from one file.
pub const MAX_ELEMENTS: usize = 500_000;

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
}

fn line_at(text: &str, pos: u64) -> usize {
    let end = usize::try_from(pos).unwrap_or(usize::MAX).min(text.len());
    1 + text.as_bytes()[..end]
        .iter()
        .filter(|b| **b == b'\n')
        .count()
}

fn start(e: &quick_xml::events::BytesStart<'_>, line: usize) -> Result<Element, String> {
    let mut attrs = Vec::new();
    for a in e.attributes() {
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
    let syntax = |reader: &Reader<&[u8]>, message: String| XmlError::Syntax {
        line: line_at(text, reader.buffer_position()),
        message,
    };
    loop {
        let pos = reader.buffer_position();
        let ev = reader
            .read_event()
            .map_err(|e| syntax(&reader, e.to_string()))?;
        match ev {
            Event::Start(e) => {
                count += 1;
                if stack.len() >= MAX_DEPTH || count > MAX_ELEMENTS {
                    return Err(XmlError::TooLarge {
                        line: line_at(text, pos),
                    });
                }
                stack.push(start(&e, line_at(text, pos)).map_err(|m| syntax(&reader, m))?);
            }
            Event::Empty(e) => {
                count += 1;
                if count > MAX_ELEMENTS {
                    return Err(XmlError::TooLarge {
                        line: line_at(text, pos),
                    });
                }
                let el = start(&e, line_at(text, pos)).map_err(|m| syntax(&reader, m))?;
                match stack.last_mut() {
                    Some(parent) => parent.children.push(el),
                    None => return Ok(el),
                }
            }
            Event::End(_) => {
                let Some(el) = stack.pop() else {
                    return Err(syntax(&reader, "an end tag with no start".into()));
                };
                match stack.last_mut() {
                    Some(parent) => parent.children.push(el),
                    None => return Ok(el),
                }
            }
            Event::Text(t) => {
                if let Some(el) = stack.last_mut() {
                    let s = t.decode().map_err(|e| syntax(&reader, e.to_string()))?;
                    el.text.push_str(&s);
                }
            }
            Event::CData(t) => {
                if let Some(el) = stack.last_mut() {
                    let s = t.decode().map_err(|e| syntax(&reader, e.to_string()))?;
                    el.text.push_str(&s);
                }
            }
            Event::GeneralRef(r) => {
                let c = if r.is_char_ref() {
                    r.resolve_char_ref()
                        .map_err(|e| syntax(&reader, e.to_string()))?
                } else {
                    let name = r.decode().map_err(|e| syntax(&reader, e.to_string()))?;
                    match entity(&name) {
                        Some(c) => Some(c),
                        None => return Err(syntax(&reader, format!("unknown entity `&{name};`"))),
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
                    syntax(&reader, "the file ends inside an element".into())
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
    }
}

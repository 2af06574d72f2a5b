//! A small recursive-descent reader for RON and JSON that keeps positions.
//!
//! serde's RON and JSON parsers throw positions away once a value is built, and a schema
//! error or a rule finding must point at the exact key or value. This reader accepts the
//! RON that Muster files use (structs, maps, lists, tuples, enum variants, `Some`/`None`,
//! strings, raw strings, chars, numbers, comments) and JSON, and builds a [`Node`] tree in
//! serde's JSON shape: structs and maps become objects, `Variant(..)` becomes
//! `{"Variant": ..}`, a unit variant becomes its name as a string. Nesting is limited to
//! [`MAX_DEPTH`] so that hostile files cannot exhaust the stack.

use super::node::{Key, Node, NodeKind, Span};
use super::wanted::Wanted;

/// Deepest nesting accepted.
pub const MAX_DEPTH: usize = 128;

/// A syntax error and where it is.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct ReadError {
    /// What is wrong, worded as what to fix.
    pub message: String,
    /// Where.
    pub span: Span,
}

/// Reads a whole RON or JSON document.
pub fn read(text: &str) -> Result<Node, ReadError> {
    Reader::new(text, None).document()
}

/// Reads a whole document but keeps, of each list, only the items that `wanted` reaches:
/// the others keep their span and lose their content. Enough to locate those pointers in a
/// file of any size while holding little more than the pointers' own values. Lists inside
/// an enum variant's data are kept whole (their pointers pass through the variant's name,
/// which is known only once its data is read).
pub fn read_wanted(text: &str, wanted: &Wanted) -> Result<Node, ReadError> {
    let mut r = Reader::new(text, None);
    r.prune = Some(Prune {
        wanted,
        path: String::new(),
        opaque: 0,
    });
    r.document()
}

/// Reads a whole RON document and the comments in it (line and block comments, in the
/// order they are written), for writers that must keep them.
pub fn read_with_comments(text: &str) -> Result<(Node, Vec<Span>), ReadError> {
    let mut r = Reader::new(text, Some(Vec::new()));
    let node = r.document()?;
    Ok((node, r.comments.unwrap_or_default()))
}

struct Reader<'a> {
    src: &'a str,
    b: &'a [u8],
    pos: usize,
    depth: usize,
    /// Comments seen so far, when asked for. Look-ahead may pass a comment twice; it is
    /// kept once.
    comments: Option<Vec<Span>>,
    /// Which list items to keep, when reading for a few pointers ([`read_wanted`]).
    prune: Option<Prune<'a>>,
}

/// Where the reader is, as a JSON pointer, and which paths to keep.
struct Prune<'a> {
    wanted: &'a Wanted,
    path: String,
    /// How many enum variants' data the reader is inside (their paths are not known).
    opaque: usize,
}

/// A key as a JSON pointer segment (`~` as `~0`, `/` as `~1`).
struct Escaped<'a>(&'a str);

impl std::fmt::Display for Escaped<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if !self.0.contains(['~', '/']) {
            return f.write_str(self.0);
        }
        f.write_str(&self.0.replace('~', "~0").replace('/', "~1"))
    }
}

fn is_ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_'
}

fn is_ident_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

impl<'a> Reader<'a> {
    fn new(src: &'a str, comments: Option<Vec<Span>>) -> Self {
        Reader {
            src,
            b: src.as_bytes(),
            pos: 0,
            depth: 0,
            comments,
            prune: None,
        }
    }

    /// Steps into a member or item, when reading for pointers; returns where the path was.
    fn step_in(&mut self, segment: impl std::fmt::Display) -> usize {
        let Some(p) = &mut self.prune else {
            return 0;
        };
        let back = p.path.len();
        use std::fmt::Write;
        let _ = write!(p.path, "/{segment}");
        back
    }

    /// Steps back out to `back`.
    fn step_out(&mut self, back: usize) {
        if let Some(p) = &mut self.prune {
            p.path.truncate(back);
        }
    }

    /// Whether the item just read at the current path may be dropped.
    fn unwanted(&self) -> bool {
        self.prune
            .as_ref()
            .is_some_and(|p| p.opaque == 0 && !p.wanted.contains(&p.path))
    }

    fn document(&mut self) -> Result<Node, ReadError> {
        self.skip_trivia()?;
        self.skip_attributes()?;
        let node = self.value(true)?;
        self.skip_trivia()?;
        if self.pos < self.b.len() {
            return Err(self.err_here("unexpected text after the end of the document"));
        }
        Ok(node)
    }

    fn note_comment(&mut self, start: usize, end: usize) {
        if let Some(comments) = &mut self.comments {
            if comments.last().is_none_or(|c| c.end <= start) {
                comments.push(Span { start, end });
            }
        }
    }

    fn err(&self, message: impl Into<String>, start: usize, end: usize) -> ReadError {
        ReadError {
            message: message.into(),
            span: Span {
                start,
                end: end.max(start),
            },
        }
    }

    fn err_here(&self, message: impl Into<String>) -> ReadError {
        let end = self.next_char_end();
        self.err(message, self.pos, end)
    }

    fn next_char_end(&self) -> usize {
        self.src[self.pos.min(self.src.len())..]
            .chars()
            .next()
            .map(|c| self.pos + c.len_utf8())
            .unwrap_or(self.pos)
    }

    fn peek(&self) -> Option<u8> {
        self.b.get(self.pos).copied()
    }

    fn describe_next(&self) -> String {
        match self.src[self.pos.min(self.src.len())..].chars().next() {
            None => "the end of the file".into(),
            Some(c) => format!("`{c}`"),
        }
    }

    fn skip_trivia(&mut self) -> Result<(), ReadError> {
        loop {
            match self.peek() {
                Some(b' ' | b'\t' | b'\n' | b'\r') => self.pos += 1,
                Some(b'/') if self.b.get(self.pos + 1) == Some(&b'/') => {
                    let start = self.pos;
                    while let Some(c) = self.peek() {
                        if c == b'\n' {
                            break;
                        }
                        self.pos += 1;
                    }
                    let text = &self.src[start..self.pos];
                    let end = start + text.trim_end_matches('\r').len();
                    self.note_comment(start, end);
                }
                Some(b'/') if self.b.get(self.pos + 1) == Some(&b'*') => {
                    let start = self.pos;
                    self.pos += 2;
                    let mut level = 1;
                    while level > 0 {
                        match (self.peek(), self.b.get(self.pos + 1)) {
                            (None, _) => {
                                return Err(self.err(
                                    "unterminated comment: close it with `*/`",
                                    start,
                                    start + 2,
                                ))
                            }
                            (Some(b'*'), Some(b'/')) => {
                                level -= 1;
                                self.pos += 2;
                            }
                            (Some(b'/'), Some(b'*')) => {
                                level += 1;
                                self.pos += 2;
                            }
                            _ => self.pos += 1,
                        }
                    }
                    self.note_comment(start, self.pos);
                }
                _ => return Ok(()),
            }
        }
    }

    fn skip_attributes(&mut self) -> Result<(), ReadError> {
        while self.src[self.pos..].starts_with("#![") {
            match self.src[self.pos..].find(']') {
                Some(i) => {
                    // `#![enable(a, b)]` holds one `]` for the attribute's close bracket.
                    self.pos += i + 1;
                    if self.peek() == Some(b']') {
                        self.pos += 1;
                    }
                }
                None => return Err(self.err_here("unterminated attribute `#![...]`")),
            }
            self.skip_trivia()?;
        }
        Ok(())
    }

    fn expect(&mut self, c: u8, what: &str) -> Result<(), ReadError> {
        self.skip_trivia()?;
        if self.peek() == Some(c) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.err_here(format!("expected {what}, found {}", self.describe_next())))
        }
    }

    fn enter(&mut self, start: usize) -> Result<(), ReadError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.err(
                format!("values nest more than {MAX_DEPTH} deep"),
                start,
                start + 1,
            ));
        }
        Ok(())
    }

    fn value(&mut self, top: bool) -> Result<Node, ReadError> {
        self.skip_trivia()?;
        let start = self.pos;
        let Some(c) = self.peek() else {
            return Err(self.err_here("expected a value, found the end of the file"));
        };
        match c {
            b'"' => {
                let s = self.string()?;
                Ok(self.node(start, NodeKind::Str(s)))
            }
            b'r' if matches!(self.b.get(self.pos + 1), Some(b'"' | b'#')) => {
                let s = self.raw_string()?;
                Ok(self.node(start, NodeKind::Str(s)))
            }
            b'\'' => {
                let s = self.char_lit()?;
                Ok(self.node(start, NodeKind::Str(s)))
            }
            b'[' => self.list(start),
            b'{' => self.map(start),
            b'(' => self.paren(start),
            b'-' | b'+' | b'.' | b'0'..=b'9' => self.number(start),
            c if is_ident_start(c) => self.ident_value(start, top),
            _ => Err(self.err_here(format!("expected a value, found {}", self.describe_next()))),
        }
    }

    fn node(&self, start: usize, kind: NodeKind) -> Node {
        Node {
            span: Span {
                start,
                end: self.pos,
            },
            kind,
        }
    }

    fn ident(&mut self) -> &'a str {
        let start = self.pos;
        while self.peek().is_some_and(is_ident_char) {
            self.pos += 1;
        }
        &self.src[start..self.pos]
    }

    fn ident_value(&mut self, start: usize, top: bool) -> Result<Node, ReadError> {
        let name = self.ident();
        let after_ident = self.pos;
        match name {
            "true" => return Ok(self.node(start, NodeKind::Bool(true))),
            "false" => return Ok(self.node(start, NodeKind::Bool(false))),
            "None" | "null" => return Ok(self.node(start, NodeKind::Null)),
            "inf" | "NaN" => {
                return Err(self.err("non-finite numbers are not allowed", start, self.pos))
            }
            _ => {}
        }
        self.skip_trivia()?;
        if self.peek() != Some(b'(') {
            self.pos = after_ident;
            return Ok(self.node(start, NodeKind::Str(name.to_string())));
        }
        let open = self.pos;
        if name == "Some" {
            self.pos += 1;
            self.enter(open)?;
            let inner = self.value(false)?;
            self.skip_trivia()?;
            if self.peek() == Some(b',') {
                self.pos += 1;
            }
            self.expect(b')', "`)` to close `Some(`")?;
            self.depth -= 1;
            return Ok(Node {
                span: Span {
                    start,
                    end: self.pos,
                },
                kind: inner.kind,
            });
        }
        // A variant's data sits under its name, which the tree adds once the data is read:
        // lists inside are kept whole when reading for pointers. A named top-level struct's
        // name is only decoration, so its fields keep their paths.
        let transparent = top && self.looks_like_struct(open);
        if let Some(p) = self.prune.as_mut().filter(|_| !transparent) {
            p.opaque += 1;
        }
        let inner = self.paren(open);
        if let Some(p) = self.prune.as_mut().filter(|_| !transparent) {
            p.opaque -= 1;
        }
        let inner = inner?;
        if top && matches!(inner.kind, NodeKind::Object(_)) && transparent {
            // A named top-level struct, `Scenario(title: ...)`: the name is decoration.
            return Ok(Node {
                span: Span {
                    start,
                    end: self.pos,
                },
                kind: inner.kind,
            });
        }
        let key = Key {
            name: name.to_string(),
            span: Span {
                start,
                end: after_ident,
            },
        };
        let kind = match inner.kind {
            NodeKind::Array(mut items) if items.len() == 1 => {
                NodeKind::Object(vec![(key, items.remove(0))])
            }
            other => NodeKind::Object(vec![(
                key,
                Node {
                    span: inner.span,
                    kind: other,
                },
            )]),
        };
        Ok(self.node(start, kind))
    }

    fn looks_like_struct(&self, open: usize) -> bool {
        // `( ident :` — named fields (comments may come between).
        let mut probe = Reader::new(self.src, None);
        probe.pos = open + 1;
        if probe.skip_trivia().is_err() || !probe.peek().is_some_and(is_ident_start) {
            return false;
        }
        probe.ident();
        if probe.skip_trivia().is_err() {
            return false;
        }
        probe.peek() == Some(b':') && probe.b.get(probe.pos + 1) != Some(&b':')
    }

    /// `( ... )`: a struct with named fields, a tuple, or `()`.
    fn paren(&mut self, start: usize) -> Result<Node, ReadError> {
        self.enter(start)?;
        self.pos += 1; // (
        self.skip_trivia()?;
        if self.peek() == Some(b')') {
            self.pos += 1;
            self.depth -= 1;
            return Ok(self.node(start, NodeKind::Null));
        }
        let named = self.looks_like_struct(start);
        let kind = if named {
            let mut fields: Vec<(Key, Node)> = Vec::new();
            let mut seen = Seen::default();
            loop {
                self.skip_trivia()?;
                if self.peek() == Some(b')') {
                    break;
                }
                let kstart = self.pos;
                if !self.peek().is_some_and(is_ident_start) {
                    return Err(self.err_here(format!(
                        "expected a field name, found {}",
                        self.describe_next()
                    )));
                }
                let name = self.ident().to_string();
                let kspan = Span {
                    start: kstart,
                    end: self.pos,
                };
                if seen.repeats(&fields, &name) {
                    return Err(self.err(
                        format!("field `{name}` is written twice; keep one"),
                        kstart,
                        self.pos,
                    ));
                }
                // The message is built only when it is needed: formatting it for every
                // field of every file cost a few per cent of a whole run (issue 17).
                self.skip_trivia()?;
                if self.peek() == Some(b':') {
                    self.pos += 1;
                } else {
                    self.expect(b':', &format!("`:` after the field name `{name}`"))?;
                }
                let back = self.step_in(Escaped(&name));
                let v = self.value(false)?;
                self.step_out(back);
                fields.push((Key { name, span: kspan }, v));
                self.skip_trivia()?;
                match self.peek() {
                    Some(b',') => self.pos += 1,
                    Some(b')') => break,
                    _ => {
                        return Err(self.err_here(format!(
                            "expected `,` or `)` after a field, found {}",
                            self.describe_next()
                        )))
                    }
                }
            }
            fields.shrink_to_fit();
            NodeKind::Object(fields)
        } else {
            NodeKind::Array(self.items(b')')?)
        };
        self.expect(b')', "`)`")?;
        self.depth -= 1;
        Ok(self.node(start, kind))
    }

    fn items(&mut self, close: u8) -> Result<Vec<Node>, ReadError> {
        let mut items = Vec::new();
        loop {
            self.skip_trivia()?;
            if self.peek() == Some(close) {
                break;
            }
            let back = self.step_in(items.len());
            let mut item = self.value(false)?;
            if self.unwanted() {
                // Read (the syntax is still checked) and let go: a huge list costs one
                // span an item, not its tree (issue 15).
                item.kind = NodeKind::Null;
            }
            self.step_out(back);
            items.push(item);
            self.skip_trivia()?;
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(c) if c == close => break,
                _ => {
                    return Err(self.err_here(format!(
                        "expected `,` or `{}` after a list item, found {}",
                        close as char,
                        self.describe_next()
                    )))
                }
            }
        }
        // Trees of hostile size stay as small as they can (issue 15).
        items.shrink_to_fit();
        Ok(items)
    }

    fn list(&mut self, start: usize) -> Result<Node, ReadError> {
        self.enter(start)?;
        self.pos += 1;
        let items = self.items(b']')?;
        self.expect(b']', "`]`")?;
        self.depth -= 1;
        Ok(self.node(start, NodeKind::Array(items)))
    }

    fn map(&mut self, start: usize) -> Result<Node, ReadError> {
        self.enter(start)?;
        self.pos += 1;
        let mut fields: Vec<(Key, Node)> = Vec::new();
        let mut seen = Seen::default();
        loop {
            self.skip_trivia()?;
            if self.peek() == Some(b'}') {
                break;
            }
            let k = self.value(false)?;
            let name = match &k.kind {
                NodeKind::Str(s) => s.clone(),
                NodeKind::Int(i) => i.to_string(),
                _ => {
                    return Err(self.err(
                        "map keys must be strings or numbers",
                        k.span.start,
                        k.span.end,
                    ))
                }
            };
            if seen.repeats(&fields, &name) {
                return Err(self.err(
                    format!("key `{name}` is written twice; keep one"),
                    k.span.start,
                    k.span.end,
                ));
            }
            self.expect(b':', "`:` after a map key")?;
            let back = self.step_in(Escaped(&name));
            let v = self.value(false)?;
            self.step_out(back);
            fields.push((Key { name, span: k.span }, v));
            self.skip_trivia()?;
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b'}') => break,
                _ => {
                    return Err(self.err_here(format!(
                        "expected `,` or `}}` after a map entry, found {}",
                        self.describe_next()
                    )))
                }
            }
        }
        self.expect(b'}', "`}`")?;
        self.depth -= 1;
        fields.shrink_to_fit();
        Ok(self.node(start, NodeKind::Object(fields)))
    }

    fn number(&mut self, start: usize) -> Result<Node, ReadError> {
        if matches!(self.peek(), Some(b'-' | b'+')) {
            self.pos += 1;
        }
        while self.peek().is_some_and(|c| {
            c.is_ascii_alphanumeric()
                || c == b'.'
                || c == b'_'
                || ((c == b'-' || c == b'+') && matches!(self.b[self.pos - 1], b'e' | b'E'))
        }) {
            self.pos += 1;
        }
        let text: String = self.src[start..self.pos]
            .chars()
            .filter(|c| *c != '_')
            .collect();
        let bad = |r: &Self| {
            r.err(
                format!("`{}` is not a number", &r.src[start..r.pos]),
                start,
                r.pos,
            )
        };
        let (neg, body) = match text.strip_prefix('-') {
            Some(b) => (true, b),
            None => (false, text.strip_prefix('+').unwrap_or(&text)),
        };
        let radix = [("0x", 16), ("0o", 8), ("0b", 2)]
            .into_iter()
            .find(|(p, _)| body.starts_with(p));
        if let Some((p, radix)) = radix {
            let v = i64::from_str_radix(&body[p.len()..], radix).map_err(|_| bad(self))?;
            return Ok(self.node(start, NodeKind::Int(if neg { -v } else { v })));
        }
        if body.contains(['.', 'e', 'E']) {
            let v: f64 = text.parse().map_err(|_| bad(self))?;
            if !v.is_finite() {
                return Err(bad(self));
            }
            return Ok(self.node(start, NodeKind::Float(v)));
        }
        match text.parse::<i64>() {
            Ok(v) => Ok(self.node(start, NodeKind::Int(v))),
            Err(_) if body.bytes().all(|c| c.is_ascii_digit()) && !body.is_empty() => Err(self
                .err(
                    format!("`{}` is too large a number", &self.src[start..self.pos]),
                    start,
                    self.pos,
                )),
            Err(_) => Err(bad(self)),
        }
    }

    fn string(&mut self) -> Result<String, ReadError> {
        let start = self.pos;
        self.pos += 1;
        let mut out = String::new();
        loop {
            let Some(c) = self.src[self.pos..].chars().next() else {
                return Err(self.err("unterminated string: close it with `\"`", start, start + 1));
            };
            self.pos += c.len_utf8();
            match c {
                '"' => return Ok(out),
                '\\' => {
                    let esc_start = self.pos - 1;
                    let Some(e) = self.src[self.pos..].chars().next() else {
                        return Err(self.err(
                            "unterminated string: close it with `\"`",
                            start,
                            start + 1,
                        ));
                    };
                    self.pos += e.len_utf8();
                    match e {
                        '"' => out.push('"'),
                        '\'' => out.push('\''),
                        '\\' => out.push('\\'),
                        '/' => out.push('/'),
                        'n' => out.push('\n'),
                        't' => out.push('\t'),
                        'r' => out.push('\r'),
                        'b' => out.push('\u{8}'),
                        'f' => out.push('\u{c}'),
                        '0' => out.push('\0'),
                        'u' => out.push(self.unicode_escape(esc_start)?),
                        _ => {
                            return Err(self.err(
                                format!("unknown escape `\\{e}` in a string"),
                                esc_start,
                                self.pos,
                            ))
                        }
                    }
                }
                _ => out.push(c),
            }
        }
    }

    fn unicode_escape(&mut self, esc_start: usize) -> Result<char, ReadError> {
        let bad = |r: &Self| {
            r.err(
                "bad unicode escape: write `\\u{XXXX}` or `\\uXXXX`",
                esc_start,
                r.pos,
            )
        };
        let hex = if self.peek() == Some(b'{') {
            let end = self.src[self.pos..].find('}').ok_or_else(|| bad(self))?;
            let h = &self.src[self.pos + 1..self.pos + end];
            self.pos += end + 1;
            h
        } else {
            let h = self
                .src
                .get(self.pos..self.pos + 4)
                .ok_or_else(|| bad(self))?;
            self.pos += 4;
            h
        };
        let code = u32::from_str_radix(hex, 16).map_err(|_| bad(self))?;
        char::from_u32(code).ok_or_else(|| bad(self))
    }

    fn raw_string(&mut self) -> Result<String, ReadError> {
        let start = self.pos;
        self.pos += 1; // r
        let hashes = self.src[self.pos..]
            .bytes()
            .take_while(|c| *c == b'#')
            .count();
        self.pos += hashes;
        if self.peek() != Some(b'"') {
            return Err(self.err_here("expected `\"` to open a raw string"));
        }
        self.pos += 1;
        let close = format!("\"{}", "#".repeat(hashes));
        match self.src[self.pos..].find(&close) {
            Some(i) => {
                let s = self.src[self.pos..self.pos + i].to_string();
                self.pos += i + close.len();
                Ok(s)
            }
            None => Err(self.err(
                format!("unterminated raw string: close it with `{close}`"),
                start,
                start + 1,
            )),
        }
    }

    fn char_lit(&mut self) -> Result<String, ReadError> {
        let start = self.pos;
        self.pos += 1;
        let Some(c) = self.src[self.pos..].chars().next() else {
            return Err(self.err("unterminated character literal", start, start + 1));
        };
        self.pos += c.len_utf8();
        let c = if c == '\\' {
            let Some(e) = self.src[self.pos..].chars().next() else {
                return Err(self.err("unterminated character literal", start, start + 1));
            };
            self.pos += e.len_utf8();
            match e {
                'n' => '\n',
                't' => '\t',
                '\'' => '\'',
                '\\' => '\\',
                'u' => self.unicode_escape(start)?,
                _ => return Err(self.err(format!("unknown escape `\\{e}`"), start, self.pos)),
            }
        } else {
            c
        };
        if self.peek() != Some(b'\'') {
            return Err(self.err("expected `'` to close a character literal", start, self.pos));
        }
        self.pos += 1;
        Ok(c.to_string())
    }
}

/// Keys of one object seen so far: a linear scan for the usual handful, a hash set once an
/// object grows past it, so that a hostile object of 400,000 keys is not quadratic.
#[derive(Default)]
struct Seen {
    set: Option<std::collections::HashSet<String>>,
}

impl Seen {
    const LINEAR: usize = 32;

    /// Whether `name` is already a key of `fields` (which it is about to join).
    fn repeats(&mut self, fields: &[(Key, Node)], name: &str) -> bool {
        if fields.len() < Self::LINEAR {
            return fields.iter().any(|(k, _)| k.name == name);
        }
        let set = self
            .set
            .get_or_insert_with(|| fields.iter().map(|(k, _)| k.name.clone()).collect());
        !set.insert(name.to_string())
    }
}

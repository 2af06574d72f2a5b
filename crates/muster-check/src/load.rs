//! Reading one file through the first three stages: read, parse, schema, deserialize.

use crate::finding::{Finding, LocatedLabel};
use crate::read::read_bytes;
pub use crate::read::MAX_FILE_BYTES;
use crate::schemas::validator;
use crate::syntax::{read, LineIndex, Node, Span, Wanted};
use muster_model::FileKind;
use muster_rules::{codes, Diagnostic, FileRole, Location};
use serde::de::DeserializeOwned;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Why a file did not load: its findings, and its text when it could be read.
pub type LoadError = (Vec<Finding>, Option<Arc<str>>);

/// A file read, parsed, validated and deserialized.
#[derive(Debug, Clone)]
pub struct Loaded<T> {
    /// The file.
    pub path: PathBuf,
    /// Its text.
    pub text: Arc<str>,
    /// The typed value.
    pub value: T,
    lines: Arc<LineIndex>,
}

/// A tree read for locating (`None` if the text does not read), and the paths it keeps
/// (`None`: all of them).
type Tree = (Option<Arc<Node>>, Option<Wanted>);

/// A file's text and tree, enough to locate pointers in it. The tree is read from the
/// text when pointers are first located, so a file nothing points into is never read
/// twice; read for the pointers at hand ([`Located::prepare`]), it holds only the list
/// items they reach.
#[derive(Debug, Clone)]
pub struct Located {
    pub(crate) path: PathBuf,
    pub(crate) text: Arc<str>,
    node: std::cell::RefCell<Option<Tree>>,
    pub(crate) lines: Arc<LineIndex>,
}

impl<T> Loaded<T> {
    /// The positioned tree, read again from `text` on each call: a loaded file keeps
    /// no tree, so that a hostile 16 MB map shared by scenarios is not held as a tree
    /// while its rules run (issue 15); typical files read in microseconds. `None` only if
    /// the text no longer reads, which cannot happen for text that loaded.
    pub fn node(&self) -> Option<Arc<Node>> {
        read(&self.text).ok().map(Arc::new)
    }

    pub(crate) fn located(&self) -> Located {
        Located {
            path: self.path.clone(),
            text: self.text.clone(),
            node: Default::default(),
            lines: self.lines.clone(),
        }
    }
}

impl Located {
    fn with_tree(self, node: Node) -> Self {
        Located {
            node: Some((Some(Arc::new(node)), None)).into(),
            ..self
        }
    }

    fn bare(path: &Path, text: Arc<str>) -> Self {
        let lines = Arc::new(LineIndex::new(&text));
        Located {
            path: path.to_path_buf(),
            text,
            node: Default::default(),
            lines,
        }
    }

    /// Makes sure the tree holds what `pointers` reach: read now, keeping only that, if
    /// no tree was read yet; read whole if the tree read before lacks some of it.
    pub(crate) fn prepare<'p>(&self, pointers: impl IntoIterator<Item = &'p str>) {
        let wanted = Wanted::new(pointers);
        let mut slot = self.node.borrow_mut();
        match &*slot {
            Some((_, None)) => {}
            Some((_, Some(had))) if had.covers(&wanted) => {}
            Some(_) => *slot = Some((read(&self.text).ok().map(Arc::new), None)),
            None => {
                let tree = crate::syntax::read_wanted(&self.text, &wanted).ok();
                *slot = Some((tree.map(Arc::new), Some(wanted)));
            }
        }
    }

    /// The tree, read whole now if no pointer was located in this file before.
    fn node(&self) -> Option<Arc<Node>> {
        self.node
            .borrow_mut()
            .get_or_insert_with(|| (read(&self.text).ok().map(Arc::new), None))
            .0
            .clone()
    }

    /// Span of a pointer: the value it names, or the key for a [`Location::key`] pointer.
    pub(crate) fn span_of(&self, pointer: &str) -> Span {
        let Some(node) = self.node() else {
            return Span { start: 0, end: 0 };
        };
        if let Some(key) = muster_rules::key_pointer(pointer) {
            let (parent, last) = match key.rsplit_once('/') {
                Some((p, l)) => (p, l),
                None => ("", key),
            };
            let (obj, _) = node.locate(parent);
            if let Some(s) = obj.key_span(last) {
                return s;
            }
            return Span {
                start: obj.span.start,
                end: obj.span.start + 1,
            };
        }
        let (n, _) = node.locate(pointer);
        // Point at the first line of a multi-line value.
        let end = self
            .text
            .get(n.span.start..n.span.end)
            .and_then(|t| t.find('\n'))
            .map(|i| n.span.start + i)
            .unwrap_or(n.span.end);
        Span {
            start: n.span.start,
            end,
        }
    }

    pub(crate) fn position(&self, offset: usize) -> (usize, usize) {
        self.lines.line_col(&self.text, offset)
    }
}

/// Turns diagnostics into findings, locating pointers in `this` and the scenario's other
/// files (`map`, `overlays`).
pub(crate) fn locate_all(
    diags: Vec<Diagnostic>,
    this: &Located,
    map: Option<&Located>,
    overlays: &[Option<Located>],
) -> Vec<Finding> {
    let pick = |role: &FileRole| -> &Located {
        match role {
            FileRole::This => this,
            FileRole::Map => map.unwrap_or(this),
            FileRole::Overlay(i) => overlays.get(*i).and_then(|o| o.as_ref()).unwrap_or(this),
        }
    };
    // Each file's tree is read for the pointers that land in it, and no more.
    let mut wanted: Vec<(&Located, Vec<&str>)> = Vec::new();
    for d in &diags {
        let places = std::iter::once(&d.location).chain(d.labels.iter().map(|l| &l.location));
        for place in places {
            let f = pick(&place.file);
            match wanted.iter_mut().find(|(g, _)| std::ptr::eq(*g, f)) {
                Some((_, pointers)) => pointers.push(&place.pointer),
                None => wanted.push((f, vec![&place.pointer])),
            }
        }
    }
    for (f, pointers) in wanted {
        f.prepare(pointers);
    }
    let mut out: Vec<Finding> = diags
        .into_iter()
        .map(|d| {
            let d = with_help(d);
            let f = pick(&d.location.file);
            let span = f.span_of(&d.location.pointer);
            let (line, column) = f.position(span.start);
            let (end_line, end_column) = f.position(span.end);
            let labels = d
                .labels
                .iter()
                .map(|l| {
                    let lf = pick(&l.location.file);
                    let s = lf.span_of(&l.location.pointer);
                    let (line, column) = lf.position(s.start);
                    LocatedLabel {
                        file: lf.path.clone(),
                        start: s.start,
                        end: s.end,
                        line,
                        column,
                        message: l.message.clone(),
                    }
                })
                .collect();
            Finding {
                file: f.path.clone(),
                start: span.start,
                end: span.end,
                line,
                column,
                end_line,
                end_column,
                labels,
                diagnostic: d,
            }
        })
        .collect();
    out.sort_by(|a, b| {
        (&a.file, a.start, a.diagnostic.code).cmp(&(&b.file, b.start, b.diagnostic.code))
    });
    out
}

fn unreadable(path: &Path, message: String) -> Vec<Finding> {
    vec![Finding::unreadable(path, message)]
}

/// Reads a file the user named from disk and loads it as `kind`. Only regular files are
/// read, and at most [`MAX_FILE_BYTES`] of them (see [`muster_io`]). Files of a pack are
/// read through its root instead ([`crate::load_in_pack`], the pipeline).
pub fn load_value<T: DeserializeOwned>(
    path: &Path,
    kind: FileKind,
) -> Result<Loaded<T>, LoadError> {
    let bytes = read_bytes(path).map_err(|e| (unreadable(path, e.to_string()), None))?;
    parse_bytes(path, bytes, kind)
}

/// Loads bytes already read (through a pack root) as `kind`, the file at `path`.
pub fn parse_bytes<T: DeserializeOwned>(
    path: &Path,
    bytes: Vec<u8>,
    kind: FileKind,
) -> Result<Loaded<T>, LoadError> {
    let text = String::from_utf8(bytes).map_err(|e| {
        (
            unreadable(
                path,
                format!(
                    "file is not UTF-8 text (invalid byte at offset {})",
                    e.utf8_error().valid_up_to()
                ),
            ),
            None,
        )
    })?;
    parse_text(path, Arc::from(text), kind)
}

/// Loads text already in memory (the editor's buffer) as `kind`.
pub fn parse_text<T: DeserializeOwned>(
    path: &Path,
    text: Arc<str>,
    kind: FileKind,
) -> Result<Loaded<T>, LoadError> {
    let bare = Located::bare(path, text.clone());
    // The positioned tree and its JSON value are each as large as the file many times
    // over; the tree becomes the JSON, which is validated and deserialized, and the tree
    // is read again only to locate findings, so that a 16 MB file never holds both at
    // once (issue 15).
    // JSON files are read by serde_json first; anything it does not take (a syntax error,
    // a repeated key) goes through the positioned tree, which says where.
    let json = || -> Result<serde_json::Value, LoadError> {
        let mut json = match is_json(path).then(|| crate::syntax::json_value(&text)) {
            Some(Some(v)) => v,
            _ => tree(path, &text, &bare)?.into_json(),
        };
        crate::numbers::whole_floats_as_integers(&mut json);
        Ok(json)
    };
    let value = json()?;
    // The fast path, taken by every valid file: a yes/no from the validator, and the
    // typed value taken from the JSON without tracking where each field was. Only a
    // file that fails either is read again to say where and why.
    if !validator(kind).is_valid(&value) {
        let schema_errors = schema_diagnostics(kind, &value);
        drop(value);
        let node = tree(path, &text, &bare)?;
        let located = bare.with_tree(node);
        return Err((locate_all(schema_errors, &located, None, &[]), Some(text)));
    }
    let loaded = |value| Loaded {
        path: path.to_path_buf(),
        text: text.clone(),
        value,
        lines: bare.lines.clone(),
    };
    if let Ok(value) = T::deserialize(value) {
        return Ok(loaded(value));
    }
    match serde_path_to_error::deserialize::<_, T>(json()?) {
        Ok(value) => Ok(loaded(value)),
        Err(e) => {
            let pointer = path_to_pointer(e.path());
            let d = Diagnostic::error(
                codes::SHAPE.code,
                Location::here(pointer),
                e.inner().to_string(),
            );
            let node = tree(path, &text, &bare)?;
            let located = bare.with_tree(node);
            Err((locate_all(vec![d], &located, None, &[]), Some(text)))
        }
    }
}

/// Whether a file is JSON by its name (`*.json`), to be read by serde_json first.
fn is_json(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("json"))
}

/// Every finding says what to do next: a diagnostic without help of its own points at
/// its code's explanation.
pub(crate) fn with_help(mut d: Diagnostic) -> Diagnostic {
    if d.help.as_deref().is_none_or(str::is_empty) {
        d.help = Some(format!(
            "`muster explain {}` says what this checks and how to fix it",
            d.code
        ));
    }
    d
}

/// The positioned tree of `text`, or its syntax error (MU001).
fn tree(path: &Path, text: &Arc<str>, bare: &Located) -> Result<Node, LoadError> {
    read(text).map_err(|e| {
        let (line, column) = bare.position(e.span.start);
        let (end_line, end_column) = bare.position(e.span.end);
        let d = Diagnostic::error(
            codes::SYNTAX.code,
            Location::here(""),
            format!("syntax error: {}", e.message),
        );
        let f = Finding {
            diagnostic: with_help(d),
            file: path.to_path_buf(),
            start: e.span.start,
            end: e.span.end,
            line,
            column,
            end_line,
            end_column,
            labels: vec![],
        };
        (vec![f], Some(text.clone()))
    })
}
fn path_to_pointer(path: &serde_path_to_error::Path) -> String {
    use serde_path_to_error::Segment;
    let mut p = String::new();
    for seg in path.iter() {
        match seg {
            Segment::Seq { index } => p.push_str(&format!("/{index}")),
            Segment::Map { key } => {
                p.push_str(&format!("/{}", key.replace('~', "~0").replace('/', "~1")))
            }
            Segment::Enum { variant } => p.push_str(&format!("/{variant}")),
            Segment::Unknown => {}
        }
    }
    p
}

fn short(s: String) -> String {
    if s.chars().count() > 160 {
        let mut t: String = s.chars().take(157).collect();
        t.push('…');
        t
    } else {
        s
    }
}

/// How the schema's hex-id and hexside patterns begin (`^[0-9]{4}([0-9]{2})?$`).
const HEX_ID_PATTERN: &str = "^[0-9]{4}";

/// A hex id in words, for a value that does not match the schema's pattern.
const HEX_ID_HELP: &str = "write 4 digits, column then row, e.g. `0504` (6 digits, `010203`, \
                           on a map of more than 99 columns or rows)";

/// Schema errors as diagnostics (MU002), each pointing at the offending key or value.
fn schema_diagnostics(kind: FileKind, json: &serde_json::Value) -> Vec<Diagnostic> {
    use crate::suggest::{allowed_fields, allowed_forms, listing, nearest};
    use jsonschema::error::ValidationErrorKind as K;
    let see = format!(
        "`muster schema --out schemas` writes the schema, `schemas/{}.schema.json`",
        kind.schema_name()
    );
    let mut out = Vec::new();
    let mut stack: Vec<jsonschema::ValidationError> = validator(kind).iter_errors(json).collect();
    while let Some(e) = stack.pop() {
        let path = e.instance_path().to_string();
        let message = short(e.masked().to_string());
        let parts = e.into_parts();
        let keyword = parts.schema_path.as_str().to_string();
        match parts.kind {
            K::OneOfNotValid { context } | K::AnyOf { context } => {
                // Report the branch that got furthest: its errors are the useful ones.
                let depth = |errs: &Vec<jsonschema::ValidationError>| {
                    errs.iter()
                        .map(|x| x.instance_path().as_str().len())
                        .max()
                        .unwrap_or(0)
                };
                let best = context.into_iter().max_by_key(depth);
                match best {
                    Some(errs) if depth(&errs) > path.len() => stack.extend(errs),
                    _ => {
                        let forms = allowed_forms(kind, &keyword);
                        out.push(
                            Diagnostic::error(
                                codes::SCHEMA.code,
                                Location::here(path),
                                "this value matches none of the forms allowed here",
                            )
                            .help(form_help(
                                &parts.instance,
                                &forms,
                                &see,
                            )),
                        )
                    }
                }
            }
            K::AdditionalProperties { unexpected } => {
                let fields = allowed_fields(kind, &keyword);
                for u in unexpected {
                    let help = match nearest(&u, fields.iter().map(String::as_str)) {
                        Some(n) => format!("did you mean `{n}`?"),
                        None if fields.is_empty() => see.clone(),
                        None => format!("the fields allowed here are {}", listing(&fields)),
                    };
                    out.push(
                        Diagnostic::error(
                            codes::SCHEMA.code,
                            Location::key(&format!("{path}/{u}")),
                            format!("unknown field `{u}`"),
                        )
                        .help(help),
                    );
                }
            }
            K::Required { property } => {
                let name = property
                    .as_str()
                    .map(str::to_string)
                    .unwrap_or_else(|| property.to_string());
                out.push(
                    Diagnostic::error(
                        codes::SCHEMA.code,
                        Location::here(path),
                        format!("missing field `{name}`"),
                    )
                    .help(format!("add `{name}: ...`; {see}")),
                );
            }
            K::Type {
                kind: jsonschema::error::TypeKind::Single(t),
            } => {
                let want = match t.to_string().as_str() {
                    "integer" => "a whole number".to_string(),
                    "number" => "a number".to_string(),
                    "string" => "a string in quotes".to_string(),
                    "boolean" => "true or false".to_string(),
                    "array" => "a list `[..]`".to_string(),
                    "object" => "a struct `(..)`".to_string(),
                    other => other.to_string(),
                };
                let written = match parts.instance.as_ref() {
                    serde_json::Value::String(x) => format!("`{x}`"),
                    other => format!("`{}`", short(other.to_string())),
                };
                out.push(
                    Diagnostic::error(
                        codes::SCHEMA.code,
                        Location::here(path),
                        format!("this should be {want}, not {written}"),
                    )
                    .help(see.clone()),
                )
            }
            K::Pattern { pattern } if pattern.starts_with(HEX_ID_PATTERN) => {
                let written = parts.instance.as_str().unwrap_or_default();
                let (message, help) = if pattern == format!("{HEX_ID_PATTERN}([0-9]{{2}})?$") {
                    (
                        format!("`{written}` is not a hex id"),
                        HEX_ID_HELP.to_string(),
                    )
                } else {
                    (
                        format!("`{written}` is not a hexside"),
                        format!(
                            "write a hex id, `/` and a compass side, e.g. `0504/NE`; the hex id: {HEX_ID_HELP}"
                        ),
                    )
                };
                out.push(
                    Diagnostic::error(codes::SCHEMA.code, Location::here(path), message).help(help),
                )
            }
            _ => out.push(
                Diagnostic::error(codes::SCHEMA.code, Location::here(path), message)
                    .help(see.clone()),
            ),
        }
    }
    out.reverse();
    out
}

/// Help for a value that matches none of the allowed forms: the nearest form to a
/// variant name written (`Hexs(..)` → `Hexes`), and the forms allowed.
fn form_help(instance: &serde_json::Value, forms: &[String], see: &str) -> String {
    use crate::suggest::{listing, nearest};
    use serde_json::Value;
    if forms.is_empty() {
        return see.to_string();
    }
    let written = match instance {
        Value::String(s) => Some(s.as_str()),
        Value::Object(m) if m.len() == 1 => m.keys().next().map(String::as_str),
        _ => None,
    };
    // An optional field's `None` is no form to suggest for a value written: leaving the
    // field out says that.
    let forms: Vec<String> = match written {
        Some(_) if forms.len() > 1 => forms.iter().filter(|f| *f != "None").cloned().collect(),
        _ => forms.to_vec(),
    };
    let allowed = format!("allowed here: {}", listing(&forms));
    match written.and_then(|w| nearest(w, forms.iter().map(String::as_str))) {
        Some(n) => format!("did you mean `{}`? {allowed}", n.trim_end_matches("(..)")),
        None => allowed,
    }
}

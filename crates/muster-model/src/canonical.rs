//! The canonical text of a file: stable field order, one entry (hex, hexside, unit,
//! set-up line, rule) per line, so that a pull request shows "Amalfi moved from 0306 to
//! 0406" rather than a reflowed blob. Writing a file read from canonical text gives the
//! same text back.

use crate::{
    MapFile, OverlayFile, Reinforcement, ScenarioFile, SetupEntry, Side, SystemFields, UnitDef,
};
use ron::extensions::Extensions;
use ron::ser::PrettyConfig;
use serde::Serialize;

/// Why a value could not be written.
#[derive(Debug, thiserror::Error)]
#[error("cannot write RON: {0}")]
pub struct WriteError(#[from] ron::Error);

/// One value on one line, RON with `field: value` spacing and bare optional values.
pub fn inline<T: Serialize + ?Sized>(value: &T) -> Result<String, WriteError> {
    let config = PrettyConfig::new()
        .compact_structs(true)
        .compact_arrays(true)
        .compact_maps(true)
        .struct_names(false)
        .extensions(Extensions::IMPLICIT_SOME);
    let text = ron::ser::to_string_pretty(value, config)?;
    Ok(unescape_quotes(
        text.trim_start_matches("#![enable(implicit_some)]").trim(),
    ))
}

/// ron writes `'` inside strings as `\'`; RON does not need it, and "unit's" reads better.
fn unescape_quotes(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some('\'') => out.push('\''),
                Some(n) => {
                    out.push(c);
                    out.push(n);
                }
                None => out.push(c),
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// Which value a line of canonical text writes, as a JSON pointer into the file
/// (`/sides/0/units/3`; `""` is the whole file).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Slot {
    /// The line that writes the value (a field, a list item), or opens it when its
    /// contents follow on lines of their own.
    Open(String),
    /// The line that closes a value whose contents are on lines of their own (`],`, `)`).
    Close(String),
}

/// One line of canonical text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// Indentation, in steps of four spaces.
    pub depth: usize,
    /// The text, without indentation.
    pub text: String,
    /// The value it writes.
    pub slot: Slot,
}

/// The lines of a file's canonical text, each knowing the value it writes, so that a
/// writer that keeps comments can put each comment back beside its value.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Layout {
    /// The lines, in order.
    pub lines: Vec<Line>,
}

impl Layout {
    /// The text, four spaces an indentation step, one line each.
    pub fn render(&self) -> String {
        let mut out = String::new();
        for line in &self.lines {
            indent(&mut out, line.depth);
            out.push_str(&line.text);
            out.push('\n');
        }
        out
    }
}

/// Pushes `depth` indentation steps.
pub fn indent(out: &mut String, depth: usize) {
    for _ in 0..depth {
        out.push_str("    ");
    }
}

struct Writer<'s> {
    layout: Layout,
    depth: usize,
    /// The pointer of the value being written.
    path: String,
    /// The scenario schema, which shapes each game system's fields (`Null`: none).
    schema: &'s serde_json::Value,
}

impl<'s> Writer<'s> {
    fn new() -> Self {
        Writer::shaped_by(&serde_json::Value::Null)
    }

    fn shaped_by(schema: &'s serde_json::Value) -> Self {
        Writer {
            layout: Layout::default(),
            depth: 0,
            path: String::new(),
            schema,
        }
    }

    fn child(&self, name: &str) -> String {
        format!("{}/{name}", self.path)
    }

    fn line(&mut self, text: String, slot: Slot) {
        self.layout.lines.push(Line {
            depth: self.depth,
            text,
            slot,
        });
    }

    fn field<T: Serialize + ?Sized>(&mut self, name: &str, value: &T) -> Result<(), WriteError> {
        let v = inline(value)?;
        let slot = Slot::Open(self.child(name));
        self.line(format!("{name}: {v},"), slot);
        Ok(())
    }

    fn opt<T: Serialize>(&mut self, name: &str, value: &Option<T>) -> Result<(), WriteError> {
        match value {
            Some(v) => self.field(name, v),
            None => Ok(()),
        }
    }

    fn list<T: Serialize>(&mut self, name: &str, items: &[T]) -> Result<(), WriteError> {
        if items.is_empty() {
            return Ok(());
        }
        self.open(&format!("{name}: ["), name);
        for (i, item) in items.iter().enumerate() {
            let v = inline(item)?;
            let slot = Slot::Open(self.child(&i.to_string()));
            self.line(format!("{v},"), slot);
        }
        self.close("],");
        Ok(())
    }

    /// A game system's own fields, one line each, in the order its type declares them
    /// (`level`: the pointer of the object schema they belong to).
    /// A list is written one item a line, as the shared lists are.
    fn system(&mut self, fields: &SystemFields, level: &str) -> Result<(), WriteError> {
        for (name, value, shape) in system_fields(fields, self.schema, level) {
            match value {
                serde_json::Value::Array(items) if items.is_empty() => {}
                serde_json::Value::Array(items) => {
                    let item = shape.and_then(|s| crate::shaped::items_of(s, self.schema));
                    self.open(&format!("{name}: ["), name);
                    for (i, v) in items.iter().enumerate() {
                        let text = crate::shaped::ron_shaped(v, item, self.schema)?;
                        let slot = Slot::Open(self.child(&i.to_string()));
                        self.line(format!("{text},"), slot);
                    }
                    self.close("],");
                }
                _ => {
                    let text = crate::shaped::ron_shaped(value, shape, self.schema)?;
                    let slot = Slot::Open(self.child(name));
                    self.line(format!("{name}: {text},"), slot);
                }
            }
        }
        Ok(())
    }

    /// A list of values each written on its line by `text`.
    fn lines<T>(
        &mut self,
        name: &str,
        items: &[T],
        text: impl Fn(&T) -> Result<String, WriteError>,
    ) -> Result<(), WriteError> {
        if items.is_empty() {
            return Ok(());
        }
        self.open(&format!("{name}: ["), name);
        for (i, item) in items.iter().enumerate() {
            let slot = Slot::Open(self.child(&i.to_string()));
            self.line(format!("{},", text(item)?), slot);
        }
        self.close("],");
        Ok(())
    }

    /// Opens the value at `name` (a field name or list index; `""` for the file).
    fn open(&mut self, text: &str, name: &str) {
        if !name.is_empty() {
            self.path = self.child(name);
        }
        self.line(text.to_string(), Slot::Open(self.path.clone()));
        self.depth += 1;
    }

    fn close(&mut self, text: &str) {
        self.depth -= 1;
        self.line(text.to_string(), Slot::Close(self.path.clone()));
        let cut = self.path.rfind('/').unwrap_or(0);
        self.path.truncate(cut);
    }
}

/// The canonical lines of a map.
pub fn map_layout(m: &MapFile) -> Result<Layout, WriteError> {
    let mut w = Writer::new();
    w.open("(", "");
    w.field("title", &m.title)?;
    w.field("ruleset", &m.ruleset)?;
    w.field("provenance", &m.provenance)?;
    w.opt("source", &m.source)?;
    w.list("notes", &m.notes)?;
    w.field("grid", &m.grid)?;
    w.field("default_terrain", &m.default_terrain)?;
    w.list("hexes", &m.hexes)?;
    w.list("hexsides", &m.hexsides)?;
    w.list("paths", &m.paths)?;
    w.list("zones", &m.zones)?;
    w.close(")");
    Ok(w.layout)
}

/// The canonical lines of an army list.
pub fn army_list_layout(a: &crate::ArmyListFile) -> Result<Layout, WriteError> {
    let mut w = Writer::new();
    w.open("(", "");
    w.field("title", &a.title)?;
    w.field("ruleset", &a.ruleset)?;
    w.field("provenance", &a.provenance)?;
    w.opt("source", &a.source)?;
    w.list("notes", &a.notes)?;
    w.list("entries", &a.entries)?;
    w.close(")");
    Ok(w.layout)
}

/// The canonical lines of an overlay.
pub fn overlay_layout(o: &OverlayFile) -> Result<Layout, WriteError> {
    let mut w = Writer::new();
    w.open("(", "");
    w.field("title", &o.title)?;
    w.field("ruleset", &o.ruleset)?;
    w.field("provenance", &o.provenance)?;
    w.opt("source", &o.source)?;
    w.list("notes", &o.notes)?;
    w.field("grid", &o.grid)?;
    w.field("anchors", &o.anchors)?;
    w.field("mirror_allowed", &o.mirror_allowed)?;
    w.list("hexes", &o.hexes)?;
    w.list("hexsides", &o.hexsides)?;
    w.list("paths", &o.paths)?;
    w.close(")");
    Ok(w.layout)
}

/// A record written on one line, `(name: value, …)`, field by field.
struct Record<'s> {
    parts: Vec<String>,
    schema: &'s serde_json::Value,
}

impl<'s> Record<'s> {
    fn new(schema: &'s serde_json::Value) -> Self {
        Record {
            parts: Vec::new(),
            schema,
        }
    }

    fn field<T: Serialize + ?Sized>(&mut self, name: &str, value: &T) -> Result<(), WriteError> {
        self.parts.push(format!("{name}: {}", inline(value)?));
        Ok(())
    }

    fn opt<T: Serialize>(&mut self, name: &str, value: &Option<T>) -> Result<(), WriteError> {
        match value {
            Some(v) => self.field(name, v),
            None => Ok(()),
        }
    }

    /// A flag, written only when set.
    fn flag(&mut self, name: &str, on: bool) {
        if on {
            self.parts.push(format!("{name}: true"));
        }
    }

    /// A game system's fields of the object whose schema is at `level`.
    fn system(&mut self, fields: &SystemFields, level: &str) -> Result<(), WriteError> {
        for (name, value, shape) in system_fields(fields, self.schema, level) {
            let text = crate::shaped::ron_shaped(value, shape, self.schema)?;
            self.parts.push(format!("{name}: {text}"));
        }
        Ok(())
    }

    fn close(self) -> String {
        format!("({})", self.parts.join(", "))
    }
}

/// A unit on one line, `(id: "…", name: "…", kind: "…", …)`, with the fields of its
/// game system after the shared ones.
fn unit(u: &UnitDef, schema: &serde_json::Value) -> Result<String, WriteError> {
    let mut r = Record::new(schema);
    r.field("id", &u.id)?;
    r.field("name", &u.name)?;
    r.field("kind", &u.kind)?;
    if u.count != 1 {
        r.field("count", &u.count)?;
    }
    if !u.steps.is_empty() {
        r.field("steps", &u.steps)?;
    }
    r.opt("rating", &u.rating)?;
    r.opt("mp", &u.mp)?;
    r.field("provenance", &u.provenance)?;
    r.opt("list_entry", &u.list_entry)?;
    r.system(&u.system, "/$defs/UnitDef")?;
    Ok(r.close())
}

/// A set-up line on one line, `(units: […], at: …, …)`, with its game system's fields
/// before its `source` (shaped by the scenario schema `schema`, see [`scenario_layout`]).
pub fn setup_line(e: &SetupEntry, schema: &serde_json::Value) -> Result<String, WriteError> {
    let mut r = Record::new(schema);
    r.field("units", &e.units)?;
    r.field("at", &e.at)?;
    r.flag("hidden", e.hidden);
    r.opt("facing", &e.facing)?;
    r.opt("level", &e.level)?;
    r.system(&e.system, "/$defs/SetupEntry")?;
    r.opt("source", &e.source)?;
    Ok(r.close())
}

/// A reinforcement on one line, as [`setup_line`].
pub fn reinforcement(e: &Reinforcement, schema: &serde_json::Value) -> Result<String, WriteError> {
    let mut r = Record::new(schema);
    r.field("units", &e.units)?;
    r.field("turn", &e.turn)?;
    r.field("enter", &e.enter)?;
    r.flag("moves_from_entry", e.moves_from_entry);
    r.system(&e.system, "/$defs/Reinforcement")?;
    r.opt("source", &e.source)?;
    Ok(r.close())
}

/// A game system's fields with their shapes: first those the level's schema (at pointer
/// `level` of the scenario schema `schema`) lists, in its order, then any it does not list,
/// as written; unset ones (`None`, `false`) left out.
fn system_fields<'f>(
    fields: &'f SystemFields,
    schema: &'f serde_json::Value,
    level: &str,
) -> Vec<(
    &'f str,
    &'f serde_json::Value,
    Option<&'f serde_json::Value>,
)> {
    let listed = schema
        .pointer(&format!("{level}/properties"))
        .and_then(serde_json::Value::as_object);
    let rank = |name: &str| {
        listed
            .and_then(|p| p.keys().position(|k| k == name))
            .unwrap_or(usize::MAX)
    };
    // Unset: `None`, and `false` (a system's flags are off unless set, as
    // `charges_cavalry`).
    let mut set: Vec<(&str, &serde_json::Value)> = fields
        .iter()
        .filter(|(_, v)| !v.is_null() && **v != serde_json::Value::Bool(false))
        .collect();
    set.sort_by_key(|(name, _)| rank(name));
    set.into_iter()
        .map(|(name, value)| (name, value, listed.and_then(|p| p.get(name))))
        .collect()
}

fn side(w: &mut Writer<'_>, index: usize, s: &Side) -> Result<(), WriteError> {
    w.open("(", &index.to_string());
    w.field("id", &s.id)?;
    w.field("name", &s.name)?;
    w.opt("commander", &s.commander)?;
    w.system(&s.system, "/$defs/Side")?;
    if !s.army_lists.is_empty() {
        w.field("army_lists", &s.army_lists)?;
    }
    w.open("units: [", "units");
    for (i, u) in s.units.iter().enumerate() {
        let v = unit(u, w.schema)?;
        let slot = Slot::Open(w.child(&i.to_string()));
        w.line(format!("{v},"), slot);
    }
    w.close("],");
    let schema = w.schema;
    w.lines("setup", &s.setup, |e| setup_line(e, schema))?;
    w.lines("reinforcements", &s.reinforcements, |r| {
        reinforcement(r, schema)
    })?;
    w.close("),");
    Ok(())
}

/// The canonical lines of a scenario, each game system's fields shaped by `schema`, the
/// scenario schema (JSON) that lists them (`muster_rules::canonical` passes it; with
/// `Value::Null`, records are written as records and strings quoted).
pub fn scenario_layout(s: &ScenarioFile, schema: &serde_json::Value) -> Result<Layout, WriteError> {
    let mut w = Writer::shaped_by(schema);
    w.open("(", "");
    w.field("title", &s.title)?;
    w.field("ruleset", &s.ruleset)?;
    if !s.options.is_empty() {
        w.field("options", &s.options)?;
    }
    w.field("provenance", &s.provenance)?;
    w.opt("source", &s.source)?;
    w.list("notes", &s.notes)?;
    w.field("map", &s.map)?;
    w.list("overlays", &s.overlays)?;
    w.field("turns", &s.turns)?;
    w.field("first_side", &s.first_side)?;
    w.open("sides: [", "sides");
    for (i, sd) in s.sides.iter().enumerate() {
        side(&mut w, i, sd)?;
    }
    w.close("],");
    w.list("special_rules", &s.special_rules)?;
    w.list("victory", &s.victory)?;
    w.list("errata", &s.errata)?;
    w.list("army_lists", &s.army_lists)?;
    w.system(&s.system, "")?;
    w.list("pieces", &s.pieces)?;
    w.list("markers", &s.markers)?;
    w.close(")");
    Ok(w.layout)
}

/// The canonical text of a map, without comments (`muster_check::keep_comments` keeps them).
pub fn map_to_ron(m: &MapFile) -> Result<String, WriteError> {
    Ok(map_layout(m)?.render())
}

/// The canonical text of a scenario (see [`scenario_layout`]).
pub fn scenario_to_ron(s: &ScenarioFile, schema: &serde_json::Value) -> Result<String, WriteError> {
    Ok(scenario_layout(s, schema)?.render())
}

//! Completion: unit ids in set-up lines, hex ids of the map, terrain, hexside, path and
//! unit-kind ids of the ruleset, rulesets, codes, zone forms and enum values, and field
//! names, the last three from the file kind's JSON Schema.

use crate::context::{self, Context};
use crate::docs::Docs;
use crate::handlers::Cursor;
use crate::model::Model;
use crate::text;
use lsp_types::{
    CompletionItem, CompletionItemKind, CompletionParams, CompletionResponse, CompletionTextEdit,
    Range, TextEdit,
};
use muster_check::syntax::NodeKind;
use muster_model::Ruleset;
use serde_json::Value;

/// Answers `textDocument/completion`.
pub fn complete(docs: &Docs, p: CompletionParams) -> Option<CompletionResponse> {
    let tdp = p.text_document_position;
    let c = Cursor::of(docs, &tdp.text_document.uri, tdp.position)?;
    let ctx = context::of(&c.text, c.offset);
    let items = match ctx.string_start {
        Some(start) => in_string(docs, &c, &ctx, start),
        None if ctx.at_key() => field_names(&c, &ctx),
        None => forms(&c, &ctx),
    };
    Some(CompletionResponse::Array(items))
}

fn item(
    c: &Cursor,
    start: usize,
    label: String,
    detail: Option<String>,
    kind: CompletionItemKind,
) -> CompletionItem {
    let range = Range::new(
        text::position(&c.text, start),
        text::position(&c.text, c.offset),
    );
    CompletionItem {
        text_edit: Some(CompletionTextEdit::Edit(TextEdit::new(
            range,
            label.clone(),
        ))),
        label,
        detail,
        kind: Some(kind),
        ..Default::default()
    }
}

/// What a scenario or map names, for completing values: its units, its map's hexes, its
/// ruleset.
struct Facts {
    units: Vec<(String, String)>,
    hexes: Vec<String>,
    ruleset: Option<&'static Ruleset>,
}

fn facts(docs: &Docs, c: &Cursor) -> Facts {
    let mut units = Vec::new();
    if let Some(root) = &c.tree {
        if let (NodeKind::Object(_), Some(sides)) = (&root.kind, field(root, "sides")) {
            for side in items(sides) {
                let side_name = field(side, "name").and_then(string).unwrap_or_default();
                for u in field(side, "units").map(items).unwrap_or_default() {
                    if let Some(id) = field(u, "id").and_then(string) {
                        let name = field(u, "name").and_then(string).unwrap_or(id);
                        units.push((id.to_string(), format!("{name} — {side_name}")));
                    }
                }
            }
        }
    }
    let (hexes, ruleset) = match Model::load(docs, &c.path, c.kind) {
        Some(Model::Scenario(s)) => {
            let grid = muster_hex::Grid::new(s.map().value.grid.clone());
            (
                grid.hexes().map(|h| grid.to_printed(h)).collect(),
                Some(s.ruleset),
            )
        }
        Some(Model::Map(m)) => {
            let grid = muster_hex::Grid::new(m.value.grid.clone());
            let r = muster_rules::ruleset(&m.value.ruleset);
            (grid.hexes().map(|h| grid.to_printed(h)).collect(), r)
        }
        None => (vec![], written_ruleset(&c.text)),
    };
    Facts {
        units,
        hexes,
        ruleset,
    }
}

/// The ruleset a file names, read from the text (for files that do not load yet).
fn written_ruleset(text: &str) -> Option<&'static Ruleset> {
    let at = text.find("ruleset")?;
    let rest = &text[at..];
    let open = rest.find('"')? + 1;
    let close = open + rest[open..].find('"')?;
    muster_rules::ruleset(&rest[open..close])
}

fn field<'n>(
    n: &'n muster_check::syntax::Node,
    name: &str,
) -> Option<&'n muster_check::syntax::Node> {
    match &n.kind {
        NodeKind::Object(f) => f.iter().find(|(k, _)| k.name == name).map(|(_, v)| v),
        _ => None,
    }
}

fn items(n: &muster_check::syntax::Node) -> &[muster_check::syntax::Node] {
    match &n.kind {
        NodeKind::Array(i) => i,
        _ => &[],
    }
}

fn string(n: &muster_check::syntax::Node) -> Option<&str> {
    match &n.kind {
        NodeKind::Str(s) => Some(s),
        _ => None,
    }
}

fn in_string(docs: &Docs, c: &Cursor, ctx: &Context, start: usize) -> Vec<CompletionItem> {
    let typed = &c.text[start..c.offset];
    let field = ctx.field().unwrap_or_default();
    let kind = CompletionItemKind::VALUE;
    let ids = |list: Vec<(String, String)>, k| {
        list.into_iter()
            .map(|(id, d)| item(c, start, id, Some(d), k))
            .collect::<Vec<_>>()
    };
    match field {
        "units" if ctx.within("setup") || ctx.within("reinforcements") => {
            // Keep a count already typed: `"6x |`.
            let count = typed
                .split_once("x ")
                .filter(|(n, _)| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
                .map_or(0, |(n, _)| n.len() + 2);
            ids(facts(docs, c).units, CompletionItemKind::CLASS)
                .into_iter()
                .map(|mut i| {
                    if let Some(CompletionTextEdit::Edit(e)) = &mut i.text_edit {
                        e.range.start = text::position(&c.text, start + count);
                    }
                    i
                })
                .collect()
        }
        _ if ctx.variant() == Some("Hexes") => hexes(docs, c, start),
        "hexes" | "hex" | "at" | "enter" | "from" | "to" => hexes(docs, c, start),
        "terrain" | "default_terrain" => vocab(c, start, docs, |r| {
            r.terrain
                .iter()
                .map(|t| (t.id.clone(), t.name.clone()))
                .collect()
        }),
        "feature" => vocab(c, start, docs, |r| {
            r.hexside_features
                .iter()
                .map(|t| (t.id.clone(), t.name.clone()))
                .collect()
        }),
        "kind" if ctx.within("paths") => vocab(c, start, docs, |r| {
            r.paths
                .iter()
                .map(|t| (t.id.clone(), t.name.clone()))
                .collect()
        }),
        "kind" => vocab(c, start, docs, |r| {
            r.unit_kinds
                .iter()
                .map(|t| (t.id.clone(), t.name.clone()))
                .collect()
        }),
        "ruleset" => muster_rules::system_ids()
            .map(|id| item(c, start, id.to_string(), None, kind))
            .collect(),
        "code" => muster_rules::registry::all_codes()
            .into_iter()
            .map(|d| {
                item(
                    c,
                    start,
                    d.code.to_string(),
                    Some(d.summary.to_string()),
                    kind,
                )
            })
            .collect(),
        _ => vec![],
    }
}

fn hexes(docs: &Docs, c: &Cursor, start: usize) -> Vec<CompletionItem> {
    facts(docs, c)
        .hexes
        .into_iter()
        .map(|h| item(c, start, h, None, CompletionItemKind::VALUE))
        .collect()
}

fn vocab(
    c: &Cursor,
    start: usize,
    docs: &Docs,
    of: impl Fn(&Ruleset) -> Vec<(String, String)>,
) -> Vec<CompletionItem> {
    let Some(r) = facts(docs, c).ruleset else {
        return vec![];
    };
    of(r)
        .into_iter()
        .map(|(id, name)| item(c, start, id, Some(name), CompletionItemKind::ENUM_MEMBER))
        .collect()
}

/// The pointer of the schema definition a field's value (or its items) has, e.g.
/// `at` → `/$defs/Zone`; `""` (the root) for no field.
fn def_of(root: &Value, field: Option<&str>) -> Option<String> {
    let Some(field) = field else {
        return Some(String::new());
    };
    let holders = std::iter::once(root).chain(
        root.get("$defs")
            .and_then(Value::as_object)
            .into_iter()
            .flat_map(|d| d.values()),
    );
    for h in holders {
        let Some(prop) = h.get("properties").and_then(|p| p.get(field)) else {
            continue;
        };
        let candidates = [
            prop.get("$ref"),
            prop.get("items").and_then(|i| i.get("$ref")),
        ];
        let from_any = prop
            .get("anyOf")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .flat_map(|b| [b.get("$ref"), b.get("items").and_then(|i| i.get("$ref"))]);
        if let Some(r) = candidates
            .into_iter()
            .chain(from_any)
            .flatten()
            .find_map(Value::as_str)
        {
            return r.strip_prefix('#').map(str::to_string);
        }
    }
    None
}

/// Field names allowed in the struct holding the cursor.
fn field_names(c: &Cursor, ctx: &Context) -> Vec<CompletionItem> {
    let root = muster_check::schema(c.kind);
    let Some(def) = def_of(root, ctx.field()) else {
        return vec![];
    };
    muster_check::allowed_fields(c.kind, &format!("{def}/properties"))
        .into_iter()
        .map(|f| {
            let mut i = item(
                c,
                ctx.word_start,
                f.clone(),
                None,
                CompletionItemKind::FIELD,
            );
            if let Some(CompletionTextEdit::Edit(e)) = &mut i.text_edit {
                e.new_text = format!("{f}: ");
            }
            i
        })
        .collect()
}

/// The forms a field's value may take (zone forms, enum values), from the schema.
fn forms(c: &Cursor, ctx: &Context) -> Vec<CompletionItem> {
    let root = muster_check::schema(c.kind);
    let Some(def) = def_of(root, ctx.field()) else {
        return vec![];
    };
    let mut forms = muster_check::allowed_forms(c.kind, &format!("{def}/oneOf"));
    if forms.is_empty() {
        forms = muster_check::allowed_forms(c.kind, &format!("{def}/anyOf"));
    }
    forms
        .into_iter()
        .filter(|f| !f.contains(' '))
        .map(|f| {
            let bare = f.trim_end_matches("(..)").to_string();
            let mut i = item(
                c,
                ctx.word_start,
                f.clone(),
                None,
                CompletionItemKind::ENUM_MEMBER,
            );
            if let Some(CompletionTextEdit::Edit(e)) = &mut i.text_edit {
                e.new_text = if f.ends_with("(..)") {
                    format!("{bare}(")
                } else {
                    bare
                };
            }
            i
        })
        .collect()
}

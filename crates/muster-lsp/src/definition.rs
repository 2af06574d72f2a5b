//! Go to definition (unit references to the unit, map, overlay and army-list paths to the
//! file) and find references of a unit. Units are found in the document's tree, so they
//! work while the file still has errors elsewhere.

use crate::docs::Docs;
use crate::handlers::Cursor;
use crate::locate::At;
use crate::text;
use lsp_types::{GotoDefinitionParams, GotoDefinitionResponse, Location, Range, ReferenceParams};
use muster_check::syntax::{Node, NodeKind};
use muster_model::{FileKind, UnitRef};

/// The side index and unit id a cursor names: a reference in a set-up line or
/// reinforcement, or a unit's own `id`.
pub fn unit_named(at: &At) -> Option<(usize, String)> {
    let parts = at.parts();
    let s = at.string()?;
    match parts.as_slice() {
        [a, side, list, _, u, _]
            if a == "sides" && u == "units" && (list == "setup" || list == "reinforcements") =>
        {
            Some((side.parse().ok()?, s.parse::<UnitRef>().ok()?.unit))
        }
        [a, side, u, _, id] if a == "sides" && u == "units" && id == "id" => {
            Some((side.parse().ok()?, s.to_string()))
        }
        _ => None,
    }
}

fn string(n: &Node) -> Option<&str> {
    match &n.kind {
        NodeKind::Str(s) => Some(s),
        _ => None,
    }
}

fn items(n: &Node) -> &[Node] {
    match &n.kind {
        NodeKind::Array(items) => items,
        _ => &[],
    }
}

fn field<'n>(n: &'n Node, name: &str) -> Option<&'n Node> {
    match &n.kind {
        NodeKind::Object(fields) => fields.iter().find(|(k, _)| k.name == name).map(|(_, v)| v),
        _ => None,
    }
}

/// The `id` value of a side's unit.
fn unit_def<'n>(root: &'n Node, side: usize, id: &str) -> Option<&'n Node> {
    let side = items(field(root, "sides")?).get(side)?;
    items(field(side, "units")?)
        .iter()
        .filter_map(|u| field(u, "id"))
        .find(|n| string(n) == Some(id))
}

/// Every reference to a side's unit in its set-up lines and reinforcements.
fn unit_refs<'n>(root: &'n Node, side: usize, id: &str) -> Vec<&'n Node> {
    let Some(side) = field(root, "sides").and_then(|s| items(s).get(side)) else {
        return vec![];
    };
    ["setup", "reinforcements"]
        .iter()
        .filter_map(|list| field(side, list))
        .flat_map(|l| items(l).iter())
        .filter_map(|entry| field(entry, "units"))
        .flat_map(|u| items(u).iter())
        .filter(|n| {
            string(n)
                .and_then(|s| s.parse::<UnitRef>().ok())
                .is_some_and(|r| r.unit == id)
        })
        .collect()
}

/// Whether a path names a referenced file: `map`, `overlays[].file`, `army_lists[]`,
/// `sides[].army_lists[]`.
fn is_reference(parts: &[String]) -> bool {
    matches!(
        parts
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>()
            .as_slice(),
        ["map"] | ["overlays", _, "file"] | ["army_lists", _] | ["sides", _, "army_lists", _]
    )
}

/// Answers `textDocument/definition`.
pub fn definition(docs: &Docs, p: GotoDefinitionParams) -> Option<GotoDefinitionResponse> {
    let tdp = p.text_document_position_params;
    let c = Cursor::of(docs, &tdp.text_document.uri, tdp.position)?;
    if c.kind != FileKind::Scenario {
        return None;
    }
    let root = c.tree.as_ref()?;
    let at = c.at()?;
    if let Some((side, id)) = unit_named(&at) {
        let def = unit_def(root, side, &id)?;
        return Some(GotoDefinitionResponse::Scalar(Location::new(
            c.uri.clone(),
            c.range(def.span),
        )));
    }
    if let Some(found) = list_entry(docs, &c, root, &at) {
        return Some(GotoDefinitionResponse::Scalar(found));
    }
    if is_reference(&at.parts()) {
        let written = at.string()?;
        let dir = c.path.parent()?;
        let target = muster_check::lexical(&dir.join(written));
        // The pack boundary holds here as in `validate`: nothing outside is offered.
        if docs.checker().admit_reference(&c.path, &target) != Ok(true) {
            return None;
        }
        let uri = docs
            .get(&target)
            .map(|d| d.uri.clone())
            .or_else(|| text::uri_of(&target))?;
        return Some(GotoDefinitionResponse::Scalar(Location::new(
            uri,
            Range::default(),
        )));
    }
    None
}

/// A unit's `list_entry` to the row of the army list that defines it: the side's lists,
/// then the scenario's shared ones, each held to the pack boundary.
fn list_entry(docs: &Docs, c: &Cursor, root: &Node, at: &At) -> Option<Location> {
    let parts = at.parts();
    let side = match parts.as_slice() {
        [a, side, u, _, le] if a == "sides" && u == "units" && le == "list_entry" => {
            side.parse::<usize>().ok()?
        }
        _ => return None,
    };
    let wanted = at.string()?;
    let side_lists = field(root, "sides")
        .and_then(|s| items(s).get(side))
        .and_then(|s| field(s, "army_lists"));
    let written = side_lists
        .into_iter()
        .chain(field(root, "army_lists"))
        .flat_map(items)
        .filter_map(string);
    let checker = docs.checker();
    let dir = c.path.parent()?;
    for w in written {
        let target = muster_check::lexical(&dir.join(w));
        if checker.admit_reference(&c.path, &target) != Ok(true) {
            continue;
        }
        let text: std::sync::Arc<str> = match docs.get(&target) {
            Some(d) => d.text.clone(),
            None => match checker
                .read_reference(&c.path, &target)
                .map(String::from_utf8)
            {
                Ok(Ok(t)) => t.into(),
                _ => continue,
            },
        };
        let Ok(tree) = muster_check::syntax::read(&text) else {
            continue;
        };
        let row = field(&tree, "entries")
            .map(items)
            .unwrap_or_default()
            .iter()
            .filter_map(|e| field(e, "id"))
            .find(|id| string(id) == Some(wanted));
        if let Some(id) = row {
            let uri = docs
                .get(&target)
                .map(|d| d.uri.clone())
                .or_else(|| text::uri_of(&target))?;
            return Some(Location::new(
                uri,
                text::range(&text, id.span.start, id.span.end),
            ));
        }
    }
    None
}

/// Answers `textDocument/references` for a unit.
pub fn references(docs: &Docs, p: ReferenceParams) -> Option<Vec<Location>> {
    let tdp = p.text_document_position;
    let c = Cursor::of(docs, &tdp.text_document.uri, tdp.position)?;
    if c.kind != FileKind::Scenario {
        return None;
    }
    let root = c.tree.as_ref()?;
    let (side, id) = unit_named(&c.at()?)?;
    let mut out = Vec::new();
    if p.context.include_declaration {
        if let Some(def) = unit_def(root, side, &id) {
            out.push(Location::new(c.uri.clone(), c.range(def.span)));
        }
    }
    for n in unit_refs(root, side, &id) {
        out.push(Location::new(c.uri.clone(), c.range(n.span)));
    }
    Some(out)
}

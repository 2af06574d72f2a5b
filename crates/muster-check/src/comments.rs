//! The canonical writer that keeps comments: `muster fmt`, `muster convert --to ron` and
//! the editor's save all write through [`keep_comments`], so a comment a designer wrote
//! anywhere in a file (its header, above a set-up line, at the end of a hex's line, before
//! a closing bracket) is written back beside the value it annotates.
//!
//! Each comment is anchored in the text it was read from, to a line of that text's
//! canonical layout:
//! - a comment on a line of its own goes before the next value (or before the closing
//!   bracket of the list it ends; after the file's last value, at the end);
//! - a comment after code on its line goes at the end of the line of the value before it;
//! - a comment inside a value written on one canonical line (a unit, a hex, a set-up line)
//!   goes before that line, or at its end when code came before it on its own line.
//!
//! The anchor is then found in the new layout: a list item by its canonical text, then by
//! its key (its first field, so a comment follows its hex when the hex's terrain changes
//! or hexes above it are added or deleted), anything else by its pointer. A comment whose
//! value is gone falls back to the closing bracket of the nearest list or struct that is
//! still there: no comment is ever dropped. Writing a file twice gives the same text.

use crate::syntax::{read_with_comments, Node, NodeKind, ReadError, Span};
use muster_model::canonical::{indent, Layout, Slot};
use std::collections::{HashMap, HashSet};

/// Where a comment goes relative to its line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Place {
    /// On lines of its own before the line.
    Before,
    /// At the end of the line.
    After,
}

/// A comment of the original text and the line of the original layout it belongs to
/// (`None`: after the whole file).
#[derive(Debug)]
struct Anchored<'t> {
    line: Option<usize>,
    place: Place,
    blank_before: bool,
    text: &'t str,
}

/// What identifies a list item across an edit: its list, its text or key (the first
/// field: `(hex: "0101"`, `(id: "K"`), and how many items with the same text or key came
/// before it. Lines that are not list items are identified by their slot.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Identity<'l> {
    Item(&'l str, &'l str, usize),
    Slot(&'l Slot),
}

/// The first field of an item written as `(first, ...)`, with its opening bracket.
fn key_of(text: &str) -> Option<&str> {
    if !text.starts_with('(') {
        return None;
    }
    let (mut depth, mut in_string, mut escaped) = (0usize, false, false);
    for (i, c) in text.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' if in_string => escaped = true,
            '"' => in_string = !in_string,
            _ if in_string => {}
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth = depth.saturating_sub(1),
            ',' if depth == 1 => return Some(&text[..i]),
            _ => {}
        }
    }
    None
}

/// Each line's identity by its whole text, and (for items) by its key.
fn identities(layout: &Layout) -> Vec<(Identity<'_>, Option<Identity<'_>>)> {
    let mut texts: HashMap<(&str, &str), usize> = HashMap::new();
    let mut keys: HashMap<(&str, &str), usize> = HashMap::new();
    let nth = |seen: &mut HashMap<_, usize>, parent, text| {
        let n = seen.entry((parent, text)).or_default();
        *n += 1;
        *n - 1
    };
    layout
        .lines
        .iter()
        .map(|line| {
            let Slot::Open(path) = &line.slot else {
                return (Identity::Slot(&line.slot), None);
            };
            match path.rsplit_once('/') {
                Some((parent, last)) if last.parse::<usize>().is_ok() => {
                    let text = line.text.as_str();
                    let exact = Identity::Item(parent, text, nth(&mut texts, parent, text));
                    let key =
                        key_of(text).map(|k| Identity::Item(parent, k, nth(&mut keys, parent, k)));
                    (exact, key)
                }
                _ => (Identity::Slot(&line.slot), None),
            }
        })
        .collect()
}

/// The node at a pointer and the span of the key naming it, when it exists exactly.
fn resolve<'n>(root: &'n Node, path: &str) -> Option<(&'n Node, Option<Span>)> {
    let mut node = root;
    let mut key = None;
    for part in path.split('/').skip(1) {
        (node, key) = match &node.kind {
            NodeKind::Object(fields) => fields
                .iter()
                .find(|(k, _)| k.name == part)
                .map(|(k, v)| (v, Some(k.span)))?,
            NodeKind::Array(items) => (items.get(part.parse::<usize>().ok()?)?, None),
            _ => return None,
        };
    }
    Some((node, key))
}

/// Where each line of the layout's values begins in the source (and, for a value written
/// on one canonical line, where it ends), when the source has it.
struct Events {
    /// (offset, line), by offset.
    starts: Vec<(usize, usize)>,
    /// (start, end, line) of the values written on one line.
    leaves: Vec<(usize, usize, usize)>,
}

fn events(root: &Node, layout: &Layout) -> Events {
    let closes: Vec<&str> = layout
        .lines
        .iter()
        .filter_map(|l| match &l.slot {
            Slot::Close(p) => Some(p.as_str()),
            Slot::Open(_) => None,
        })
        .collect();
    let mut starts = Vec::new();
    let mut leaves = Vec::new();
    for (i, line) in layout.lines.iter().enumerate() {
        match &line.slot {
            Slot::Open(path) => {
                let Some((node, key)) = resolve(root, path) else {
                    continue;
                };
                let start = key.map_or(node.span.start, |k| k.start);
                starts.push((start, i));
                if !closes.contains(&path.as_str()) {
                    leaves.push((start, node.span.end, i));
                }
            }
            Slot::Close(path) => {
                if let Some((node, _)) = resolve(root, path) {
                    starts.push((node.span.end.saturating_sub(1), i));
                }
            }
        }
    }
    starts.sort_unstable();
    Events { starts, leaves }
}

fn anchor<'t>(text: &'t str, comment: Span, events: &Events) -> Anchored<'t> {
    let line_start = text[..comment.start].rfind('\n').map_or(0, |i| i + 1);
    let own_line = text[line_start..comment.start].trim().is_empty();
    let blank_before = own_line && line_start > 0 && {
        let before = &text[..line_start - 1];
        let prev = before.rfind('\n').map_or(before, |i| &before[i + 1..]);
        prev.trim().is_empty()
    };
    let place_of = |own: bool| if own { Place::Before } else { Place::After };
    let inside = events
        .leaves
        .iter()
        .find(|(s, e, _)| *s < comment.start && comment.start < *e);
    let (line, place) = if let Some(&(_, _, line)) = inside {
        (Some(line), place_of(own_line))
    } else if !own_line {
        match events.starts.iter().rev().find(|(o, _)| *o < comment.start) {
            Some(&(_, line)) => (Some(line), Place::After),
            None => (events.starts.first().map(|&(_, l)| l), Place::Before),
        }
    } else {
        match events.starts.iter().find(|(o, _)| *o > comment.start) {
            Some(&(_, line)) => (Some(line), Place::Before),
            None => (None, Place::Before),
        }
    };
    Anchored {
        line,
        place,
        blank_before,
        text: &text[comment.start..comment.end],
    }
}

/// How the lines of the layout a file was read with are found in the layout written.
struct Matching<'l> {
    before: &'l Layout,
    after: &'l Layout,
    /// For each line of `before`, the line of `after` with the same text or key.
    found: Vec<Option<usize>>,
    /// The lines of `after` some line of `before` was found as.
    taken: HashSet<usize>,
}

impl<'l> Matching<'l> {
    fn new(before: &'l Layout, after: &'l Layout) -> Self {
        let after_ids = identities(after);
        let mut exact = HashMap::new();
        let mut keyed = HashMap::new();
        for (j, (id, key)) in after_ids.into_iter().enumerate() {
            exact.insert(id, j);
            if let Some(key) = key {
                keyed.insert(key, j);
            }
        }
        let found: Vec<Option<usize>> = identities(before)
            .iter()
            .map(|(id, key)| {
                exact
                    .get(id)
                    .or_else(|| key.as_ref().and_then(|k| keyed.get(k)))
                    .copied()
            })
            .collect();
        let taken = found.iter().flatten().copied().collect();
        Matching {
            before,
            after,
            found,
            taken,
        }
    }

    /// The line of `after` that takes a comment anchored to line `line` of `before`:
    /// the same value (by text, then by key), else the line at the same pointer when no
    /// other value took it (the value was edited), else the closing line of the nearest
    /// enclosing list or struct still written.
    fn destination(&self, line: usize, place: Place) -> (usize, Place) {
        if let Some(j) = self.found[line] {
            return (j, place);
        }
        let slot = &self.before.lines[line].slot;
        let same = self.after.lines.iter().position(|l| &l.slot == slot);
        if let Some(j) = same.filter(|j| !self.taken.contains(j)) {
            return (j, place);
        }
        let (Slot::Open(path) | Slot::Close(path)) = slot;
        let mut path = path.as_str();
        while let Some((parent, _)) = path.rsplit_once('/') {
            let close = Slot::Close(parent.to_string());
            if let Some(j) = self.after.lines.iter().position(|l| l.slot == close) {
                return (j, Place::Before);
            }
            path = parent;
        }
        (self.after.lines.len().saturating_sub(1), Place::Before)
    }
}

/// The text of `after` with every comment of `original` (whose values `before` lays out)
/// written back beside its value. `before` and `after` are the same layout when a file
/// is only formatted; the editor passes the layout it loaded and the one it saves.
pub fn keep_comments(original: &str, before: &Layout, after: &Layout) -> Result<String, ReadError> {
    let (root, comments) = read_with_comments(original)?;
    if comments.is_empty() {
        return Ok(after.render());
    }
    let events = events(&root, before);
    let matching = Matching::new(before, after);
    let mut befores: Vec<Vec<&Anchored>> = vec![Vec::new(); after.lines.len() + 1];
    let mut afters: Vec<Vec<&Anchored>> = vec![Vec::new(); after.lines.len()];
    let anchored: Vec<Anchored> = comments
        .iter()
        .map(|&c| anchor(original, c, &events))
        .collect();
    for a in &anchored {
        let (j, place) = match a.line {
            Some(line) => matching.destination(line, a.place),
            None => (after.lines.len(), Place::Before),
        };
        match place {
            Place::Before => befores[j].push(a),
            Place::After if j < afters.len() => afters[j].push(a),
            Place::After => befores[j].push(a),
        }
    }
    let mut out = String::with_capacity(original.len() + after.lines.len() * 8);
    for (j, line) in after.lines.iter().enumerate() {
        let depth = match line.slot {
            Slot::Close(_) => line.depth + 1,
            Slot::Open(_) => line.depth,
        };
        own_lines(&mut out, &befores[j], depth);
        indent(&mut out, line.depth);
        out.push_str(&line.text);
        // Block comments first: a line comment ends the line.
        let (line_comments, blocks): (Vec<&&Anchored>, Vec<&&Anchored>) =
            afters[j].iter().partition(|a| a.text.starts_with("//"));
        for a in blocks.iter().chain(&line_comments) {
            out.push(' ');
            out.push_str(a.text);
        }
        out.push('\n');
    }
    own_lines(&mut out, &befores[after.lines.len()], 0);
    Ok(out)
}

fn own_lines(out: &mut String, comments: &[&Anchored], depth: usize) {
    for a in comments {
        if a.blank_before && !out.is_empty() && !out.ends_with("\n\n") {
            out.push('\n');
        }
        indent(out, depth);
        out.push_str(a.text);
        out.push('\n');
    }
}

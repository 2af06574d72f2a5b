//! Code actions where the fix is known: the did-you-mean replacements a finding's help
//! names, "record this as an erratum of the print" (a scenario's `errata` entry waiving
//! the finding at its hex), and "format document".

use crate::diagnostics::Data;
use crate::docs::{kind_of, Docs};
use crate::text;
use lsp_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, CodeActionParams, CodeActionResponse,
    Diagnostic, NumberOrString, Range, TextEdit, Uri, WorkspaceEdit,
};
use muster_check::syntax::{Node, NodeKind};
use muster_model::{FileKind, UnitRef};
use muster_rules::codes;
use std::collections::HashMap;

/// Codes of the stages before the rules (syntax, schema, references): no erratum waives
/// them, the file must be fixed.
const STAGE_CODES: &[&str] = &[
    codes::SYNTAX.code,
    codes::SCHEMA.code,
    codes::SHAPE.code,
    codes::UNREADABLE.code,
    codes::REFERENCE.code,
    codes::RULESET.code,
    codes::REFERENCED_FILE_INVALID.code,
    codes::PACK_BOUNDARY.code,
];

fn edit(uri: &Uri, edits: Vec<TextEdit>) -> WorkspaceEdit {
    WorkspaceEdit {
        changes: Some(HashMap::from([(uri.clone(), edits)])),
        ..Default::default()
    }
}

/// Answers `textDocument/codeAction`.
pub fn actions(docs: &Docs, p: CodeActionParams) -> Option<CodeActionResponse> {
    let uri = p.text_document.uri;
    let path = text::path_of(&uri)?;
    let doc = docs.get(&path)?;
    let text = &*doc.text;
    let mut out = Vec::new();
    for d in &p.context.diagnostics {
        if d.source.as_deref() != Some("muster") {
            continue;
        }
        let data: Data = d
            .data
            .clone()
            .and_then(|v| serde_json::from_value(v).ok())
            .unwrap_or_default();
        for (i, s) in data.suggestions.iter().enumerate() {
            let Some(new_text) = replacement(text, d.range, s) else {
                continue;
            };
            out.push(CodeActionOrCommand::CodeAction(CodeAction {
                title: format!("Replace with `{s}`"),
                kind: Some(CodeActionKind::QUICKFIX),
                diagnostics: Some(vec![d.clone()]),
                edit: Some(edit(&uri, vec![TextEdit::new(d.range, new_text)])),
                is_preferred: Some(i == 0),
                ..Default::default()
            }));
        }
        if kind_of(&path) == Some(FileKind::Scenario)
            && path.extension().is_some_and(|e| e == "ron")
        {
            if let Some(a) = erratum(&uri, text, d, &data) {
                out.push(CodeActionOrCommand::CodeAction(a));
            }
        }
    }
    if let Some(edits) = crate::format::edit(&path, &doc.text).filter(|e| !e.is_empty()) {
        out.push(CodeActionOrCommand::CodeAction(CodeAction {
            title: "Format document (muster fmt)".into(),
            kind: Some(CodeActionKind::SOURCE),
            edit: Some(edit(&uri, edits)),
            ..Default::default()
        }));
    }
    Some(out)
}

/// The text replacing a diagnostic's range by a suggestion: quoted when the range is a
/// string, and keeping a unit reference's count (`"6x Chevaliers Italiens"`).
fn replacement(text: &str, range: Range, suggestion: &str) -> Option<String> {
    let start = text::offset(text, range.start);
    let end = text::offset(text, range.end);
    let old = text.get(start..end)?;
    let Some(inner) = old.strip_prefix('"').and_then(|s| s.strip_suffix('"')) else {
        return Some(suggestion.to_string());
    };
    let new = match inner.parse::<UnitRef>() {
        Ok(r) if r.count > 1 && inner.starts_with(&format!("{}x ", r.count)) => {
            format!("{}x {suggestion}", r.count)
        }
        _ => suggestion.to_string(),
    };
    Some(format!("{new:?}"))
}

/// "Record this as an erratum of the print": appends an entry waiving the finding's code
/// at its hex to the scenario's `errata` (creating the list when there is none). The
/// `printed` quote is the finding's line as the file transcribes it, never empty (review
/// finding 15: an empty quote turned an error green with nothing recorded); the designer
/// replaces it with the booklet's words where they differ.
fn erratum(uri: &Uri, text: &str, d: &Diagnostic, data: &Data) -> Option<CodeAction> {
    let Some(NumberOrString::String(code)) = &d.code else {
        return None;
    };
    if STAGE_CODES.contains(&code.as_str()) {
        return None;
    }
    let root = muster_check::syntax::read(text).ok()?;
    let NodeKind::Object(fields) = &root.kind else {
        return None;
    };
    let hexes = data
        .hex
        .as_ref()
        .map(|h| format!("hexes: [{h:?}], "))
        .unwrap_or_default();
    let entry = format!(
        "(code: {code:?}, {hexes}printed: {:?}, why: {:?})",
        quote(text, d.range, &data.message),
        data.message
    );
    let edits = match fields.iter().find(|(k, _)| k.name == "errata") {
        Some((_, list)) => append(text, list, &entry)?,
        None => add_field(text, &root, &entry)?,
    };
    Some(CodeAction {
        title: format!("Record {code} as an erratum of the print"),
        kind: Some(CodeActionKind::QUICKFIX),
        diagnostics: Some(vec![d.clone()]),
        edit: Some(edit(uri, edits)),
        ..Default::default()
    })
}

/// What an erratum quotes by default: the line of `text` holding the start of `range`
/// (trimmed, without a trailing comma), else the text in the range, else `message`.
fn quote(text: &str, range: Range, message: &str) -> String {
    let start = text::offset(text, range.start);
    let end = text::offset(text, range.end).max(start);
    let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[start..].find('\n').map_or(text.len(), |i| start + i);
    let line = text[line_start..line_end].trim();
    let line = line.strip_suffix(',').unwrap_or(line).trim();
    [line, text[start..end].trim(), message]
        .into_iter()
        .find(|q| !q.is_empty())
        .unwrap_or("?")
        .to_string()
}

/// The indentation of the line holding `offset`.
fn indent_at(text: &str, offset: usize) -> &str {
    let start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let line = &text[start..];
    &line[..line.len() - line.trim_start_matches([' ', '\t']).len()]
}

/// Adds `entry` to an existing `errata` list.
fn append(text: &str, list: &Node, entry: &str) -> Option<Vec<TextEdit>> {
    let NodeKind::Array(items) = &list.kind else {
        return None;
    };
    let at = |o: usize| text::position(text, o);
    Some(match items.last() {
        Some(last) => {
            let indent = indent_at(text, last.span.start);
            let pos = at(last.span.end);
            // After the last entry (and its trailing comma, if any).
            let after_comma = text[last.span.end..].trim_start().starts_with(',');
            let (pos, lead) = if after_comma {
                let comma = last.span.end + text[last.span.end..].find(',')? + 1;
                (at(comma), "")
            } else {
                (pos, ",")
            };
            vec![TextEdit::new(
                Range::new(pos, pos),
                format!("{lead}\n{indent}{entry},"),
            )]
        }
        None => {
            let indent = indent_at(text, list.span.start);
            let r = Range::new(at(list.span.start), at(list.span.end));
            vec![TextEdit::new(
                r,
                format!("[\n{indent}    {entry},\n{indent}]"),
            )]
        }
    })
}

/// Adds an `errata` field holding `entry` at the end of the top-level struct.
fn add_field(text: &str, root: &Node, entry: &str) -> Option<Vec<TextEdit>> {
    let close = root.span.end.checked_sub(1)?;
    if !text.get(close..).is_some_and(|t| t.starts_with(')')) {
        return None;
    }
    let body_end = text[..close].trim_end().len();
    let needs_comma = !text[..body_end].ends_with([',', '(']);
    let lead = if needs_comma { "," } else { "" };
    let at = text::position(text, body_end);
    Some(vec![TextEdit::new(
        Range::new(at, at),
        format!("{lead}\n    errata: [\n        {entry},\n    ],"),
    )])
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    fn apply(text: &str, edits: &[TextEdit]) -> String {
        let mut out = text.to_string();
        let mut sorted = edits.to_vec();
        sorted.sort_by_key(|e| std::cmp::Reverse((e.range.start.line, e.range.start.character)));
        for e in sorted {
            let s = text::offset(&out, e.range.start);
            let t = text::offset(&out, e.range.end);
            out.replace_range(s..t, &e.new_text);
        }
        out
    }

    #[test]
    fn replacements_keep_quotes_and_counts() {
        let text = r#"(units: ["6x Chevaliers Italien"])"#;
        let s = text.find('"').unwrap();
        let e = text.rfind('"').unwrap() + 1;
        let r = text::range(text, s, e);
        assert_eq!(
            replacement(text, r, "Chevaliers Italiens").unwrap(),
            r#""6x Chevaliers Italiens""#
        );
        let key = text::range(text, 1, 6);
        assert_eq!(replacement(text, key, "unit").unwrap(), "unit");
    }

    #[test]
    fn an_erratum_quotes_the_findings_line_never_nothing() {
        // Review finding 15: `printed: ""` waived the finding and validate accepted it.
        let text =
            "(\n    setup: [\n        (units: [\"Red Foot\"], at: Hexes([\"0203\"])),\n    ],\n)\n";
        let s = text.find("\"0203").unwrap();
        let r = text::range(text, s, s + 6);
        assert_eq!(
            quote(text, r, "m"),
            "(units: [\"Red Foot\"], at: Hexes([\"0203\"]))"
        );
        assert_eq!(
            quote("\n\n", text::range("\n\n", 1, 1), "the message"),
            "the message"
        );
        let d = Diagnostic {
            range: r,
            code: Some(NumberOrString::String("AC101".into())),
            ..Default::default()
        };
        let data = Data {
            hex: Some("0203".into()),
            message: "two units".into(),
            ..Default::default()
        };
        let uri = Uri::from_str("file:///p/x.scenario.ron").unwrap();
        let a = erratum(&uri, text, &d, &data).unwrap();
        let edits = &a.edit.unwrap().changes.unwrap()[&uri];
        let out = apply(text, edits);
        assert!(!out.contains("printed: \"\""), "{out}");
        assert!(
            out.contains("printed: \"(units: [\\\"Red Foot\\\"], at: Hexes([\\\"0203\\\"]))\""),
            "{out}"
        );
    }

    #[test]
    fn errata_are_appended_or_created() {
        let with = "(\n    title: \"t\",\n    errata: [\n        (printed: \"p\", why: \"w\"),\n    ],\n)\n";
        let root = muster_check::syntax::read(with).unwrap();
        let NodeKind::Object(f) = &root.kind else {
            panic!()
        };
        let list = &f[1].1;
        let out = apply(with, &append(with, list, "(code: \"AC101\")").unwrap());
        assert!(
            out.contains("(printed: \"p\", why: \"w\"),\n        (code: \"AC101\"),\n    ],"),
            "{out}"
        );
        assert!(muster_check::syntax::read(&out).is_ok());

        let without = "(\n    title: \"t\"\n)\n";
        let root = muster_check::syntax::read(without).unwrap();
        let out = apply(
            without,
            &add_field(without, &root, "(code: \"AC101\")").unwrap(),
        );
        assert_eq!(
            out,
            "(\n    title: \"t\",\n    errata: [\n        (code: \"AC101\"),\n    ],\n)\n"
        );
    }
}

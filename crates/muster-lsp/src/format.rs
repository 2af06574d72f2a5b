//! "Format document" through the canonical writer of `muster fmt`: stable field order,
//! one hex, unit or set-up line per line, every comment kept.

use crate::docs::Docs;
use crate::text;
use lsp_types::{DocumentFormattingParams, Range, TextEdit};
use muster_model::canonical::{army_list_layout, map_layout, overlay_layout, Layout, WriteError};
use muster_model::{ArmyListFile, FileKind, MapFile, OverlayFile, ScenarioFile, Syntax};
use muster_rules::canonical::scenario_layout;
use std::path::Path;
use std::sync::Arc;

fn of<T: serde::Serialize + serde::de::DeserializeOwned>(
    path: &Path,
    kind: FileKind,
    syntax: Syntax,
    text: Arc<str>,
    layout: fn(&T) -> Result<Layout, WriteError>,
) -> Option<String> {
    let loaded = muster_check::parse_text::<T>(path, text, kind).ok()?;
    match syntax {
        Syntax::Json => serde_json::to_string_pretty(&loaded.value)
            .ok()
            .map(|s| s + "\n"),
        Syntax::Ron => {
            let lines = layout(&loaded.value).ok()?;
            muster_check::keep_comments(&loaded.text, &lines, &lines).ok()
        }
    }
}

/// The canonical text of a document, `None` when it does not load (its diagnostics say
/// why) or its kind has no canonical writer.
pub fn canonical(path: &Path, text: Arc<str>) -> Option<String> {
    let name = path.file_name()?.to_str()?;
    let (kind, syntax) = FileKind::from_file_name(name)?;
    match kind {
        FileKind::Map => of::<MapFile>(path, kind, syntax, text, map_layout),
        FileKind::Overlay => of::<OverlayFile>(path, kind, syntax, text, overlay_layout),
        FileKind::Scenario => of::<ScenarioFile>(path, kind, syntax, text, scenario_layout),
        FileKind::ArmyList => of::<ArmyListFile>(path, kind, syntax, text, army_list_layout),
        FileKind::Manifest | FileKind::Ruleset => None,
    }
}

/// The edit turning a document into its canonical text (none when it already is).
pub fn edit(path: &Path, text: &Arc<str>) -> Option<Vec<TextEdit>> {
    let new = canonical(path, text.clone())?;
    if new == **text {
        return Some(vec![]);
    }
    let whole = Range::new(Default::default(), text::position(text, text.len()));
    Some(vec![TextEdit::new(whole, new)])
}

/// Answers `textDocument/formatting`.
pub fn format(docs: &Docs, p: DocumentFormattingParams) -> Option<Vec<TextEdit>> {
    let path = text::path_of(&p.text_document.uri)?;
    let doc = docs.get(&path)?;
    edit(&path, &doc.text)
}

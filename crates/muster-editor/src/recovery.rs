//! Autosave to a recovery file beside the document, offered again on the next start after
//! a crash; removed when the document is saved.

use crate::document::{write_atomically, Document};
use serde_json::json;
use std::path::{Path, PathBuf};

/// The recovery file of a document: `<file>.recovery.json` beside it.
pub fn path_for(main: &Path) -> PathBuf {
    let name = main
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or("untitled");
    main.with_file_name(format!(".{name}.recovery.json"))
}

/// Writes the document's current texts to its recovery file.
pub fn save(doc: &Document) -> Result<(), String> {
    let (scenario, map) = doc.texts()?;
    let v = json!({ "map": map, "scenario": scenario });
    write_atomically(&path_for(doc.main_path()), v.to_string())
}

/// The texts saved in a recovery file, if there is one: (scenario, map).
pub fn load(main: &Path) -> Option<(Option<String>, String)> {
    let text = std::fs::read_to_string(path_for(main)).ok()?;
    let v: serde_json::Value = serde_json::from_str(&text).ok()?;
    Some((
        v["scenario"].as_str().map(String::from),
        v["map"].as_str()?.to_string(),
    ))
}

/// Removes the recovery file.
pub fn discard(main: &Path) {
    let _ = std::fs::remove_file(path_for(main));
}

//! PNG export through the shared renderer (the same pixels as `muster render`).

use crate::document::Document;
use muster_render::{encode_png, render, RenderOptions};
use std::path::PathBuf;

/// Renders the document and writes `<file>.png` beside it; returns the path.
pub fn png(doc: &Document) -> Result<PathBuf, String> {
    let scene = doc
        .scene()
        .ok_or_else(|| format!("unknown ruleset `{}`", doc.map.ruleset))?;
    let image = render(&scene, &RenderOptions::default()).map_err(|e| e.to_string())?;
    let path = doc.main_path().with_extension("png");
    let bytes = encode_png(&image).map_err(|e| e.to_string())?;
    crate::document::write_atomically(&path, &bytes)?;
    Ok(path)
}

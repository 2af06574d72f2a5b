//! PNG export through the shared renderer (the same pixels as `muster render`).

use crate::document::Document;
use muster_render::{render, write_png, RenderOptions, Scene};
use std::path::PathBuf;

/// Renders the document and writes `<file>.png` beside it; returns the path.
pub fn png(doc: &Document) -> Result<PathBuf, String> {
    let ruleset = muster_rules::ruleset(&doc.map.ruleset)
        .ok_or_else(|| format!("unknown ruleset `{}`", doc.map.ruleset))?;
    let scene = match &doc.scenario {
        Some(s) => {
            let overlays: Vec<_> = doc.overlays.iter().map(|o| o.as_ref()).collect();
            Scene::of_scenario(s, &doc.map, &overlays, ruleset)
        }
        None => Scene::of_map(&doc.map, ruleset),
    };
    let image = render(&scene, &RenderOptions::default()).map_err(|e| e.to_string())?;
    let path = doc.main_path().with_extension("png");
    write_png(&image, &path).map_err(|e| e.to_string())?;
    Ok(path)
}

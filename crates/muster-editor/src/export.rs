//! PNG export through the shared renderer (the same pixels as `muster render`).

use crate::document::Document;
use muster_render::{encode_png, render, RenderOptions};
use std::path::{Path, PathBuf};

/// The pixels per hex the editor offers: small enough to stay a picture, large enough to
/// read the hex numbers.
pub const PX_PER_HEX: std::ops::RangeInclusive<u32> = 8..=128;

/// Where the export goes unless the designer says otherwise: `<name>.png` beside the
/// document (`st-albans-1.scenario.ron` → `st-albans-1.png`).
pub fn default_path(doc: &Document) -> PathBuf {
    let main = doc.main_path();
    let file = main.file_name().and_then(|n| n.to_str()).unwrap_or("map");
    let stem = [".scenario.ron", ".map.ron", ".scenario.json", ".map.json"]
        .iter()
        .find_map(|suffix| file.strip_suffix(suffix))
        .unwrap_or_else(|| file.split('.').next().unwrap_or(file));
    main.with_file_name(format!("{stem}.png"))
}

/// Renders the document at `px_per_hex` and writes the PNG to `path`; returns the
/// picture's size in pixels.
pub fn png(doc: &Document, path: &Path, px_per_hex: u32) -> Result<(u32, u32), String> {
    let scene = doc
        .scene()
        .ok_or_else(|| format!("unknown ruleset `{}`", doc.map.ruleset))?;
    let options = RenderOptions {
        px_per_hex: px_per_hex as f32,
        ..RenderOptions::default()
    };
    let image = render(&scene, &options).map_err(|e| e.to_string())?;
    let bytes = encode_png(&image).map_err(|e| e.to_string())?;
    crate::document::write_atomically(path, &bytes)?;
    Ok(image.dimensions())
}

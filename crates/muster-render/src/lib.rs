//! Muster's renderer: a [`Scene`] (what to draw, built from files through the rules
//! library) and [`render`] (how to draw it). No I/O except [`write_png`].
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod draw;
mod scene;
mod text;

pub use draw::{render, RenderError, RenderOptions};
pub use scene::{Counter, Scene};

/// Writes an image as PNG atomically (temporary file, then rename).
pub fn write_png(image: &image::RgbaImage, path: &std::path::Path) -> Result<(), RenderError> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(std::path::Path::new("."));
    let tmp = dir.join(format!(
        ".{}.{}.tmp",
        path.file_name().and_then(|n| n.to_str()).unwrap_or("image"),
        std::process::id()
    ));
    image
        .save_with_format(&tmp, image::ImageFormat::Png)
        .map_err(|e| RenderError::Write(path.display().to_string(), e.to_string()))?;
    std::fs::rename(&tmp, path).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        RenderError::Write(path.display().to_string(), e.to_string())
    })
}

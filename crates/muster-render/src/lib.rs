//! Muster's renderer: a [`Scene`] (what to draw, built from files through the rules
//! library) and [`render`] (how to draw it). No I/O: [`encode_png`] gives the bytes, front ends write them.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod draw;
pub mod palette;
mod scene;
mod siege;
pub mod text;

pub use draw::{placement, render, Placement, RenderError, RenderOptions, SIDES};
pub use scene::{Counter, Scene, ScenePiece};

/// The image encoded as PNG (front ends write it with their atomic writer).
pub fn encode_png(image: &image::RgbaImage) -> Result<Vec<u8>, RenderError> {
    let mut bytes = Vec::new();
    image
        .write_to(
            &mut std::io::Cursor::new(&mut bytes),
            image::ImageFormat::Png,
        )
        .map_err(|e| RenderError::Write("PNG".into(), e.to_string()))?;
    Ok(bytes)
}

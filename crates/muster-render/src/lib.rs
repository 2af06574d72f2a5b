//! Muster's renderer: a [`Scene`] (what to draw, built from files through the rules
//! library) and [`render`] (how to draw it). No I/O: [`encode_png`] gives the bytes, front ends write them.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod budget;
mod draw;
pub mod palette;
mod scene;
mod siege;
mod sizing;
pub mod text;

pub use budget::{Budget, PictureSize, TooLarge, BYTES_PER_HEX, BYTES_PER_PIXEL, MAX_SIDE};
pub use draw::{placement, render, render_within, Placement, RenderError, RenderOptions, SIDES};
pub use scene::{Counter, Scene, ScenePiece};
pub use sizing::picture_size;

/// The image encoded as PNG (front ends write it with their atomic writer).
pub fn encode_png(image: &image::RgbaImage) -> Result<Vec<u8>, RenderError> {
    use image::codecs::png::{CompressionType, FilterType, PngEncoder};
    use image::ImageEncoder;
    // Room for the file up front (a map compresses to about a fifth of its pixels' bytes):
    // growing a many-megabyte buffer by doubling copies it and touches fresh pages each time.
    let mut bytes = Vec::with_capacity(image.as_raw().len() / 4);
    // Fast deflate with adaptive filters (what `image` picks by default, stated here): the
    // balanced level makes a 200×150 map's file 4.5× smaller but its render 1.8× slower.
    PngEncoder::new_with_quality(&mut bytes, CompressionType::Fast, FilterType::Adaptive)
        .write_image(
            image.as_raw(),
            image.width(),
            image.height(),
            image::ExtendedColorType::Rgba8,
        )
        .map_err(|e| RenderError::Write("PNG".into(), e.to_string()))?;
    Ok(bytes)
}

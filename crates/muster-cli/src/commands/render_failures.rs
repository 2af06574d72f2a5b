//! `muster validate --render-failures DIR`: a picture of each failing map or scenario, its
//! offending hexes marked.
//!
//! The pictures are a courtesy beside the report, so they never change the verdict: each
//! failing file is attempted, and a picture that cannot be drawn or written is a note on
//! stderr. Each picture has a budget ([`picture_budget`]) and the run one more
//! ([`RUN_BYTES`]): a map too large at the default hex width is drawn with smaller hexes
//! (down to [`MIN_PX_PER_HEX`], where the numbers still print), else cropped around its
//! first finding, else left out with a note; once the run's bytes are spent, the remaining
//! failures are left out with a note.

use muster_check::{Report, Severity};
use muster_render::{picture_size, render_within, Budget, RenderError, RenderOptions, Scene};
use std::path::Path;

/// Pixels, hexes and bytes one failure's picture may cost: 4 Mpx (2000 × 2000, a 55 × 48
/// map at the default 48 px a hex) and 10,000 hexes.
pub const PICTURE: Budget = Budget {
    pixels: 4_000_000,
    hexes: 10_000,
    bytes: 4_000_000 * muster_render::BYTES_PER_PIXEL + 10_000 * muster_render::BYTES_PER_HEX,
};

/// Bytes all the pictures of a run may cost together, as [`muster_render::PictureSize::bytes`]
/// estimates them (a picture's PNG file is always smaller): three pictures at the full
/// [`PICTURE`] budget, or many small ones.
pub const RUN_BYTES: u64 = 3 * PICTURE.bytes;

/// The smallest hex width a picture is shrunk to before it is cropped instead (hex numbers
/// print from 18 px a hex).
pub const MIN_PX_PER_HEX: u32 = 24;

/// The budget of the next picture when `spent` bytes of the run's are gone.
pub fn picture_budget(spent: u64) -> Budget {
    Budget {
        bytes: PICTURE.bytes.min(RUN_BYTES.saturating_sub(spent)),
        ..PICTURE
    }
}

/// Draws and writes a picture of each file of the report that has errors into `dir`;
/// problems are notes on stderr.
pub fn write(report: &Report, dir: &Path) {
    if let Err(e) = std::fs::create_dir_all(dir) {
        super::tell(format!(
            "muster: no pictures of the failures: cannot create {}: {e}\n",
            dir.display()
        ));
        return;
    }
    let mut spent = 0u64;
    for file in &report.files {
        let errors = file
            .findings
            .iter()
            .filter(|f| f.diagnostic.severity == Severity::Error);
        let hexes: Vec<String> = errors
            .clone()
            .filter_map(|f| f.diagnostic.hex.clone())
            .collect();
        if errors.count() == 0 {
            continue;
        }
        // Files that do not load cannot be drawn; their findings are in the report.
        let Ok(scene) = super::render::scene_of(&file.path, &hexes) else {
            continue;
        };
        let shown = file.path.display();
        let budget = picture_budget(spent);
        if budget.bytes == 0 {
            super::tell(format!(
                "muster: no picture of {shown}: this run's pictures have used their {} MB\n",
                RUN_BYTES / 1_000_000
            ));
            continue;
        }
        let (png, opts) = match draw(&scene, &budget) {
            Ok(done) => done,
            Err(why) => {
                super::tell(format!("muster: no picture of {shown}: {why}\n"));
                continue;
            }
        };
        if let Some(note) = how_drawn(&opts) {
            super::tell(format!("muster: the picture of {shown} {note}\n"));
        }
        if let Ok(size) = picture_size(&scene, &opts) {
            spent = spent.saturating_add(size.bytes());
        }
        let name = file
            .path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or("file");
        let out = dir.join(format!("{name}.png"));
        if let Err(e) = muster_check::write_atomically(&out, &png) {
            super::tell(format!("muster: cannot write {}: {e}\n", out.display()));
        }
    }
}

/// What a picture drawn other than at the defaults shows, for a note.
fn how_drawn(opts: &RenderOptions) -> Option<String> {
    let default = RenderOptions::default();
    let px = (opts.px_per_hex != default.px_per_hex)
        .then(|| format!("is drawn at {} px a hex", opts.px_per_hex));
    let crop = opts
        .crop
        .as_ref()
        .map(|(a, b)| format!("shows hexes {a} to {b}, around its first finding"));
    match (px, crop) {
        (None, None) => None,
        (Some(p), None) => Some(format!("{p} to stay within its budget")),
        (None, Some(c)) => Some(format!("{c}, to stay within its budget")),
        (Some(p), Some(c)) => Some(format!("{c}, and {p}, to stay within its budget")),
    }
}

/// The picture (as PNG) at the default options if it fits, else with smaller hexes, else
/// cropped around the first finding (and then smaller hexes if need be).
fn draw(scene: &Scene, budget: &Budget) -> Result<(Vec<u8>, RenderOptions), String> {
    let mut opts = RenderOptions::default();
    // Each refusal names what would fit; three tries reach the cropped, smaller picture.
    for _ in 0..3 {
        match render_within(scene, &opts, budget) {
            Ok(image) => {
                let png = muster_render::encode_png(&image).map_err(|e| e.to_string())?;
                return Ok((png, opts));
            }
            Err(RenderError::TooLarge(t)) => match (t.px_per_hex, &t.crop, &opts.crop) {
                (Some(px), _, _) if px >= MIN_PX_PER_HEX || opts.crop.is_some() => {
                    opts.px_per_hex = px as f32
                }
                (_, Some(crop), None) => opts.crop = Some(crop.clone()),
                _ => return Err(format!("too large for a failure's picture: {t}")),
            },
            Err(e) => return Err(e.to_string()),
        }
    }
    Err("no size within the budget was found".into())
}

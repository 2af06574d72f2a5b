//! Muster's VASSAL export: checked scenarios as one playable module (`.vmod`).
//!
//! - **Board**: one board per scenario, the renderer's picture of its map with the
//!   scenario's overlays, markers and entry hexes, hex numbers drawn into the image (as
//!   `muster render` draws them; VASSAL's own numbering is kept invisible). Below the map,
//!   labelled off-map boxes hold reinforcements, hidden units and engines off the map.
//! - **Grid**: a `HexGrid` placed on the renderer's pixels and a `HexGridNumbering` that
//!   names every hex as printed ([`grid`]; proved by `tests/numbering.rs` with VASSAL's
//!   own algorithm).
//! - **Counters**: an image per unit type and piece in the side's colour with the unit
//!   type, name and printed ratings (a two-step unit an image per step); a palette per
//!   scenario and side. Each piece has Delete, a Mask its side controls and, with two
//!   steps, a Layer that flips it; hidden and owner's-choice set-ups start masked; a
//!   counter detail viewer shows name, side and ratings. Where the system's units face a
//!   way, a counter turns through six facings from its set-up line's facing
//!   (`src/facing.rs`); multi-hex pieces and mounted siege characters are drawn over their
//!   hexes. A siege's markers are pieces on their hexes, with Clone where the rules leave
//!   their number open (the system says which: `GameSystem::marker_unlimited`), and a
//!   palette of blank markers.
//! - **Set-up**: one `SetupStack` per occupied hex (`useGridLocation`, `location` = the
//!   printed id), owned by the scenario's board, so a new game on that board puts every
//!   counter on its hex; a `PredefinedSetup` per scenario in a *Scenarios* menu. Each
//!   off-map box is a named zone without a grid; with several scenarios, each side in the
//!   roster is named with its scenario.
//! - **Help**: notes, special rules, victory conditions and errata per scenario; set-up
//!   notes (owner's choices with their printed lines, off-map boxes) in a chart window.
//!
//! No I/O: [`Module::to_zip`] gives the bytes, front ends write them.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod board;
mod counter;
mod facing;
pub mod grid;
mod help;
mod markers;
mod module;
mod pieces;
mod seq;
mod setup;
mod xml;

pub use board::{board_options, PX_PER_HEX};
pub use grid::VassalGrid;
pub use module::VASSAL_VERSION;
pub use setup::MAX_COUNTERS;

use muster_model::{MapFile, OverlayFile};
use muster_rules::Scenario;
use std::io::Write;

/// Why a module could not be made.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// Nothing to export.
    #[error("no scenario to export: name at least one scenario file")]
    NoScenario,
    /// The board picture could not be drawn.
    #[error("cannot draw the board: {0}")]
    Render(#[from] muster_render::RenderError),
    /// The bundled font could not be read.
    #[error("the bundled font could not be read")]
    Font,
    /// A counter or board image could not be made (too large, or not encodable).
    #[error("a counter or board image could not be made")]
    Image,
    /// Writing the zip archive failed.
    #[error("cannot write the module archive: {0}")]
    Zip(String),
}

/// A scenario to export, resolved, with the files it was resolved from.
pub struct ScenarioInput<'s, 'a> {
    /// The scenario, resolved against its map, overlays and army lists.
    pub scenario: &'s Scenario<'a>,
    /// Its map file.
    pub map: &'a MapFile,
    /// Its overlays, by placement (`None` where one did not load).
    pub overlays: Vec<Option<&'a OverlayFile>>,
}

/// A stack the module sets up.
#[derive(Debug, Clone, PartialEq)]
pub struct PlacedStack {
    /// The printed hex id, or the off-map box's title.
    pub location: String,
    /// On a hex of the map (else in an off-map box).
    pub on_map: bool,
    /// The names of its counters, bottom first.
    pub counters: Vec<String>,
    /// Set up masked to the other side (hidden, or the owner's choice).
    pub masked: bool,
}

/// What the module holds of one scenario.
#[derive(Debug, Clone)]
pub struct ScenarioSummary {
    /// The scenario's title.
    pub title: String,
    /// Its board's name in the module.
    pub board: String,
    /// Counters set up on hexes.
    pub on_map: usize,
    /// Counters in off-map boxes.
    pub off_map: usize,
    /// Owner's-choice lines placed in order and listed in the set-up notes.
    pub choices: usize,
    /// Pieces that could not be placed, and why.
    pub unplaced: Vec<String>,
    /// Every stack.
    pub stacks: Vec<PlacedStack>,
    /// The board's grid as VASSAL reads it.
    pub numbering: VassalGrid,
}

/// A built module: its files, in archive order, and what it holds.
pub struct Module {
    /// `(path in the archive, bytes)`, `buildFile.xml` and `moduledata` first.
    pub files: Vec<(String, Vec<u8>)>,
    /// Per scenario, what was exported.
    pub summary: Vec<ScenarioSummary>,
}

/// Builds a module named `name` holding the scenarios.
pub fn export(name: &str, scenarios: &[ScenarioInput]) -> Result<Module, ExportError> {
    module::build(name, scenarios)
}

impl Module {
    /// The file at `path` in the module.
    pub fn file(&self, path: &str) -> Option<&[u8]> {
        self.files
            .iter()
            .find(|(p, _)| p == path)
            .map(|(_, b)| b.as_slice())
    }

    /// The module as a zip archive (deflate; fixed timestamps, so the same input gives
    /// the same bytes).
    pub fn to_zip(&self) -> Result<Vec<u8>, ExportError> {
        let zerr = |e: zip::result::ZipError| ExportError::Zip(e.to_string());
        let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
        let opts = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated)
            .last_modified_time(zip::DateTime::default());
        for (path, bytes) in &self.files {
            zip.start_file(path.as_str(), opts).map_err(zerr)?;
            zip.write_all(bytes)
                .map_err(|e| ExportError::Zip(e.to_string()))?;
        }
        Ok(zip.finish().map_err(zerr)?.into_inner())
    }
}

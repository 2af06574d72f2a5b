//! Printed hex ids checked against a grid, with the diagnostics every file kind shares
//! (`MU024` malformed, `MU023` off the map): below both the world and overlay fitting.

use crate::codes;
use crate::diagnostic::{Diagnostic, Location};
use muster_hex::{Grid, Hex};

/// Parses a printed id and checks it is on the grid, reporting `MU024`/`MU023`.
pub fn hex_on_grid(
    grid: &Grid,
    id: &str,
    location: Location,
    out: &mut Vec<Diagnostic>,
) -> Option<Hex> {
    match grid.from_printed(id) {
        Err(e) => {
            out.push(Diagnostic::error(
                codes::BAD_HEX_ID.code,
                location,
                e.to_string(),
            ));
            None
        }
        Ok(h) if !grid.contains(h) => {
            out.push(off_map(grid, id, location));
            None
        }
        Ok(h) => Some(h),
    }
}

/// The `MU023` diagnostic for a hex off the map.
pub fn off_map(grid: &Grid, id: &str, location: Location) -> Diagnostic {
    let (cs, rs) = (grid.column_range(), grid.row_range());
    Diagnostic::error(
        codes::OFF_MAP.code,
        location,
        format!("hex {id} is not on the map"),
    )
    .at_hex(id)
    .help(format!(
        "the map has columns {:02}–{:02} and rows {:02}–{:02}",
        cs.start(),
        cs.end(),
        rs.start(),
        rs.end()
    ))
}

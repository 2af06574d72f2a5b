//! Fitting an overlay to the map hexes a scenario names for its anchors: a translation and
//! one of six rotations (and a mirror image, where the overlay allows it).

use crate::codes;
use crate::diagnostic::{Diagnostic, FileRole, Location};
use muster_hex::{distance, rotate_about, Grid, Hex};
use muster_model::{OverlayFile, OverlayPlacement};

/// How an overlay was placed: local hex → map hex.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OverlayFit {
    /// Sixths of a turn, clockwise.
    pub rotation: u32,
    /// Mirrored before rotating.
    pub mirrored: bool,
    /// Map hex of the first anchor.
    pub anchor_map: Hex,
    /// Overlay hex of the first anchor.
    pub anchor_local: Hex,
}

fn mirror(h: Hex) -> Hex {
    // Reflect across the axis through the origin that keeps q: (q, r) -> (q, -q - r).
    Hex::new(h.x, -h.x - h.y)
}

impl OverlayFit {
    /// The map hex under an overlay hex.
    pub fn apply(&self, local: Hex) -> Hex {
        let rel = Hex::new(local.x - self.anchor_local.x, local.y - self.anchor_local.y);
        let rel = if self.mirrored { mirror(rel) } else { rel };
        let rot = rotate_about(rel, Hex::ZERO, self.rotation);
        Hex::new(self.anchor_map.x + rot.x, self.anchor_map.y + rot.y)
    }
}

/// Finds the placement, or reports why the anchors cannot fit (`MU040`–`MU042`, `MU044`).
pub fn fit_overlay(
    grid: &Grid,
    overlay: &OverlayFile,
    placement: &OverlayPlacement,
    base: &str,
    index: usize,
    out: &mut Vec<Diagnostic>,
) -> Option<OverlayFit> {
    let role = FileRole::Overlay(index);
    if overlay.grid.orientation != grid.spec().orientation {
        out.push(
            Diagnostic::error(
                codes::OVERLAY_ORIENTATION.code,
                Location::here(format!("{base}/file")),
                "the overlay's hexes are turned differently (flat/pointy) from the map's",
            )
            .label(
                Location {
                    file: role,
                    pointer: "/grid/orientation".into(),
                },
                "the overlay's orientation",
            ),
        );
        return None;
    }
    let og = Grid::new(overlay.grid.clone());
    let mut pairs = Vec::new();
    for (name, map_id) in &placement.at {
        let ptr = format!("{base}/at/{name}");
        let Some(local_id) = overlay.anchors.get(name) else {
            let known: Vec<_> = overlay.anchors.keys().cloned().collect();
            out.push(
                Diagnostic::error(
                    codes::OVERLAY_ANCHOR.code,
                    Location::here(ptr),
                    format!("the overlay has no anchor `{name}`"),
                )
                .help(format!("its anchors are {}", known.join(", "))),
            );
            return None;
        };
        let Ok(local) = og.from_printed(local_id.as_str()) else {
            out.push(Diagnostic::error(
                codes::BAD_HEX_ID.code,
                Location {
                    file: role,
                    pointer: format!("/anchors/{name}"),
                },
                format!("anchor hex `{local_id}` is not a hex id of the overlay's grid"),
            ));
            return None;
        };
        let map_hex =
            crate::hex_ids::hex_on_grid(grid, map_id.as_str(), Location::here(ptr.clone()), out)?;
        pairs.push((name.clone(), local, map_hex, ptr));
    }
    if pairs.is_empty() {
        out.push(Diagnostic::error(
            codes::OVERLAY_ANCHOR.code,
            Location::here(format!("{base}/at")),
            "name the map hex under at least one anchor of the overlay",
        ));
        return None;
    }
    let mirrors: &[bool] = if placement.mirrored {
        &[true]
    } else {
        &[false]
    };
    if placement.mirrored && !overlay.mirror_allowed {
        out.push(
            Diagnostic::error(
                codes::OVERLAY_ROTATION.code,
                Location::here(format!("{base}/mirrored")),
                "this overlay may not be placed mirrored",
            )
            .label(
                Location {
                    file: role,
                    pointer: "/mirror_allowed".into(),
                },
                "the overlay does not allow it",
            ),
        );
        return None;
    }
    let (_, l0, m0, _) = pairs[0].clone();
    for &mirrored in mirrors {
        for rotation in 0..6 {
            let fit = OverlayFit {
                rotation,
                mirrored,
                anchor_map: m0,
                anchor_local: l0,
            };
            if pairs.iter().all(|(_, l, m, _)| fit.apply(*l) == *m) {
                return Some(fit);
            }
        }
    }
    // Explain the failure: a pair at the wrong distance, else a rotation that cannot fit.
    let first = &pairs[0].0;
    let wrong_distance = pairs
        .iter()
        .skip(1)
        .find(|(_, l, m, _)| distance(l0, *l) != distance(m0, *m));
    if let Some((name, l, m, ptr)) = wrong_distance {
        let (dl, dm) = (distance(l0, *l), distance(m0, *m));
        out.push(
            Diagnostic::error(codes::OVERLAY_DISTANCE.code, Location::here(ptr.clone()), format!("anchors {first} and {name} are {dl} hexes apart on the overlay but {dm} apart on the map, so the overlay cannot be placed"))
                .at_hex(grid.to_printed(*m))
                .label(Location::here(pairs[0].3.clone()), format!("anchor {first} is placed here"))
                .help("check the anchor hexes against the printed placement; if the print is wrong, record an erratum"),
        );
    } else if let Some((name, _, m, ptr)) = pairs.last() {
        let hint = if overlay.mirror_allowed && !placement.mirrored {
            "; it would fit mirrored (`mirrored: true`)"
        } else {
            ""
        };
        out.push(
            Diagnostic::error(codes::OVERLAY_ROTATION.code, Location::here(ptr.clone()), format!("the anchors are the right distances apart, but no rotation of the overlay puts {name} on {}{hint}", grid.to_printed(*m)))
                .at_hex(grid.to_printed(*m))
                .label(Location::here(pairs[0].3.clone()), format!("anchor {first} is placed here")),
        );
    }
    None
}

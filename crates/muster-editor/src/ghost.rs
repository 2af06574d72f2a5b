//! The ghost of an overlay being placed: once its first anchor is on the map, where its
//! hexes would fall for the current turn (R turns it a sixth), and where its second anchor
//! would then go. The placement itself is checked by the validator after the click.

use muster_hex::{Grid, Hex};
use muster_model::OverlayFile;
use muster_rules::OverlayFit;

/// Where an overlay would fall.
#[derive(Debug, Clone, PartialEq)]
pub struct Ghost {
    /// The map hexes under the overlay's hexes.
    pub hexes: Vec<Hex>,
    /// Whether all of them are on the map.
    pub fits: bool,
    /// Where its second anchor would be.
    pub second: Option<Hex>,
}

/// The ghost of `overlay` with its first anchor (in letter order) on `first`, turned
/// `turn` sixths clockwise, mirrored if the placement says so; none when the overlay's
/// grid does not match the map's (the validator says why, MU044).
pub fn ghost(
    map: &Grid,
    overlay: &OverlayFile,
    first: Hex,
    turn: u32,
    mirrored: bool,
) -> Option<Ghost> {
    if overlay.grid.orientation != map.spec().orientation {
        return None;
    }
    let og = Grid::new(overlay.grid.clone());
    let mut anchors = overlay.anchors.values();
    let fit = OverlayFit {
        rotation: turn % 6,
        mirrored,
        anchor_map: first,
        anchor_local: og.from_printed(anchors.next()?.as_str()).ok()?,
    };
    let place = |local: Hex| fit.apply(local);
    let hexes: Vec<Hex> = overlay
        .hexes
        .iter()
        .filter_map(|e| og.from_printed(e.hex.as_str()).ok())
        .map(place)
        .collect();
    let second = anchors
        .next()
        .and_then(|b| og.from_printed(b.as_str()).ok())
        .map(place);
    Some(Ghost {
        fits: hexes.iter().all(|h| map.contains(*h)),
        hexes,
        second,
    })
}

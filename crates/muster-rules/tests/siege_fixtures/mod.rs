//! The small Siege maps, pieces and markers the Siege tests build, written once.

// Each test binary that includes this module uses only part of it.
#![allow(dead_code)]

use muster_model::{HexEntry, HexId, HexsideEntry, MapFile, Marker, Piece};

/// A 12×12 field of flat terrain with the given hexes (`"0504:trees"`) and hexsides
/// (`"0605/N=window"`).
pub fn map(hexes: &[&str], sides: &[&str]) -> MapFile {
    let grid = muster_hex::GridSpec::flat(12, 12);
    let mut m = MapFile::blank("t", "siege", "flat", grid);
    for h in hexes {
        let (id, t) = h.split_once(':').expect("hex:terrain");
        m.hexes.push(HexEntry {
            hex: HexId(id.into()),
            terrain: Some(t.into()),
            elevation: None,
            label: None,
        });
    }
    for s in sides {
        let (side, feature) = s.split_once('=').expect("side=feature");
        m.hexsides.push(HexsideEntry {
            side: side.into(),
            feature: feature.into(),
        });
    }
    m
}

pub fn piece(id: &str, kind: &str, at: &str, facing: Option<&str>) -> Piece {
    Piece {
        id: id.into(),
        kind: kind.into(),
        side: "first".into(),
        at: Some(HexId(at.into())),
        facing: facing.map(Into::into),
        entering: false,
        rider: None,
        animal: None,
        source: None,
    }
}

pub fn marker(kind: &str, hex: &str) -> Marker {
    Marker {
        kind: kind.into(),
        hex: HexId(hex.into()),
        value: None,
    }
}

/// `m` with each hex of `hexes` given `terrain`.
pub fn with_terrain(mut m: MapFile, hexes: &[&str], terrain: &str) -> MapFile {
    for hex in hexes {
        m.hexes.push(HexEntry {
            hex: HexId((*hex).into()),
            terrain: Some(terrain.into()),
            elevation: None,
            label: None,
        });
    }
    m
}

//! Zone expressions, written the way printed rules name areas of the map, and their
//! resolution to hexes on a grid.

mod hexset;
mod resolve;

pub use resolve::{MAX_NAMED_EXPANSIONS, MAX_STEPS_PER_CELL};

use crate::common::HexId;
use muster_hex::{Compass, Grid, Hex, Numbering};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// An area of the map, as a printed rule names it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub enum Zone {
    /// Listed hexes: `Hexes(["0504", "0505"])`.
    Hexes(Vec<HexId>),
    /// A hex row as printed: `Row("08xx")` (first number fixed) or `Row("xx13")` (second).
    Row(#[schemars(pattern(r"^([0-9]{2}xx|xx[0-9]{2}|[0-9]{3}xxx|xxx[0-9]{3})$"))] String),
    /// A stretch of a map edge between two hexes on it, inclusive: "enter east edge between
    /// 1401 and 0401". `side` may be left out when the two hexes share only one edge.
    Edge {
        /// The compass side of the map, as printed.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        side: Option<Compass>,
        /// One end.
        from: HexId,
        /// The other end.
        to: HexId,
    },
    /// A zone the map names: `Named("st-albans")`.
    Named(String),
    /// Hexes on a row or beyond it towards a compass side: "on or south of row 09xx" is
    /// `OnOrBeyond(side: South, row: "09xx")`.
    OnOrBeyond {
        /// Which way from the row.
        side: Compass,
        /// The row, as in [`Zone::Row`].
        #[schemars(pattern(r"^([0-9]{2}xx|xx[0-9]{2}|[0-9]{3}xxx|xxx[0-9]{3})$"))]
        row: String,
    },
    /// Hexes within a distance of a hex (inclusive).
    Within {
        /// The centre.
        hex: HexId,
        /// Distance in hexes.
        distance: u32,
    },
    /// Hexes in every one of the zones.
    All(Vec<Zone>),
    /// Hexes in any of the zones.
    Any(Vec<Zone>),
    /// Hexes of the first zone that are not in the second.
    Except(Box<Zone>, Box<Zone>),
}

/// Why a zone could not be resolved to hexes.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ZoneError {
    /// A hex id is malformed.
    #[error("{0}")]
    BadHex(#[from] muster_hex::HexIdError),
    /// A row is not written like `08xx` or `xx13`.
    #[error("`{0}` is not a hex row: write `08xx` for the hexes whose first number is 08, or `xx13` for those whose second number is 13")]
    BadRow(String),
    /// The named zone does not exist on the map.
    #[error("the map has no zone named `{0}`")]
    UnknownName(String),
    /// An edge end is not on the map edge.
    #[error("hex {hex} is not on the {side} edge of the map")]
    NotOnEdge {
        /// The hex.
        hex: String,
        /// The edge.
        side: String,
    },
    /// The two ends of an edge stretch share no edge of the map.
    #[error("hexes {from} and {to} do not lie on one map edge; name the edge with `side:`")]
    NoCommonEdge {
        /// One end.
        from: String,
        /// Other end.
        to: String,
    },
    /// The compass side cannot be beyond the row (e.g. north of a north–south row).
    #[error("row `{row}` runs towards the {side}, so nothing is beyond it on that side")]
    RowAlongSide {
        /// The row.
        row: String,
        /// The side.
        side: String,
    },
    /// Zones nest too deeply (or refer to each other in a loop).
    #[error("zones nest more than 32 deep (a named zone may refer to itself)")]
    TooDeep,
    /// Resolving the zone would take more hex steps than the cap allows (a cap on the
    /// work of one expression, against hostile files).
    #[error("this zone takes more than {limit} hex steps to resolve (the cap on hexes produced: 8 for each hex of the map); name fewer or smaller areas")]
    TooMuchWork {
        /// The cap.
        limit: u64,
    },
    /// The expression meets named zones more often than the cap allows.
    #[error("this zone expands named zones more than {limit} times (the cap on named-zone expansions); name fewer zones, or zones that refer to fewer others")]
    TooManyExpansions {
        /// The cap.
        limit: u32,
    },
}

/// Which half of a printed id a row fixes, and its number.
fn parse_row(grid: &Grid, row: &str) -> Result<(bool, i32), ZoneError> {
    let d = grid.digits();
    let bad = || ZoneError::BadRow(row.to_string());
    // ASCII only: the halves below are cut by byte (found by the `zones` fuzz target).
    if !row.is_ascii() || row.len() != 2 * d {
        return Err(bad());
    }
    let (a, b) = row.split_at(d);
    let xs = "x".repeat(d);
    let (first, num) = if b == xs {
        (true, a)
    } else if a == xs {
        (false, b)
    } else {
        return Err(bad());
    };
    if !num.bytes().all(|c| c.is_ascii_digit()) {
        return Err(bad());
    }
    Ok((first, num.parse().map_err(|_| bad())?))
}

/// The hexes of a map edge between two hexes on it, inclusive (`Zone::Edge`).
fn edge_stretch(
    grid: &Grid,
    side: Option<Compass>,
    from: &HexId,
    to: &HexId,
) -> Result<Vec<Hex>, ZoneError> {
    let a = grid.from_printed(from.as_str())?;
    let b = grid.from_printed(to.as_str())?;
    let gs = match side {
        Some(c) => grid.side_facing(c),
        None => {
            let (sa, sb) = (grid.sides_of(a), grid.sides_of(b));
            let common: Vec<_> = sa.into_iter().filter(|s| sb.contains(s)).collect();
            match common.as_slice() {
                [one] => *one,
                _ => {
                    return Err(ZoneError::NoCommonEdge {
                        from: from.to_string(),
                        to: to.to_string(),
                    })
                }
            }
        }
    };
    let edge = grid.edge_hexes(gs);
    let name = grid.compass_of(gs).name().to_string();
    let ia = edge
        .iter()
        .position(|h| *h == a)
        .ok_or_else(|| ZoneError::NotOnEdge {
            hex: from.to_string(),
            side: name.clone(),
        })?;
    let ib = edge
        .iter()
        .position(|h| *h == b)
        .ok_or_else(|| ZoneError::NotOnEdge {
            hex: to.to_string(),
            side: name,
        })?;
    Ok(edge[ia.min(ib)..=ia.max(ib)].to_vec())
}

/// Whether a row fixes the column (true) or the row index (false) of the grid.
fn row_fixes_column(grid: &Grid, first: bool) -> bool {
    match grid.spec().numbering {
        Numbering::ColumnRow => first,
        Numbering::RowColumn => !first,
    }
}

/// The zone in the words a printed set-up uses, for people to check against the print:
/// `0504, 0505`, `row 08xx`, `the east edge from 1401 to 0401`, `St Peter's church`,
/// `on or south of row 09xx`, `within 2 hexes of 0504`, `on or south of row 09xx and
/// west of xx13`. Files keep the RON form; this is only for reading.
impl std::fmt::Display for Zone {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // A compound zone inside another is bracketed, so "a and (b or c)" reads right.
        let part = |z: &Zone| match z {
            Zone::All(_) | Zone::Any(_) | Zone::Except(..) => format!("({z})"),
            _ => z.to_string(),
        };
        match self {
            Zone::Hexes(ids) => {
                let ids: Vec<&str> = ids.iter().map(|h| h.as_str()).collect();
                write!(f, "{}", ids.join(", "))
            }
            Zone::Row(row) => write!(f, "row {row}"),
            Zone::Edge { side, from, to } => match side {
                Some(side) => write!(f, "the {} edge from {from} to {to}", side.name()),
                None => write!(f, "the map edge from {from} to {to}"),
            },
            Zone::Named(name) => write!(f, "{name}"),
            Zone::OnOrBeyond { side, row } => write!(f, "on or {} of row {row}", side.name()),
            Zone::Within { hex, distance } => write!(
                f,
                "within {distance} hex{} of {hex}",
                if *distance == 1 { "" } else { "es" }
            ),
            Zone::All(zones) => {
                let parts: Vec<String> = zones.iter().map(part).collect();
                write!(f, "{}", parts.join(" and "))
            }
            Zone::Any(zones) => {
                let parts: Vec<String> = zones.iter().map(part).collect();
                write!(f, "{}", parts.join(" or "))
            }
            Zone::Except(a, b) => write!(f, "{} except {}", part(a), part(b)),
        }
    }
}

impl Zone {
    /// The on-map hexes of the zone, plus any listed hexes that lie off the map (so that
    /// checks can report them), in the order first named and without repeats. `named`
    /// looks up a zone the map names.
    ///
    /// The work is bounded whatever the file says: past
    /// [`MAX_STEPS_PER_CELL`](resolve::MAX_STEPS_PER_CELL) hex steps for each cell of the
    /// grid, or [`MAX_NAMED_EXPANSIONS`](resolve::MAX_NAMED_EXPANSIONS) named zones met,
    /// resolution stops with [`ZoneError::TooMuchWork`] or
    /// [`ZoneError::TooManyExpansions`].
    pub fn resolve<'a>(
        &'a self,
        grid: &Grid,
        named: &dyn Fn(&str) -> Option<&'a Zone>,
    ) -> Result<Vec<Hex>, ZoneError> {
        let mut r = resolve::Resolver::new(grid, named);
        Ok(r.zone(self, 0)?.into_vec())
    }

    /// Names of map zones this zone refers to.
    pub fn named_refs(&self) -> Vec<&str> {
        match self {
            Zone::Named(n) => vec![n.as_str()],
            Zone::All(v) | Zone::Any(v) => v.iter().flat_map(|z| z.named_refs()).collect(),
            Zone::Except(a, b) => a.named_refs().into_iter().chain(b.named_refs()).collect(),
            _ => Vec::new(),
        }
    }
}

#[cfg(test)]
mod words {
    use super::*;

    /// Each form of a zone in the words of a printed set-up.
    #[test]
    fn zones_read_like_the_print() {
        let h = |s: &str| HexId(s.into());
        let row = |r: &str| Zone::Row(r.into());
        let cases = [
            (Zone::Hexes(vec![h("0504"), h("0505")]), "0504, 0505"),
            (row("08xx"), "row 08xx"),
            (
                Zone::Edge {
                    side: Some(Compass::East),
                    from: h("1401"),
                    to: h("0401"),
                },
                "the east edge from 1401 to 0401",
            ),
            (Zone::Named("St Peter's church".into()), "St Peter's church"),
            (
                Zone::OnOrBeyond {
                    side: Compass::South,
                    row: "09xx".into(),
                },
                "on or south of row 09xx",
            ),
            (
                Zone::Within {
                    hex: h("0504"),
                    distance: 1,
                },
                "within 1 hex of 0504",
            ),
            (
                Zone::All(vec![row("08xx"), Zone::Any(vec![row("xx13"), row("xx14")])]),
                "row 08xx and (row xx13 or row xx14)",
            ),
            (
                Zone::Except(Box::new(row("08xx")), Box::new(Zone::Named("ford".into()))),
                "row 08xx except ford",
            ),
        ];
        for (zone, words) in cases {
            assert_eq!(zone.to_string(), words);
        }
    }
}

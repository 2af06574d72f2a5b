//! Zone expressions, written the way printed rules name areas of the map, and their
//! resolution to hexes on a grid.

use crate::common::HexId;
use muster_hex::{Compass, Grid, GridSide, Hex, Numbering};
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

/// Whether a row fixes the column (true) or the row index (false) of the grid.
fn row_fixes_column(grid: &Grid, first: bool) -> bool {
    match grid.spec().numbering {
        Numbering::ColumnRow => first,
        Numbering::RowColumn => !first,
    }
}

impl Zone {
    /// The on-map hexes of the zone, plus any listed hexes that lie off the map (so that
    /// checks can report them). `named` looks up a zone the map names.
    pub fn resolve<'a>(
        &'a self,
        grid: &Grid,
        named: &dyn Fn(&str) -> Option<&'a Zone>,
    ) -> Result<Vec<Hex>, ZoneError> {
        let mut out = self.resolve_depth(grid, named, 0)?;
        let mut seen = std::collections::HashSet::new();
        out.retain(|h| seen.insert(*h));
        Ok(out)
    }

    fn resolve_depth<'a>(
        &'a self,
        grid: &Grid,
        named: &dyn Fn(&str) -> Option<&'a Zone>,
        depth: u32,
    ) -> Result<Vec<Hex>, ZoneError> {
        if depth > 32 {
            return Err(ZoneError::TooDeep);
        }
        let next = |z: &'a Zone| z.resolve_depth(grid, named, depth + 1);
        Ok(match self {
            Zone::Hexes(ids) => ids
                .iter()
                .map(|id| grid.from_printed(id.as_str()))
                .collect::<Result<_, _>>()?,
            Zone::Row(row) => {
                let (first, n) = parse_row(grid, row)?;
                let by_col = row_fixes_column(grid, first);
                grid.hexes()
                    .filter(|h| {
                        let (c, r) = grid.to_column_row(*h);
                        if by_col {
                            c == n
                        } else {
                            r == n
                        }
                    })
                    .collect()
            }
            Zone::OnOrBeyond { side, row } => {
                let (first, n) = parse_row(grid, row)?;
                let by_col = row_fixes_column(grid, first);
                let gs = grid.side_facing(*side);
                let ok = matches!(
                    (gs, by_col),
                    (GridSide::Left | GridSide::Right, true)
                        | (GridSide::Top | GridSide::Bottom, false)
                );
                if !ok {
                    return Err(ZoneError::RowAlongSide {
                        row: row.clone(),
                        side: side.name().into(),
                    });
                }
                grid.hexes()
                    .filter(|h| {
                        let (c, r) = grid.to_column_row(*h);
                        match gs {
                            GridSide::Right => c >= n,
                            GridSide::Left => c <= n,
                            GridSide::Bottom => r >= n,
                            GridSide::Top => r <= n,
                        }
                    })
                    .collect()
            }
            Zone::Edge { side, from, to } => {
                let a = grid.from_printed(from.as_str())?;
                let b = grid.from_printed(to.as_str())?;
                let gs = match side {
                    Some(c) => grid.side_facing(*c),
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
                edge[ia.min(ib)..=ia.max(ib)].to_vec()
            }
            Zone::Named(name) => {
                let z = named(name).ok_or_else(|| ZoneError::UnknownName(name.clone()))?;
                next(z)?
            }
            Zone::Within { hex, distance } => {
                let c = grid.from_printed(hex.as_str())?;
                let d = (*distance).min(1000);
                grid.hexes()
                    .filter(|h| muster_hex::distance(*h, c) <= d)
                    .collect()
            }
            Zone::All(zones) => {
                let mut it = zones.iter();
                let Some(first) = it.next() else {
                    return Ok(Vec::new());
                };
                let mut acc = next(first)?;
                for z in it {
                    let other = next(z)?;
                    acc.retain(|h| other.contains(h));
                }
                acc
            }
            Zone::Any(zones) => {
                let mut acc = Vec::new();
                for z in zones {
                    acc.extend(next(z)?);
                }
                acc
            }
            Zone::Except(a, b) => {
                let other = next(b)?;
                let mut acc = next(a)?;
                acc.retain(|h| !other.contains(h));
                acc
            }
        })
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

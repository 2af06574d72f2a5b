//! Resolution of a zone expression to hexes, with bounded work: every part is deduplicated
//! as it is built (an ordered set over the grid's cells), `All` and `Except` test
//! membership in a set, each named zone is resolved once per expression (memoised), and two
//! caps stop a hostile file: the hex steps spent ([`MAX_STEPS_PER_CELL`] for each cell of
//! the grid) and the named-zone expansions ([`MAX_NAMED_EXPANSIONS`]).

use super::hexset::{Cells, HexSet};
use super::{parse_row, row_fixes_column, Zone, ZoneError};
use muster_hex::{Grid, GridSide, Hex};
use std::collections::HashMap;

/// Hex steps (a hex generated, copied or tested) one expression may spend, for each cell
/// of the grid: no expression's result is larger than the grid, so an honest one spends a
/// few steps a cell at most.
pub const MAX_STEPS_PER_CELL: u64 = 8;

/// The grid size the step cap is counted from at the least, so that a small map still
/// allows long lists of small zones.
const MIN_STEP_CELLS: u64 = 65_536;

/// Most named-zone expansions (a `Named` met, memoised or not) in one expression.
pub const MAX_NAMED_EXPANSIONS: u32 = 4096;

/// Zones nested deeper than this are refused (a named zone may refer to itself).
const MAX_DEPTH: u32 = 32;

/// The distance a `Within` is clamped to (more than any map is wide).
const MAX_WITHIN: u32 = 1000;

/// One resolution: the grid, the map's names, the memo and what has been spent.
pub(super) struct Resolver<'a, 'n> {
    grid: &'n Grid,
    cells: Cells,
    named: &'n dyn Fn(&str) -> Option<&'a Zone>,
    memo: HashMap<&'a str, HexSet>,
    steps: u64,
    max_steps: u64,
    expansions: u32,
}

impl<'a, 'n> Resolver<'a, 'n> {
    /// A resolver over `grid`, looking names up with `named`.
    pub(super) fn new(grid: &'n Grid, named: &'n dyn Fn(&str) -> Option<&'a Zone>) -> Self {
        let cells = Cells::new(grid);
        Resolver {
            grid,
            cells,
            named,
            memo: HashMap::new(),
            steps: 0,
            max_steps: MAX_STEPS_PER_CELL.saturating_mul(cells.len().max(MIN_STEP_CELLS)),
            expansions: 0,
        }
    }

    /// Spends `n` steps, or fails past the cap.
    fn charge(&mut self, n: u64) -> Result<(), ZoneError> {
        self.steps = self.steps.saturating_add(n);
        if self.steps > self.max_steps {
            return Err(ZoneError::TooMuchWork {
                limit: self.max_steps,
            });
        }
        Ok(())
    }

    fn insert(&self, set: &mut HexSet, hex: Hex) {
        set.insert(self.grid, &self.cells, hex);
    }

    /// The hexes of `zone`, `depth` levels down the expression.
    pub(super) fn zone(&mut self, zone: &'a Zone, depth: u32) -> Result<HexSet, ZoneError> {
        if depth > MAX_DEPTH {
            return Err(ZoneError::TooDeep);
        }
        let grid = self.grid;
        let mut out = HexSet::default();
        match zone {
            Zone::Hexes(ids) => {
                self.charge(ids.len() as u64)?;
                for id in ids {
                    let h = grid.from_printed(id.as_str())?;
                    self.insert(&mut out, h);
                }
            }
            Zone::Row(row) => {
                let (first, n) = parse_row(grid, row)?;
                let (cs, rs) = (grid.column_range(), grid.row_range());
                // Off the map, the block is empty.
                let (cs, rs) = if row_fixes_column(grid, first) {
                    (n.max(*cs.start())..=n.min(*cs.end()), rs)
                } else {
                    (cs, n.max(*rs.start())..=n.min(*rs.end()))
                };
                self.block(&mut out, cs, rs, |_| true)?;
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
                let (cs, rs) = (grid.column_range(), grid.row_range());
                let (cs, rs) = match gs {
                    GridSide::Right => (n.max(*cs.start())..=*cs.end(), rs),
                    GridSide::Left => (*cs.start()..=n.min(*cs.end()), rs),
                    GridSide::Bottom => (cs, n.max(*rs.start())..=*rs.end()),
                    GridSide::Top => (cs, *rs.start()..=n.min(*rs.end())),
                };
                self.block(&mut out, cs, rs, |_| true)?;
            }
            Zone::Edge { side, from, to } => {
                for h in super::edge_stretch(grid, *side, from, to)? {
                    self.insert(&mut out, h);
                }
                self.charge(out.len() as u64)?;
            }
            Zone::Named(name) => {
                self.expansions = self.expansions.saturating_add(1);
                if self.expansions > MAX_NAMED_EXPANSIONS {
                    return Err(ZoneError::TooManyExpansions {
                        limit: MAX_NAMED_EXPANSIONS,
                    });
                }
                if let Some(known) = self.memo.get(name.as_str()) {
                    let copy = known.clone();
                    self.charge(copy.len() as u64)?;
                    return Ok(copy);
                }
                let z = (self.named)(name).ok_or_else(|| ZoneError::UnknownName(name.clone()))?;
                out = self.zone(z, depth + 1)?;
                self.charge(out.len() as u64)?;
                self.memo.insert(name.as_str(), out.clone());
            }
            Zone::Within { hex, distance } => {
                let c = grid.from_printed(hex.as_str())?;
                let d = (*distance).min(MAX_WITHIN);
                let (cc, rc) = grid.to_column_row(c);
                // A step to a neighbour changes the printed column and row by one at most,
                // so the hexes within `d` lie in this box.
                let di = d as i32;
                let (cs, rs) = (grid.column_range(), grid.row_range());
                let cs =
                    cc.saturating_sub(di).max(*cs.start())..=cc.saturating_add(di).min(*cs.end());
                let rs =
                    rc.saturating_sub(di).max(*rs.start())..=rc.saturating_add(di).min(*rs.end());
                self.block(&mut out, cs, rs, |h| muster_hex::distance(h, c) <= d)?;
            }
            Zone::All(zones) => {
                let mut it = zones.iter();
                let Some(first) = it.next() else {
                    return Ok(out);
                };
                out = self.zone(first, depth + 1)?;
                for z in it {
                    let other = self.zone(z, depth + 1)?;
                    self.charge(out.len() as u64)?;
                    let (g, cells) = (self.grid, self.cells);
                    out.retain(g, &cells, |h| other.contains(g, &cells, h));
                }
            }
            Zone::Any(zones) => {
                for z in zones {
                    let part = self.zone(z, depth + 1)?;
                    if out.len() == 0 {
                        out = part;
                        continue;
                    }
                    self.charge(part.len() as u64)?;
                    for &h in part.hexes() {
                        self.insert(&mut out, h);
                    }
                }
            }
            Zone::Except(a, b) => {
                let other = self.zone(b, depth + 1)?;
                out = self.zone(a, depth + 1)?;
                self.charge(out.len() as u64)?;
                let (g, cells) = (self.grid, self.cells);
                out.retain(g, &cells, |h| !other.contains(g, &cells, h));
            }
        }
        Ok(out)
    }

    /// Adds the hexes of a block of columns and rows that pass `keep`, column by column
    /// (the order of [`Grid::hexes`]), charging one step a hex of the block.
    fn block(
        &mut self,
        out: &mut HexSet,
        columns: std::ops::RangeInclusive<i32>,
        rows: std::ops::RangeInclusive<i32>,
        keep: impl Fn(Hex) -> bool,
    ) -> Result<(), ZoneError> {
        let span = |r: &std::ops::RangeInclusive<i32>| {
            u64::try_from(i64::from(*r.end()) - i64::from(*r.start()) + 1).unwrap_or(0)
        };
        self.charge(span(&columns).saturating_mul(span(&rows)))?;
        let grid = self.grid;
        for c in columns {
            for r in rows.clone() {
                let h = grid.from_column_row(c, r);
                if keep(h) {
                    self.insert(out, h);
                }
            }
        }
        Ok(())
    }
}

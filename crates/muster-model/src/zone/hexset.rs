//! A set of hexes that keeps the order hexes were first added in, with membership by a
//! bitmap over the grid's cells once the set is large (a hash set while it is small, and
//! always for hexes off the map, which only listed hexes name).

use muster_hex::{Grid, Hex};
use std::collections::HashSet;

/// Past this many members a set keeps its on-map hexes in a bitmap over the grid.
const SPARSE_MAX: usize = 256;

/// Grids with more cells than this (never a valid map: 999 × 999 is the largest) keep
/// every member in the hash set rather than allocate a bitmap.
const MAX_DENSE_CELLS: u64 = 1 << 24;

/// The grid's cells numbered column by column, so that a hex on the map has an index.
#[derive(Debug, Clone, Copy)]
pub(super) struct Cells {
    first_column: i64,
    first_row: i64,
    columns: i64,
    rows: i64,
}

impl Cells {
    /// The cells of a grid.
    pub(super) fn new(grid: &Grid) -> Self {
        let spec = grid.spec();
        Cells {
            first_column: i64::from(spec.first_column),
            first_row: i64::from(spec.first_row),
            columns: i64::from(spec.columns),
            rows: i64::from(spec.rows),
        }
    }

    /// How many cells the grid has.
    pub(super) fn len(&self) -> u64 {
        u64::try_from(self.columns.saturating_mul(self.rows)).unwrap_or(0)
    }

    /// The index of an on-map hex, or `None` off the map.
    fn index(&self, grid: &Grid, hex: Hex) -> Option<usize> {
        let (c, r) = grid.to_column_row(hex);
        let c = i64::from(c) - self.first_column;
        let r = i64::from(r) - self.first_row;
        if !(0..self.columns).contains(&c) || !(0..self.rows).contains(&r) {
            return None;
        }
        usize::try_from(c * self.rows + r).ok()
    }
}

/// An ordered set of hexes (first insertion order, no repeats).
#[derive(Debug, Clone, Default)]
pub(super) struct HexSet {
    order: Vec<Hex>,
    /// One bit per cell of the grid; empty while the set is small.
    bits: Vec<u64>,
    /// Every member while the set is small; then only the members off the map.
    sparse: HashSet<Hex>,
}

impl HexSet {
    /// Number of hexes.
    pub(super) fn len(&self) -> usize {
        self.order.len()
    }

    /// The hexes, in the order first added.
    pub(super) fn hexes(&self) -> &[Hex] {
        &self.order
    }

    /// The hexes, in the order first added.
    pub(super) fn into_vec(self) -> Vec<Hex> {
        self.order
    }

    /// Whether the set holds `hex`.
    pub(super) fn contains(&self, grid: &Grid, cells: &Cells, hex: Hex) -> bool {
        if !self.bits.is_empty() {
            if let Some(i) = cells.index(grid, hex) {
                return self
                    .bits
                    .get(i / 64)
                    .is_some_and(|w| w & (1 << (i % 64)) != 0);
            }
        }
        self.sparse.contains(&hex)
    }

    /// Adds `hex` unless it is there; whether it was added.
    pub(super) fn insert(&mut self, grid: &Grid, cells: &Cells, hex: Hex) -> bool {
        if self.bits.is_empty() && self.order.len() >= SPARSE_MAX {
            self.densify(grid, cells);
        }
        let added = match (self.bits.is_empty(), cells.index(grid, hex)) {
            (false, Some(i)) => match self.bits.get_mut(i / 64) {
                Some(w) => {
                    let bit = 1u64 << (i % 64);
                    let fresh = *w & bit == 0;
                    *w |= bit;
                    fresh
                }
                None => self.sparse.insert(hex),
            },
            _ => self.sparse.insert(hex),
        };
        if added {
            self.order.push(hex);
        }
        added
    }

    /// Keeps the hexes for which `keep` holds, in their order.
    pub(super) fn retain(&mut self, grid: &Grid, cells: &Cells, mut keep: impl FnMut(Hex) -> bool) {
        let old = std::mem::take(&mut self.order);
        self.bits.iter_mut().for_each(|w| *w = 0);
        self.sparse.clear();
        for h in old {
            if keep(h) {
                self.insert(grid, cells, h);
            }
        }
    }

    /// Moves the on-map members into a bitmap over the grid.
    fn densify(&mut self, grid: &Grid, cells: &Cells) {
        let words = usize::try_from(cells.len().div_ceil(64)).unwrap_or(0);
        if words == 0 || cells.len() > MAX_DENSE_CELLS {
            return;
        }
        self.bits = vec![0; words];
        self.sparse.clear();
        for &h in &self.order {
            match cells.index(grid, h) {
                Some(i) => {
                    if let Some(w) = self.bits.get_mut(i / 64) {
                        *w |= 1 << (i % 64);
                    }
                }
                None => {
                    self.sparse.insert(h);
                }
            }
        }
    }
}

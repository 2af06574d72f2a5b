//! The cheapest walk over the map's hexes in flat arrays: every hex of the map numbered
//! column by column, a cost array and a settled bitset instead of hash maps, and the answer
//! listed in printed-id order without sorting strings (issue 27: a reach with a huge
//! allowance on a 999 × 999 map took 3.4 s and 370 MB).

use muster_hex::{Grid, Hex, Numbering};

/// The hexes of a map numbered column by column: `(column − first) · rows + (row − first)`.
#[derive(Debug, Clone)]
pub(crate) struct Cells<'g> {
    grid: &'g Grid,
    first_column: i32,
    first_row: i32,
    columns: usize,
    rows: usize,
}

impl<'g> Cells<'g> {
    /// The cells of a grid.
    pub(crate) fn new(grid: &'g Grid) -> Self {
        let (c, r) = (grid.column_range(), grid.row_range());
        let count = |r: &std::ops::RangeInclusive<i32>| {
            usize::try_from(i64::from(*r.end()) - i64::from(*r.start()) + 1).unwrap_or(0)
        };
        Cells {
            grid,
            first_column: *c.start(),
            first_row: *r.start(),
            columns: count(&c),
            rows: count(&r),
        }
    }

    /// How many hexes the map has.
    pub(crate) fn len(&self) -> usize {
        self.columns.saturating_mul(self.rows)
    }

    /// The cell of a hex on the map.
    pub(crate) fn of(&self, hex: Hex) -> Option<usize> {
        let (c, r) = self.grid.to_column_row(hex);
        let c = usize::try_from(i64::from(c) - i64::from(self.first_column)).ok()?;
        let r = usize::try_from(i64::from(r) - i64::from(self.first_row)).ok()?;
        (c < self.columns && r < self.rows).then(|| c * self.rows + r)
    }

    /// The hex of a cell.
    pub(crate) fn hex(&self, cell: usize) -> Hex {
        let (c, r) = (cell / self.rows.max(1), cell % self.rows.max(1));
        // Both below the map's size, which fits in an i32.
        let c = self
            .first_column
            .saturating_add(i32::try_from(c).unwrap_or(i32::MAX));
        let r = self
            .first_row
            .saturating_add(i32::try_from(r).unwrap_or(i32::MAX));
        self.grid.from_column_row(c, r)
    }

    /// The cells in the order of their printed ids, when that order is the numbers' order
    /// (every number fits the id's width; always so on a map within the schema's bounds).
    fn printed_order(&self) -> Option<Box<dyn Iterator<Item = usize> + '_>> {
        let limit = 10i64.checked_pow(u32::try_from(self.grid.digits()).ok()?)?;
        let fits =
            |r: std::ops::RangeInclusive<i32>| *r.start() >= 0 && i64::from(*r.end()) < limit;
        if !(fits(self.grid.column_range()) && fits(self.grid.row_range())) {
            return None;
        }
        let rows = self.rows;
        Some(match self.grid.spec().numbering {
            Numbering::ColumnRow => Box::new(0..self.len()),
            Numbering::RowColumn => {
                Box::new((0..rows).flat_map(move |r| (0..self.columns).map(move |c| c * rows + r)))
            }
        })
    }

    /// The hexes of `keep` (by cell) with their values, sorted by printed id.
    pub(crate) fn listed<T: Copy>(&self, keep: impl Fn(usize) -> Option<T>) -> Vec<(Hex, T)> {
        match self.printed_order() {
            Some(order) => order
                .filter_map(|c| Some((self.hex(c), keep(c)?)))
                .collect(),
            None => {
                let mut v: Vec<(Hex, T)> = (0..self.len())
                    .filter_map(|c| Some((self.hex(c), keep(c)?)))
                    .collect();
                v.sort_by_cached_key(|(h, _)| self.grid.to_printed(*h));
                v
            }
        }
    }
}

/// Cheapest costs over the map's hexes: a cost a cell and a bit for "reached".
#[derive(Debug, Clone)]
pub(crate) struct Costs {
    cost: Vec<u32>,
    reached: Vec<u64>,
}

impl Costs {
    /// No cell reached yet.
    pub(crate) fn new(cells: usize) -> Self {
        Costs {
            cost: vec![0; cells],
            reached: vec![0; cells.div_ceil(64)],
        }
    }

    /// The cheapest cost of a cell, if reached.
    pub(crate) fn get(&self, cell: usize) -> Option<u32> {
        let word = *self.reached.get(cell / 64)?;
        (word & (1 << (cell % 64)) != 0).then(|| self.cost[cell])
    }

    /// Reaches a cell at a cost (a cell past the end is ignored).
    pub(crate) fn set(&mut self, cell: usize, cost: u32) {
        let (Some(word), Some(c)) = (self.reached.get_mut(cell / 64), self.cost.get_mut(cell))
        else {
            return;
        };
        *word |= 1 << (cell % 64);
        *c = cost;
    }
}

/// The cheapest cost of reaching every hex of the map within `budget` from `start`
/// (Dijkstra), given the steps out of each hex with their costs; the same walk as
/// [`crate::movement::cheapest`], with `None` when `start` is off the map.
pub(crate) fn cheapest_on_map<I>(
    cells: &Cells<'_>,
    start: Hex,
    budget: u32,
    mut steps: impl FnMut(Hex) -> I,
) -> Option<Costs>
where
    I: IntoIterator<Item = (Hex, u32)>,
{
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    let first = cells.of(start)?;
    let mut best = Costs::new(cells.len());
    best.set(first, 0);
    // A cell popped at a higher cost than its best was settled already: skipped.
    let mut heap = BinaryHeap::from([Reverse((0u32, first))]);
    while let Some(Reverse((cost, cell))) = heap.pop() {
        if best.get(cell).is_some_and(|c| c < cost) {
            continue;
        }
        for (next, step) in steps(cells.hex(cell)) {
            let total = cost.saturating_add(step);
            let Some(n) = cells.of(next) else { continue };
            if total <= budget && best.get(n).is_none_or(|c| total < c) {
                best.set(n, total);
                heap.push(Reverse((total, n)));
            }
        }
    }
    Some(best)
}

/// The cheapest costs of every hex reached within `budget` from `start`, sorted by printed
/// id: over the map's cells, or (a start off the map) by the general walk.
pub(crate) fn cheapest_listed<I>(
    grid: &Grid,
    start: Hex,
    budget: u32,
    mut steps: impl FnMut(Hex) -> I,
) -> Vec<(Hex, u32)>
where
    I: IntoIterator<Item = (Hex, u32)>,
{
    let cells = Cells::new(grid);
    match cheapest_on_map(&cells, start, budget, &mut steps) {
        Some(best) => cells.listed(|c| best.get(c)),
        None => {
            let mut v: Vec<(Hex, u32)> = crate::movement::cheapest(start, budget, steps)
                .into_iter()
                .collect();
            v.sort_by_cached_key(|(h, _)| grid.to_printed(*h));
            v
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use muster_hex::GridSpec;

    #[test]
    fn cells_number_every_hex_once_in_printed_order() {
        for numbering in [Numbering::ColumnRow, Numbering::RowColumn] {
            let mut spec = GridSpec::flat(7, 5);
            spec.numbering = numbering;
            let g = Grid::new(spec);
            let cells = Cells::new(&g);
            assert_eq!(cells.len(), 35);
            for c in 0..cells.len() {
                assert_eq!(cells.of(cells.hex(c)), Some(c));
            }
            let listed = cells.listed(Some);
            let printed: Vec<String> = listed.iter().map(|(h, _)| g.to_printed(*h)).collect();
            let mut sorted = printed.clone();
            sorted.sort();
            assert_eq!(printed, sorted, "{numbering:?}");
        }
    }

    #[test]
    fn the_walk_over_cells_agrees_with_the_general_walk() {
        let g = Grid::new(GridSpec::flat(12, 9));
        let start = g.from_column_row(4, 4);
        // Odd columns cost 3 to enter, even ones 1; budget 7.
        let steps = |h: Hex| {
            g.neighbors_on_map(h)
                .map(|n| (n, if g.to_column_row(n).0 % 2 == 1 { 3 } else { 1 }))
                .collect::<Vec<_>>()
        };
        let mut general: Vec<(Hex, u32)> = crate::movement::cheapest(start, 7, steps)
            .into_iter()
            .collect();
        general.sort_by_cached_key(|(h, _)| g.to_printed(*h));
        assert_eq!(cheapest_listed(&g, start, 7, steps), general);
        assert!(general.len() > 10 && general.len() < 108);
        // Off the map: the general walk answers.
        let off = g.from_column_row(40, 40);
        assert_eq!(cheapest_listed(&g, off, 7, steps), vec![(off, 0)]);
    }
}

//! The hexes the set-up's lines name, each numbered once, and per-hex lists stored flat: a
//! zone of a million hexes costs a few bytes a hex, not a small vector and a hash entry each
//! (issue 27: ten thousand counters over a 999 × 999 map went over its memory budget).

use muster_hex::Hex;

/// No entry (a hex without a slot, a cell of the table without a named hex).
pub(super) const NONE: u32 = u32::MAX;

/// Most cells a dense table may have for each hex it numbers (beyond, a binary search).
const CELLS_PER_HEX: u64 = 4;

/// Cells a dense table may always have, however few hexes it numbers.
const CELLS_ALWAYS: u64 = 4096;

/// The bounding box of some hexes in axial coordinates, with a cell number for each hex
/// in it, `x` outer and `y` inner (so cell order is the order of `(x, y)`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Bounds {
    min_x: i32,
    min_y: i32,
    span_x: u64,
    span_y: u64,
}

impl Bounds {
    /// The box around `hexes`, or `None` when there are none.
    pub(super) fn of(hexes: impl IntoIterator<Item = Hex>) -> Option<Bounds> {
        let mut it = hexes.into_iter();
        let first = it.next()?;
        let (mut lo, mut hi) = ((first.x, first.y), (first.x, first.y));
        for h in it {
            lo = (lo.0.min(h.x), lo.1.min(h.y));
            hi = (hi.0.max(h.x), hi.1.max(h.y));
        }
        let span = |a: i32, b: i32| (i64::from(b) - i64::from(a) + 1).unsigned_abs();
        Some(Bounds {
            min_x: lo.0,
            min_y: lo.1,
            span_x: span(lo.0, hi.0),
            span_y: span(lo.1, hi.1),
        })
    }

    /// Cells in the box (saturating: a box that does not fit in memory is never allocated).
    pub(super) fn cells(&self) -> u64 {
        self.span_x.saturating_mul(self.span_y)
    }

    /// Whether a table of `per_hex` cells for each of `count` hexes (and a few more) covers
    /// the box.
    pub(super) fn fits(&self, count: usize, per_hex: u64) -> bool {
        let allowed = (count as u64)
            .saturating_mul(per_hex)
            .saturating_add(CELLS_ALWAYS);
        self.cells() <= allowed && usize::try_from(self.cells()).is_ok()
    }

    /// The cell of a hex, if it lies in the box.
    pub(super) fn cell(&self, hex: Hex) -> Option<usize> {
        let dx = u64::try_from(i64::from(hex.x) - i64::from(self.min_x)).ok()?;
        let dy = u64::try_from(i64::from(hex.y) - i64::from(self.min_y)).ok()?;
        if dx >= self.span_x || dy >= self.span_y {
            return None;
        }
        usize::try_from(dx * self.span_y + dy).ok()
    }

    /// The hex of a cell (the inverse of [`Bounds::cell`]).
    fn hex(&self, cell: usize) -> Hex {
        let cell = cell as u64;
        let x = i64::from(self.min_x) + (cell / self.span_y) as i64;
        let y = i64::from(self.min_y) + (cell % self.span_y) as i64;
        // In the box, so both fit back in an i32.
        Hex::new(
            i32::try_from(x).unwrap_or(i32::MAX),
            i32::try_from(y).unwrap_or(i32::MAX),
        )
    }
}

/// The hexes of a list, in order, each once: a bitset over their box when they fill a good
/// part of it (a zone), else a hash set.
pub(super) fn distinct_in_order(hexes: &[Hex]) -> Vec<Hex> {
    let Some(b) = Bounds::of(hexes.iter().copied()) else {
        return Vec::new();
    };
    // One bit a cell: 64 cells a hex cost what one hex of a hash set does.
    if b.fits(hexes.len(), 64) {
        let mut seen = vec![0u64; b.cells().div_ceil(64) as usize];
        return hexes
            .iter()
            .copied()
            .filter(|h| {
                let Some(c) = b.cell(*h) else { return false };
                let (word, bit) = (c / 64, 1u64 << (c % 64));
                let new = seen[word] & bit == 0;
                seen[word] |= bit;
                new
            })
            .collect();
    }
    let mut seen = crate::FastSet::with_capacity_and_hasher(hexes.len(), Default::default());
    hexes.iter().copied().filter(|h| seen.insert(*h)).collect()
}

/// The distinct hexes named, numbered in `(x, y)` order, and the lookup from a hex to its
/// number: a table over their box when they fill a good part of it, else a binary search.
#[derive(Debug, Clone, Default)]
pub(super) struct HexIndex {
    hexes: Vec<Hex>,
    /// The box and the number of each of its cells ([`NONE`]: not named), when dense.
    dense: Option<(Bounds, Vec<u32>)>,
}

impl HexIndex {
    /// Numbers the hexes of `lists` (repeats allowed).
    pub(super) fn new<'a>(lists: impl Iterator<Item = &'a [Hex]> + Clone) -> HexIndex {
        let all = || lists.clone().flat_map(|l| l.iter().copied());
        let Some(b) = Bounds::of(all()) else {
            return HexIndex::default();
        };
        let named = lists.clone().fold(0usize, |n, l| n.saturating_add(l.len()));
        if b.fits(named, CELLS_PER_HEX) && u32::try_from(b.cells()).is_ok() {
            let mut cells = vec![NONE; b.cells() as usize];
            for h in all() {
                if let Some(c) = b.cell(h) {
                    cells[c] = 0;
                }
            }
            let mut hexes = Vec::new();
            for (c, slot) in cells.iter_mut().enumerate() {
                if *slot != NONE {
                    *slot = hexes.len() as u32;
                    hexes.push(b.hex(c));
                }
            }
            return HexIndex {
                hexes,
                dense: Some((b, cells)),
            };
        }
        let mut hexes: Vec<Hex> = all().collect();
        hexes.sort_unstable_by_key(|h| (h.x, h.y));
        hexes.dedup();
        hexes.shrink_to_fit();
        HexIndex { hexes, dense: None }
    }

    /// The number of a hex, if named.
    pub(super) fn find(&self, hex: Hex) -> Option<usize> {
        match &self.dense {
            Some((b, cells)) => {
                let n = *cells.get(b.cell(hex)?)?;
                (n != NONE).then_some(n as usize)
            }
            None => self
                .hexes
                .binary_search_by_key(&(hex.x, hex.y), |h| (h.x, h.y))
                .ok(),
        }
    }

    /// The hexes, by number.
    pub(super) fn hexes(&self) -> &[Hex] {
        &self.hexes
    }

    /// How many hexes are numbered.
    pub(super) fn len(&self) -> usize {
        self.hexes.len()
    }

    /// Cells of the lookup table (0 when the lookup is a binary search).
    pub(super) fn table_cells(&self) -> usize {
        self.dense.as_ref().map_or(0, |(_, c)| c.len())
    }
}

/// Lists of numbers, one list per key, stored as one vector and the offsets into it.
#[derive(Debug, Clone, Default)]
pub(super) struct Flat {
    start: Vec<usize>,
    items: Vec<usize>,
}

impl Flat {
    /// Groups `pairs` (key, item) by key, keys below `keys`, items of a key in the order
    /// given. `pairs` is walked twice.
    pub(super) fn group<I>(keys: usize, pairs: impl Fn() -> I) -> Flat
    where
        I: Iterator<Item = (usize, usize)>,
    {
        let mut start = vec![0usize; keys + 1];
        for (k, _) in pairs() {
            start[k + 1] += 1;
        }
        for k in 0..keys {
            start[k + 1] += start[k];
        }
        let mut next = start.clone();
        let mut items = vec![0usize; start[keys]];
        for (k, item) in pairs() {
            items[next[k]] = item;
            next[k] += 1;
        }
        Flat { start, items }
    }

    /// The list of a key (empty past the last key).
    pub(super) fn get(&self, key: usize) -> &[usize] {
        match (self.start.get(key), self.start.get(key + 1)) {
            (Some(a), Some(b)) => &self.items[*a..*b],
            _ => &[],
        }
    }

    /// Entries in every list.
    pub(super) fn entries(&self) -> usize {
        self.items.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeats_are_dropped_keeping_the_first_order() {
        let h = |x, y| Hex::new(x, y);
        let v = [h(3, 1), h(0, 0), h(3, 1), h(-2, 5), h(0, 0)];
        assert_eq!(distinct_in_order(&v), vec![h(3, 1), h(0, 0), h(-2, 5)]);
        // Far apart: the hash set.
        let far = [h(i32::MIN, 0), h(i32::MAX, 0), h(i32::MIN, 0)];
        assert_eq!(distinct_in_order(&far), vec![far[0], far[1]]);
    }

    #[test]
    fn dense_and_sparse_numbering_agree() {
        let near: Vec<Hex> = (0..40)
            .flat_map(|x| (0..30).map(move |y| Hex::new(x, -y)))
            .collect();
        let i = HexIndex::new([near.as_slice(), &near[..10]].into_iter());
        assert!(i.table_cells() > 0);
        assert_eq!(i.len(), near.len());
        let far = [
            Hex::new(-1_000_000, 7),
            Hex::new(1_000_000, 7),
            Hex::new(0, 0),
        ];
        let j = HexIndex::new([far.as_slice()].into_iter());
        assert_eq!(j.table_cells(), 0);
        assert_eq!(j.hexes(), &[far[0], far[2], far[1]]);
        for (idx, hexes) in [(&i, near.as_slice()), (&j, &far[..])] {
            for h in hexes {
                let n = idx.find(*h).expect("named");
                assert_eq!(idx.hexes()[n], *h);
            }
            assert_eq!(idx.find(Hex::new(5000, 5000)), None);
        }
    }

    #[test]
    fn flat_lists_keep_the_order_given() {
        let pairs = [(2, 7), (0, 1), (2, 3), (0, 4)];
        let f = Flat::group(4, || pairs.iter().copied());
        assert_eq!(f.get(0), &[1, 4]);
        assert_eq!(f.get(1), &[] as &[usize]);
        assert_eq!(f.get(2), &[7, 3]);
        assert_eq!(f.get(9), &[] as &[usize]);
        assert_eq!(f.entries(), 4);
    }
}

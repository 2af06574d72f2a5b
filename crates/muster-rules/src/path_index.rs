//! Which paths join two hexes, as a lookup: a reach asks it for every step, and scanning
//! every hex of every road each time let a map with one very long road make a reach slow
//! (issue 27).

use crate::world::ResolvedPath;
use muster_hex::Hex;

/// A hex as a key: its axial coordinates.
type Key = (i32, i32);

/// The steps of the paths: a pair of hexes one after the other on a path of a kind.
#[derive(Debug, Clone, Default)]
pub(crate) struct PathIndex {
    /// The kinds, numbered in order of appearance.
    kinds: Vec<String>,
    /// (kind, hex, hex), the two hexes in a fixed order.
    steps: crate::FastSet<(usize, Key, Key)>,
    /// How many paths the index holds (a path added since is searched directly).
    paths: usize,
}

fn key(h: Hex) -> Key {
    (h.x, h.y)
}

fn step(a: Hex, b: Hex) -> (Key, Key) {
    let (a, b) = (key(a), key(b));
    if a <= b {
        (a, b)
    } else {
        (b, a)
    }
}

impl PathIndex {
    /// Indexes every path.
    pub(crate) fn new(paths: &[ResolvedPath]) -> Self {
        let mut ix = PathIndex::default();
        for p in paths {
            let kind = match ix.kinds.iter().position(|k| *k == p.kind) {
                Some(k) => k,
                None => {
                    ix.kinds.push(p.kind.clone());
                    ix.kinds.len() - 1
                }
            };
            ix.steps.extend(p.hexes.windows(2).map(|w| {
                let (a, b) = step(w[0], w[1]);
                (kind, a, b)
            }));
        }
        ix.paths = paths.len();
        ix
    }

    /// The paths the index does not hold: those added since (all of them, should the list
    /// have shrunk), and whether the index still answers for the others.
    fn rest<'a>(&self, paths: &'a [ResolvedPath]) -> (bool, &'a [ResolvedPath]) {
        match paths.get(self.paths..) {
            Some(rest) => (true, rest),
            None => (false, paths),
        }
    }

    /// Whether a path of `kind` joins two hexes directly (one right after the other).
    pub(crate) fn joins(&self, paths: &[ResolvedPath], kind: &str, a: Hex, b: Hex) -> bool {
        let (valid, rest) = self.rest(paths);
        let indexed = valid
            && self.kinds.iter().position(|k| k == kind).is_some_and(|k| {
                let (a, b) = step(a, b);
                self.steps.contains(&(k, a, b))
            });
        indexed
            || rest.iter().any(|p| {
                p.kind == kind
                    && p.hexes
                        .windows(2)
                        .any(|w| (w[0] == a && w[1] == b) || (w[0] == b && w[1] == a))
            })
    }
}

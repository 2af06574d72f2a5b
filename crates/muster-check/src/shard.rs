//! Splitting a run across CI jobs (`muster validate --shard i/n`).
//!
//! Every file a run reports is reported by exactly one shard, so the union of the shards'
//! reports is the unsharded report:
//!
//! - A file a walk finds (or the command line names) belongs to the shard its own path
//!   hashes to: the first 8 bytes of the SHA-256 of its path relative to its pack root
//!   (`/`-separated), big-endian, modulo `n`. Adding, removing or changing a file moves no
//!   other file between shards. This holds for maps and overlays too, whoever uses them:
//!   a scenario's shard loads and checks the map, overlays and army lists it uses (its
//!   rules need them, and a broken map is MU012 on the scenario there), but the map's own
//!   findings are reported once, by the map's shard. A map used by scenarios of shards 1
//!   and 3 that hashes to shard 2 is reported by shard 2 only.
//! - A file reached only through references (outside the folders walked, as with
//!   `muster validate scenarios` when the maps are in `maps/`) has no walk to place it; it
//!   is reported by the lowest-numbered shard that has a scenario using it. That shard
//!   learns it is the lowest by reading the scenarios of the shards below it, which only
//!   happens when such references exist.

use sha2::{Digest, Sha256};
use std::path::Path;

/// One shard of `n`: `index` is 1-based, like jest's and Playwright's `--shard`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    index: u32,
    count: u32,
}

impl Shard {
    /// Shard `index` (1-based) of `count`; `None` unless `1 <= index <= count`.
    pub fn new(index: u32, count: u32) -> Option<Shard> {
        (index >= 1 && index <= count).then_some(Shard { index, count })
    }

    /// The 1-based index.
    pub fn index(self) -> u32 {
        self.index
    }

    /// The number of shards.
    pub fn count(self) -> u32 {
        self.count
    }

    /// The shard (1-based) that a file with this path relative to its pack root belongs
    /// to.
    pub fn of_relative(relative: &Path, count: u32) -> u32 {
        let key: Vec<String> = relative
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        let digest = Sha256::digest(key.join("/").as_bytes());
        let mut first = [0u8; 8];
        first.copy_from_slice(&digest[..8]);
        (u64::from_be_bytes(first) % u64::from(count.max(1))) as u32 + 1
    }
}

impl std::str::FromStr for Shard {
    type Err = String;

    /// Reads `i/n`.
    fn from_str(s: &str) -> Result<Shard, String> {
        let bad = || format!("`{s}` is not a shard: write i/n with 1 <= i <= n, such as 2/4");
        let (i, n) = s.split_once('/').ok_or_else(bad)?;
        let i: u32 = i.trim().parse().map_err(|_| bad())?;
        let n: u32 = n.trim().parse().map_err(|_| bad())?;
        Shard::new(i, n).ok_or_else(bad)
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_parse_one_based_and_refuse_the_rest() {
        assert_eq!("2/4".parse::<Shard>(), Ok(Shard::new(2, 4).unwrap()));
        for bad in ["0/4", "5/4", "1", "a/b", "1/0", "-1/2"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
    }

    #[test]
    fn assignment_depends_only_on_the_relative_path_and_spreads() {
        let a = Shard::of_relative(Path::new("maps/m.map.ron"), 4);
        assert_eq!(a, Shard::of_relative(Path::new("maps/m.map.ron"), 4));
        let mut counts = [0; 4];
        for i in 0..1000 {
            let s = Shard::of_relative(Path::new(&format!("s/{i}.scenario.ron")), 4);
            counts[(s - 1) as usize] += 1;
        }
        assert!(counts.iter().all(|&c| c > 200), "{counts:?}");
    }
}

//! What a `muster validate --shard I/N` report records about its shard, and the check
//! `muster merge` makes on the set of reports it is given (security review F14).
//!
//! A sharded report records `shard` (`"I/N"`) and `pack`, an identity that is the same for
//! every shard of one run of one pack: a hash of the relative paths of every file the
//! run's walk found (all shards walk the same tree). JSON: top-level `shard` and `pack`;
//! SARIF: `runs[0].properties.shard` and `.pack`; JUnit: the test suite's properties
//! `muster.shard` and `muster.pack`. `merge` refuses a set of reports that is not exactly
//! shards 1..N of one N and one pack, each once.

use anyhow::bail;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The JUnit property naming the shard.
pub const JUNIT_SHARD: &str = "muster.shard";
/// The JUnit property naming the pack identity.
pub const JUNIT_PACK: &str = "muster.pack";

/// The shard a report says it is, and of which pack.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShardTag {
    /// 1-based index.
    pub index: u32,
    /// Number of shards.
    pub count: u32,
    /// Identity of the run's pack (see the module documentation).
    pub pack: String,
}

impl ShardTag {
    /// A tag from the recorded `shard` (`"I/N"`) and `pack` strings, or why not.
    pub fn read(shard: Option<&str>, pack: Option<&str>, path: &Path) -> anyhow::Result<Self> {
        let (Some(shard), Some(pack)) = (shard, pack) else {
            bail!(
                "{} records no shard: `muster merge` joins the reports of `muster validate \
                 --shard I/N` jobs (reports of this version record their shard and pack)",
                path.display()
            );
        };
        let Ok(s) = shard.parse::<muster_check::Shard>() else {
            bail!("{}: `{}` is not a shard I/N", path.display(), clip(shard));
        };
        Ok(ShardTag {
            index: s.index(),
            count: s.count(),
            pack: pack.to_string(),
        })
    }
}

/// A string from a report, short enough for a message.
fn clip(s: &str) -> String {
    muster_cli::render::clean(&format!("`{s}`"))
        .trim_matches('`')
        .to_string()
}

/// The identity of the pack a run walks: FNV-1a (64 bits) of the sorted list of
/// `ARG-INDEX:RELATIVE-PATH` of every file found under the paths named, the same in every
/// shard of the run whatever folder the checkout sits in.
pub fn pack_identity(paths: &[PathBuf], exclude: &muster_check::Exclude) -> String {
    let found = muster_check::discover_except(paths, exclude);
    let mut keys: Vec<String> = found
        .files
        .iter()
        .map(|(p, _)| {
            let (i, rel) = paths
                .iter()
                .enumerate()
                .find_map(|(i, a)| p.strip_prefix(a).ok().map(|r| (i, r)))
                .unwrap_or((paths.len(), p.as_path()));
            let rel: Vec<String> = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            format!("{i}:{}", rel.join("/"))
        })
        .collect();
    keys.sort();
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for k in &keys {
        for b in k.bytes().chain([0u8]) {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    format!("{:016x}-{}", h, keys.len())
}

/// Refuses a set of reports that is not shards 1..N of one N and one pack, each once.
pub fn check_set(tags: &[(PathBuf, ShardTag)]) -> anyhow::Result<()> {
    let Some((first_path, first)) = tags.first() else {
        bail!("no report to merge");
    };
    for (p, t) in tags {
        if t.count != first.count {
            bail!(
                "{} is shard {}/{} but {} is shard {}/{}: merge the shards of one run \
                 (one N)",
                p.display(),
                t.index,
                t.count,
                first_path.display(),
                first.index,
                first.count
            );
        }
        if t.pack != first.pack {
            bail!(
                "{} and {} are shards of different packs or runs (pack {} and {}): merge \
                 the shards of one run of one pack",
                p.display(),
                first_path.display(),
                clip(&t.pack),
                clip(&first.pack)
            );
        }
    }
    let mut seen: BTreeMap<u32, &Path> = BTreeMap::new();
    for (p, t) in tags {
        if let Some(other) = seen.insert(t.index, p) {
            bail!(
                "shard {}/{} is given twice ({} and {}): its findings would count twice",
                t.index,
                t.count,
                other.display(),
                p.display()
            );
        }
    }
    let missing: Vec<String> = (1..=first.count)
        .filter(|i| !seen.contains_key(i))
        .take(10)
        .map(|i| format!("{i}/{}", first.count))
        .collect();
    if !missing.is_empty() {
        let more = first.count as usize - seen.len() > missing.len();
        bail!(
            "shard{} {}{} missing: {} of {} shards given, and a missing shard's errors \
             would pass unseen",
            if missing.len() == 1 { "" } else { "s" },
            missing.join(", "),
            if more { ", …" } else { "" },
            seen.len(),
            first.count
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tag(i: u32, n: u32, pack: &str) -> (PathBuf, ShardTag) {
        (
            PathBuf::from(format!("{i}.json")),
            ShardTag {
                index: i,
                count: n,
                pack: pack.into(),
            },
        )
    }

    #[test]
    fn only_a_whole_set_of_one_run_merges() {
        assert!(check_set(&[tag(2, 2, "a"), tag(1, 2, "a")]).is_ok());
        let dup = check_set(&[tag(1, 2, "a"), tag(1, 2, "a"), tag(2, 2, "a")]);
        assert!(format!("{:#}", dup.unwrap_err()).contains("given twice"));
        let gap = check_set(&[tag(1, 3, "a"), tag(3, 3, "a")]);
        assert!(format!("{:#}", gap.unwrap_err()).contains("shard 2/3 missing"));
        let foreign = check_set(&[tag(1, 2, "a"), tag(2, 2, "b")]);
        assert!(format!("{:#}", foreign.unwrap_err()).contains("different packs"));
        let n = check_set(&[tag(1, 2, "a"), tag(2, 3, "a")]);
        assert!(format!("{:#}", n.unwrap_err()).contains("one N"));
        let huge = check_set(&[tag(1, u32::MAX, "a")]);
        assert!(format!("{:#}", huge.unwrap_err()).contains(", …"));
    }
}

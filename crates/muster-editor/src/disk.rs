//! What the editor knows of a file on disk: its size, modification time and a hash of its
//! bytes as last read or written ([`Stamp`]), so that a save can tell a change made
//! outside the editor (`muster fmt`, git, a text editor) before it writes over it, and a
//! short line diff of that change for the prompt that asks.

use std::path::Path;
use std::time::SystemTime;

/// The largest file read back to compare (the loader's own cap).
const MAX_READ: u64 = muster_check::MAX_FILE_BYTES;

/// A file as the editor last saw it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stamp {
    /// Its size in bytes.
    pub len: u64,
    /// Its modification time, when the system gives one.
    pub modified: Option<SystemTime>,
    /// The time was within a moment of the stamp being taken, so a change in the same
    /// tick of the file system's clock would not move it ("racy clean", as git calls
    /// it): the bytes are always compared.
    pub racy: bool,
    /// FNV-1a of its bytes.
    pub hash: u64,
    /// Its text, to show what changed outside.
    pub text: String,
}

/// What a check of a file against its [`Stamp`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OnDisk {
    /// The file is as last read or written (or was never read: nothing to compare).
    Same,
    /// The file is gone.
    Missing,
    /// The file holds other bytes: this text.
    Changed(String),
}

/// FNV-1a: cheap, and stable across runs.
pub fn hash(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3)
    })
}

impl Stamp {
    /// The stamp of `path` now that it holds `text` (just read or written). `None` when
    /// the file cannot be examined.
    pub fn of(path: &Path, text: &str) -> Option<Stamp> {
        let meta = std::fs::metadata(path).ok()?;
        let modified = meta.modified().ok();
        let racy = modified.is_none_or(|m| {
            SystemTime::now()
                .duration_since(m)
                .map_or(true, |age| age < std::time::Duration::from_secs(2))
        });
        Some(Stamp {
            len: meta.len(),
            modified,
            racy,
            hash: hash(text.as_bytes()),
            text: text.to_string(),
        })
    }

    /// Compares the file with this stamp: size and time first, then (when either moved,
    /// or the stamp is racy) the bytes, so a touch that changed nothing is no change.
    pub fn check(&self, path: &Path) -> OnDisk {
        let Ok(meta) = std::fs::metadata(path) else {
            return OnDisk::Missing;
        };
        if !self.racy && meta.len() == self.len && meta.modified().ok() == self.modified {
            return OnDisk::Same;
        }
        let Ok(file) = std::fs::File::open(path) else {
            return OnDisk::Missing;
        };
        let mut bytes = Vec::new();
        use std::io::Read;
        if file.take(MAX_READ).read_to_end(&mut bytes).is_err() {
            return OnDisk::Missing;
        }
        if hash(&bytes) == self.hash {
            OnDisk::Same
        } else {
            OnDisk::Changed(String::from_utf8_lossy(&bytes).into_owned())
        }
    }
}

/// A short line diff of `old` against `new`: the lines removed (`- `) and added (`+ `),
/// at most `max` of them, then how many more. Common lines at both ends are skipped and
/// the middle is compared by longest common subsequence when it is small; a large middle
/// is shown as its counts only.
pub fn line_diff(old: &str, new: &str, max: usize) -> Vec<String> {
    let (a, b): (Vec<&str>, Vec<&str>) = (old.lines().collect(), new.lines().collect());
    let head = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let tail = a[head..]
        .iter()
        .rev()
        .zip(b[head..].iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    let (a, b) = (&a[head..a.len() - tail], &b[head..b.len() - tail]);
    let mut out = Vec::new();
    if a.len().saturating_mul(b.len()) > 250_000 {
        out.push(format!(
            "{} lines removed and {} added from line {}",
            a.len(),
            b.len(),
            head + 1
        ));
        return out;
    }
    // lcs[i][j]: the longest common subsequence of a[i..] and b[j..].
    let mut lcs = vec![vec![0u32; b.len() + 1]; a.len() + 1];
    for i in (0..a.len()).rev() {
        for j in (0..b.len()).rev() {
            lcs[i][j] = if a[i] == b[j] {
                lcs[i + 1][j + 1] + 1
            } else {
                lcs[i + 1][j].max(lcs[i][j + 1])
            };
        }
    }
    let (mut i, mut j) = (0, 0);
    let mut lines = Vec::new();
    while i < a.len() || j < b.len() {
        if i < a.len() && j < b.len() && a[i] == b[j] {
            i += 1;
            j += 1;
        } else if j < b.len() && (i == a.len() || lcs[i][j + 1] >= lcs[i + 1][j]) {
            lines.push(format!("+ {}: {}", head + j + 1, b[j].trim_end()));
            j += 1;
        } else {
            lines.push(format!("- {}: {}", head + i + 1, a[i].trim_end()));
            i += 1;
        }
    }
    let more = lines.len().saturating_sub(max);
    out.extend(lines.into_iter().take(max));
    if more > 0 {
        out.push(format!("… and {more} more changed lines"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_diff_names_the_lines_added_and_removed() {
        let old = "a\nb\nc\nd\n";
        let new = "a\nB\nc\nd\ne\n";
        assert_eq!(
            line_diff(old, new, 10),
            vec!["+ 2: B", "- 2: b", "+ 5: e"],
            "line numbers are those of the file each line is in"
        );
        assert_eq!(line_diff(old, old, 10), Vec::<String>::new());
        assert_eq!(
            line_diff("", "x\ny\nz\n", 2),
            vec!["+ 1: x", "+ 2: y", "… and 1 more changed lines"]
        );
    }

    #[test]
    fn a_touch_that_changes_nothing_is_no_change() {
        let dir = std::env::temp_dir().join(format!("muster-disk-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let f = dir.join("x.map.ron");
        std::fs::write(&f, "one\n").unwrap();
        let stamp = Stamp::of(&f, "one\n").unwrap();
        assert_eq!(stamp.check(&f), OnDisk::Same);
        // Same size, other bytes, at once: the time may not have moved, the stamp is
        // racy, so the bytes decide.
        assert!(stamp.racy);
        std::fs::write(&f, "two\n").unwrap();
        assert_eq!(stamp.check(&f), OnDisk::Changed("two\n".into()));
        std::fs::write(&f, "one\n").unwrap();
        assert_eq!(stamp.check(&f), OnDisk::Same, "written back as it was");
        std::fs::remove_file(&f).unwrap();
        assert_eq!(stamp.check(&f), OnDisk::Missing);
        let _ = std::fs::remove_dir_all(&dir);
    }
}

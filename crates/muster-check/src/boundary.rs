//! The pack boundary. Files in a pull request are untrusted: a scenario's references
//! (`map`, `overlays[].file`, `army_lists`) and the files a folder walk reaches through
//! symlinks resolve only to regular files inside the pack root, so that no file outside
//! the pack is read or echoed and no device or FIFO is opened.
//!
//! The pack root of a file is, in order:
//! 1. the nearest folder at or above the file that holds `muster.pack.ron` (or `.json`);
//! 2. otherwise the working directory, when the file lies inside it (and it is not `/`);
//! 3. otherwise the folder named on the command line that holds the file;
//! 4. otherwise (a file named directly) the file's own folder.
//!
//! A target is inside the root when its path, normalised lexically, lies under the root
//! *and* its real path (symlinks resolved) lies under the root's real path.

use crate::manifests::Manifests;
use crate::paths::lexical;
use crate::read::describe;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// Why a reference is refused. Worded to follow "the map `X` …"; none of the variants
/// carries anything read from the target.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The path leads outside the pack root: use a path inside the pack.
    #[error("leads outside the pack")]
    Outside,
    /// The path is a symlink (or passes through one) whose target lies outside the pack
    /// root: copy the file into the pack instead.
    #[error("is a symlink that leads outside the pack")]
    LinkOutside,
    /// The path names a folder, device, FIFO or socket: name a regular file.
    #[error("is {0}, not a regular file")]
    NotRegular(&'static str),
}

/// The real paths (symlinks resolved) of folders, looked up once a run: a pack of ten
/// thousand scenarios in one folder resolves that folder once, not once a reference.
#[derive(Debug, Default)]
pub(crate) struct RealDirs(Mutex<HashMap<PathBuf, Option<PathBuf>>>);

impl RealDirs {
    /// The real path of `dir`, `None` when it does not exist.
    fn of(&self, dir: &Path) -> Option<PathBuf> {
        if let Some(known) = self.0.lock().ok().and_then(|m| m.get(dir).cloned()) {
            return known;
        }
        let real = std::fs::canonicalize(dir).ok();
        if let Ok(mut m) = self.0.lock() {
            m.insert(dir.to_path_buf(), real.clone());
        }
        real
    }
}

/// Where a reference may lead: the pack root, lexically and as a real path.
#[derive(Debug, Clone)]
pub(crate) struct PackRoot {
    lexical: PathBuf,
    real: Option<PathBuf>,
    dirs: Arc<RealDirs>,
}

impl PackRoot {
    /// The pack root of `file` (see the module docs); `walked` are the folders named on
    /// the command line.
    pub(crate) fn of(file: &Path, walked: &[PathBuf], manifests: &Manifests) -> PackRoot {
        let abs = lexical(file);
        let root = manifests
            .governing(&abs)
            .map(|f| f.dir)
            .or_else(|| working_dir().filter(|cwd| abs.starts_with(cwd)))
            .or_else(|| {
                walked
                    .iter()
                    .map(|w| lexical(w))
                    .filter(|w| abs.starts_with(w))
                    .max_by_key(|w| w.components().count())
            })
            .unwrap_or_else(|| abs.parent().map(Path::to_path_buf).unwrap_or_default());
        let dirs = manifests.real_dirs.clone();
        PackRoot {
            real: dirs.of(&root),
            lexical: root,
            dirs,
        }
    }

    /// The root folder, normalised lexically.
    pub(crate) fn dir(&self) -> &Path {
        &self.lexical
    }

    /// Checks that `target` may be read. `Ok(true)`: a regular file inside the pack;
    /// `Ok(false)`: inside the pack lexically but missing; `Err`: refused. The file
    /// system is not touched for a path that leads outside lexically.
    pub(crate) fn admit(&self, target: &Path) -> Result<bool, Refusal> {
        let abs = lexical(target);
        if !abs.starts_with(&self.lexical) {
            return Err(Refusal::Outside);
        }
        // The real path: the folder's (looked up once a run), then the file's own entry,
        // followed only when it is itself a symlink.
        let (Some(parent), Some(name)) = (abs.parent(), abs.file_name()) else {
            return Ok(false);
        };
        let Some(real_parent) = self.dirs.of(parent) else {
            return Ok(false);
        };
        let mut real = real_parent.join(name);
        let Ok(mut meta) = std::fs::symlink_metadata(&real) else {
            return Ok(false);
        };
        if meta.file_type().is_symlink() {
            let Ok(followed) = std::fs::canonicalize(&real) else {
                return Ok(false); // a dangling link: missing
            };
            let Ok(m) = std::fs::metadata(&followed) else {
                return Ok(false);
            };
            (real, meta) = (followed, m);
        }
        let inside = self.real.as_ref().is_some_and(|r| real.starts_with(r));
        if !inside {
            return Err(Refusal::LinkOutside);
        }
        if meta.is_file() {
            Ok(true)
        } else {
            Err(Refusal::NotRegular(describe(meta.file_type())))
        }
    }
}

/// The working directory, normalised, unless it is the file-system root (which would
/// admit every file on the machine).
fn working_dir() -> Option<PathBuf> {
    let cwd = lexical(&std::env::current_dir().ok()?);
    cwd.parent().is_some().then_some(cwd)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn root_at(dir: &Path) -> PackRoot {
        PackRoot {
            lexical: lexical(dir),
            real: std::fs::canonicalize(dir).ok(),
            dirs: Default::default(),
        }
    }

    #[test]
    fn paths_leaving_the_root_are_refused_without_touching_them() {
        let here = Path::new(env!("CARGO_MANIFEST_DIR"));
        let root = root_at(here);
        assert_eq!(
            root.admit(&here.join("../../../../../../../../etc/passwd")),
            Err(Refusal::Outside)
        );
        assert_eq!(root.admit(Path::new("/dev/zero")), Err(Refusal::Outside));
        assert_eq!(root.admit(&here.join("Cargo.toml")), Ok(true));
        assert_eq!(root.admit(&here.join("nope.map.ron")), Ok(false));
        assert_eq!(
            root.admit(&here.join("src")),
            Err(Refusal::NotRegular("a folder"))
        );
    }
}

//! The pack boundary. Files in a pull request are untrusted: a scenario's references
//! (`map`, `overlays[].file`, `army_lists`) and the files a folder walk reaches resolve
//! only to regular files inside the pack root, so that no file outside the pack is read
//! or echoed and no device or FIFO is opened.
//!
//! The pack root of a file is, in order:
//! 1. the nearest folder at or above the file that holds `muster.pack.ron` (or `.json`);
//! 2. otherwise the innermost folder named on the command line (or the language server's
//!    workspace folder) that holds the file;
//! 3. otherwise (a file named directly) the file's own folder.
//!
//! The working directory plays no part. The root is opened once as a directory handle
//! ([`muster_io::Root`]) and every read beneath it is resolved by the kernel beneath that
//! handle, so a symlink swapped in after a check cannot lead a read out; nothing inside a
//! `.git` folder is ever read.

use crate::manifests::Manifests;
use crate::paths::lexical;
use muster_io::{ReadError, Root};
use std::path::{Path, PathBuf};
use std::sync::Arc;

pub use muster_io::Refusal;

/// Where a reference may lead: the pack root, opened.
#[derive(Debug, Clone)]
pub(crate) struct PackRoot {
    lexical: PathBuf,
    /// The opened root; `None` when the folder cannot be opened (then nothing is read).
    opened: Option<Arc<Root>>,
}

impl PackRoot {
    /// The pack root of `file` (see the module docs); `walked` are the folders named on
    /// the command line.
    pub(crate) fn of(file: &Path, walked: &[PathBuf], manifests: &Manifests) -> PackRoot {
        let abs = lexical(file);
        let root = manifests
            .governing(&abs)
            .map(|f| f.dir)
            .or_else(|| {
                walked
                    .iter()
                    .map(|w| lexical(w))
                    .filter(|w| abs.starts_with(w))
                    .max_by_key(|w| w.components().count())
            })
            .unwrap_or_else(|| abs.parent().map(Path::to_path_buf).unwrap_or_default());
        PackRoot {
            opened: manifests.opened(&root),
            lexical: root,
        }
    }

    /// The root folder, normalised lexically.
    pub(crate) fn dir(&self) -> &Path {
        &self.lexical
    }

    /// Classifies `target` for messages. `Ok(true)`: a regular file inside the pack;
    /// `Ok(false)`: inside the pack lexically but missing; `Err`: refused. The file system
    /// is not touched for a path that leads outside lexically. Reads go through
    /// [`PackRoot::read`], which resolves the path again at the open.
    pub(crate) fn admit(&self, target: &Path) -> Result<bool, Refusal> {
        let rel = self.relative(target)?;
        match &self.opened {
            Some(root) => root.status(&rel),
            None => Ok(false),
        }
    }

    /// The names of the regular files in the folder of `target`, when that folder is
    /// inside the pack (listed beneath the opened root, never outside it): for
    /// suggesting the file a mistyped reference meant.
    pub(crate) fn names_beside(&self, target: &Path) -> Vec<String> {
        let (Some(root), Ok(rel)) = (&self.opened, self.relative(target)) else {
            return vec![];
        };
        let folder = rel.parent().unwrap_or(Path::new("")).to_path_buf();
        root.walk(&folder, &|p: &Path, dir: bool| dir && p != folder)
            .into_iter()
            .filter_map(|w| match w {
                muster_io::Walked::File(p) if p.parent() == Some(folder.as_path()) => {
                    p.file_name().and_then(|n| n.to_str()).map(String::from)
                }
                _ => None,
            })
            .collect()
    }

    /// Reads `target` beneath the root.
    pub(crate) fn read(&self, target: &Path) -> Result<Vec<u8>, ReadError> {
        let rel = self.relative(target).map_err(ReadError::Refused)?;
        match &self.opened {
            Some(root) => root.read(&rel),
            None => Err(ReadError::Io(std::io::ErrorKind::NotFound.into())),
        }
    }

    fn relative(&self, target: &Path) -> Result<PathBuf, Refusal> {
        let abs = lexical(target);
        let rel = abs
            .strip_prefix(&self.lexical)
            .map_err(|_| Refusal::Outside)?;
        if rel.components().any(|c| c.as_os_str() == ".git") {
            return Err(Refusal::Git);
        }
        Ok(rel.to_path_buf())
    }
}

/// Reads the pack file at `path` beneath its pack root (the nearest folder at or above it
/// holding a manifest, else its own folder): a symlink that leads out of the pack is
/// refused at the open, nothing inside `.git` is read.
pub fn read_in_pack(path: &Path) -> Result<Vec<u8>, ReadError> {
    let path = lexical(path);
    let folder = path.parent().unwrap_or(Path::new("/"));
    let root = crate::write::pack_root_above(folder).unwrap_or_else(|| folder.to_path_buf());
    let rel = path.strip_prefix(&root).unwrap_or(&path);
    Root::open(&root)?.read(rel)
}

/// Reads and loads the pack file at `path` as `kind` through [`read_in_pack`] (`fmt`,
/// `convert`, `diff`: files of a pack that may come from a pull request).
pub fn load_in_pack<T: serde::de::DeserializeOwned>(
    path: &Path,
    kind: muster_model::FileKind,
) -> Result<crate::load::Loaded<T>, crate::load::LoadError> {
    let bytes = read_in_pack(path).map_err(|e| {
        (
            vec![crate::finding::Finding::unreadable(path, e.to_string())],
            None,
        )
    })?;
    crate::load::parse_bytes(path, bytes, kind)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_leaving_the_root_are_refused_without_touching_them() {
        let here = Path::new(env!("CARGO_MANIFEST_DIR"));
        let root = PackRoot::of(
            &here.join("Cargo.toml"),
            &[here.to_path_buf()],
            &Manifests::default(),
        );
        // The repository's muster.pack.ron governs, before the folder named.
        assert_eq!(root.dir(), lexical(&here.join("../..")));
        assert_eq!(
            root.admit(&here.join("../../../../../../../../etc/passwd")),
            Err(Refusal::Outside)
        );
        assert_eq!(root.admit(Path::new("/dev/zero")), Err(Refusal::Outside));
        assert_eq!(root.admit(&here.join("Cargo.toml")), Ok(true));
        assert_eq!(root.admit(&here.join("nope.map.ron")), Ok(false));
        assert_eq!(root.admit(&here.join(".git/config")), Err(Refusal::Git));
        assert_eq!(
            root.admit(&here.join("src")),
            Err(Refusal::NotRegular("a folder"))
        );
    }

    #[test]
    fn the_working_directory_never_widens_the_root() {
        // A file named directly, with no manifest and no folder named: its own folder.
        let t = std::env::temp_dir();
        let file = t.join("muster-boundary-test/x.scenario.ron");
        let root = PackRoot::of(&file, &[], &Manifests::default());
        assert_eq!(root.dir(), lexical(&t.join("muster-boundary-test")));
    }
}

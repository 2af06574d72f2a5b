//! The one writer every front door uses (`fmt`, `convert -o`, `new`, `render -o`,
//! `export -o`, `import -o`, `schema --out`, the cache, the editor's save): see
//! [`muster_io::Root::write`]. The bytes go to an exclusively created temporary file in
//! the target's folder (never through an entry planted in advance), synced, given the old
//! file's permissions and renamed over the target; the folder is synced after.
//!
//! The write is held beneath the target's pack root (the nearest folder at or above it
//! holding `muster.pack.ron`, else the target's own folder): a target that is a symlink
//! inside the root is written through to the file it names, so a shared map does not
//! fork; one that leads out of the root is refused and nothing is written.

use std::path::Path;

/// Writes `bytes` to `path` atomically, beneath its pack root; on failure the target is
/// untouched and no temporary file is left.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let path = crate::paths::lexical(path);
    let folder = path.parent().unwrap_or(Path::new("/"));
    let root = pack_root_above(folder).unwrap_or_else(|| folder.to_path_buf());
    let rel = path.strip_prefix(&root).unwrap_or(&path);
    muster_io::Root::open(&root)?.write(rel, bytes)
}

/// The pack boundary of a file opened or written on its own (no folder named): the
/// nearest folder at or above it holding `muster.pack.ron` (or `.json`), with `true`;
/// else the file's own folder, with `false`. Its references must stay inside (MU013).
pub fn pack_root_of(file: &Path) -> (std::path::PathBuf, bool) {
    let file = std::path::absolute(file).unwrap_or_else(|_| file.to_path_buf());
    let folder = crate::paths::lexical(file.parent().unwrap_or(Path::new("/")));
    match pack_root_above(&folder) {
        Some(root) => (root, true),
        None => (folder, false),
    }
}

/// The nearest folder at or above `folder` that holds a pack manifest (a regular file,
/// not a link).
pub(crate) fn pack_root_above(folder: &Path) -> Option<std::path::PathBuf> {
    folder.ancestors().find_map(|dir| {
        crate::manifests::MANIFEST_NAMES
            .iter()
            .any(|n| std::fs::symlink_metadata(dir.join(n)).is_ok_and(|m| m.is_file()))
            .then(|| dir.to_path_buf())
    })
}

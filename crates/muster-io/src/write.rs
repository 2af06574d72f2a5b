//! Writing files so that no target is ever half-written and no write is ever redirected.
//!
//! The bytes go to a temporary file created exclusively in the target's folder
//! (`O_TMPFILE` on Linux, so it has no name at all until it is complete and a kill leaves
//! nothing behind; elsewhere a random name opened with `O_CREAT|O_EXCL`), never through an
//! entry planted in advance. The file is synced, given the old file's permissions, renamed
//! over the target, and the folder is synced. A target that is a symlink inside the root
//! is written through to the file it names, so a map shared by a link stays shared; a
//! symlink that leads out of the root is refused.

use crate::refusal::Refusal;
use crate::root::{checked, is_escape, lexical, Root};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

fn refused(what: &Path, why: Refusal) -> io::Error {
    io::Error::new(
        io::ErrorKind::PermissionDenied,
        format!("{} {why}; nothing was written", what.display()),
    )
}

impl Root {
    /// Replaces (or creates) the file at `rel` beneath the root with `bytes`, atomically.
    pub fn write(&self, rel: &Path, bytes: &[u8]) -> io::Result<()> {
        let rel = checked(rel).map_err(|why| refused(rel, why))?;
        let target = self.resolve_for_write(rel)?;
        let (parent, name) = match (target.parent(), target.file_name()) {
            (Some(p), Some(n)) => (p, n),
            _ => return Err(refused(rel, Refusal::NotRegular("a folder"))),
        };
        let folder = if parent.as_os_str().is_empty() {
            self.dir.try_clone()?
        } else {
            self.dir.open_dir(parent).map_err(|e| escape_or(e, rel))?
        };
        let old = match folder.symlink_metadata(name) {
            Ok(m) if m.is_file() => Some(m.permissions()),
            Ok(m) => {
                let what = crate::read::describe_cap(m.file_type());
                return Err(refused(rel, Refusal::NotRegular(what)));
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => None,
            Err(e) => return Err(e),
        };
        let mut tmp = cap_tempfile::TempFile::new(&folder)?;
        tmp.as_file_mut().write_all(bytes)?;
        if let Some(perms) = old {
            tmp.as_file().set_permissions(perms)?;
        }
        tmp.as_file().sync_all()?;
        tmp.replace(name)?;
        // The rename is durable only once the folder itself is synced.
        sync_folder(&folder)
    }

    /// The path a write to `rel` lands on: `rel` itself, or, when it is a symlink, the file
    /// it names (followed beneath the root only).
    fn resolve_for_write(&self, rel: &Path) -> io::Result<PathBuf> {
        match self.dir.symlink_metadata(rel) {
            Ok(m) if m.file_type().is_symlink() => {
                self.dir.canonicalize(rel).map_err(|e| escape_or(e, rel))
            }
            _ => Ok(rel.to_path_buf()),
        }
    }
}

/// Syncs a folder (its entries), through a read-only handle on it: the root's own handle
/// may be a path-only one, which cannot be synced.
fn sync_folder(folder: &cap_std::fs::Dir) -> io::Result<()> {
    use cap_fs_ext::OpenOptionsMaybeDirExt;
    let mut opts = cap_std::fs::OpenOptions::new();
    opts.read(true).maybe_dir(true);
    folder.open_with(".", &opts)?.sync_all()
}

fn escape_or(e: io::Error, rel: &Path) -> io::Error {
    if is_escape(&e) {
        refused(rel, Refusal::LinkOutside)
    } else {
        e
    }
}

/// Writes a file the user named (an output of `render -o`, `export -o`, `new`): the
/// folder holding it is the root, so the write cannot be redirected out of that folder by
/// a planted temporary name or a symlink, and a symlink to a file in that folder is
/// written through.
pub fn write_named(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let path = lexical(path);
    let (Some(parent), Some(name)) = (path.parent(), path.file_name()) else {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{} names no file", path.display()),
        ));
    };
    Root::open(parent)?.write(Path::new(name), bytes)
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::{symlink, PermissionsExt};

    #[test]
    fn a_planted_temporary_name_is_never_followed() {
        let t = tempfile::tempdir().unwrap();
        let pack = t.path().join("pack");
        std::fs::create_dir_all(&pack).unwrap();
        let victim = t.path().join("victim.txt");
        std::fs::write(&victim, "precious").unwrap();
        // The old writer's names, for every pid it could have had.
        for pid in std::process::id().saturating_sub(50)..std::process::id() + 50 {
            symlink(&victim, pack.join(format!(".x.map.ron.{pid}.tmp"))).unwrap();
        }
        std::fs::write(pack.join("x.map.ron"), "old").unwrap();
        write_named(&pack.join("x.map.ron"), b"new").unwrap();
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious");
        assert_eq!(
            std::fs::read_to_string(pack.join("x.map.ron")).unwrap(),
            "new"
        );
        assert!(!std::fs::symlink_metadata(pack.join("x.map.ron"))
            .unwrap()
            .file_type()
            .is_symlink());
        // Nothing left behind but the planted links and the file.
        assert_eq!(std::fs::read_dir(&pack).unwrap().count(), 101);
    }

    #[test]
    fn permissions_are_kept_and_links_inside_are_written_through() {
        let t = tempfile::tempdir().unwrap();
        let root = Root::open(t.path()).unwrap();
        std::fs::create_dir_all(t.path().join("real")).unwrap();
        std::fs::write(t.path().join("real/x.map.ron"), "old").unwrap();
        std::fs::set_permissions(
            t.path().join("real/x.map.ron"),
            std::fs::Permissions::from_mode(0o600),
        )
        .unwrap();
        symlink("real/x.map.ron", t.path().join("x.map.ron")).unwrap();
        root.write(Path::new("x.map.ron"), b"new").unwrap();
        let link = std::fs::symlink_metadata(t.path().join("x.map.ron")).unwrap();
        assert!(link.file_type().is_symlink(), "the link stays a link");
        let real = t.path().join("real/x.map.ron");
        assert_eq!(std::fs::read_to_string(&real).unwrap(), "new");
        let mode = std::fs::metadata(&real).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);
    }

    #[test]
    fn links_out_of_the_root_are_refused_and_nothing_is_written() {
        let t = tempfile::tempdir().unwrap();
        let pack = t.path().join("pack");
        std::fs::create_dir_all(&pack).unwrap();
        std::fs::create_dir_all(t.path().join("outside")).unwrap();
        std::fs::write(t.path().join("outside/secret.map.ron"), "secret").unwrap();
        symlink("../outside/secret.map.ron", pack.join("link.map.ron")).unwrap();
        symlink("../outside", pack.join("od")).unwrap();
        let root = Root::open(&pack).unwrap();
        let e = root.write(Path::new("link.map.ron"), b"x").unwrap_err();
        assert!(e.to_string().contains("leads outside the pack"), "{e}");
        let e = root
            .write(Path::new("od/secret.map.ron"), b"x")
            .unwrap_err();
        assert!(e.to_string().contains("leads outside the pack"), "{e}");
        let secret = std::fs::read_to_string(t.path().join("outside/secret.map.ron")).unwrap();
        assert_eq!(secret, "secret");
        assert!(std::fs::symlink_metadata(pack.join("link.map.ron"))
            .unwrap()
            .file_type()
            .is_symlink());
    }
}

//! A root folder opened once as a directory handle, and the mapping of paths onto it.

use crate::refusal::Refusal;
use cap_std::fs::Dir;
use std::io;
use std::path::{Component, Path, PathBuf};

/// A folder opened once; every path below it is resolved beneath this handle.
#[derive(Debug)]
pub struct Root {
    pub(crate) dir: Dir,
    path: PathBuf,
}

/// A path made absolute (against the working directory), with `.` and `..` resolved
/// lexically: no file-system calls, so `a/../maps/x` and `maps/x` are one name.
pub fn lexical(path: &Path) -> PathBuf {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let mut out = PathBuf::new();
    for c in absolute.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

impl Root {
    /// Opens the folder at `path` (a symlink naming the root itself is followed: the root
    /// is what the user named).
    pub fn open(path: &Path) -> io::Result<Root> {
        let path = lexical(path);
        let dir = Dir::open_ambient_dir(&path, cap_std::ambient_authority())?;
        Ok(Root { dir, path })
    }

    /// The root's path, absolute and normalised lexically (for display and for mapping
    /// absolute paths onto the root).
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The path of `target` relative to the root, refusing (without touching the file
    /// system) a path that leaves the root lexically or enters a `.git` folder.
    pub fn relative(&self, target: &Path) -> Result<PathBuf, Refusal> {
        let abs = lexical(target);
        let rel = abs.strip_prefix(&self.path).map_err(|_| Refusal::Outside)?;
        checked(rel).map(Path::to_path_buf)
    }

    /// Whether `rel` names a regular file beneath the root: `Ok(true)` it does, `Ok(false)`
    /// nothing is there (or a dangling link), `Err` it is refused. Symlinks are followed
    /// beneath the root only. This only classifies, for messages: reads go through
    /// [`Root::read`], which resolves the path again at the open.
    pub fn status(&self, rel: &Path) -> Result<bool, Refusal> {
        let rel = checked(rel)?;
        match self.dir.metadata(rel) {
            Ok(m) if m.is_file() => Ok(true),
            Ok(m) => Err(Refusal::NotRegular(crate::read::describe_cap(
                m.file_type(),
            ))),
            Err(e) if is_escape(&e) => Err(self.why_escape(rel)),
            Err(_) => Ok(false),
        }
    }

    /// Why resolving `rel` led out of the root: an absolute link as its last component, or
    /// a link (somewhere on the way) to a place outside.
    pub(crate) fn why_escape(&self, rel: &Path) -> Refusal {
        match self.dir.read_link_contents(rel) {
            Ok(target) if target.is_absolute() => Refusal::AbsoluteLink,
            _ => Refusal::LinkOutside,
        }
    }
}

/// `rel` when it is a plain relative path that stays below the root and names nothing
/// inside `.git`.
pub(crate) fn checked(rel: &Path) -> Result<&Path, Refusal> {
    let mut depth = 0usize;
    for c in rel.components() {
        match c {
            Component::Normal(name) => {
                if name == ".git" {
                    return Err(Refusal::Git);
                }
                depth += 1;
            }
            Component::CurDir => {}
            Component::ParentDir if depth > 0 => depth -= 1,
            _ => return Err(Refusal::Outside),
        }
    }
    Ok(rel)
}

/// Whether an error from resolving a path beneath a root says the path led out of it
/// (cap-std's "a path led outside of the filesystem": `EXDEV` from `RESOLVE_BENEATH`, or
/// its own component-wise check), as opposed to a real permission problem.
pub(crate) fn is_escape(e: &io::Error) -> bool {
    e.kind() == io::ErrorKind::PermissionDenied && e.raw_os_error().is_none()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dot_and_dot_dot_are_resolved_without_the_file_system() {
        let a = lexical(Path::new("scenarios/x/../../maps/./m.map.ron"));
        assert_eq!(a, lexical(Path::new("maps/m.map.ron")));
        assert!(a.is_absolute());
    }

    #[test]
    fn paths_out_of_the_root_or_into_git_are_refused_lexically() {
        let root = Root::open(Path::new(env!("CARGO_MANIFEST_DIR"))).unwrap();
        let here = root.path().to_path_buf();
        assert_eq!(
            root.relative(&here.join("../../../../etc/passwd")),
            Err(Refusal::Outside)
        );
        assert_eq!(root.relative(Path::new("/dev/zero")), Err(Refusal::Outside));
        assert_eq!(
            root.relative(&here.join("a/.git/config")),
            Err(Refusal::Git)
        );
        assert_eq!(checked(Path::new("../x")), Err(Refusal::Outside));
        assert_eq!(checked(Path::new("/x")), Err(Refusal::Outside));
        assert_eq!(
            root.relative(&here.join("src/lib.rs")),
            Ok("src/lib.rs".into())
        );
        assert_eq!(root.status(Path::new("src/lib.rs")), Ok(true));
        assert_eq!(root.status(Path::new("nope.map.ron")), Ok(false));
        assert_eq!(
            root.status(Path::new("src")),
            Err(Refusal::NotRegular("a folder"))
        );
    }
}

//! Walking the folders beneath a root. Every folder is opened beneath the root's handle,
//! so a folder symlink that leads out of the root (to `/`, `/proc`, `/etc`) is reported
//! once and never entered, and nothing outside is listed. Each folder is walked once
//! (a link back to a folder above is reported as a loop; a second link to a folder
//! already walked is passed over), entries are sorted by name, and a walk stops after
//! [`MAX_WALK_ENTRIES`] entries or [`MAX_DEPTH`] folders deep.

use crate::read::describe_cap;
use crate::root::{is_escape, Root};
use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// Entries a walk looks at before it stops (a pack of 100,000 files has far fewer).
pub const MAX_WALK_ENTRIES: usize = 2_000_000;
/// Folders a walk descends before it stops.
const MAX_DEPTH: usize = 128;

/// What a walk met, each path relative to the root.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Walked {
    /// A regular file (possibly reached through a symlink inside the root).
    File(PathBuf),
    /// Something other than a regular file or folder (a FIFO, a socket, a device).
    Special(PathBuf, &'static str),
    /// A symlink that leads out of the root (or an absolute one): not entered, not read.
    LinkOutside(PathBuf, crate::Refusal),
    /// A folder symlink leading back to a folder above it.
    Loop(PathBuf),
    /// An entry that could not be read, and why.
    Unreadable(PathBuf, String),
    /// The walk stopped here: too many entries, or folders too deep.
    Stopped(PathBuf, String),
}

struct Walk<'a> {
    root: &'a Root,
    skip: &'a dyn Fn(&Path, bool) -> bool,
    out: Vec<Walked>,
    seen: HashSet<(u64, u64)>,
    entries: usize,
    stopped: bool,
}

/// A folder's identity on disk (device, inode), where the platform gives one.
fn identity(dir: &cap_std::fs::Dir) -> Option<(u64, u64)> {
    #[cfg(unix)]
    {
        use cap_std::fs::MetadataExt;
        dir.dir_metadata().ok().map(|m| (m.dev(), m.ino()))
    }
    #[cfg(not(unix))]
    {
        let _ = dir;
        None
    }
}

impl Walk<'_> {
    fn folder(&mut self, rel: &Path, ancestors: &mut Vec<(u64, u64)>) {
        if ancestors.len() >= MAX_DEPTH {
            self.stop(rel, format!("folders nest more than {MAX_DEPTH} deep"));
            return;
        }
        let opened = if rel.as_os_str().is_empty() {
            self.root.dir.try_clone()
        } else {
            self.root.dir.open_dir(rel)
        };
        let dir = match opened {
            Ok(d) => d,
            Err(e) if is_escape(&e) => {
                let why = self.root.why_escape(rel);
                return self.out.push(Walked::LinkOutside(rel.into(), why));
            }
            Err(e) => return self.out.push(Walked::Unreadable(rel.into(), e.to_string())),
        };
        let id = identity(&dir);
        if let Some(id) = id {
            if ancestors.contains(&id) {
                return self.out.push(Walked::Loop(rel.into()));
            }
            if !self.seen.insert(id) {
                return; // the same folder, reached again through another link
            }
        }
        let mut names = match dir.entries() {
            Ok(entries) => entries
                .filter_map(|e| e.ok())
                .map(|e| (e.file_name(), e.file_type().ok()))
                .collect::<Vec<_>>(),
            Err(e) => return self.out.push(Walked::Unreadable(rel.into(), e.to_string())),
        };
        names.sort_by(|a, b| a.0.cmp(&b.0));
        ancestors.extend(id);
        for (name, file_type) in names {
            if self.stopped {
                break;
            }
            self.entries += 1;
            let child = rel.join(&name);
            if self.entries > MAX_WALK_ENTRIES {
                self.stop(&child, format!("more than {MAX_WALK_ENTRIES} entries"));
                break;
            }
            self.entry(child, file_type, ancestors);
        }
        if id.is_some() {
            ancestors.pop();
        }
    }

    fn entry(
        &mut self,
        child: PathBuf,
        file_type: Option<cap_std::fs::FileType>,
        ancestors: &mut Vec<(u64, u64)>,
    ) {
        let Some(mut file_type) = file_type else {
            return self
                .out
                .push(Walked::Unreadable(child, "its type cannot be read".into()));
        };
        if file_type.is_symlink() {
            // Followed beneath the root only: a link out fails here, in the kernel.
            match self.root.dir.metadata(&child) {
                Ok(m) => file_type = m.file_type(),
                Err(e) if is_escape(&e) => {
                    let why = self.root.why_escape(&child);
                    return self.out.push(Walked::LinkOutside(child, why));
                }
                Err(e) => {
                    let why = match e.raw_os_error() {
                        #[cfg(unix)]
                        Some(libc::ELOOP) => "symlink loop: this link leads back to itself".into(),
                        _ if e.kind() == std::io::ErrorKind::NotFound => {
                            "a symlink to nothing (dangling)".to_string()
                        }
                        _ => e.to_string(),
                    };
                    return self.out.push(Walked::Unreadable(child, why));
                }
            }
        }
        let is_dir = file_type.is_dir();
        if (self.skip)(&child, is_dir) {
            return;
        }
        if is_dir {
            self.folder(&child, ancestors);
        } else if file_type.is_file() {
            self.out.push(Walked::File(child));
        } else {
            self.out
                .push(Walked::Special(child, describe_cap(file_type)));
        }
    }

    fn stop(&mut self, at: &Path, why: String) {
        self.stopped = true;
        self.out.push(Walked::Stopped(at.into(), why));
    }
}

impl Root {
    /// Walks the folder `start` (relative to the root; empty for the root itself), leaving
    /// out what `skip` says (given each entry's path relative to the root and whether it is
    /// a folder). Entries come in walk order, each folder's sorted by name.
    pub fn walk(&self, start: &Path, skip: &dyn Fn(&Path, bool) -> bool) -> Vec<Walked> {
        let mut w = Walk {
            root: self,
            skip,
            out: Vec::new(),
            seen: HashSet::new(),
            entries: 0,
            stopped: false,
        };
        match crate::root::checked(start) {
            Ok(start) => w.folder(start, &mut Vec::new()),
            Err(why) => w.out.push(Walked::LinkOutside(start.into(), why)),
        }
        w.out
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use crate::Refusal;
    use std::os::unix::fs::symlink;

    #[test]
    fn folder_links_out_of_the_root_are_reported_and_not_entered() {
        let t = tempfile::tempdir().unwrap();
        let pack = t.path().join("pack");
        std::fs::create_dir_all(pack.join("maps")).unwrap();
        std::fs::create_dir_all(t.path().join("outside")).unwrap();
        std::fs::write(t.path().join("outside/secret.map.ron"), "x").unwrap();
        std::fs::write(pack.join("maps/a.map.ron"), "x").unwrap();
        symlink("/proc", pack.join("proc")).unwrap();
        symlink("/", pack.join("root")).unwrap();
        symlink("../outside", pack.join("od")).unwrap();
        symlink("../maps", pack.join("maps/again")).unwrap(); // inside, a second way in
        symlink(".", pack.join("maps/self")).unwrap(); // a loop
        symlink("nothing", pack.join("dangling.map.ron")).unwrap();
        let root = Root::open(&pack).unwrap();
        let got = root.walk(Path::new(""), &|_, _| false);
        assert_eq!(
            got,
            vec![
                Walked::Unreadable(
                    "dangling.map.ron".into(),
                    "a symlink to nothing (dangling)".into()
                ),
                Walked::File("maps/a.map.ron".into()),
                Walked::Loop("maps/again".into()),
                Walked::Loop("maps/self".into()),
                Walked::LinkOutside("od".into(), Refusal::LinkOutside),
                Walked::LinkOutside("proc".into(), Refusal::AbsoluteLink),
                Walked::LinkOutside("root".into(), Refusal::AbsoluteLink),
            ]
        );
    }
}

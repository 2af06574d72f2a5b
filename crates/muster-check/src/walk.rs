//! Finding the files to check: walk folders (following symlinks, reporting loops and
//! unreadable entries without stopping), recognise kinds by file name. A path named on
//! the command line that is neither a regular file nor a folder (a FIFO, a device) is a
//! finding (MU004), never opened.

use crate::finding::Finding;
use muster_model::FileKind;
use std::path::{Path, PathBuf};

/// Files found and problems met on the way.
#[derive(Debug, Default)]
pub struct Discovered {
    /// Files to check with their kinds, sorted, without duplicates.
    pub files: Vec<(PathBuf, FileKind)>,
    /// Unreadable entries, symlink loops, explicitly named files of unknown kind.
    pub problems: Vec<Finding>,
}

fn kind_of(path: &Path) -> Option<FileKind> {
    path.file_name()
        .and_then(|n| n.to_str())
        .and_then(FileKind::from_file_name)
        .map(|(k, _)| k)
}

/// Walks the given files and folders.
pub fn discover(paths: &[PathBuf]) -> Discovered {
    let mut d = Discovered::default();
    for root in paths {
        match std::fs::metadata(root) {
            Err(e) => d.problems.push(Finding::unreadable(root, format!("cannot read {}: {e}", root.display()))),
            Ok(m) if m.is_file() => match kind_of(root) {
                Some(k) => d.files.push((root.clone(), k)),
                None => d.problems.push(Finding::unreadable(root, format!("{} is not a Muster file: names end in .map.ron, .overlay.ron, .scenario.ron, .armylist.ron, .ruleset.ron or muster.pack.ron (or .json)", root.display()))),
            },
            Ok(m) if !m.is_dir() => d.problems.push(Finding::unreadable(
                root,
                format!(
                    "{} is {}, not a regular file; Muster reads only regular files",
                    root.display(),
                    crate::read::describe(m.file_type())
                ),
            )),
            Ok(_) => {
                for entry in walkdir::WalkDir::new(root).follow_links(true).sort_by_file_name() {
                    match entry {
                        Ok(e) if e.file_type().is_file() => {
                            if let Some(k) = kind_of(e.path()) {
                                d.files.push((e.path().to_path_buf(), k));
                            }
                        }
                        Ok(e) if !e.file_type().is_dir() && kind_of(e.path()).is_some() => {
                            d.problems.push(Finding::unreadable(
                                e.path(),
                                format!(
                                    "this is {}, not a regular file; it was not read",
                                    crate::read::describe(e.file_type())
                                ),
                            ));
                        }
                        Ok(_) => {}
                        Err(e) => {
                            let at = e.path().map(Path::to_path_buf).unwrap_or_else(|| root.clone());
                            let msg = if e.loop_ancestor().is_some() { "symlink loop: this link leads back to a folder above it".to_string() } else { format!("cannot read this entry: {e}") };
                            d.problems.push(Finding::unreadable(&at, msg));
                        }
                    }
                }
            }
        }
    }
    d.files.sort();
    d.files.dedup();
    d
}

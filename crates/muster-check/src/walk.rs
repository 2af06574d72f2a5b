//! Finding the files to check: walk folders (following symlinks, reporting loops and
//! unreadable entries without stopping), recognise kinds by file name. A path named on
//! the command line that is neither a regular file nor a folder (a FIFO, a device) is a
//! finding (MU004), never opened. Walks skip `.git`, `target` and `node_modules` folders
//! and whatever `--exclude` globs name.

use crate::finding::Finding;
use globset::{Glob, GlobSet, GlobSetBuilder};
use muster_model::FileKind;
use std::path::{Path, PathBuf};

/// Folders a walk never enters: version control, build output, JavaScript packages.
pub const SKIPPED_FOLDERS: [&str; 3] = [".git", "target", "node_modules"];

/// What a folder walk leaves out: [`SKIPPED_FOLDERS`] and the `--exclude` globs. A glob
/// with a `/` is matched against the path below the folder walked (`scenarios/drafts/**`);
/// one without is matched against every file and folder name at any depth
/// (`*.draft.scenario.ron`, `drafts`), as in `.gitignore`. Files named on the command line
/// are never excluded.
#[derive(Debug, Clone, Default)]
pub struct Exclude {
    paths: GlobSet,
    names: GlobSet,
}

impl Exclude {
    /// The excludes of these globs; an invalid glob is an error that names it.
    pub fn new<S: AsRef<str>>(globs: &[S]) -> Result<Exclude, String> {
        let (mut paths, mut names) = (GlobSetBuilder::new(), GlobSetBuilder::new());
        for g in globs {
            let g = g.as_ref();
            let glob =
                Glob::new(g.trim_start_matches("./")).map_err(|e| format!("--exclude {g}: {e}"))?;
            if g.contains('/') {
                paths.add(glob);
            } else {
                names.add(glob);
            }
        }
        let build = |b: GlobSetBuilder| b.build().map_err(|e| e.to_string());
        Ok(Exclude {
            paths: build(paths)?,
            names: build(names)?,
        })
    }

    /// Whether a walk leaves out this entry (`relative` to the folder walked).
    fn skips(&self, relative: &Path, is_dir: bool) -> bool {
        let name = relative.file_name().and_then(|n| n.to_str()).unwrap_or("");
        (is_dir && SKIPPED_FOLDERS.contains(&name))
            || self.names.is_match(name)
            || self.paths.is_match(relative)
    }
}

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
    discover_except(paths, &Exclude::default())
}

/// Walks the given files and folders, leaving out what `exclude` names.
pub fn discover_except(paths: &[PathBuf], exclude: &Exclude) -> Discovered {
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
                let walk = walkdir::WalkDir::new(root).follow_links(true).sort_by_file_name();
                let kept = walk.into_iter().filter_entry(|e| {
                    e.depth() == 0
                        || !exclude.skips(e.path().strip_prefix(root).unwrap_or(e.path()), e.file_type().is_dir())
                });
                for entry in kept {
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

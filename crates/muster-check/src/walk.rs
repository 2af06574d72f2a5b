//! Finding the files to check: walk folders beneath their pack root (following symlinks
//! only inside it, reporting loops, links out of the pack and unreadable entries without
//! stopping), recognise kinds by file name. A path named on
//! the command line that is neither a regular file nor a folder (a FIFO, a device) is a
//! finding (MU004), never opened. Walks skip `.git`, `target` and `node_modules` folders
//! and whatever `--exclude` globs name.

use crate::finding::Finding;
use globset::{Glob, GlobSet, GlobSetBuilder};
use muster_model::FileKind;
use muster_rules::codes;
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

/// Walks the given files and folders, leaving out what `exclude` names. Each folder is
/// walked beneath its pack root (the nearest folder at or above it holding a manifest,
/// else the folder itself), opened once: a folder symlink that leads out of the root is
/// reported once (MU013) and never entered (see [`muster_io::Root::walk`]).
pub fn discover_except(paths: &[PathBuf], exclude: &Exclude) -> Discovered {
    let mut d = Discovered::default();
    for named in paths {
        match std::fs::metadata(named) {
            Err(e) => d.problems.push(Finding::unreadable(named, format!("cannot read {}: {e}", named.display()))),
            Ok(m) if m.is_file() => match kind_of(named) {
                Some(k) => d.files.push((named.clone(), k)),
                None => d.problems.push(Finding::unreadable(named, format!("{} is not a Muster file: names end in .map.ron, .overlay.ron, .scenario.ron, .armylist.ron, .ruleset.ron or muster.pack.ron (or .json)", named.display()))),
            },
            Ok(m) if !m.is_dir() => d.problems.push(Finding::unreadable(
                named,
                format!(
                    "{} is {}, not a regular file; Muster reads only regular files",
                    named.display(),
                    crate::read::describe(m.file_type())
                ),
            )),
            Ok(_) => walk_folder(named, exclude, &mut d),
        }
    }
    d.files.sort();
    d.files.dedup();
    d
}

/// The folder a walk of `folder` is held beneath: the nearest folder at or above it that
/// holds a pack manifest, else the folder itself.
fn walk_root(folder: &Path) -> PathBuf {
    let folder = crate::paths::lexical(folder);
    crate::write::pack_root_above(&folder).unwrap_or(folder)
}

fn walk_folder(named: &Path, exclude: &Exclude, d: &mut Discovered) {
    use muster_io::Walked;
    let root_path = walk_root(named);
    let root = match muster_io::Root::open(&root_path) {
        Ok(r) => r,
        Err(e) => {
            let msg = format!("cannot read {}: {e}", named.display());
            return d.problems.push(Finding::unreadable(named, msg));
        }
    };
    let start = crate::paths::lexical(named);
    let start = start
        .strip_prefix(&root_path)
        .unwrap_or(Path::new(""))
        .to_path_buf();
    // Shown as the user named the folder: `named` + the path below it.
    let shown = |rel: &Path| named.join(rel.strip_prefix(&start).unwrap_or(rel));
    let skip = |rel: &Path, is_dir: bool| {
        rel.strip_prefix(&start)
            .is_ok_and(|below| exclude.skips(below, is_dir))
    };
    for entry in root.walk(&start, &skip) {
        match entry {
            Walked::File(rel) => {
                if let Some(k) = kind_of(&rel) {
                    d.files.push((shown(&rel), k));
                }
            }
            Walked::Special(rel, what) if kind_of(&rel).is_some() => {
                d.problems.push(Finding::unreadable(
                    &shown(&rel),
                    format!("this is {what}, not a regular file; it was not read"),
                ));
            }
            Walked::Special(..) => {}
            // A link out is reported when it could matter: a Muster file or a folder (its
            // target's type is looked at, nothing in it is read or listed).
            Walked::LinkOutside(rel, why)
                if kind_of(&rel).is_some()
                    || std::fs::metadata(shown(&rel)).is_ok_and(|m| m.is_dir()) =>
            {
                d.problems.push(link_outside(&shown(&rel), &why))
            }
            Walked::LinkOutside(..) => {}
            Walked::Loop(rel) => d.problems.push(Finding::unreadable(
                &shown(&rel),
                "symlink loop: this link leads back to a folder above it".into(),
            )),
            Walked::Unreadable(rel, why) => d.problems.push(Finding::unreadable(
                &shown(&rel),
                format!("cannot read this entry: {why}"),
            )),
            Walked::Stopped(rel, why) => d.problems.push(Finding::unreadable(
                &shown(&rel),
                format!("the walk stopped here: {why}"),
            )),
        }
    }
}

/// A symlink a walk met that leads out of the pack (MU013): neither entered nor read.
fn link_outside(path: &Path, why: &muster_io::Refusal) -> Finding {
    let mut f = Finding::unreadable(path, format!("this {why}; it was not entered or read"));
    f.diagnostic.code = codes::PACK_BOUNDARY.code;
    f.diagnostic.help = Some(
        "a folder walk stays inside the pack root; copy what it names into the pack, or \
         remove the link; see `muster explain MU013`"
            .into(),
    );
    f
}

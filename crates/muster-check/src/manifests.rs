//! Finding the pack manifest (`muster.pack.ron` or `.json`) that governs a file: the
//! nearest one in the file's folder or above. Its folder is the pack root (see
//! [`crate::boundary`]) and its `allow`/`deny` lists adjust severities.

use crate::load::parse_bytes;
use crate::paths::lexical;
use muster_io::Root;
use muster_model::{FileKind, Manifest};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// Names a manifest file may have.
pub(crate) const MANIFEST_NAMES: [&str; 2] = ["muster.pack.ron", "muster.pack.json"];

/// A manifest found on disk: its folder, and its value when it loads.
#[derive(Debug, Clone)]
pub(crate) struct Found {
    /// The folder holding the manifest: the pack root.
    pub(crate) dir: PathBuf,
    /// The manifest, `None` when it does not load (it is reported when checked itself).
    pub(crate) manifest: Option<Arc<Manifest>>,
}

/// Manifests looked up so far, by folder (`None`: the folder has no manifest).
#[derive(Default)]
pub(crate) struct Manifests {
    by_dir: Mutex<HashMap<PathBuf, Option<Found>>>,
    /// Pack roots opened so far, by folder (`None`: the folder cannot be opened).
    opened: Mutex<HashMap<PathBuf, Option<Arc<Root>>>>,
}

impl Manifests {
    /// The manifest governing `file`: the nearest one at or above its folder.
    pub(crate) fn governing(&self, file: &Path) -> Option<Found> {
        let abs = lexical(file);
        let mut cur = abs.parent();
        while let Some(d) = cur {
            if let Some(found) = self.in_dir(d) {
                return Some(found);
            }
            cur = d.parent();
        }
        None
    }

    /// The folder `dir` opened as a root, once a run.
    pub(crate) fn opened(&self, dir: &Path) -> Option<Arc<Root>> {
        if let Some(known) = self.opened.lock().ok().and_then(|m| m.get(dir).cloned()) {
            return known;
        }
        let root = Root::open(dir).ok().map(Arc::new);
        if let Ok(mut m) = self.opened.lock() {
            m.insert(dir.to_path_buf(), root.clone());
        }
        root
    }

    fn in_dir(&self, dir: &Path) -> Option<Found> {
        if let Some(cached) = self.by_dir.lock().ok().and_then(|m| m.get(dir).cloned()) {
            return cached;
        }
        // Read beneath the folder itself: a manifest that is a symlink out is not one.
        let found = MANIFEST_NAMES.iter().find_map(|name| {
            let root = self.opened(dir)?;
            (root.status(Path::new(name)) == Ok(true)).then(|| Found {
                dir: dir.to_path_buf(),
                manifest: root
                    .read(Path::new(name))
                    .ok()
                    .and_then(|b| {
                        parse_bytes::<Manifest>(&dir.join(name), b, FileKind::Manifest).ok()
                    })
                    .map(|l| Arc::new(l.value)),
            })
        });
        if let Ok(mut m) = self.by_dir.lock() {
            m.insert(dir.to_path_buf(), found.clone());
        }
        found
    }
}

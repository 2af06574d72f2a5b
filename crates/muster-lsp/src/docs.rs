//! The open documents: their unsaved texts, which the checker reads instead of the files
//! on disk, and the folders that bound the pack.

use lsp_types::Uri;
use muster_check::Checker;
use muster_model::FileKind;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// One open document.
#[derive(Debug, Clone)]
pub struct Doc {
    /// Its URI as the client sent it (diagnostics go back under the same one).
    pub uri: Uri,
    /// Its text as the editor holds it.
    pub text: Arc<str>,
    /// The client's version of that text.
    pub version: i32,
}

/// The open documents by path, and the workspace folders.
#[derive(Debug, Default)]
pub struct Docs {
    open: BTreeMap<PathBuf, Doc>,
    roots: Vec<PathBuf>,
}

/// The kind of Muster file a path names, by its file name.
pub fn kind_of(path: &Path) -> Option<FileKind> {
    let name = path.file_name()?.to_str()?;
    FileKind::from_file_name(name).map(|(k, _)| k)
}

impl Docs {
    /// Documents bounded by these workspace folders (see `muster_check`'s boundary).
    pub fn new(roots: Vec<PathBuf>) -> Self {
        Docs {
            open: BTreeMap::new(),
            roots,
        }
    }

    /// Opens or replaces a document.
    pub fn set(&mut self, path: PathBuf, doc: Doc) {
        self.open.insert(muster_check::lexical(&path), doc);
    }

    /// Closes a document.
    pub fn close(&mut self, path: &Path) -> Option<Doc> {
        self.open.remove(&muster_check::lexical(path))
    }

    /// An open document.
    pub fn get(&self, path: &Path) -> Option<&Doc> {
        self.open.get(&muster_check::lexical(path))
    }

    /// Every open document.
    pub fn iter(&self) -> impl Iterator<Item = (&PathBuf, &Doc)> {
        self.open.iter()
    }

    /// A text: the open document's, else `fallback` (the checker's copy of the file).
    pub fn text_or<'a>(&'a self, path: &Path, fallback: Option<&'a Arc<str>>) -> Option<&'a str> {
        self.get(path).map(|d| &*d.text).or(fallback.map(|t| &**t))
    }

    /// A checker reading the open documents' texts instead of their files, held to the
    /// pack boundary of the workspace folders, with `validate`'s per-file cap.
    pub fn checker(&self) -> Checker {
        Checker::with_overrides(self.open.iter().map(|(p, d)| (p.clone(), d.text.clone())))
            .with_roots(self.roots.clone())
            .with_cap(muster_check::MAX_FINDINGS_PER_FILE)
    }
}

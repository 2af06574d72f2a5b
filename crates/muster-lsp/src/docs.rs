//! The open documents: their unsaved texts, which the checker reads instead of the files
//! on disk, and the folders that bound the pack.

use lsp_types::Uri;
use muster_check::Checker;
use muster_model::FileKind;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The most documents kept open: past it a newly opened one is not checked (the client
/// is told why) until others are closed.
pub const MAX_OPEN_DOCUMENTS: usize = 1000;

/// The most bytes of text kept open over all documents (eight at the per-file cap).
pub const MAX_OPEN_BYTES: u64 = 8 * muster_check::MAX_FILE_BYTES;

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
    /// The maps, overlays and army lists loaded by earlier checks, kept while their
    /// files hold the same bytes, so a keystroke in a scenario re-reads its map but does
    /// not parse it again.
    memo: Arc<muster_check::Memo>,
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
            memo: Arc::default(),
        }
    }

    /// Opens or replaces a document.
    pub fn set(&mut self, path: PathBuf, doc: Doc) {
        self.open.insert(muster_check::lexical(&path), doc);
    }

    /// Whether a text of `len` bytes may be kept for `path` (replacing its current one):
    /// no more than [`muster_check::MAX_FILE_BYTES`], as `validate` reads, and within
    /// [`MAX_OPEN_DOCUMENTS`] and [`MAX_OPEN_BYTES`]. `Err` says why not, for the user.
    pub fn admit(&self, path: &Path, len: usize) -> Result<(), String> {
        let len = u64::try_from(len).unwrap_or(u64::MAX);
        let cap = muster_check::MAX_FILE_BYTES;
        if len > cap {
            return Err(format!(
                "muster: this document is {len} bytes, over the {cap} bytes Muster reads \
                 (as `muster validate` does): it is not checked; split it or trim it"
            ));
        }
        let old = self.get(path);
        let others = self.open.len() - usize::from(old.is_some());
        if others >= MAX_OPEN_DOCUMENTS {
            return Err(format!(
                "muster: {others} documents are open, the most the language server keeps: \
                 this one is not checked; close some"
            ));
        }
        let held: u64 = self.open.values().map(|d| d.text.len() as u64).sum::<u64>()
            - old.map_or(0, |d| d.text.len() as u64);
        if held + len > MAX_OPEN_BYTES {
            return Err(format!(
                "muster: the open documents hold {held} bytes; with this one they would pass \
                 the {MAX_OPEN_BYTES} bytes the language server keeps: it is not checked; \
                 close some"
            ));
        }
        Ok(())
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
    /// pack boundary of the workspace folders, with `validate`'s per-file cap, sharing
    /// the loads of earlier checks whose files are unchanged (`muster_check::Memo`).
    pub fn checker(&self) -> Checker {
        Checker::with_overrides(self.open.iter().map(|(p, d)| (p.clone(), d.text.clone())))
            .with_roots(self.roots.clone())
            .with_cap(muster_check::MAX_FINDINGS_PER_FILE)
            .with_memo(self.memo.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    fn doc(len: usize) -> Doc {
        Doc {
            uri: Uri::from_str("file:///p/a.map.ron").expect("a URI"),
            text: Arc::from("x".repeat(len)),
            version: 1,
        }
    }

    #[test]
    fn documents_over_the_caps_are_refused() {
        let cap = usize::try_from(muster_check::MAX_FILE_BYTES).expect("16 MiB fits");
        let mut docs = Docs::new(vec![]);
        let a = Path::new("/p/a.map.ron");
        assert!(docs.admit(a, cap).is_ok());
        let why = docs.admit(a, cap + 1).expect_err("over the per-file cap");
        assert!(why.contains("not checked"), "{why}");
        for i in 0..8 {
            docs.set(PathBuf::from(format!("/p/{i}.map.ron")), doc(cap));
        }
        assert!(docs.admit(a, 1).is_err(), "over the total");
        assert!(
            docs.admit(Path::new("/p/0.map.ron"), cap).is_ok(),
            "a replacement"
        );
        let mut many = Docs::new(vec![]);
        for i in 0..MAX_OPEN_DOCUMENTS {
            many.set(PathBuf::from(format!("/p/{i}.map.ron")), doc(0));
        }
        assert!(many.admit(a, 0).is_err(), "over the count");
        assert!(many.admit(Path::new("/p/1.map.ron"), 0).is_ok());
    }

    #[test]
    fn checks_share_the_loads_of_unchanged_maps() {
        // Issue 28, review finding 16: each keystroke in a scenario parsed its map again.
        let case = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../tests/cases/invalid-ac101-stacking/x.scenario.ron");
        let docs = Docs::new(vec![]);
        let a = docs.checker().load_scenario(&case).expect("loads");
        let b = docs.checker().load_scenario(&case).expect("loads");
        assert!(Arc::ptr_eq(&a.map, &b.map));
    }
}

//! Loaded maps, overlays, army lists and worlds kept from one check to the next, for a
//! front end that checks the same pack over and over (the language server, on every
//! keystroke in a scenario).
//!
//! Why: a [`crate::Checker`] shares what it loads only within one run, so each edit of a
//! scenario re-read, re-validated and re-deserialized its (perhaps 500 KB) map and
//! rebuilt the map's world, though only the scenario changed (issue 28, review finding
//! 16). With a [`Memo`], every referenced file is still read on each check, through the
//! pack root like any other read (so the pack boundary and the file's current text are
//! always what count); only when those bytes are the very bytes loaded before is the
//! earlier result (the typed value, or the findings that stopped it) taken instead of
//! parsing again. Nothing is keyed on times or sizes, so a file edited within the same
//! second and the same length is still seen to change.
//!
//! A memo is bounded: past [`MAX_MEMO_BYTES`] of texts or [`MAX_MEMO_FILES`] files a
//! kind, the file used longest ago is dropped.

use crate::load::{LoadError, Loaded};
use muster_model::{ArmyListFile, MapFile, OverlayFile};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// The most bytes of file text a memo keeps for one kind of file: one map at the 16 MiB
/// per-file cap and some smaller ones (a loaded file is held as its text and its value,
/// several times the text; the language server holds it between checks, not just during
/// one).
pub const MAX_MEMO_BYTES: usize = 24 * 1024 * 1024;

/// The most files a memo keeps for one kind of file.
pub const MAX_MEMO_FILES: usize = 256;

/// A map's world with the text of the map it was built from.
type KeptWorld = (Arc<str>, Arc<muster_rules::World>);

/// A load as the pipeline shares it.
pub(crate) type Cached<T> = Arc<Result<Loaded<T>, LoadError>>;

/// One remembered load: the text it was made from and when it was last used.
struct Entry<T> {
    text: Arc<str>,
    loaded: Cached<T>,
    used: u64,
}

/// The remembered loads of one kind of file, by path.
pub(crate) struct Shelf<T> {
    entries: HashMap<PathBuf, Entry<T>>,
    bytes: usize,
    clock: u64,
}

impl<T> Default for Shelf<T> {
    fn default() -> Self {
        Shelf {
            entries: HashMap::new(),
            bytes: 0,
            clock: 0,
        }
    }
}

impl<T> Shelf<T> {
    /// The load of `path` made from exactly `bytes`, if there is one.
    fn get(&mut self, path: &Path, bytes: &[u8]) -> Option<Cached<T>> {
        self.clock += 1;
        let clock = self.clock;
        let e = self.entries.get_mut(path)?;
        if e.text.as_bytes() != bytes {
            return None;
        }
        e.used = clock;
        Some(e.loaded.clone())
    }

    /// Remembers the load of `path` from `text`, dropping the least recently used loads
    /// past the bounds (a text larger than the whole bound is not kept).
    fn put(&mut self, path: PathBuf, text: Arc<str>, loaded: Cached<T>) {
        if let Some(old) = self.entries.remove(&path) {
            self.bytes -= old.text.len();
        }
        if text.len() > MAX_MEMO_BYTES {
            return;
        }
        while !self.entries.is_empty()
            && (self.bytes + text.len() > MAX_MEMO_BYTES || self.entries.len() >= MAX_MEMO_FILES)
        {
            let oldest = self
                .entries
                .iter()
                .min_by_key(|(_, e)| e.used)
                .map(|(p, _)| p.clone());
            if let Some(e) = oldest.and_then(|p| self.entries.remove(&p)) {
                self.bytes -= e.text.len();
            }
        }
        self.clock += 1;
        self.bytes += text.len();
        let used = self.clock;
        self.entries.insert(path, Entry { text, loaded, used });
    }
}

/// Loads kept across the checks of front ends that check again and again; give one to
/// each [`crate::Checker`] with [`crate::Checker::with_memo`]. Shared between threads.
#[derive(Default)]
pub struct Memo {
    maps: Mutex<Shelf<MapFile>>,
    overlays: Mutex<Shelf<OverlayFile>>,
    lists: Mutex<Shelf<ArmyListFile>>,
    /// Each map's world, with the text of the map it was built from.
    worlds: Mutex<HashMap<PathBuf, KeptWorld>>,
}

impl std::fmt::Debug for Memo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let count = |n: Option<usize>| n.unwrap_or(0);
        f.debug_struct("Memo")
            .field(
                "maps",
                &count(self.maps.lock().ok().map(|s| s.entries.len())),
            )
            .field(
                "overlays",
                &count(self.overlays.lock().ok().map(|s| s.entries.len())),
            )
            .field(
                "lists",
                &count(self.lists.lock().ok().map(|s| s.entries.len())),
            )
            .finish()
    }
}

/// Which shelf of a memo a kind of file goes on.
pub(crate) trait Kept: Sized {
    /// The shelf for this kind.
    fn shelf(memo: &Memo) -> &Mutex<Shelf<Self>>;
}

impl Kept for MapFile {
    fn shelf(memo: &Memo) -> &Mutex<Shelf<Self>> {
        &memo.maps
    }
}

impl Kept for OverlayFile {
    fn shelf(memo: &Memo) -> &Mutex<Shelf<Self>> {
        &memo.overlays
    }
}

impl Kept for ArmyListFile {
    fn shelf(memo: &Memo) -> &Mutex<Shelf<Self>> {
        &memo.lists
    }
}

impl Memo {
    /// An empty memo.
    pub fn new() -> Self {
        Self::default()
    }

    /// The earlier load of `path` if it was made from exactly `bytes`.
    pub(crate) fn get<T: Kept>(&self, path: &Path, bytes: &[u8]) -> Option<Cached<T>> {
        T::shelf(self).lock().ok()?.get(path, bytes)
    }

    /// Remembers a load of `path` (a load whose text is unknown, a file that is not
    /// UTF-8, is not kept).
    pub(crate) fn put<T: Kept>(&self, path: &Path, loaded: &Cached<T>) {
        let text = match &**loaded {
            Ok(l) => Some(l.text.clone()),
            Err((_, t)) => t.clone(),
        };
        let Some(text) = text else { return };
        if let Ok(mut s) = T::shelf(self).lock() {
            s.put(path.to_path_buf(), text, loaded.clone());
        }
    }

    /// The world built from the map at `path` when its text was `text` (the very same
    /// text, not an equal one: the map's load is shared through the memo).
    pub(crate) fn world(&self, path: &Path, text: &Arc<str>) -> Option<Arc<muster_rules::World>> {
        let w = self.worlds.lock().ok()?;
        let (t, world) = w.get(path)?;
        Arc::ptr_eq(t, text).then(|| world.clone())
    }

    /// Remembers the world built from the map at `path` with text `text`.
    pub(crate) fn put_world(&self, path: &Path, text: Arc<str>, world: Arc<muster_rules::World>) {
        if let Ok(mut w) = self.worlds.lock() {
            // Only the worlds of maps still remembered are kept.
            let maps: Option<Vec<PathBuf>> = self
                .maps
                .lock()
                .ok()
                .map(|m| m.entries.keys().cloned().collect());
            if let Some(maps) = maps {
                w.retain(|p, _| maps.contains(p));
            }
            w.insert(path.to_path_buf(), (text, world));
        }
    }

    /// How many files of each kind are remembered: maps, overlays, army lists.
    pub fn len(&self) -> (usize, usize, usize) {
        let n = |m: Option<usize>| m.unwrap_or(0);
        (
            n(self.maps.lock().ok().map(|s| s.entries.len())),
            n(self.overlays.lock().ok().map(|s| s.entries.len())),
            n(self.lists.lock().ok().map(|s| s.entries.len())),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load(text: &str) -> Cached<ArmyListFile> {
        Arc::new(Err((vec![], Some(Arc::from(text)))))
    }

    #[test]
    fn a_load_is_taken_again_only_for_the_same_bytes() {
        let memo = Memo::new();
        let p = Path::new("/p/a.armylist.ron");
        let first = load("(one)");
        memo.put(p, &first);
        let hit = memo
            .get::<ArmyListFile>(p, b"(one)")
            .expect("the same bytes");
        assert!(Arc::ptr_eq(&hit, &first));
        assert!(
            memo.get::<ArmyListFile>(p, b"(one!)").is_none(),
            "other bytes"
        );
        assert!(
            memo.get::<ArmyListFile>(p, b"(two)").is_none(),
            "same length"
        );
        assert!(
            memo.get::<ArmyListFile>(Path::new("/p/b.armylist.ron"), b"(one)")
                .is_none(),
            "another path"
        );
        assert!(memo.get::<MapFile>(p, b"(one)").is_none(), "another kind");
    }

    #[test]
    fn the_least_recently_used_load_goes_first() {
        let memo = Memo::new();
        for i in 0..MAX_MEMO_FILES {
            memo.put(Path::new(&format!("/p/{i}.armylist.ron")), &load("x"));
        }
        // Use the first, then add one more: the second is the one dropped.
        assert!(memo
            .get::<ArmyListFile>(Path::new("/p/0.armylist.ron"), b"x")
            .is_some());
        memo.put(Path::new("/p/new.armylist.ron"), &load("x"));
        assert_eq!(memo.len().2, MAX_MEMO_FILES);
        assert!(memo
            .get::<ArmyListFile>(Path::new("/p/0.armylist.ron"), b"x")
            .is_some());
        assert!(memo
            .get::<ArmyListFile>(Path::new("/p/1.armylist.ron"), b"x")
            .is_none());
    }

    #[test]
    fn the_texts_kept_stay_within_the_byte_bound() {
        let memo = Memo::new();
        let half = "x".repeat(MAX_MEMO_BYTES / 2 + 1);
        memo.put(Path::new("/p/a.armylist.ron"), &load(&half));
        memo.put(Path::new("/p/b.armylist.ron"), &load(&half));
        assert_eq!(memo.len().2, 1, "two halves and a byte are over the bound");
        assert!(memo
            .get::<ArmyListFile>(Path::new("/p/b.armylist.ron"), half.as_bytes())
            .is_some());
        let over = "x".repeat(MAX_MEMO_BYTES + 1);
        memo.put(Path::new("/p/c.armylist.ron"), &load(&over));
        assert!(memo
            .get::<ArmyListFile>(Path::new("/p/c.armylist.ron"), over.as_bytes())
            .is_none());
    }
}

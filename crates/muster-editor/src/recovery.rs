//! Autosave to a recovery file, offered again on the next start after a crash. Recovery
//! files live in the user's cache folder (`directories`: `~/.cache/muster/recovery` on
//! Linux), keyed by the document's absolute path, never in the pack (where they would show
//! up in git); they are removed when the document is saved, closed, or its changes are
//! discarded. Each session writes a slot of its own, so a recovery file whose question is
//! still open is never overwritten.

use crate::document::{write_atomically, Document};
use serde_json::json;
use std::path::{Path, PathBuf};

/// The folder recovery files go to: `$MUSTER_CACHE_DIR/recovery` when that is set (tests,
/// portable installs), else the user's cache folder for Muster.
pub fn folder() -> Option<PathBuf> {
    let base = match std::env::var_os("MUSTER_CACHE_DIR") {
        Some(d) => PathBuf::from(d),
        None => directories::ProjectDirs::from("", "", "muster")?
            .cache_dir()
            .to_path_buf(),
    };
    Some(base.join("recovery"))
}

/// The absolute, lexically normal form of a document's path: the key of its recovery file.
fn key(main: &Path) -> PathBuf {
    std::path::absolute(main)
        .map(|p| muster_check::lexical(&p))
        .unwrap_or_else(|_| main.to_path_buf())
}

/// FNV-1a: a hash that stays the same across runs and builds, so a recovery file is found
/// again by the next process.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// How many recovery files one document may have at once (one per crashed session whose
/// question was not answered yet).
pub const MAX_SLOTS: usize = 16;

/// The recovery file of a document: `<cache>/recovery/<name>-<hash of its path>.json` (its
/// first slot; see [`slot_path`]).
pub fn path_for(main: &Path) -> Option<PathBuf> {
    slot_path(main, 0)
}

/// The recovery file of a document in slot `slot`: the first is `<name>-<hash>.json`, the
/// others `<name>-<hash>-<slot>.json`. A session autosaves to a slot no unanswered
/// recovery file holds, so a second crash after a first keeps both.
pub fn slot_path(main: &Path, slot: usize) -> Option<PathBuf> {
    let key = key(main);
    let name = key
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or("untitled");
    let hash = fnv1a(key.to_string_lossy().as_bytes());
    let file = match slot {
        0 => format!("{name}-{hash:016x}.json"),
        n => format!("{name}-{hash:016x}-{n}.json"),
    };
    Some(folder()?.join(file))
}

/// Recovered texts of a document, from one recovery file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recovered {
    /// The slot of the file they come from.
    pub slot: usize,
    /// The scenario's text, if there is a scenario.
    pub scenario: Option<String>,
    /// The map's text.
    pub map: String,
}

/// The recovery files of a document waiting for an answer, first slot first.
pub fn pending(main: &Path) -> Vec<Recovered> {
    (0..MAX_SLOTS)
        .filter_map(|slot| {
            let (scenario, map) = load_slot(main, slot)?;
            Some(Recovered {
                slot,
                scenario,
                map,
            })
        })
        .collect()
}

/// The slot a new session of the document autosaves to: the first that holds no file
/// (the last one when all are taken).
pub fn free_slot(main: &Path) -> usize {
    (0..MAX_SLOTS)
        .find(|&n| slot_path(main, n).is_none_or(|p| !p.exists()))
        .unwrap_or(MAX_SLOTS - 1)
}

/// Writes the document's current texts to its recovery file in `slot`.
pub fn save(doc: &Document, slot: usize) -> Result<(), String> {
    let Some(path) = slot_path(doc.main_path(), slot) else {
        return Err("no cache folder for recovery files (is HOME set?)".into());
    };
    let (scenario, map) = doc.texts()?;
    let v = json!({
        "document": key(doc.main_path()).to_string_lossy(),
        "map": map,
        "scenario": scenario,
    });
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    write_atomically(&path, v.to_string())
}

/// The texts saved in the first recovery file of this document, if there is one:
/// (scenario, map).
pub fn load(main: &Path) -> Option<(Option<String>, String)> {
    pending(main)
        .into_iter()
        .next()
        .map(|r| (r.scenario, r.map))
}

fn load_slot(main: &Path, slot: usize) -> Option<(Option<String>, String)> {
    let text = std::fs::read_to_string(slot_path(main, slot)?).ok()?;
    let v: serde_json::Value = serde_json::from_str(&text).ok()?;
    // The file names the document it belongs to; a hash that collides is no match.
    if v["document"].as_str() != Some(&*key(main).to_string_lossy()) {
        return None;
    }
    Some((
        v["scenario"].as_str().map(String::from),
        v["map"].as_str()?.to_string(),
    ))
}

/// Removes the recovery file of this document in `slot`.
pub fn discard(main: &Path, slot: usize) {
    if let Some(p) = slot_path(main, slot) {
        let _ = std::fs::remove_file(p);
    }
}

//! The findings cache (`muster validate --cache DIR`): a file whose content, and the
//! content of every file it references, is unchanged since a run that checked it is not
//! checked again; its findings come back from the cache.
//!
//! - **Key.** An entry is found by the SHA-256 of the tool's identity (its version, the
//!   digest of the running executable, the JSON Schemas and the registered codes, the
//!   per-file cap), the file's kind, the `allow`/`deny` of the pack manifest governing it,
//!   and the file's bytes. Paths and modification times play no part (CI checkouts are
//!   fresh), so a cache is valid in any checkout of the same pack.
//! - **References.** An entry records each reference the file makes (a scenario's map,
//!   overlays and army lists) as written, with what the target was when checked: its
//!   SHA-256, missing, or refused at the pack boundary. A lookup resolves each again and
//!   uses the entry only if every one is unchanged, so a changed map under an unchanged
//!   scenario re-checks the scenario.
//! - **Untrusted.** A cache directory may be restored from anywhere. It is opened once as
//!   a root ([`muster_io::Root`]); its files are read beneath it (a symlink out of it,
//!   a FIFO, a device or a folder is passed over with a note, never opened in a way that
//!   blocks) with a size cap ([`MAX_CACHE_BYTES`]); a file's `format` and `identity` are
//!   read first, and only a file of this very tool is parsed whole. Each entry carries a
//!   SHA-256 seal over the tool's identity, its key and its content, checked on read, so a
//!   truncated or edited entry is a miss; an entry is used only if it also names codes this
//!   tool has and every span lies on character boundaries inside the files it points into.
//!   Anything else is a miss: the file is checked, never trusted.
//! - **Not in the pack.** The seal stops corruption and edits, not a forger who runs the
//!   same binary: a cache is only as trusted as whoever can write its folder. `validate`
//!   therefore refuses a cache folder inside the pack it checks (a pull request could
//!   commit one there); keep it under the runner's temporary folder or an `actions/cache`
//!   path (docs/ci.md).
//! - **Writes.** Each run writes one file, `DIR/<name>.muster-cache.json` (`name` is
//!   `all`, or `shard-2-of-4`), holding only the entries the run used or made, through
//!   [`muster_io::Root::write`]; a run reads every such file in `DIR`.

use crate::cap::Suppressed;
use crate::finding::{Finding, LocatedLabel};
use muster_model::schema::KINDS;
use muster_model::FileKind;
use muster_rules::{Diagnostic, FileRole, Label, Location, Severity};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

/// The format of cache files; entries of another format are ignored.
const FORMAT: u32 = 2;
/// Cache files larger than this (256 MiB) are ignored unread: a clean pack of 100,000
/// files caches in a few tens of MiB.
pub const MAX_CACHE_BYTES: u64 = 256 << 20;
/// How cache files are named.
const SUFFIX: &str = ".muster-cache.json";

/// A file's content hash and text, or `None` when it does not read as UTF-8 text.
pub(crate) type Content = Option<(String, Arc<str>)>;

/// The cache of one run.
pub struct Cache {
    dir: PathBuf,
    name: String,
    identity: String,
    old: HashMap<String, Entry>,
    kept: Mutex<HashMap<String, Entry>>,
    contents: Mutex<HashMap<PathBuf, Content>>,
    ignored: Vec<String>,
    hits: std::sync::atomic::AtomicUsize,
}

#[derive(Serialize, Deserialize)]
struct CacheFile {
    format: u32,
    identity: String,
    entries: HashMap<String, Sealed>,
}

/// What a cache file is, read before the rest of it is parsed.
#[derive(Deserialize)]
struct Header {
    format: u32,
    identity: String,
}

/// An entry with its seal: the SHA-256 of the tool's identity, the entry's key and the
/// entry's JSON.
#[derive(Serialize, Deserialize, Clone)]
struct Sealed {
    seal: String,
    entry: Entry,
}

/// The seal of `entry` stored under `key` by the tool of `identity`.
fn seal(identity: &str, key: &str, entry: &Entry) -> Option<String> {
    let body = serde_json::to_vec(entry).ok()?;
    let mut h = Sha256::new();
    for part in [identity.as_bytes(), key.as_bytes(), &body] {
        h.update(part.len().to_le_bytes());
        h.update(part);
    }
    Some(hex(&h.finalize()))
}

#[derive(Serialize, Deserialize, Clone)]
struct Entry {
    /// References as written, with the state of their target when checked.
    targets: Vec<(String, String)>,
    /// Referenced files reported in their own right: index into `targets`, kind.
    refs: Vec<(usize, String)>,
    findings: Vec<Stored>,
    /// Findings left out by the cap: code, severity, count.
    suppressed: Vec<(String, String, usize)>,
}

/// A finding; `file` is 0 for the file itself, `i` for `targets[i - 1]`.
#[derive(Serialize, Deserialize, Clone)]
struct Stored {
    code: String,
    severity: String,
    message: String,
    role: usize,
    pointer: String,
    hex: Option<String>,
    rule: Option<String>,
    help: Option<String>,
    erratum: Option<String>,
    labels: Vec<(usize, String, String)>,
    file: usize,
    span: [usize; 6],
    located: Vec<(usize, [usize; 4], String)>,
}

/// What a hit gives back.
pub(crate) struct Restored {
    pub(crate) findings: Vec<Finding>,
    pub(crate) refs: Vec<(PathBuf, FileKind)>,
    pub(crate) suppressed: Suppressed,
    pub(crate) sources: Vec<(PathBuf, Arc<str>)>,
}

/// What a file's check gave, to be stored.
pub(crate) struct Checked<'a> {
    pub(crate) path: &'a Path,
    pub(crate) written: &'a [String],
    pub(crate) findings: &'a [Finding],
    pub(crate) refs: &'a [(PathBuf, FileKind)],
    pub(crate) suppressed: &'a Suppressed,
}

/// The state of a reference's target now: resolved path, state, text.
pub(crate) type TargetState = (PathBuf, String, Option<Arc<str>>);

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn kind_of(name: &str) -> Option<FileKind> {
    KINDS.into_iter().find(|k| k.schema_name() == name)
}

fn severity_of(s: &str) -> Option<Severity> {
    [Severity::Note, Severity::Warning, Severity::Error]
        .into_iter()
        .find(|v| v.as_str() == s)
}

/// The `&'static` code this tool has for `code`, if it has it.
fn known_code(code: &str) -> Option<&'static str> {
    static CODES: OnceLock<HashMap<&'static str, &'static str>> = OnceLock::new();
    CODES
        .get_or_init(|| {
            muster_rules::registry::all_codes()
                .into_iter()
                .map(|d| (d.code, d.code))
                .collect()
        })
        .get(code)
        .copied()
}

fn role_index(role: FileRole) -> usize {
    match role {
        FileRole::This => 0,
        FileRole::Map => 1,
        FileRole::Overlay(i) => i.saturating_add(2),
    }
}

fn role_of(i: usize) -> FileRole {
    match i {
        0 => FileRole::This,
        1 => FileRole::Map,
        n => FileRole::Overlay(n - 2),
    }
}

/// The digest of the running executable, so that any change to the tool's code (its
/// rules) invalidates entries even when the version number stays.
fn executable_digest() -> String {
    std::env::current_exe()
        .ok()
        .and_then(|p| std::fs::read(p).ok())
        .map(|b| hex(&Sha256::digest(&b)))
        .unwrap_or_default()
}

/// The tool's identity: version, executable, schemas, codes, cap.
fn identity(cap: Option<usize>) -> String {
    let mut h = Sha256::new();
    h.update(format!(
        "muster-cache/{FORMAT}/{}\n",
        env!("CARGO_PKG_VERSION")
    ));
    h.update(executable_digest());
    for kind in KINDS {
        h.update(crate::suggest::schema(kind).to_string());
    }
    for d in muster_rules::registry::all_codes() {
        h.update(d.code);
        h.update(d.summary);
    }
    h.update(format!("cap {cap:?}"));
    hex(&h.finalize())
}

impl Cache {
    /// Opens the cache in `dir` for a run that writes `name` (see the module docs), with
    /// the per-file cap of the checker. Never fails: unreadable or foreign cache files are
    /// ignored, and [`Cache::ignored`] says why.
    pub fn open(dir: &Path, name: &str, cap: Option<usize>) -> Cache {
        let identity = identity(cap);
        let mut old = HashMap::new();
        let mut ignored = Vec::new();
        let root = muster_io::Root::open(dir).ok();
        if let (Some(root), Ok(entries)) = (&root, std::fs::read_dir(dir)) {
            let mut names: Vec<std::ffi::OsString> = entries
                .flatten()
                .map(|e| e.file_name())
                .filter(|n| {
                    n.to_str()
                        .is_some_and(|n| n.ends_with(SUFFIX) && !n.starts_with('.'))
                })
                .collect();
            names.sort();
            for name in names {
                let shown = dir.join(&name);
                match read_cache_file(root, Path::new(&name), &identity) {
                    Ok(Some((entries, unsealed))) => {
                        if unsealed > 0 {
                            ignored.push(format!(
                                "{}: {unsealed} entries whose seal does not match their content",
                                shown.display()
                            ));
                        }
                        old.extend(entries);
                    }
                    Ok(None) => {} // another version of the tool: not an error, just stale
                    Err(why) => ignored.push(format!("{}: {why}", shown.display())),
                }
            }
        }
        Cache {
            dir: dir.to_path_buf(),
            name: name.to_string(),
            identity,
            old,
            kept: Mutex::new(HashMap::new()),
            contents: Mutex::new(HashMap::new()),
            ignored,
            hits: Default::default(),
        }
    }

    /// Cache files that were not used, and why.
    pub fn ignored(&self) -> &[String] {
        &self.ignored
    }

    /// Files whose findings came from the cache in this run.
    pub fn hits(&self) -> usize {
        self.hits.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Writes the entries this run used or made to `DIR/<name>.muster-cache.json`,
    /// atomically.
    pub fn save(&self) -> std::io::Result<()> {
        std::fs::create_dir_all(&self.dir)?;
        let kept = std::mem::take(&mut *self.kept.lock().map_err(|_| poisoned())?);
        let entries = kept
            .into_iter()
            .filter_map(|(key, entry)| {
                let seal = seal(&self.identity, &key, &entry)?;
                Some((key, Sealed { seal, entry }))
            })
            .collect();
        let file = CacheFile {
            format: FORMAT,
            identity: self.identity.clone(),
            entries,
        };
        let bytes = serde_json::to_vec(&file).map_err(std::io::Error::other)?;
        let name = format!("{}{SUFFIX}", self.name);
        muster_io::Root::open(&self.dir)?.write(Path::new(&name), &bytes)
    }

    /// A file's content hash and text, read once per run (`read` reads it, through the
    /// pack root of the run).
    pub(crate) fn content(&self, path: &Path, read: impl FnOnce() -> Option<Vec<u8>>) -> Content {
        if let Some(c) = self.contents.lock().ok().and_then(|m| m.get(path).cloned()) {
            return c;
        }
        let c = read()
            .and_then(|b| String::from_utf8(b).ok())
            .map(|t| (hex(&Sha256::digest(t.as_bytes())), Arc::from(t)));
        if let Ok(mut m) = self.contents.lock() {
            m.insert(path.to_path_buf(), c.clone());
        }
        c
    }

    /// The key of a file of `kind` with content hash `content` under a manifest whose
    /// `allow`/`deny` are `policy`.
    pub(crate) fn key(&self, kind: FileKind, policy: &str, content: &str) -> String {
        let mut h = Sha256::new();
        for part in [&self.identity, FileKind::schema_name(kind), policy, content] {
            h.update(part.len().to_le_bytes());
            h.update(part);
        }
        hex(&h.finalize())
    }

    /// The findings stored under `key`, if its entry is sound and every reference it
    /// records is in the same state now (`state` resolves a reference as written).
    pub(crate) fn get(
        &self,
        key: &str,
        path: &Path,
        text: &Arc<str>,
        state: &dyn Fn(&str) -> TargetState,
    ) -> Option<Restored> {
        let entry = self.old.get(key)?;
        let mut files: Vec<(PathBuf, Option<Arc<str>>)> =
            vec![(path.to_path_buf(), Some(text.clone()))];
        for (written, was) in &entry.targets {
            let (target, now, text) = state(written);
            if &now != was {
                return None;
            }
            files.push((target, text));
        }
        let restored = restore(entry, &files)?;
        if let Ok(mut kept) = self.kept.lock() {
            kept.insert(key.to_string(), entry.clone());
        }
        self.hits.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        Some(restored)
    }

    /// Stores what checking a file gave, unless a finding points into a file the entry
    /// cannot name (then the file is simply checked again next time).
    pub(crate) fn put(&self, key: String, checked: Checked, state: &dyn Fn(&str) -> TargetState) {
        let targets: Vec<TargetState> = checked.written.iter().map(|w| state(w)).collect();
        let index = |p: &Path| -> Option<usize> {
            if p == checked.path {
                return Some(0);
            }
            targets
                .iter()
                .position(|(t, _, text)| t == p && text.is_some())
                .map(|i| i + 1)
        };
        let mut findings = Vec::with_capacity(checked.findings.len());
        for f in checked.findings {
            let Some(stored) = store(f, &index) else {
                return;
            };
            findings.push(stored);
        }
        let mut refs = Vec::new();
        for (p, k) in checked.refs {
            let Some(i) = targets.iter().position(|(t, _, _)| t == p) else {
                return;
            };
            refs.push((i, FileKind::schema_name(*k).to_string()));
        }
        let entry = Entry {
            targets: checked
                .written
                .iter()
                .zip(&targets)
                .map(|(w, (_, s, _))| (w.clone(), s.clone()))
                .collect(),
            refs,
            findings,
            suppressed: checked
                .suppressed
                .entries()
                .map(|(c, s, n)| (c.to_string(), s.as_str().to_string(), n))
                .collect(),
        };
        if let Ok(mut kept) = self.kept.lock() {
            kept.insert(key, entry);
        }
    }
}

fn poisoned() -> std::io::Error {
    std::io::Error::other("cache lock poisoned")
}

/// The sealed entries of the cache file `name` beneath the cache folder, with how many
/// entries failed their seal; `None` for a file of another format or tool.
type Entries = (HashMap<String, Entry>, usize);

fn read_cache_file(
    root: &muster_io::Root,
    name: &Path,
    identity: &str,
) -> Result<Option<Entries>, String> {
    let bytes = root
        .read_at_most(name, MAX_CACHE_BYTES)
        .map_err(|e| e.to_string())?;
    // The header first: a foreign file is never parsed whole.
    let header: Header =
        serde_json::from_slice(&bytes).map_err(|e| format!("not a cache file ({e})"))?;
    if header.format != FORMAT || header.identity != identity {
        return Ok(None);
    }
    let file: CacheFile =
        serde_json::from_slice(&bytes).map_err(|e| format!("not a cache file ({e})"))?;
    let mut unsealed = 0;
    let mut entries = HashMap::with_capacity(file.entries.len());
    for (key, sealed) in file.entries {
        if seal(identity, &key, &sealed.entry).as_deref() == Some(sealed.seal.as_str()) {
            entries.insert(key, sealed.entry);
        } else {
            unsealed += 1;
        }
    }
    Ok(Some((entries, unsealed)))
}

fn store(f: &Finding, index: &dyn Fn(&Path) -> Option<usize>) -> Option<Stored> {
    let d = &f.diagnostic;
    Some(Stored {
        code: d.code.to_string(),
        severity: d.severity.as_str().to_string(),
        message: d.message.clone(),
        role: role_index(d.location.file),
        pointer: d.location.pointer.clone(),
        hex: d.hex.clone(),
        rule: d.rule.clone(),
        help: d.help.clone(),
        erratum: d.erratum.clone(),
        labels: d
            .labels
            .iter()
            .map(|l| {
                (
                    role_index(l.location.file),
                    l.location.pointer.clone(),
                    l.message.clone(),
                )
            })
            .collect(),
        file: index(&f.file)?,
        span: [f.start, f.end, f.line, f.column, f.end_line, f.end_column],
        located: f
            .labels
            .iter()
            .map(|l| {
                Some((
                    index(&l.file)?,
                    [l.start, l.end, l.line, l.column],
                    l.message.clone(),
                ))
            })
            .collect::<Option<_>>()?,
    })
}

/// A byte range that can be shown from `text`.
fn sound(text: &str, start: usize, end: usize, line: usize, column: usize) -> bool {
    start <= end
        && end <= text.len()
        && text.is_char_boundary(start)
        && text.is_char_boundary(end)
        && line >= 1
        && column >= 1
}

/// Rebuilds an entry's findings against the files it names; `None` if anything in it is
/// unsound.
fn restore(entry: &Entry, files: &[(PathBuf, Option<Arc<str>>)]) -> Option<Restored> {
    let text_of = |i: usize| files.get(i).and_then(|(p, t)| Some((p, t.as_ref()?)));
    let mut findings = Vec::with_capacity(entry.findings.len());
    let mut used = vec![false; files.len()];
    for s in &entry.findings {
        let (path, text) = text_of(s.file)?;
        let [start, end, line, column, end_line, end_column] = s.span;
        if !sound(text, start, end, line, column) || end_line < line {
            return None;
        }
        used[s.file] = true;
        let mut labels = Vec::with_capacity(s.located.len());
        for (file, [start, end, line, column], message) in &s.located {
            let (lpath, ltext) = text_of(*file)?;
            if !sound(ltext, *start, *end, *line, *column) {
                return None;
            }
            used[*file] = true;
            labels.push(LocatedLabel {
                file: lpath.clone(),
                start: *start,
                end: *end,
                line: *line,
                column: *column,
                message: message.clone(),
            });
        }
        let mut diagnostic = Diagnostic::new(
            known_code(&s.code)?,
            severity_of(&s.severity)?,
            Location {
                file: role_of(s.role),
                pointer: s.pointer.clone(),
            },
            s.message.clone(),
        );
        diagnostic.hex = s.hex.clone();
        diagnostic.rule = s.rule.clone();
        diagnostic.help = s.help.clone();
        diagnostic.erratum = s.erratum.clone();
        diagnostic.labels = s
            .labels
            .iter()
            .map(|(role, pointer, message)| Label {
                location: Location {
                    file: role_of(*role),
                    pointer: pointer.clone(),
                },
                message: message.clone(),
            })
            .collect();
        findings.push(Finding {
            diagnostic,
            file: path.clone(),
            start,
            end,
            line,
            column,
            end_line,
            end_column,
            labels,
        });
    }
    let mut refs = Vec::with_capacity(entry.refs.len());
    for (i, kind) in &entry.refs {
        let (p, _) = files.get(i.checked_add(1)?)?;
        refs.push((p.clone(), kind_of(kind)?));
    }
    let mut suppressed = Suppressed::default();
    for (code, severity, n) in &entry.suppressed {
        suppressed.add_n(known_code(code)?, severity_of(severity)?, *n);
    }
    // The file's own text always (the report holds every checked file's source), and
    // those of the references findings point into.
    used[0] = true;
    let sources = files
        .iter()
        .zip(used)
        .filter(|(_, u)| *u)
        .filter_map(|((p, t), _)| Some((p.clone(), t.clone()?)))
        .collect();
    Some(Restored {
        findings,
        refs,
        suppressed,
        sources,
    })
}

/// Refuses a cache folder inside a pack that a run over `paths` checks: a pull request
/// could commit cache files there (see the module docs). The pack of a path is the folder
/// holding its manifest, else the folder named (a file's own folder); both are compared
/// as written and with symlinks resolved.
pub fn refuse_inside_pack(dir: &Path, paths: &[PathBuf]) -> Result<(), String> {
    let cache = crate::paths::lexical(dir);
    let cache_real = std::fs::canonicalize(dir).ok();
    for p in paths {
        let p = crate::paths::lexical(p);
        let folder = if p.is_dir() {
            p.clone()
        } else {
            p.parent().map(Path::to_path_buf).unwrap_or_default()
        };
        let pack = crate::write::pack_root_above(&folder).unwrap_or(folder);
        let pack_real = std::fs::canonicalize(&pack).ok();
        let inside = cache.starts_with(&pack)
            || matches!((&cache_real, &pack_real), (Some(c), Some(r)) if c.starts_with(r));
        if inside {
            return Err(format!(
                "the cache folder {} lies inside the pack being checked ({}); a pull request \
                 could commit cache entries there: keep the cache outside the checkout (the \
                 runner's temporary folder or an actions/cache path, see docs/ci.md)",
                dir.display(),
                pack.display()
            ));
        }
    }
    Ok(())
}

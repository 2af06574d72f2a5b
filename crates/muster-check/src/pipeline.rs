//! Checking files: each kind through its stages, referenced maps and overlays loaded once
//! and shared, files in parallel.

use crate::boundary::{PackRoot, Refusal};
use crate::cap::{cap_diagnostics, fold_alike, Suppressed};
use crate::finding::{FileReport, Finding, Report};
use crate::load::{locate_all, Loaded, Located};
use crate::manifests::Manifests;
use crate::paths::lexical as canonical;
use crate::read::ReadError;
use crate::walk::discover_except;
use muster_model::{ArmyListFile, FileKind, Manifest, MapFile, OverlayFile, Ruleset, ScenarioFile};
use muster_rules::{codes, Diagnostic, Location, Severity};
use rayon::prelude::*;
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

type Failed = crate::load::LoadError;
type ScenarioOutcome = (PathBuf, Vec<Finding>, Vec<(PathBuf, FileKind)>, Report);
use crate::memo::Cached;

/// The pipeline, with caches shared across files of one run.
#[derive(Default)]
pub struct Checker {
    overrides: HashMap<PathBuf, Arc<str>>,
    maps: Mutex<HashMap<PathBuf, Cached<MapFile>>>,
    /// Each map's world, built once a run and shared by the scenarios on that map.
    worlds: Mutex<HashMap<PathBuf, Arc<muster_rules::World>>>,
    overlays: Mutex<HashMap<PathBuf, Cached<OverlayFile>>>,
    lists: Mutex<HashMap<PathBuf, Cached<ArmyListFile>>>,
    manifests: Manifests,
    roots: Vec<PathBuf>,
    cap: Option<usize>,
    suppressed: Mutex<HashMap<PathBuf, Suppressed>>,
    exclude: crate::walk::Exclude,
    cache: Option<Arc<crate::cache::Cache>>,
    shard: Option<crate::shard::Shard>,
    memo: Option<Arc<crate::memo::Memo>>,
}

/// An army list a scenario names, with the side it belongs to (`None`: shared).
pub struct LoadedList {
    /// The side, or `None` for the scenario's shared `army_lists`.
    pub side: Option<usize>,
    /// JSON pointer of the reference in the scenario.
    pub pointer: String,
    /// The list.
    pub list: Cached<ArmyListFile>,
}

/// A scenario with its map, overlays and ruleset loaded.
pub struct LoadedScenario {
    /// The scenario.
    pub scenario: Loaded<ScenarioFile>,
    /// Its map.
    pub map: Arc<Result<Loaded<MapFile>, Failed>>,
    /// Its overlays, by placement.
    pub overlays: Vec<Cached<OverlayFile>>,
    /// Its army lists: the shared ones, then each side's, with whose they are.
    pub lists: Vec<LoadedList>,
    /// Its ruleset.
    pub ruleset: &'static Ruleset,
}

impl LoadedScenario {
    /// The map (loading succeeded, or this value would not exist).
    pub fn map(&self) -> &Loaded<MapFile> {
        match &*self.map {
            Ok(m) => m,
            Err(_) => unreachable!("LoadedScenario is only built with a loaded map"),
        }
    }

    /// The overlays in placement order, `None` for those that did not load.
    pub fn overlay_values(&self) -> Vec<Option<&OverlayFile>> {
        self.overlays
            .iter()
            .map(|o| o.as_ref().as_ref().ok().map(|l| &l.value))
            .collect()
    }

    /// The army lists that loaded, each with whose it is.
    pub fn army_lists(&self) -> muster_rules::ArmyLists<'_> {
        let mut lists = muster_rules::ArmyLists::none();
        for l in &self.lists {
            if let Ok(loaded) = l.list.as_ref() {
                lists.push(l.side, l.pointer.clone(), &loaded.value);
            }
        }
        lists
    }

    /// Resolves the scenario (world, set-up and army lists per side) for engine queries.
    pub fn resolve(&self) -> muster_rules::Scenario<'_> {
        let mut sink = Vec::new();
        muster_rules::resolve(
            &self.scenario.value,
            &self.map().value,
            &self.overlay_values(),
            &self.army_lists(),
            self.ruleset,
            &mut sink,
        )
    }
}

/// What checking a scenario gave: its findings, the loaded scenario when its references
/// loaded, and the referenced files that exist (to be reported on in their own right).
type ScenarioChecked = (
    Vec<Finding>,
    Option<LoadedScenario>,
    Vec<(PathBuf, FileKind)>,
    Vec<String>,
);

/// What loading a scenario's references gave: the loaded scenario (and its located text)
/// or the findings that stop it, the referenced files that exist, and the references as
/// written.
type ScenarioLoading = (
    Result<(LoadedScenario, Located), Vec<Finding>>,
    Vec<(PathBuf, FileKind)>,
    Vec<String>,
);

impl Checker {
    /// A checker with empty caches.
    pub fn new() -> Self {
        Self::default()
    }

    /// A checker that reads the given texts instead of the files at those paths (the
    /// editor's unsaved buffers).
    pub fn with_overrides(overrides: impl IntoIterator<Item = (PathBuf, Arc<str>)>) -> Self {
        Checker {
            overrides: overrides
                .into_iter()
                .map(|(p, t)| (canonical(&p), t))
                .collect(),
            ..Self::default()
        }
    }

    /// A checker for files of the packs in `folders` (as if named on the command line of
    /// `validate`): without a manifest, they bound the pack root
    /// (see the `boundary` module).
    pub fn with_roots(mut self, folders: impl IntoIterator<Item = PathBuf>) -> Self {
        self.roots
            .extend(folders.into_iter().map(|f| canonical(&f)));
        self
    }

    /// A checker that keeps at most `max` diagnostics per checked file, the most severe
    /// first, counting the rest in the file's report (see the `cap` module).
    pub fn with_cap(mut self, max: usize) -> Self {
        self.cap = Some(max);
        self
    }

    /// Leaves out of folder walks what `exclude` names (`--exclude`).
    pub fn with_exclude(mut self, exclude: crate::walk::Exclude) -> Self {
        self.exclude = exclude;
        self
    }

    /// Takes findings of unchanged files from `cache`, and stores what it checks there
    /// (`--cache`; see the `cache` module).
    pub fn with_cache(mut self, cache: Arc<crate::cache::Cache>) -> Self {
        self.cache = Some(cache);
        self
    }

    /// Takes referenced maps, overlays and army lists, and maps' worlds, from `memo` when
    /// their files hold the same bytes as when it loaded them, and keeps what it loads
    /// there (for front ends that check again on every edit; see the `memo` module).
    pub fn with_memo(mut self, memo: Arc<crate::memo::Memo>) -> Self {
        self.memo = Some(memo);
        self
    }

    /// Reports only the files of one shard (`--shard i/n`; see the `shard` module).
    pub fn with_shard(mut self, shard: crate::shard::Shard) -> Self {
        self.shard = Some(shard);
        self
    }

    /// The findings left out so far, by file: those the rules counted without building
    /// them, and those past the cap. [`Checker::check_paths`] moves them into its report;
    /// callers of [`Checker::check_file`] read them here.
    pub fn left_out(&self) -> Vec<(PathBuf, Suppressed)> {
        let mut v: Vec<(PathBuf, Suppressed)> = self
            .suppressed
            .lock()
            .map(|m| m.iter().map(|(p, s)| (p.clone(), s.clone())).collect())
            .unwrap_or_default();
        v.sort_by(|a, b| a.0.cmp(&b.0));
        v
    }

    /// Counts the findings the rules counted without building (`Diagnostic::alike`) among
    /// those left out of the file at `path`, whether or not a cap applies, and applies the
    /// cap, before the diagnostics are located.
    fn bounded(&self, path: &Path, mut diags: Vec<Diagnostic>) -> Vec<Diagnostic> {
        let mut left_out = fold_alike(&mut diags);
        if let Some(max) = self.cap {
            left_out.merge(cap_diagnostics(&mut diags, max));
        }
        if left_out.total() > 0 {
            if let Ok(mut m) = self.suppressed.lock() {
                m.entry(path.to_path_buf()).or_default().merge(left_out);
            }
        }
        diags
    }

    /// Reads and loads the file at `path` through its pack root (or the editor's buffer).
    fn read<T: serde::de::DeserializeOwned>(
        &self,
        path: &Path,
        kind: FileKind,
        root: &PackRoot,
    ) -> Result<Loaded<T>, Failed> {
        match self.overrides.get(&canonical(path)) {
            Some(text) => crate::load::parse_text(path, text.clone(), kind),
            None => {
                let bytes = root
                    .read(path)
                    .map_err(|e| (vec![Finding::unreadable(path, e.to_string())], None))?;
                crate::load::parse_bytes(path, bytes, kind)
            }
        }
    }

    /// [`Checker::read`] for a file that scenarios reference, through the memo when
    /// there is one: the file is read all the same (through its pack root, or the
    /// editor's buffer), and parsed only when its bytes are not those of the load the
    /// memo holds.
    fn read_kept<T: serde::de::DeserializeOwned + crate::memo::Kept>(
        &self,
        path: &Path,
        kind: FileKind,
        root: &PackRoot,
    ) -> Cached<T> {
        let Some(memo) = &self.memo else {
            return Arc::new(self.read::<T>(path, kind, root));
        };
        let loaded = match self.overrides.get(&canonical(path)) {
            Some(text) => {
                if let Some(hit) = memo.get::<T>(path, text.as_bytes()) {
                    return hit;
                }
                Arc::new(crate::load::parse_text(path, text.clone(), kind))
            }
            None => {
                let bytes = match root.read(path) {
                    Ok(b) => b,
                    Err(e) => {
                        return Arc::new(Err((
                            vec![Finding::unreadable(path, e.to_string())],
                            None,
                        )))
                    }
                };
                if let Some(hit) = memo.get::<T>(path, &bytes) {
                    return hit;
                }
                Arc::new(crate::load::parse_bytes(path, bytes, kind))
            }
        };
        memo.put(path, &loaded);
        loaded
    }

    /// The pack root of a file of a run over `walked` folders.
    fn root_of(&self, path: &Path, walked: &[PathBuf]) -> PackRoot {
        PackRoot::of(path, walked, &self.manifests)
    }

    fn map(&self, path: &Path, root: &PackRoot) -> Cached<MapFile> {
        let key = canonical(path);
        if let Some(c) = self.maps.lock().ok().and_then(|m| m.get(&key).cloned()) {
            return c;
        }
        let loaded = self.read_kept::<MapFile>(path, FileKind::Map, root);
        if let Ok(mut m) = self.maps.lock() {
            m.insert(key, loaded.clone());
        }
        loaded
    }

    /// The world of a loaded map, built on the first scenario that uses it.
    fn world(&self, map: &Loaded<MapFile>) -> Arc<muster_rules::World> {
        if let Some(w) = self
            .worlds
            .lock()
            .ok()
            .and_then(|w| w.get(&map.path).cloned())
        {
            return w;
        }
        let kept = self
            .memo
            .as_ref()
            .and_then(|m| m.world(&map.path, &map.text));
        let world = kept.unwrap_or_else(|| {
            let world = muster_rules::map_world(&map.value);
            if let Some(m) = &self.memo {
                m.put_world(&map.path, map.text.clone(), world.clone());
            }
            world
        });
        if let Ok(mut w) = self.worlds.lock() {
            w.insert(map.path.clone(), world.clone());
        }
        world
    }

    fn army_list(&self, path: &Path, root: &PackRoot) -> Cached<ArmyListFile> {
        let key = canonical(path);
        if let Some(c) = self.lists.lock().ok().and_then(|m| m.get(&key).cloned()) {
            return c;
        }
        let loaded = self.read_kept::<ArmyListFile>(path, FileKind::ArmyList, root);
        if let Ok(mut m) = self.lists.lock() {
            m.insert(key, loaded.clone());
        }
        loaded
    }

    fn overlay(&self, path: &Path, root: &PackRoot) -> Cached<OverlayFile> {
        let key = canonical(path);
        if let Some(c) = self.overlays.lock().ok().and_then(|m| m.get(&key).cloned()) {
            return c;
        }
        let loaded = self.read_kept::<OverlayFile>(path, FileKind::Overlay, root);
        if let Ok(mut m) = self.overlays.lock() {
            m.insert(key, loaded.clone());
        }
        loaded
    }

    /// The pack manifest governing a file: the nearest `muster.pack.ron` (or `.json`) in
    /// its folder or above.
    fn manifest_for(&self, path: &Path) -> Option<Arc<Manifest>> {
        self.manifests.governing(path).and_then(|f| f.manifest)
    }

    /// Whether `file` may reference `target` (see the `boundary` module): `Ok(true)` for
    /// a regular file inside the pack, `Ok(false)` for one inside the pack that is
    /// missing, `Err` when it is refused. For front ends that follow a reference
    /// themselves (the language server's go to definition).
    pub fn admit_reference(&self, file: &Path, target: &Path) -> Result<bool, Refusal> {
        PackRoot::of(file, &self.roots, &self.manifests).admit(target)
    }

    /// Reads the file `target` that `file` references, beneath `file`'s pack root: for
    /// front ends that follow a reference themselves. The path is resolved at the open,
    /// so a symlink swapped in after [`Checker::admit_reference`] cannot lead out.
    pub fn read_reference(&self, file: &Path, target: &Path) -> Result<Vec<u8>, ReadError> {
        PackRoot::of(file, &self.roots, &self.manifests).read(target)
    }

    /// Loads a scenario with its references, for inspection, queries and the editor:
    /// the references are held to the pack boundary; the rules do not run.
    pub fn load_scenario(&self, path: &Path) -> Result<LoadedScenario, Report> {
        let mut report = Report::default();
        let (loading, _, _) = self.load_references(path, &mut report, &self.roots);
        match loading {
            Ok((l, _)) => Ok(l),
            Err(findings) => {
                report.files.push(FileReport {
                    path: path.to_path_buf(),
                    findings,
                    suppressed: Default::default(),
                });
                Err(report)
            }
        }
    }

    /// A scenario with its references loaded (held to the pack boundary) and its ruleset
    /// known, or the findings that stop it; no rule runs here.
    fn load_references(
        &self,
        path: &Path,
        report: &mut Report,
        walked: &[PathBuf],
    ) -> ScenarioLoading {
        let root = self.root_of(path, walked);
        let scenario = match self.read::<ScenarioFile>(path, FileKind::Scenario, &root) {
            Ok(s) => s,
            Err((f, text)) => {
                if let Some(t) = text {
                    report.sources.insert(path.to_path_buf(), t);
                }
                return (Err(f), vec![], vec![]);
            }
        };
        let dir = path.parent().unwrap_or(Path::new("."));
        // (reference, pointer, what, kind, the side an army list belongs to)
        type Written<'s> = (&'s str, String, &'static str, FileKind, Option<usize>);
        let mut written: Vec<Written> = vec![(
            &scenario.value.map,
            "/map".into(),
            "map",
            FileKind::Map,
            None,
        )];
        written.extend(scenario.value.overlays.iter().enumerate().map(|(i, o)| {
            (
                o.file.as_str(),
                format!("/overlays/{i}/file"),
                "overlay",
                FileKind::Overlay,
                None,
            )
        }));
        written.extend(scenario.value.army_lists.iter().enumerate().map(|(i, l)| {
            (
                l.as_str(),
                format!("/army_lists/{i}"),
                "army list",
                FileKind::ArmyList,
                None,
            )
        }));
        for (si, side) in scenario.value.sides.iter().enumerate() {
            written.extend(side.army_lists.iter().enumerate().map(|(i, l)| {
                (
                    l.as_str(),
                    format!("/sides/{si}/army_lists/{i}"),
                    "army list",
                    FileKind::ArmyList,
                    Some(si),
                )
            }));
        }
        let texts: Vec<String> = written.iter().map(|w| w.0.to_string()).collect();
        // Each reference: refused (MU013, nothing read), missing (MU010) or admitted.
        let mut stop = Vec::new();
        let mut refs = Vec::new();
        let mut admitted = Vec::new();
        for (text, pointer, what, kind, side) in &written {
            let target = canonical(&dir.join(text));
            match root.admit(&target) {
                Err(refusal) => stop.push(refused(text, pointer, what, &refusal)),
                // A file the editor holds but has not written yet (a new map) exists.
                Ok(false) if !self.overrides.contains_key(&target) => {
                    let beside = root.names_beside(&target);
                    stop.push(missing_reference(text, pointer, what, &beside))
                }
                Ok(_) => {
                    refs.push((target.clone(), *kind));
                    admitted.push((target, *text, pointer.as_str(), *what, *kind, *side));
                }
            }
        }
        report
            .sources
            .insert(path.to_path_buf(), scenario.text.clone());
        let this = scenario.located();
        let Some(ruleset) = muster_rules::ruleset(&scenario.value.ruleset) else {
            let d = Diagnostic::error(
                codes::RULESET.code,
                Location::here("/ruleset"),
                format!("unknown ruleset `{}`", scenario.value.ruleset),
            )
            .help(muster_rules::suggest::did_you_mean(
                &scenario.value.ruleset,
                "rulesets",
                &muster_rules::system_ids().collect::<Vec<_>>(),
                "",
            ));
            let mut out = vec![d];
            out.extend(
                stop.into_iter()
                    .filter(|d| d.code == codes::PACK_BOUNDARY.code),
            );
            return (Err(locate_all(out, &this, None, &[])), refs, texts);
        };
        if !stop.is_empty() {
            return (Err(locate_all(stop, &this, None, &[])), refs, texts);
        }
        let mut map = None;
        let mut overlays = Vec::new();
        let mut lists = Vec::new();
        for (target, text, pointer, what, kind, side) in admitted {
            let failed = match kind {
                FileKind::Map => {
                    let m = self.map(&target, &root);
                    let failed = m.is_err();
                    map = Some(m);
                    failed
                }
                FileKind::Overlay => {
                    let o = self.overlay(&target, &root);
                    let failed = o.is_err();
                    overlays.push(o);
                    failed
                }
                _ => {
                    let list = self.army_list(&target, &root);
                    let failed = list.is_err();
                    lists.push(LoadedList {
                        side,
                        pointer: pointer.to_string(),
                        list,
                    });
                    failed
                }
            };
            if failed {
                stop.push(reference_failed(true, text, pointer, what));
            }
        }
        let Some(map) = map.filter(|_| stop.is_empty()) else {
            return (Err(locate_all(stop, &this, None, &[])), refs, texts);
        };
        let loaded = LoadedScenario {
            scenario,
            map,
            overlays,
            lists,
            ruleset,
        };
        (Ok((loaded, this)), refs, texts)
    }

    /// Checks a scenario: its references, then the rules of its game.
    fn check_scenario(
        &self,
        path: &Path,
        report: &mut Report,
        walked: &[PathBuf],
    ) -> ScenarioChecked {
        let (loading, refs, texts) = self.load_references(path, report, walked);
        let (loaded, this) = match loading {
            Ok(l) => l,
            Err(findings) => return (findings, None, refs, texts),
        };
        let ruleset = loaded.ruleset;
        let overlay_values = loaded.overlay_values();
        let diags = muster_rules::check_scenario_on(
            &loaded.scenario.value,
            self.world(loaded.map()),
            &overlay_values,
            &loaded.army_lists(),
            ruleset,
        );
        let diags = self.bounded(path, diags);
        // Located only now: the trees are read after the rules ran and the cap applied.
        let map_loc = loaded.map().located();
        report
            .sources
            .insert(map_loc.path.clone(), map_loc.text.clone());
        let over_locs: Vec<Option<Located>> = loaded
            .overlays
            .iter()
            .map(|o| o.as_ref().as_ref().ok().map(|l| l.located()))
            .collect();
        for l in over_locs.iter().flatten() {
            report.sources.insert(l.path.clone(), l.text.clone());
        }
        let findings = locate_all(diags, &this, Some(&map_loc), &over_locs);
        (findings, Some(loaded), refs, texts)
    }

    fn check_map_like(
        &self,
        path: &Path,
        kind: FileKind,
        report: &mut Report,
        root: &PackRoot,
    ) -> Vec<Finding> {
        if kind == FileKind::Map {
            let cached = self.map(path, root);
            match &*cached {
                Ok(m) => finish(
                    report,
                    || m.located(),
                    &m.value.ruleset,
                    |r| self.bounded(path, muster_rules::check_map(&m.value, r)),
                ),
                Err((f, t)) => failed(report, path, f, t),
            }
        } else {
            let cached = self.overlay(path, root);
            match &*cached {
                Ok(m) => finish(
                    report,
                    || m.located(),
                    &m.value.ruleset,
                    |r| self.bounded(path, muster_rules::check_overlay(&m.value, r)),
                ),
                Err((f, t)) => failed(report, path, f, t),
            }
        }
    }

    fn check_plain<T: serde::de::DeserializeOwned>(
        &self,
        path: &Path,
        kind: FileKind,
        report: &mut Report,
        root: &PackRoot,
    ) -> Vec<Finding> {
        match self.read::<T>(path, kind, root) {
            Ok(l) => {
                report.sources.insert(path.to_path_buf(), l.text.clone());
                vec![]
            }
            Err((f, t)) => {
                if let Some(t) = t {
                    report.sources.insert(path.to_path_buf(), t);
                }
                f
            }
        }
    }

    /// Checks one file of a known kind; returns its findings and the files it references.
    pub fn check_file(
        &self,
        path: &Path,
        kind: FileKind,
        report: &mut Report,
    ) -> (Vec<Finding>, Vec<(PathBuf, FileKind)>) {
        self.check_file_in(path, kind, report, &self.roots)
    }

    /// [`Checker::check_file`] for a file of a run over `walked` folders (which bound
    /// the pack root, see [`crate::boundary`]).
    fn check_file_in(
        &self,
        path: &Path,
        kind: FileKind,
        report: &mut Report,
        walked: &[PathBuf],
    ) -> (Vec<Finding>, Vec<(PathBuf, FileKind)>) {
        let (findings, refs, _) = self.check_file_written(path, kind, report, walked);
        (findings, refs)
    }

    /// [`Checker::check_file_in`] through the cache, when there is one.
    fn check_file_cached(
        &self,
        path: &Path,
        kind: FileKind,
        report: &mut Report,
        walked: &[PathBuf],
    ) -> (Vec<Finding>, Vec<(PathBuf, FileKind)>) {
        let Some(cache) = &self.cache else {
            return self.check_file_in(path, kind, report, walked);
        };
        // A file that does not read as text is checked (and reported) as usual.
        let root = self.root_of(path, walked);
        let Some((content, text)) = cache.content(path, || root.read(path).ok()) else {
            return self.check_file_in(path, kind, report, walked);
        };
        let policy = self
            .manifest_for(path)
            .map(|m| format!("{:?} {:?}", m.allow, m.deny))
            .unwrap_or_default();
        let key = cache.key(kind, &policy, &content);
        let dir = path.parent().unwrap_or(Path::new("."));
        let state = |written: &str| -> crate::cache::TargetState {
            let target = canonical(&dir.join(written));
            let (now, text) = match root.admit(&target) {
                Err(why) => (format!("refused: {why}"), None),
                Ok(false) => ("missing".to_string(), None),
                Ok(true) => match cache.content(&target, || root.read(&target).ok()) {
                    Some((hash, text)) => (hash, Some(text)),
                    None => ("unreadable".to_string(), None),
                },
            };
            (target, now, text)
        };
        if let Some(hit) = cache.get(&key, path, &text, &state) {
            report.sources.extend(hit.sources);
            if hit.suppressed.total() > 0 {
                if let Ok(mut m) = self.suppressed.lock() {
                    m.entry(path.to_path_buf())
                        .or_default()
                        .merge(hit.suppressed);
                }
            }
            return (hit.findings, hit.refs);
        }
        let (findings, refs, written) = self.check_file_written(path, kind, report, walked);
        let suppressed = self
            .suppressed
            .lock()
            .ok()
            .and_then(|m| m.get(path).cloned())
            .unwrap_or_default();
        let checked = crate::cache::Checked {
            path,
            written: &written,
            findings: &findings,
            refs: &refs,
            suppressed: &suppressed,
        };
        cache.put(key, checked, &state);
        (findings, refs)
    }

    /// [`Checker::check_file_in`], also giving the references the file makes as written.
    fn check_file_written(
        &self,
        path: &Path,
        kind: FileKind,
        report: &mut Report,
        walked: &[PathBuf],
    ) -> (Vec<Finding>, Vec<(PathBuf, FileKind)>, Vec<String>) {
        let mut refs = Vec::new();
        let mut written = Vec::new();
        let mut findings = match kind {
            FileKind::Scenario => {
                let (f, _, scenario_refs, texts) = self.check_scenario(path, report, walked);
                refs = scenario_refs;
                written = texts;
                f
            }
            FileKind::Map | FileKind::Overlay => {
                self.check_map_like(path, kind, report, &self.root_of(path, walked))
            }
            FileKind::Manifest => {
                self.check_plain::<Manifest>(path, kind, report, &self.root_of(path, walked))
            }
            FileKind::Ruleset => {
                self.check_plain::<Ruleset>(path, kind, report, &self.root_of(path, walked))
            }
            FileKind::ArmyList => {
                let cached = self.army_list(path, &self.root_of(path, walked));
                match &*cached {
                    Ok(l) => finish(
                        report,
                        || l.located(),
                        &l.value.ruleset,
                        |_| self.bounded(path, muster_rules::check_army_list(&l.value)),
                    ),
                    Err((f, t)) => failed(report, path, f, t),
                }
            }
        };
        if let Some(m) = self.manifest_for(path) {
            if let Some(left_out) = self
                .suppressed
                .lock()
                .ok()
                .as_mut()
                .and_then(|s| s.get_mut(path))
            {
                left_out.rerate(|code, severity| {
                    if m.allow.iter().any(|c| c == code) && severity > Severity::Note {
                        Severity::Note
                    } else if m.deny.iter().any(|c| c == code) {
                        Severity::Error
                    } else {
                        severity
                    }
                });
            }
            for f in findings.iter_mut() {
                let code = f.diagnostic.code;
                if m.allow.iter().any(|c| c == code) && f.diagnostic.severity > Severity::Note {
                    f.diagnostic.severity = Severity::Note;
                    f.diagnostic
                        .help
                        .get_or_insert_with(|| "allowed by the pack manifest".into());
                } else if m.deny.iter().any(|c| c == code) {
                    f.diagnostic.severity = Severity::Error;
                }
            }
        }
        (findings, refs, written)
    }

    /// Checks every file under the given paths, plus the maps and overlays their scenarios
    /// reference. Files are checked in parallel; the report is sorted by path.
    pub fn check_paths(&self, paths: &[PathBuf]) -> Report {
        self.check_paths_with_progress(paths, &|| {})
    }

    /// [`Checker::check_paths`], calling `tick` once per file checked (for progress bars).
    pub fn check_paths_with_progress(&self, paths: &[PathBuf], tick: &(dyn Fn() + Sync)) -> Report {
        let found = discover_except(paths, &self.exclude);
        let mut report = Report::default();
        let mut by_path: BTreeMap<PathBuf, Vec<Finding>> = BTreeMap::new();
        let canon = |p: &Path| canonical(p);
        let walked: Vec<PathBuf> = paths
            .iter()
            .filter(|p| p.is_dir())
            .map(|p| canon(p))
            .chain(self.roots.iter().cloned())
            .collect();
        // The shard a file a walk found belongs to (1 when not sharded).
        let shard_of = |p: &Path| -> u32 {
            match self.shard {
                None => 1,
                Some(s) => {
                    let root = PackRoot::of(p, &walked, &self.manifests);
                    let relative = p.strip_prefix(root.dir()).unwrap_or(p);
                    crate::shard::Shard::of_relative(relative, s.count())
                }
            }
        };
        let mine = self.shard.map_or(1, |s| s.index());
        for mut p in found.problems {
            p.file = canonical(&p.file);
            if shard_of(&p.file) == mine {
                by_path.entry(p.file.clone()).or_default().push(p);
            }
        }
        let named: Vec<PathBuf> = paths.iter().map(|p| canon(p)).collect();
        // One name per file (`X` and `./X` are checked once); files a walk reached are
        // held to the pack boundary like references are.
        let mut files: Vec<(PathBuf, FileKind)> = Vec::new();
        for (p, k) in found.files {
            let p = canon(&p);
            if !named.contains(&p) {
                if let Err(why) = PackRoot::of(&p, &walked, &self.manifests).admit(&p) {
                    if shard_of(&p) == mine {
                        by_path
                            .entry(p.clone())
                            .or_default()
                            .push(outside_file(&p, &why));
                    }
                    continue;
                }
            }
            files.push((p, k));
        }
        files.sort();
        files.dedup();
        let (scenarios, others): (Vec<_>, Vec<_>) = files
            .into_iter()
            .partition(|(_, k)| *k == FileKind::Scenario);
        // Every file found is known to every shard (references to it are not followed
        // again); each shard checks and reports its own.
        let mut seen: HashMap<PathBuf, PathBuf> =
            others.iter().map(|(p, _)| (canon(p), p.clone())).collect();
        let scenarios: Vec<(PathBuf, FileKind, u32)> = scenarios
            .into_iter()
            .map(|(p, k)| {
                let s = shard_of(&p);
                (p, k, s)
            })
            .collect();
        let first: Vec<ScenarioOutcome> = scenarios
            .par_iter()
            .filter(|(_, _, s)| *s == mine)
            .map(|(p, k, _)| {
                let mut r = Report::default();
                let (f, refs) = self.check_file_cached(p, *k, &mut r, &walked);
                r.sources = cited(std::mem::take(&mut r.sources), &f).collect();
                tick();
                (p.clone(), f, refs, r)
            })
            .collect();
        let mut rest: Vec<(PathBuf, FileKind)> = others
            .into_iter()
            .filter(|(p, _)| shard_of(p) == mine)
            .collect();
        let mut reached = Vec::new();
        for (p, f, refs, r) in first {
            report.sources.extend(r.sources);
            by_path.entry(p).or_default().extend(f);
            for (rp, rk) in refs {
                if let std::collections::hash_map::Entry::Vacant(e) = seen.entry(canon(&rp)) {
                    e.insert(rp.clone());
                    reached.push((rp, rk));
                }
            }
        }
        // Files reached only through references belong to the lowest shard using them.
        if mine > 1 && !reached.is_empty() {
            let below: std::collections::HashSet<PathBuf> = scenarios
                .par_iter()
                .filter(|(_, _, s)| *s < mine)
                .flat_map_iter(|(p, _, _)| self.references(p, &walked))
                .collect();
            reached.retain(|(p, _)| !below.contains(&canon(p)));
        }
        rest.extend(reached);
        let second: Vec<(PathBuf, Vec<Finding>, Report)> = rest
            .par_iter()
            .map(|(p, k)| {
                let mut r = Report::default();
                let (f, _) = self.check_file_cached(p, *k, &mut r, &walked);
                r.sources = cited(std::mem::take(&mut r.sources), &f).collect();
                tick();
                (p.clone(), f, r)
            })
            .collect();
        for (p, f, r) in second {
            report.sources.extend(r.sources);
            by_path.entry(p).or_default().extend(f);
        }
        report.files = by_path
            .into_iter()
            .map(|(path, findings)| FileReport {
                suppressed: self
                    .suppressed
                    .lock()
                    .ok()
                    .and_then(|mut s| s.remove(&path))
                    .unwrap_or_default(),
                path,
                findings,
            })
            .collect();
        report
    }

    /// The files a scenario references that a run reports in their own right (those
    /// `check_scenario` gives back), without checking it.
    fn references(&self, path: &Path, walked: &[PathBuf]) -> Vec<PathBuf> {
        let root = self.root_of(path, walked);
        let Ok(scenario) = self.read::<ScenarioFile>(path, FileKind::Scenario, &root) else {
            return vec![];
        };
        let s = &scenario.value;
        let dir = path.parent().unwrap_or(Path::new("."));
        std::iter::once(&s.map)
            .chain(s.overlays.iter().map(|o| &o.file))
            .chain(s.army_lists.iter())
            .chain(s.sides.iter().flat_map(|side| side.army_lists.iter()))
            .map(|w| canonical(&dir.join(w)))
            .filter(|t| root.admit(t) == Ok(true))
            .collect()
    }
}

/// The sources a file's findings cite (their own files and their labels' files): a run
/// keeps these to render snippets, not the text of every file it read, so its memory does
/// not grow with the size of a clean pack.
fn cited(
    sources: BTreeMap<PathBuf, Arc<str>>,
    findings: &[Finding],
) -> impl Iterator<Item = (PathBuf, Arc<str>)> + '_ {
    sources.into_iter().filter(move |(path, _)| {
        findings
            .iter()
            .any(|f| &f.file == path || f.labels.iter().any(|l| &l.file == path))
    })
}

fn reference_failed(exists: bool, written: &str, pointer: &str, what: &str) -> Diagnostic {
    if exists {
        Diagnostic::error(
            codes::REFERENCED_FILE_INVALID.code,
            Location::here(pointer),
            format!("the {what} `{written}` has errors of its own"),
        )
        .help("fix the errors reported on that file")
    } else {
        Diagnostic::error(
            codes::REFERENCE.code,
            Location::here(pointer),
            format!("the {what} `{written}` does not exist"),
        )
        .help("paths are relative to this file")
    }
}

/// A reference to a file that is not there (MU010): suggests the nearest name among the
/// files of the folder it points into (listed inside the pack only).
fn missing_reference(written: &str, pointer: &str, what: &str, beside: &[String]) -> Diagnostic {
    let (folder, name) = match written.rsplit_once('/') {
        Some((folder, name)) => (format!("{folder}/"), name),
        None => (String::new(), written),
    };
    let mut d = reference_failed(false, written, pointer, what);
    if let Some(n) = muster_rules::suggest::nearest(name, beside.iter().map(String::as_str)) {
        d.help = Some(format!(
            "did you mean `{folder}{n}`? (paths are relative to this file)"
        ));
    }
    d
}

/// A file a folder walk reached through a symlink leading out of the pack (MU013).
fn outside_file(path: &Path, why: &Refusal) -> Finding {
    let mut f = Finding::unreadable(path, format!("this file {why}; it was not read"));
    f.diagnostic.code = codes::PACK_BOUNDARY.code;
    f.diagnostic.help = Some(
        "a folder walk reads only regular files inside the pack root; see `muster explain MU013`"
            .into(),
    );
    f
}

/// A reference refused at the pack boundary (MU013): names the reference, shows nothing
/// of its target.
fn refused(written: &str, pointer: &str, what: &str, why: &Refusal) -> Diagnostic {
    Diagnostic::error(
        codes::PACK_BOUNDARY.code,
        Location::here(pointer),
        format!("the {what} `{written}` {why}"),
    )
    .help(
        "references resolve only to regular files inside the pack root (the folder holding \
         muster.pack.ron, else the folder named on the command line); see `muster explain MU013`",
    )
}

fn failed(
    report: &mut Report,
    path: &Path,
    findings: &[Finding],
    text: &Option<Arc<str>>,
) -> Vec<Finding> {
    if let Some(t) = text {
        report.sources.insert(path.to_path_buf(), t.clone());
    }
    findings.to_vec()
}

/// Runs a file's rules, then locates what they found in it (its tree is read only then).
fn finish(
    report: &mut Report,
    located: impl FnOnce() -> Located,
    ruleset_id: &str,
    run: impl FnOnce(&Ruleset) -> Vec<Diagnostic>,
) -> Vec<Finding> {
    let diags = muster_rules::ruleset(ruleset_id).map(run);
    let located = located();
    report
        .sources
        .insert(located.path.clone(), located.text.clone());
    match diags {
        None => {
            let d = Diagnostic::error(
                codes::RULESET.code,
                Location::here("/ruleset"),
                format!("unknown ruleset `{ruleset_id}`"),
            )
            .help(muster_rules::suggest::did_you_mean(
                ruleset_id,
                "rulesets",
                &muster_rules::system_ids().collect::<Vec<_>>(),
                "",
            ));
            locate_all(vec![d], &located, None, &[])
        }
        Some(diags) => locate_all(diags, &located, None, &[]),
    }
}

//! Checking files: each kind through its stages, referenced maps and overlays loaded once
//! and shared, files in parallel.

use crate::finding::{FileReport, Finding, Report};
use crate::load::{load_value, locate_all, Loaded, Located};
use crate::walk::discover;
use muster_model::{ArmyListFile, FileKind, Manifest, MapFile, OverlayFile, Ruleset, ScenarioFile};
use muster_rules::{Diagnostic, Location, Severity};
use rayon::prelude::*;
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

type Failed = crate::load::LoadError;
type ScenarioOutcome = (PathBuf, Vec<Finding>, Vec<(PathBuf, FileKind)>, Report);
type Cached<T> = Arc<Result<Loaded<T>, Failed>>;

/// The pipeline, with caches shared across files of one run.
#[derive(Default)]
pub struct Checker {
    overrides: HashMap<PathBuf, Arc<str>>,
    maps: Mutex<HashMap<PathBuf, Cached<MapFile>>>,
    overlays: Mutex<HashMap<PathBuf, Cached<OverlayFile>>>,
    lists: Mutex<HashMap<PathBuf, Cached<ArmyListFile>>>,
    manifests: Mutex<HashMap<PathBuf, Option<Arc<Manifest>>>>,
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

    fn read<T: serde::de::DeserializeOwned>(
        &self,
        path: &Path,
        kind: FileKind,
    ) -> Result<Loaded<T>, Failed> {
        match self.overrides.get(&canonical(path)) {
            Some(text) => crate::load::parse_text(path, text.clone(), kind),
            None => load_value(path, kind),
        }
    }

    fn map(&self, path: &Path) -> Cached<MapFile> {
        let key = canonical(path);
        if let Some(c) = self.maps.lock().ok().and_then(|m| m.get(&key).cloned()) {
            return c;
        }
        let loaded = Arc::new(self.read::<MapFile>(path, FileKind::Map));
        if let Ok(mut m) = self.maps.lock() {
            m.insert(key, loaded.clone());
        }
        loaded
    }

    fn army_list(&self, path: &Path) -> Cached<ArmyListFile> {
        let key = canonical(path);
        if let Some(c) = self.lists.lock().ok().and_then(|m| m.get(&key).cloned()) {
            return c;
        }
        let loaded = Arc::new(self.read::<ArmyListFile>(path, FileKind::ArmyList));
        if let Ok(mut m) = self.lists.lock() {
            m.insert(key, loaded.clone());
        }
        loaded
    }

    fn overlay(&self, path: &Path) -> Cached<OverlayFile> {
        let key = canonical(path);
        if let Some(c) = self.overlays.lock().ok().and_then(|m| m.get(&key).cloned()) {
            return c;
        }
        let loaded = Arc::new(self.read::<OverlayFile>(path, FileKind::Overlay));
        if let Ok(mut m) = self.overlays.lock() {
            m.insert(key, loaded.clone());
        }
        loaded
    }

    /// The pack manifest governing a file: the nearest `muster.pack.ron` (or `.json`) in
    /// its folder or above.
    fn manifest_for(&self, path: &Path) -> Option<Arc<Manifest>> {
        let dir = canonical(path).parent()?.to_path_buf();
        let mut cur = Some(dir.as_path());
        while let Some(d) = cur {
            let cached = self.manifests.lock().ok().and_then(|m| m.get(d).cloned());
            if let Some(found) = cached {
                if found.is_some() {
                    return found;
                }
            } else {
                let mut found = None;
                for name in ["muster.pack.ron", "muster.pack.json"] {
                    let p = d.join(name);
                    if p.is_file() {
                        found = load_value::<Manifest>(&p, FileKind::Manifest)
                            .ok()
                            .map(|l| Arc::new(l.value));
                        break;
                    }
                }
                if let Ok(mut m) = self.manifests.lock() {
                    m.insert(d.to_path_buf(), found.clone());
                }
                if found.is_some() {
                    return found;
                }
            }
            cur = d.parent();
        }
        None
    }

    /// Loads a scenario with its references, for inspection and queries.
    pub fn load_scenario(&self, path: &Path) -> Result<LoadedScenario, Report> {
        let mut report = Report::default();
        let (findings, loaded, _) = self.check_scenario(path, &mut report);
        match loaded {
            Some(l) => Ok(l),
            None => {
                report.files.push(FileReport {
                    path: path.to_path_buf(),
                    findings,
                });
                Err(report)
            }
        }
    }

    fn check_scenario(&self, path: &Path, report: &mut Report) -> ScenarioChecked {
        let scenario = match self.read::<ScenarioFile>(path, FileKind::Scenario) {
            Ok(s) => s,
            Err((f, text)) => {
                if let Some(t) = text {
                    report.sources.insert(path.to_path_buf(), t);
                }
                return (f, None, vec![]);
            }
        };
        let dir = path.parent().unwrap_or(Path::new("."));
        let mut refs = vec![(dir.join(&scenario.value.map), FileKind::Map)];
        refs.extend(
            scenario
                .value
                .overlays
                .iter()
                .map(|o| (dir.join(&o.file), FileKind::Overlay)),
        );
        refs.extend(
            scenario
                .value
                .army_lists
                .iter()
                .chain(scenario.value.sides.iter().flat_map(|s| &s.army_lists))
                .map(|l| (dir.join(l), FileKind::ArmyList)),
        );
        // A missing file is reported on the scenario (MU010), not as a file of its own.
        refs.retain(|(p, _)| p.exists());
        report
            .sources
            .insert(path.to_path_buf(), scenario.text.clone());
        let this = scenario.located();
        let Some(ruleset) = muster_rules::ruleset(&scenario.value.ruleset) else {
            let d = Diagnostic::error(
                "MU011",
                Location::here("/ruleset"),
                format!("unknown ruleset `{}`", scenario.value.ruleset),
            )
            .help(format!(
                "the rulesets are {}",
                muster_rules::system_ids().collect::<Vec<_>>().join(", ")
            ));
            return (locate_all(vec![d], &this, None, &[]), None, refs);
        };
        let mut stop = Vec::new();
        let map_path = dir.join(&scenario.value.map);
        let map = self.map(&map_path);
        if let Err((_, _)) = &*map {
            stop.push(reference_failed(
                &map_path,
                &scenario.value.map,
                "/map",
                "map",
            ));
        }
        let mut overlays = Vec::new();
        for (i, o) in scenario.value.overlays.iter().enumerate() {
            let p = dir.join(&o.file);
            let ov = self.overlay(&p);
            if ov.is_err() {
                stop.push(reference_failed(
                    &p,
                    &o.file,
                    &format!("/overlays/{i}/file"),
                    "overlay",
                ));
            }
            overlays.push(ov);
        }
        let mut lists = Vec::new();
        let shared = scenario
            .value
            .army_lists
            .iter()
            .enumerate()
            .map(|(i, l)| (None, format!("/army_lists/{i}"), l));
        let own = scenario
            .value
            .sides
            .iter()
            .enumerate()
            .flat_map(|(si, side)| {
                side.army_lists
                    .iter()
                    .enumerate()
                    .map(move |(i, l)| (Some(si), format!("/sides/{si}/army_lists/{i}"), l))
            });
        for (side, pointer, l) in shared.chain(own) {
            let p = dir.join(l);
            let list = self.army_list(&p);
            if list.is_err() {
                stop.push(reference_failed(&p, l, &pointer, "army list"));
            }
            lists.push(LoadedList {
                side,
                pointer,
                list,
            });
        }
        if !stop.is_empty() {
            return (locate_all(stop, &this, None, &[]), None, refs);
        }
        let loaded = LoadedScenario {
            scenario,
            map,
            overlays,
            lists,
            ruleset,
        };
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
        let overlay_values = loaded.overlay_values();
        let diags = muster_rules::check_scenario_with_lists(
            &loaded.scenario.value,
            &loaded.map().value,
            &overlay_values,
            &loaded.army_lists(),
            ruleset,
        );
        let findings = locate_all(diags, &this, Some(&map_loc), &over_locs);
        (findings, Some(loaded), refs)
    }

    fn check_map_like(&self, path: &Path, kind: FileKind, report: &mut Report) -> Vec<Finding> {
        if kind == FileKind::Map {
            let cached = self.map(path);
            match &*cached {
                Ok(m) => finish(report, m.located(), &m.value.ruleset, |r| {
                    muster_rules::check_map(&m.value, r)
                }),
                Err((f, t)) => failed(report, path, f, t),
            }
        } else {
            let cached = self.overlay(path);
            match &*cached {
                Ok(m) => finish(report, m.located(), &m.value.ruleset, |r| {
                    muster_rules::check_overlay(&m.value, r)
                }),
                Err((f, t)) => failed(report, path, f, t),
            }
        }
    }

    fn check_plain<T: serde::de::DeserializeOwned>(
        &self,
        path: &Path,
        kind: FileKind,
        report: &mut Report,
    ) -> Vec<Finding> {
        match load_value::<T>(path, kind) {
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
        let mut refs = Vec::new();
        let mut findings = match kind {
            FileKind::Scenario => {
                let (f, _, scenario_refs) = self.check_scenario(path, report);
                refs = scenario_refs;
                f
            }
            FileKind::Map | FileKind::Overlay => self.check_map_like(path, kind, report),
            FileKind::Manifest => self.check_plain::<Manifest>(path, kind, report),
            FileKind::Ruleset => self.check_plain::<Ruleset>(path, kind, report),
            FileKind::ArmyList => {
                let cached = self.army_list(path);
                match &*cached {
                    Ok(l) => finish(report, l.located(), &l.value.ruleset, |_| {
                        muster_rules::check_army_list(&l.value)
                    }),
                    Err((f, t)) => failed(report, path, f, t),
                }
            }
        };
        if let Some(m) = self.manifest_for(path) {
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
        (findings, refs)
    }

    /// Checks every file under the given paths, plus the maps and overlays their scenarios
    /// reference. Files are checked in parallel; the report is sorted by path.
    pub fn check_paths(&self, paths: &[PathBuf]) -> Report {
        self.check_paths_with_progress(paths, &|| {})
    }

    /// [`Checker::check_paths`], calling `tick` once per file checked (for progress bars).
    pub fn check_paths_with_progress(&self, paths: &[PathBuf], tick: &(dyn Fn() + Sync)) -> Report {
        let found = discover(paths);
        let mut report = Report::default();
        let mut by_path: BTreeMap<PathBuf, Vec<Finding>> = BTreeMap::new();
        for p in found.problems {
            by_path.entry(p.file.clone()).or_default().push(p);
        }
        let canon = |p: &Path| canonical(p);
        let (scenarios, others): (Vec<_>, Vec<_>) = found
            .files
            .into_iter()
            .partition(|(_, k)| *k == FileKind::Scenario);
        let first: Vec<ScenarioOutcome> = scenarios
            .par_iter()
            .map(|(p, k)| {
                let mut r = Report::default();
                let (f, refs) = self.check_file(p, *k, &mut r);
                tick();
                (p.clone(), f, refs, r)
            })
            .collect();
        let mut seen: HashMap<PathBuf, PathBuf> =
            others.iter().map(|(p, _)| (canon(p), p.clone())).collect();
        let mut rest = others;
        for (p, f, refs, r) in first {
            by_path.entry(p).or_default().extend(f);
            report.sources.extend(r.sources);
            for (rp, rk) in refs {
                if let std::collections::hash_map::Entry::Vacant(e) = seen.entry(canon(&rp)) {
                    e.insert(rp.clone());
                    rest.push((rp, rk));
                }
            }
        }
        let second: Vec<(PathBuf, Vec<Finding>, Report)> = rest
            .par_iter()
            .map(|(p, k)| {
                let mut r = Report::default();
                let (f, _) = self.check_file(p, *k, &mut r);
                tick();
                (p.clone(), f, r)
            })
            .collect();
        for (p, f, r) in second {
            by_path.entry(p).or_default().extend(f);
            report.sources.extend(r.sources);
        }
        report.files = by_path
            .into_iter()
            .map(|(path, findings)| FileReport { path, findings })
            .collect();
        report
    }
}

fn reference_failed(path: &Path, written: &str, pointer: &str, what: &str) -> Diagnostic {
    if path.exists() {
        Diagnostic::error(
            "MU012",
            Location::here(pointer),
            format!("the {what} `{written}` has errors of its own"),
        )
        .help("fix the errors reported on that file")
    } else {
        Diagnostic::error(
            "MU010",
            Location::here(pointer),
            format!("the {what} `{written}` does not exist"),
        )
        .help("paths are relative to this file")
    }
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

fn finish(
    report: &mut Report,
    located: Located,
    ruleset_id: &str,
    run: impl FnOnce(&Ruleset) -> Vec<Diagnostic>,
) -> Vec<Finding> {
    report
        .sources
        .insert(located.path.clone(), located.text.clone());
    match muster_rules::ruleset(ruleset_id) {
        None => {
            let d = Diagnostic::error(
                "MU011",
                Location::here("/ruleset"),
                format!("unknown ruleset `{ruleset_id}`"),
            )
            .help(format!(
                "the rulesets are {}",
                muster_rules::system_ids().collect::<Vec<_>>().join(", ")
            ));
            locate_all(vec![d], &located, None, &[])
        }
        Some(r) => locate_all(run(r), &located, None, &[]),
    }
}

/// A path made absolute, with `.` and `..` resolved lexically (no file-system calls, so
/// that caches keyed by it cost nothing; `a/../maps/x` and `maps/x` are the same key).
fn canonical(path: &Path) -> PathBuf {
    use std::path::Component;
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let mut out = PathBuf::new();
    for c in absolute.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

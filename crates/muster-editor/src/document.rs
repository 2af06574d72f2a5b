//! The document being edited: a map, and the scenario on it when there is one. Loading and
//! saving go through the shared library; saving is atomic (write a temporary file beside
//! the target, then rename) and canonical, so a load-save round trip changes nothing.

use muster_check::{load_value, LoadError};
use muster_hex::GridSpec;
use muster_model::canonical::{map_to_ron, scenario_to_ron};
use muster_model::{ArmyListFile, FileKind, MapFile, OverlayFile, ScenarioFile};
use std::path::{Path, PathBuf};

/// A map with, optionally, a scenario that uses it.
#[derive(Debug, Clone)]
pub struct Document {
    /// Where the scenario is saved (none when editing a map alone).
    pub scenario_path: Option<PathBuf>,
    /// The scenario.
    pub scenario: Option<ScenarioFile>,
    /// Where the map is saved.
    pub map_path: PathBuf,
    /// The map.
    pub map: MapFile,
    /// Overlays the scenario places (read from disk; not edited here).
    pub overlays: Vec<Option<OverlayFile>>,
    /// Army lists the scenario and its sides name, with the side each belongs to (`None`:
    /// shared) and the pointer of its reference (read from disk; not edited here).
    pub army_lists: Vec<(Option<usize>, String, ArmyListFile)>,
    saved: Option<(Option<String>, String)>,
}

/// The army lists a scenario names that load: the shared ones, then each side's.
fn load_army_lists(s: &ScenarioFile, dir: &Path) -> Vec<(Option<usize>, String, ArmyListFile)> {
    let shared = s
        .army_lists
        .iter()
        .enumerate()
        .map(|(i, l)| (None, format!("/army_lists/{i}"), l));
    let own = s.sides.iter().enumerate().flat_map(|(si, side)| {
        side.army_lists
            .iter()
            .enumerate()
            .map(move |(i, l)| (Some(si), format!("/sides/{si}/army_lists/{i}"), l))
    });
    shared
        .chain(own)
        .filter_map(|(side, pointer, l)| {
            let list = load_value::<ArmyListFile>(&dir.join(l), FileKind::ArmyList).ok()?;
            Some((side, pointer, list.value))
        })
        .collect()
}

fn describe(path: &Path, e: LoadError) -> String {
    let first =
        e.0.first()
            .map(|f| {
                format!(
                    "{}:{}:{}: {}",
                    f.file.display(),
                    f.line,
                    f.column,
                    f.diagnostic.message
                )
            })
            .unwrap_or_default();
    format!("cannot open {}: {first}", path.display())
}

impl Document {
    /// Opens a scenario (with its map and overlays) or a map.
    pub fn open(path: &Path) -> Result<Document, String> {
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        match FileKind::from_file_name(name).map(|(k, _)| k) {
            Some(FileKind::Scenario) => {
                let s = load_value::<ScenarioFile>(path, FileKind::Scenario)
                    .map_err(|e| describe(path, e))?;
                let dir = path.parent().unwrap_or(Path::new("."));
                let map_path = dir.join(&s.value.map);
                let m = load_value::<MapFile>(&map_path, FileKind::Map)
                    .map_err(|e| describe(&map_path, e))?;
                let overlays = s
                    .value
                    .overlays
                    .iter()
                    .map(|o| {
                        load_value::<OverlayFile>(&dir.join(&o.file), FileKind::Overlay)
                            .ok()
                            .map(|l| l.value)
                    })
                    .collect();
                let army_lists = load_army_lists(&s.value, dir);
                let mut d = Document {
                    scenario_path: Some(path.to_path_buf()),
                    scenario: Some(s.value),
                    map_path,
                    map: m.value,
                    overlays,
                    army_lists,
                    saved: None,
                };
                d.mark_saved();
                Ok(d)
            }
            Some(FileKind::Map) => {
                let m =
                    load_value::<MapFile>(path, FileKind::Map).map_err(|e| describe(path, e))?;
                let mut d = Document {
                    scenario_path: None,
                    scenario: None,
                    map_path: path.to_path_buf(),
                    map: m.value,
                    overlays: vec![],
                    army_lists: vec![],
                    saved: None,
                };
                d.mark_saved();
                Ok(d)
            }
            _ => Err(format!(
                "{} is not a map or scenario file (*.map.ron, *.scenario.ron)",
                path.display()
            )),
        }
    }

    /// A new, empty A la Charge map of the given size with a two-sided scenario on it,
    /// to be saved as `<stem>.map.ron` and `<stem>.scenario.ron` in `dir`.
    pub fn new_empty(dir: &Path, stem: &str, columns: u32, rows: u32) -> Document {
        let grid = GridSpec::flat(columns, rows);
        let map = MapFile::blank(stem, "a-la-charge", "clear", grid);
        let scenario = ScenarioFile::blank(stem, "a-la-charge", &format!("{stem}.map.ron"));
        Document {
            scenario_path: Some(dir.join(format!("{stem}.scenario.ron"))),
            scenario: Some(scenario),
            map_path: dir.join(format!("{stem}.map.ron")),
            map,
            overlays: vec![],
            army_lists: vec![],
            saved: None,
        }
    }

    /// The canonical texts: (scenario, map).
    pub fn texts(&self) -> Result<(Option<String>, String), String> {
        let map = map_to_ron(&self.map).map_err(|e| e.to_string())?;
        let scenario = match &self.scenario {
            Some(s) => Some(scenario_to_ron(s).map_err(|e| e.to_string())?),
            None => None,
        };
        Ok((scenario, map))
    }

    /// Whether there are unsaved changes.
    pub fn is_dirty(&self) -> bool {
        match (&self.saved, self.texts()) {
            (Some(saved), Ok(now)) => *saved != now,
            _ => true,
        }
    }

    fn mark_saved(&mut self) {
        self.saved = self.texts().ok();
    }

    /// Saves the map and the scenario, each atomically.
    pub fn save(&mut self) -> Result<(), String> {
        let (scenario, map) = self.texts()?;
        write_atomically(&self.map_path, &map)?;
        if let (Some(path), Some(text)) = (&self.scenario_path, scenario) {
            write_atomically(path, &text)?;
        }
        self.mark_saved();
        Ok(())
    }

    /// Saves under a new scenario path (the map keeps its path unless the document is a map).
    /// A never-saved map moves beside the scenario (`<stem>.map.ron`).
    pub fn save_as(&mut self, path: &Path) -> Result<(), String> {
        if let Some(s) = &mut self.scenario {
            if self.saved.is_none() {
                let name = path
                    .file_name()
                    .and_then(|n| n.to_str())
                    .unwrap_or("untitled.scenario.ron");
                let stem = name.strip_suffix(".scenario.ron").unwrap_or(name);
                self.map_path = path.with_file_name(format!("{stem}.map.ron"));
                s.map = format!("{stem}.map.ron");
            }
            self.scenario_path = Some(path.to_path_buf());
        } else {
            self.map_path = path.to_path_buf();
        }
        self.save()
    }

    /// The overlays by placement, as the rules library takes them.
    pub fn overlay_refs(&self) -> Vec<Option<&OverlayFile>> {
        self.overlays.iter().map(Option::as_ref).collect()
    }

    /// The scenario resolved by the rules library (overlays applied, set-up in hexes), when
    /// there is a scenario and its ruleset is known.
    pub fn resolve(&self) -> Option<muster_rules::Scenario<'_>> {
        let (s, r) = (
            self.scenario.as_ref()?,
            muster_rules::ruleset(&self.map.ruleset)?,
        );
        let mut lists = muster_rules::ArmyLists::none();
        for (side, pointer, list) in &self.army_lists {
            lists.push(*side, pointer.clone(), list);
        }
        Some(muster_rules::resolve(
            s,
            &self.map,
            &self.overlay_refs(),
            &lists,
            r,
            &mut Vec::new(),
        ))
    }

    /// What the shared renderer draws of the document.
    pub fn scene(&self) -> Option<muster_render::Scene> {
        let r = muster_rules::ruleset(&self.map.ruleset)?;
        Some(match &self.scenario {
            Some(s) => muster_render::Scene::of_scenario(s, &self.map, &self.overlay_refs(), r),
            None => muster_render::Scene::of_map(&self.map, r),
        })
    }

    /// The file the title bar names.
    pub fn main_path(&self) -> &Path {
        self.scenario_path.as_deref().unwrap_or(&self.map_path)
    }
}

/// Writes `text` to `path` atomically (the shared writer), with a message for the status bar.
pub fn write_atomically(path: &Path, bytes: impl AsRef<[u8]>) -> Result<(), String> {
    muster_check::write_atomically(path, bytes.as_ref())
        .map_err(|e| format!("cannot save {}: {e}", path.display()))
}

//! The document being edited: a map, and the scenario on it when there is one. Loading and
//! saving go through the shared library; saving is atomic (write a temporary file beside
//! the target, then rename) and canonical through the comment-keeping writer
//! (`muster_check::keep_comments`, the one `muster fmt` uses), and writes only the files
//! whose text changed, so a load-save round trip changes nothing.

use muster_check::{keep_comments, load_value, LoadError};
use muster_hex::GridSpec;
use muster_model::canonical::{map_layout, scenario_layout, Layout};
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
    /// A new document that has never been saved: it has no files yet, and saving it needs
    /// a path (Save as), so nothing named `untitled.*` is ever written by accident.
    pub untitled: bool,
    /// The texts on disk as last read or written: (scenario, map).
    saved: Option<(Option<String>, String)>,
    /// Which state of the undo history the document is in (see [`crate::edit::History`]),
    /// and the state that was last saved: unsaved changes are a difference of the two,
    /// known without serialising anything.
    generation: u64,
    saved_generation: u64,
    /// Where the comments of each file come from: the text they were written in and the
    /// layout of the value that text held.
    scenario_comments: Option<Commented>,
    map_comments: Option<Commented>,
}

/// A text with comments and the canonical layout of the value it holds.
#[derive(Debug, Clone)]
struct Commented {
    text: String,
    layout: Layout,
}

impl Commented {
    fn of_text(text: &str, layout: Layout) -> Self {
        Commented {
            text: text.to_string(),
            layout,
        }
    }

    /// The canonical text of a value laid out as `now`, with these comments beside their
    /// values.
    fn write(&self, now: &Layout) -> Result<String, String> {
        keep_comments(&self.text, &self.layout, now).map_err(|e| e.to_string())
    }
}

fn written(comments: Option<&Commented>, now: Layout) -> Result<String, String> {
    match comments {
        Some(c) => c.write(&now),
        None => Ok(now.render()),
    }
}

/// Why a file did not open: its first finding, located.
fn cannot_open<'f>(
    path: &Path,
    mut findings: impl Iterator<Item = &'f muster_check::Finding>,
) -> String {
    let first = findings
        .next()
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

fn describe_report(path: &Path, report: &muster_check::Report) -> String {
    let errors = report
        .findings()
        .filter(|f| f.diagnostic.severity == muster_check::Severity::Error);
    cannot_open(path, errors)
}

fn describe(path: &Path, e: LoadError) -> String {
    cannot_open(path, e.0.iter())
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
                // The library's loader: the scenario's references are held to the pack
                // boundary (MU013) as `muster validate` holds them.
                let loaded = muster_check::Checker::new()
                    .load_scenario(path)
                    .map_err(|r| describe_report(path, &r))?;
                let (s, m) = (&loaded.scenario, loaded.map());
                let dir = path.parent().unwrap_or(Path::new("."));
                let map_path = dir.join(&s.value.map);
                let overlays = loaded
                    .overlay_values()
                    .into_iter()
                    .map(|o| o.cloned())
                    .collect();
                let army_lists = loaded
                    .lists
                    .iter()
                    .filter_map(|l| {
                        let list = l.list.as_ref().as_ref().ok()?;
                        Some((l.side, l.pointer.clone(), list.value.clone()))
                    })
                    .collect();
                let mut d = Document {
                    scenario_path: Some(path.to_path_buf()),
                    scenario_comments: commented(&s.text, scenario_layout(&s.value)),
                    map_comments: commented(&m.text, map_layout(&m.value)),
                    scenario: Some(s.value.clone()),
                    map_path,
                    map: m.value.clone(),
                    overlays,
                    army_lists,
                    untitled: false,
                    saved: None,
                    generation: 0,
                    saved_generation: 0,
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
                    map_comments: commented(&m.text, map_layout(&m.value)),
                    map: m.value,
                    overlays: vec![],
                    army_lists: vec![],
                    untitled: false,
                    saved: None,
                    generation: 0,
                    saved_generation: 0,
                    scenario_comments: None,
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

    /// A new, empty map of the default system ([`muster_rules::default_system`]) of the
    /// given size with a two-sided scenario on it, to be saved as `<stem>.map.ron` and
    /// `<stem>.scenario.ron` in `dir`.
    pub fn new_empty(dir: &Path, stem: &str, columns: u32, rows: u32) -> Document {
        let system = muster_rules::default_system().id();
        let mut d = Document::untitled(stem, system, "clear", GridSpec::flat(columns, rows));
        d.scenario_path = Some(dir.join(format!("{stem}.scenario.ron")));
        d.map_path = dir.join(format!("{stem}.map.ron"));
        d.untitled = false;
        d
    }

    /// A new document that has never been saved: a blank map of `grid` in `ruleset` (all
    /// `default_terrain`) and a two-sided scenario on it, both titled `title`. It is not
    /// dirty, and it is written only once Save as gives it a path.
    pub fn untitled(title: &str, ruleset: &str, default_terrain: &str, grid: GridSpec) -> Self {
        let stem = file_stem(title);
        let map = MapFile::blank(title, ruleset, default_terrain, grid);
        let scenario = ScenarioFile::blank(title, ruleset, &format!("{stem}.map.ron"));
        Document {
            scenario_path: Some(PathBuf::from(format!("{stem}.scenario.ron"))),
            scenario: Some(scenario),
            map_path: PathBuf::from(format!("{stem}.map.ron")),
            map,
            overlays: vec![],
            army_lists: vec![],
            untitled: true,
            saved: None,
            generation: 0,
            saved_generation: 0,
            scenario_comments: None,
            map_comments: None,
        }
    }

    /// The texts a save writes, (scenario, map): canonical, with every comment of the
    /// files as read kept beside its value.
    pub fn texts(&self) -> Result<(Option<String>, String), String> {
        let map = map_layout(&self.map).map_err(|e| e.to_string())?;
        let map = written(self.map_comments.as_ref(), map)?;
        let scenario = match &self.scenario {
            Some(s) => {
                let layout = scenario_layout(s).map_err(|e| e.to_string())?;
                Some(written(self.scenario_comments.as_ref(), layout)?)
            }
            None => None,
        };
        Ok((scenario, map))
    }

    /// Takes the comments of a text typed or restored for the scenario (`true`) or the
    /// map, so that a save keeps them.
    pub fn adopt_comments(&mut self, scenario: bool, text: &str) {
        if scenario {
            if let Some(s) = &self.scenario {
                if let Ok(layout) = scenario_layout(s) {
                    self.scenario_comments = Some(Commented::of_text(text, layout));
                }
            }
        } else if let Ok(layout) = map_layout(&self.map) {
            self.map_comments = Some(Commented::of_text(text, layout));
        }
    }

    /// Whether there are unsaved changes: the document is in another state of its history
    /// than the one last saved (undoing back to the saved state makes it clean again).
    pub fn is_dirty(&self) -> bool {
        self.generation != self.saved_generation
    }

    /// The state of the undo history the document is in.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Moves the document to another state of its history (the history does this as it
    /// applies, undoes and redoes edits).
    pub fn set_generation(&mut self, generation: u64) {
        self.generation = generation;
    }

    /// Records the texts as the ones on disk, and as the source of comments from now on.
    fn mark_saved(&mut self) {
        self.saved_generation = self.generation;
        self.saved = self.texts().ok();
        if let Some((scenario, map)) = self.saved.clone() {
            if let Some(text) = scenario {
                self.adopt_comments(true, &text);
            }
            self.adopt_comments(false, &map);
        }
    }

    /// Saves the map and the scenario, each atomically, writing only a file whose text
    /// differs from the one on disk (a map other scenarios share is not rewritten when it
    /// did not change). Returns the files written.
    pub fn save(&mut self) -> Result<Vec<PathBuf>, String> {
        if self.untitled {
            return Err(
                "this new map has no file yet: type a path and press Save to path (or Save as…)"
                    .into(),
            );
        }
        let (scenario, map) = self.texts()?;
        let (saved_scenario, saved_map) = match &self.saved {
            Some((s, m)) => (s.as_deref(), Some(m.as_str())),
            None => (None, None),
        };
        let mut wrote = Vec::new();
        if saved_map != Some(map.as_str()) || !self.map_path.exists() {
            write_atomically(&self.map_path, &map)?;
            wrote.push(self.map_path.clone());
        }
        if let (Some(path), Some(text)) = (&self.scenario_path, &scenario) {
            if saved_scenario != Some(text.as_str()) || !path.exists() {
                write_atomically(path, text)?;
                wrote.push(path.clone());
            }
        }
        self.mark_saved();
        Ok(wrote)
    }

    /// Saves under a new scenario path (the map keeps its path unless the document is a
    /// map; a never-saved map moves beside the scenario as `<stem>.map.ron`). A scenario
    /// saved into another folder has its map, overlay and army-list references rewritten
    /// to reach the same files from there. Returns the files written.
    pub fn save_as(&mut self, path: &Path) -> Result<Vec<PathBuf>, String> {
        if let Some(s) = &mut self.scenario {
            let old_dir = self
                .scenario_path
                .as_deref()
                .and_then(Path::parent)
                .unwrap_or(Path::new("."))
                .to_path_buf();
            let new_dir = path.parent().unwrap_or(Path::new("."));
            if self.untitled {
                let name = path
                    .file_name()
                    .and_then(|n| n.to_str())
                    .unwrap_or("untitled.scenario.ron");
                let stem = name.strip_suffix(".scenario.ron").unwrap_or(name);
                self.map_path = path.with_file_name(format!("{stem}.map.ron"));
                s.map = format!("{stem}.map.ron");
            } else {
                rebase_references(s, &old_dir, new_dir)?;
            }
            self.untitled = false;
            self.scenario_path = Some(path.to_path_buf());
            // A new file: everything is written.
            self.saved = None;
        } else {
            self.map_path = path.to_path_buf();
            self.untitled = false;
            self.saved = None;
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
        let lists = self.army_list_refs();
        Some(muster_rules::resolve(
            s,
            &self.map,
            &self.overlay_refs(),
            &lists,
            r,
            &mut Vec::new(),
        ))
    }

    /// The army lists the scenario names, each with the side it belongs to.
    fn army_list_refs(&self) -> muster_rules::ArmyLists<'_> {
        let mut lists = muster_rules::ArmyLists::none();
        for (side, pointer, list) in &self.army_lists {
            lists.push(*side, pointer.clone(), list);
        }
        lists
    }

    /// What the shared renderer draws of the document.
    pub fn scene(&self) -> Option<muster_render::Scene> {
        let r = muster_rules::ruleset(&self.map.ruleset)?;
        Some(match &self.scenario {
            Some(s) => muster_render::Scene::of_scenario(
                s,
                &self.map,
                &self.overlay_refs(),
                &self.army_list_refs(),
                r,
            ),
            None => muster_render::Scene::of_map(&self.map, r),
        })
    }

    /// The file the title bar names.
    pub fn main_path(&self) -> &Path {
        self.scenario_path.as_deref().unwrap_or(&self.map_path)
    }
}

/// A file name stem for a title: lower case, words joined by `-` ("1st St Albans" →
/// `1st-st-albans`), `untitled` when nothing is left.
pub fn file_stem(title: &str) -> String {
    let words: Vec<String> = title
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    if words.is_empty() {
        "untitled".into()
    } else {
        words.join("-")
    }
}

fn commented(
    text: &str,
    layout: Result<Layout, muster_model::canonical::WriteError>,
) -> Option<Commented> {
    layout.ok().map(|l| Commented::of_text(text, l))
}

/// Rewrites a scenario's relative references (map, overlays, army lists) written from
/// `old_dir` so that they reach the same files from `new_dir`.
fn rebase_references(s: &mut ScenarioFile, old_dir: &Path, new_dir: &Path) -> Result<(), String> {
    let (old_dir, new_dir) = (absolute(old_dir)?, absolute(new_dir)?);
    if old_dir == new_dir {
        return Ok(());
    }
    let rebase = |r: &mut String| {
        if !Path::new(r.as_str()).is_absolute() {
            let target = muster_check::lexical(&old_dir.join(r.as_str()));
            *r = relative(&target, &new_dir);
        }
    };
    rebase(&mut s.map);
    for o in &mut s.overlays {
        rebase(&mut o.file);
    }
    for l in &mut s.army_lists {
        rebase(l);
    }
    for side in &mut s.sides {
        for l in &mut side.army_lists {
            rebase(l);
        }
    }
    Ok(())
}

fn absolute(dir: &Path) -> Result<PathBuf, String> {
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    std::path::absolute(dir)
        .map(|d| muster_check::lexical(&d))
        .map_err(|e| format!("cannot resolve {}: {e}", dir.display()))
}

/// `target` written relative to `from` (both absolute and lexically normal), with `/`
/// separators as pack files use.
fn relative(target: &Path, from: &Path) -> String {
    let t: Vec<_> = target.components().collect();
    let f: Vec<_> = from.components().collect();
    let common = t.iter().zip(&f).take_while(|(a, b)| a == b).count();
    let ups = std::iter::repeat_n("..".to_string(), f.len() - common);
    let downs = t[common..]
        .iter()
        .map(|c| c.as_os_str().to_string_lossy().into_owned());
    ups.chain(downs).collect::<Vec<_>>().join("/")
}

/// Writes `text` to `path` atomically (the shared writer), with a message for the status bar.
pub fn write_atomically(path: &Path, bytes: impl AsRef<[u8]>) -> Result<(), String> {
    muster_check::write_atomically(path, bytes.as_ref())
        .map_err(|e| format!("cannot save {}: {e}", path.display()))
}

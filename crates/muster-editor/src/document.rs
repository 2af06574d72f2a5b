//! The document being edited: a map, and the scenario on it when there is one. Loading and
//! saving go through the shared library; saving is atomic (write a temporary file beside
//! the target, then rename) and canonical through the comment-keeping writer
//! (`muster_check::keep_comments`, the one `muster fmt` uses), and writes only the files
//! whose text changed, so a load-save round trip changes nothing.

use crate::disk::{OnDisk, Stamp};
use muster_check::{keep_comments, load_value, LoadError};
use muster_hex::GridSpec;
use muster_model::canonical::{map_layout, Layout};
use muster_model::{ArmyListFile, FileKind, MapFile, OverlayFile, ScenarioFile};
use muster_rules::canonical::scenario_layout;
use std::path::{Path, PathBuf};
use std::sync::Arc;

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
    /// The overlays and army lists as read (where each is, absolutely, and its text): what
    /// Save as copies beside the scenario when a reference to one would leave its pack.
    referenced: Vec<(PathBuf, Arc<str>)>,
    /// Files the next save writes beside the scenario: copies of overlays and army lists
    /// whose references would have left the pack (see [`Document::saved_as`]).
    copies: Vec<(PathBuf, Arc<str>)>,
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
    /// The files on disk as last read or written (size, time, hash, text): a save checks
    /// them first, so a change made outside is not written over unasked.
    scenario_disk: Option<Stamp>,
    map_disk: Option<Stamp>,
}

/// Why a save wrote nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SaveError {
    /// Files the save would write changed on disk since they were read or written; the
    /// save asks before writing over them ([`Document::save_over`]).
    ChangedOnDisk(Vec<Conflict>),
    /// The save failed (a folder missing, no permission, a reference leaving the pack):
    /// the message says which file and why.
    Failed(String),
}

impl std::fmt::Display for SaveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SaveError::ChangedOnDisk(c) => {
                let names: Vec<String> = c.iter().map(|c| c.path.display().to_string()).collect();
                write!(
                    f,
                    "{} changed on disk since it was opened or saved: nothing was written",
                    names.join(" and ")
                )
            }
            SaveError::Failed(e) => f.write_str(e),
        }
    }
}

impl From<String> for SaveError {
    fn from(e: String) -> Self {
        SaveError::Failed(e)
    }
}

/// A file changed on disk by someone else since the editor read or wrote it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Conflict {
    /// The file.
    pub path: PathBuf,
    /// What changed on disk, as a short line diff (see [`crate::disk::line_diff`]), or
    /// that it was removed.
    pub diff: Vec<String>,
}

/// Where Save as puts the map of a scenario.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MapChoice {
    /// The map keeps its file (which other scenarios may share); its edits go there.
    Same,
    /// The map is saved as a copy `<stem>.map.ron` beside the new scenario, which points
    /// at it; the original map file is left as it is.
    Copy,
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
                let referenced =
                    loaded
                        .overlays
                        .iter()
                        .filter_map(|o| o.as_ref().as_ref().ok().map(|l| (&l.path, &l.text)))
                        .chain(loaded.lists.iter().filter_map(|l| {
                            l.list.as_ref().as_ref().ok().map(|l| (&l.path, &l.text))
                        }))
                        .map(|(p, t)| (same_file_key(p), t.clone()))
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
                    scenario_disk: Stamp::of(path, &s.text),
                    map_disk: Stamp::of(&map_path, &m.text),
                    scenario: Some(s.value.clone()),
                    map_path,
                    map: m.value.clone(),
                    overlays,
                    army_lists,
                    referenced,
                    copies: vec![],
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
                    map_disk: Stamp::of(path, &m.text),
                    scenario_disk: None,
                    map: m.value,
                    overlays: vec![],
                    army_lists: vec![],
                    referenced: vec![],
                    copies: vec![],
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
            referenced: vec![],
            copies: vec![],
            untitled: true,
            saved: None,
            generation: 0,
            saved_generation: 0,
            scenario_comments: None,
            map_comments: None,
            scenario_disk: None,
            map_disk: None,
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

    /// The files a save would write, with their texts: a file whose text differs from
    /// the one on disk, or that is not there (a map other scenarios share is not
    /// rewritten when it did not change).
    fn to_write(&self) -> Result<Vec<(PathBuf, String, Role)>, String> {
        let (scenario, map) = self.texts()?;
        let (saved_scenario, saved_map) = match &self.saved {
            Some((s, m)) => (s.as_deref(), Some(m.as_str())),
            None => (None, None),
        };
        // The scenario first: a Save as into a folder that cannot be written fails
        // before the map (which may be shared) is touched.
        let mut out = Vec::new();
        if let (Some(path), Some(text)) = (&self.scenario_path, scenario) {
            if saved_scenario != Some(text.as_str()) || !path.exists() {
                out.push((path.clone(), text, Role::Scenario));
            }
        }
        if saved_map != Some(map.as_str()) || !self.map_path.exists() {
            out.push((self.map_path.clone(), map, Role::Map));
        }
        // Copies of overlays and army lists, byte for byte as they were read.
        for (path, text) in &self.copies {
            out.push((path.clone(), text.to_string(), Role::Copy));
        }
        Ok(out)
    }

    /// The stamp of the scenario (`true`) or the map as last read or written.
    fn stamp(&self, scenario: bool) -> Option<&Stamp> {
        if scenario {
            self.scenario_disk.as_ref()
        } else {
            self.map_disk.as_ref()
        }
    }

    /// The files of the document that changed on disk since they were read or written,
    /// each with what changed; `only_written`: only those a save would write now.
    pub fn changed_on_disk(&self, only_written: bool) -> Vec<Conflict> {
        let files: Vec<(PathBuf, bool)> = if only_written {
            self.to_write()
                .unwrap_or_default()
                .into_iter()
                .filter_map(|(p, _, role)| match role {
                    Role::Scenario => Some((p, true)),
                    Role::Map => Some((p, false)),
                    // A copy is a new file: Save as asks before replacing one that exists.
                    Role::Copy => None,
                })
                .collect()
        } else {
            self.scenario_path
                .iter()
                .map(|p| (p.clone(), true))
                .chain([(self.map_path.clone(), false)])
                .collect()
        };
        files
            .into_iter()
            .filter_map(|(path, scenario)| {
                let stamp = self.stamp(scenario)?;
                let diff = match stamp.check(&path) {
                    OnDisk::Same => return None,
                    // Gone: a save writes it again, which loses nothing.
                    OnDisk::Missing if only_written => return None,
                    OnDisk::Missing => vec!["the file was removed".into()],
                    OnDisk::Changed(now) => crate::disk::line_diff(&stamp.text, &now, 8),
                };
                Some(Conflict { path, diff })
            })
            .collect()
    }

    /// Saves the map and the scenario, each atomically through the shared writer,
    /// writing only a file whose text differs from the one on disk. A file changed on
    /// disk since it was read or written is not written over: the save stops with
    /// [`SaveError::ChangedOnDisk`] and writes nothing. Returns the files written.
    pub fn save(&mut self) -> Result<Vec<PathBuf>, SaveError> {
        self.save_checked(true)
    }

    /// Saves as [`Document::save`] does, over files changed on disk (the designer was
    /// asked and chose to overwrite them).
    pub fn save_over(&mut self) -> Result<Vec<PathBuf>, SaveError> {
        self.save_checked(false)
    }

    fn save_checked(&mut self, check: bool) -> Result<Vec<PathBuf>, SaveError> {
        if self.untitled {
            return Err(SaveError::Failed(
                "this new map has no file yet: type a path in the Save as field and press Save to path (or Save as…)"
                    .into(),
            ));
        }
        if check {
            let conflicts = self.changed_on_disk(true);
            if !conflicts.is_empty() {
                return Err(SaveError::ChangedOnDisk(conflicts));
            }
        }
        let mut wrote = Vec::new();
        for (path, text, role) in self.to_write()? {
            write_atomically(&path, &text)?;
            let stamp = Stamp::of(&path, &text);
            match role {
                Role::Scenario => self.scenario_disk = stamp,
                Role::Map => self.map_disk = stamp,
                Role::Copy => {}
            }
            wrote.push(path);
        }
        self.copies.clear();
        self.mark_saved();
        Ok(wrote)
    }

    /// Saves under a new scenario path with the map where it is ([`MapChoice::Same`]);
    /// see [`Document::save_as_with`].
    pub fn save_as(&mut self, path: &Path) -> Result<Vec<PathBuf>, SaveError> {
        self.save_as_with(path, MapChoice::Same, false)
    }

    /// The document as Save as to `path` would leave it, before anything is written: a
    /// scenario saved into another folder has its map, overlay and army-list references
    /// rewritten to reach the same files from there; its map stays where it is
    /// ([`MapChoice::Same`]: written only when it changed) or becomes a copy beside it
    /// ([`MapChoice::Copy`]); a never-saved map moves beside the scenario as
    /// `<stem>.map.ron`; a map alone simply moves.
    pub fn saved_as(&self, path: &Path, choice: MapChoice) -> Result<Document, String> {
        let mut next = self.clone();
        let (untitled, old_scenario) = (self.untitled, self.scenario_path.clone());
        if let Some(s) = &mut next.scenario {
            let old_dir = old_scenario
                .as_deref()
                .and_then(Path::parent)
                .unwrap_or(Path::new("."))
                .to_path_buf();
            let new_dir = path.parent().unwrap_or(Path::new("."));
            rebase_references(s, &old_dir, new_dir)?;
            next.copies = copy_leaving_pack(s, &self.referenced, path)?;
            for (dest, text) in &next.copies {
                next.referenced.push((same_file_key(dest), text.clone()));
            }
            if untitled || choice == MapChoice::Copy {
                let name = path
                    .file_name()
                    .and_then(|n| n.to_str())
                    .unwrap_or("untitled.scenario.ron");
                let stem = name.strip_suffix(".scenario.ron").unwrap_or(name);
                next.map_path = path.with_file_name(format!("{stem}.map.ron"));
                s.map = format!("{stem}.map.ron");
                next.map_disk = None;
                // Both files are new: everything is written.
                next.saved = None;
            } else {
                // The map keeps its file: written only if its text changed.
                next.saved = self.saved.clone().map(|(_, m)| (None, m));
            }
            next.scenario_path = Some(path.to_path_buf());
            next.scenario_disk = None;
        } else {
            next.map_path = path.to_path_buf();
            next.map_disk = None;
            next.saved = None;
        }
        next.untitled = false;
        Ok(next)
    }

    /// Saves under a new scenario path (see [`Document::saved_as`] for where the map
    /// goes); `over`: write over files changed on disk. Nothing of the document changes
    /// unless the save succeeds, so after a failed save it can be saved elsewhere.
    /// Returns the files written.
    pub fn save_as_with(
        &mut self,
        path: &Path,
        choice: MapChoice,
        over: bool,
    ) -> Result<Vec<PathBuf>, SaveError> {
        let mut next = self.saved_as(path, choice)?;
        let wrote = next.save_checked(!over)?;
        *self = next;
        Ok(wrote)
    }

    /// Whether the map has edits not saved to its file.
    pub fn map_edited(&self) -> bool {
        let saved = self.saved.as_ref().map(|(_, m)| m.as_str());
        match self.texts() {
            Ok((_, map)) => saved != Some(map.as_str()),
            Err(_) => true,
        }
    }

    /// The files Save as to `path` would write over that exist and are not the
    /// document's own.
    pub fn would_replace(&self, path: &Path, choice: MapChoice) -> Vec<PathBuf> {
        let Ok(next) = self.saved_as(path, choice) else {
            return vec![];
        };
        let own: Vec<PathBuf> = self
            .scenario_path
            .iter()
            .chain([&self.map_path])
            .filter(|_| !self.untitled)
            .map(|p| same_file_key(p))
            .collect();
        next.to_write()
            .unwrap_or_default()
            .into_iter()
            .map(|(p, _, _)| p)
            .filter(|p| p.exists() && !own.contains(&same_file_key(p)))
            .collect()
    }

    /// Whether `path` names the document's own file (Save as there is a Save).
    pub fn is_own(&self, path: &Path) -> bool {
        !self.untitled && same_file_key(path) == same_file_key(self.main_path())
    }

    /// The references of the scenario, as Save as to `path` would write them, that would
    /// lead outside the pack of `path` (the file would not open again: MU013).
    pub fn references_leaving_pack(&self, path: &Path, choice: MapChoice) -> Vec<String> {
        let Ok(next) = self.saved_as(path, choice) else {
            return vec![];
        };
        let Some(s) = &next.scenario else {
            return vec![];
        };
        let dir = path.parent().unwrap_or(Path::new("."));
        let checker = muster_check::Checker::new();
        let refs = std::iter::once(&s.map)
            .chain(s.overlays.iter().map(|o| &o.file))
            .chain(&s.army_lists)
            .chain(s.sides.iter().flat_map(|side| &side.army_lists));
        refs.filter(|r| {
            matches!(
                checker.admit_reference(path, &dir.join(r.as_str())),
                Err(muster_check::Refusal::Outside)
            )
        })
        .cloned()
        .collect()
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

/// What a file the save writes is: the scenario, the map, or a copy of an overlay or an
/// army list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    Scenario,
    Map,
    Copy,
}

/// The overlays and army lists whose references, written from the scenario at `path`,
/// would lead outside its pack (MU013: it would not open again): each becomes a copy beside
/// the scenario, byte for byte as read (`referenced`), and its reference the copy's name.
/// Two different files of one name are refused: one copy would hide the other.
fn copy_leaving_pack(
    s: &mut ScenarioFile,
    referenced: &[(PathBuf, Arc<str>)],
    path: &Path,
) -> Result<Vec<(PathBuf, Arc<str>)>, String> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let checker = muster_check::Checker::new();
    let mut copies: Vec<(PathBuf, Arc<str>)> = Vec::new();
    let refs = s
        .overlays
        .iter_mut()
        .map(|o| &mut o.file)
        .chain(s.army_lists.iter_mut())
        .chain(
            s.sides
                .iter_mut()
                .flat_map(|side| side.army_lists.iter_mut()),
        );
    for r in refs {
        let target = dir.join(r.as_str());
        if !matches!(
            checker.admit_reference(path, &target),
            Err(muster_check::Refusal::Outside)
        ) {
            continue;
        }
        // A file that did not load is left: the refusal names its reference.
        let key = same_file_key(&target);
        let Some((_, text)) = referenced.iter().find(|(p, _)| *p == key) else {
            continue;
        };
        let Some(name) = target.file_name().and_then(|n| n.to_str()) else {
            continue;
        };
        let dest = dir.join(name);
        match copies.iter().find(|(d, _)| *d == dest) {
            Some((_, t)) if t != text => {
                return Err(format!(
                    "not saved: two different files named {name} would be copied beside the scenario (from {r}); rename one"
                ))
            }
            Some(_) => {}
            None => copies.push((dest, text.clone())),
        }
        *r = name.to_string();
    }
    Ok(copies)
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

/// A path as the same file is known by: absolute and lexically normal.
fn same_file_key(p: &Path) -> PathBuf {
    std::path::absolute(p)
        .map(|a| muster_check::lexical(&a))
        .unwrap_or_else(|_| p.to_path_buf())
}

/// Writes `text` to `path` atomically (the shared writer), with a message for the status bar.
pub fn write_atomically(path: &Path, bytes: impl AsRef<[u8]>) -> Result<(), String> {
    muster_check::write_atomically(path, bytes.as_ref())
        .map_err(|e| format!("cannot save {}: {e}", path.display()))
}

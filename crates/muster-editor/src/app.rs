//! The editor's state, messages and update logic. Views are in [`crate::panels`].

use crate::canvas::{Caches, Camera, CanvasMessage};
use crate::document::Document;
use crate::edit::{Edit, History, Layers};
use crate::recovery;
use crate::snapshot::Snapshot;
use crate::tool::Tool;
use crate::validate::{Item, Job};
use iced::keyboard::{self, key::Named, Key};
use iced::widget::text_editor;
use iced::{Task, Vector};
use muster_check::Severity;
use muster_hex::{Hex, LineStep};
use muster_model::{HexId, SetupEntry, UnitRef, Zone};
use std::collections::HashSet;
use std::path::PathBuf;

/// Everything the editor shows and edits.
pub struct App {
    /// The document.
    pub doc: Document,
    /// Undo and redo.
    pub history: History,
    /// What the canvas draws.
    pub snap: Snapshot,
    /// Layer caches.
    pub caches: Caches,
    /// The view.
    pub camera: Camera,
    /// Active tool.
    pub tool: Tool,
    /// Brush radius in hexes (0, 1, 2 for sizes 1, 2, 3).
    pub brush: u32,
    /// Hex under the pointer.
    pub hover: Option<Hex>,
    /// Selected hex.
    pub selected: Option<Hex>,
    /// Highlighted hexes (reach, line of fire).
    pub highlight: Vec<Hex>,
    /// Latest diagnostics.
    pub diagnostics: Vec<Item>,
    /// Hexes with errors.
    pub error_hexes: HashSet<Hex>,
    /// Generation of the latest validation request.
    pub generation: u64,
    /// Status line.
    pub status: String,
    /// Path typed for Open / Save as.
    pub path_input: String,
    /// Quick-entry hexes ("0504, 0505").
    pub quick: String,
    /// Text for the label tool.
    pub label: String,
    /// Facing given to placed units (a side, or a point for stands that face one).
    pub facing: String,
    /// A zone expression to show on the map (`Row("08xx")`).
    pub zone: String,
    /// Value given to placed markers (a fire's turns, a wall's damage stage).
    pub marker_value: String,
    /// Elevation the elevation tool sets.
    pub elevation: String,
    /// Turn on which placed units enter as reinforcements (empty: set-up).
    pub enters_on: String,
    /// Name of the zone the zone tools paint.
    pub zone_name: String,
    /// Level given to placed units in a siege-tower hex.
    pub level: Option<muster_model::Level>,
    /// Side whose pieces the siege-works buttons place.
    pub piece_side: usize,
    /// How far the overlay being placed is turned (sixths), R to turn.
    pub overlay_turn: u32,
    /// The ghost of the overlay being placed.
    pub ghost: Option<crate::ghost::Ghost>,
    /// The open section of the palette, if any.
    pub section: Option<crate::tool::Section>,
    /// The road being drawn: index in the map's paths.
    pub road: Option<usize>,
    /// The source panel, when open: which file, its text, and the last parse error.
    pub source: Option<(bool, text_editor::Content, Option<String>)>,
    /// Recovered texts offered on start.
    pub recovery: Option<(Option<String>, String)>,
    /// An action waiting for "discard unsaved changes?".
    pub pending: Option<Pending>,
    /// The New dialog, while it is open.
    pub new_form: Option<crate::new_map::NewMap>,
    /// The pointer's position on the canvas, to find the hex under it again when the map
    /// moves under a still pointer (pan, fit, zoom by keys).
    pub pointer: Option<iced::Point>,
    stroke: Vec<Edit>,
    /// The last hex of the brush stroke under way: the next sample is joined to it by a
    /// hex line, so a fast stroke skips no hex.
    stroke_last: Option<Hex>,
    drag: Option<(Hex, Hex)>,
    los_from: Option<Hex>,
    /// The attackers clicked so far with the combat-odds tool.
    odds_attackers: Vec<Hex>,
}

/// Actions that would lose unsaved changes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Pending {
    /// Open the path in the path field.
    Open,
    /// Start a new document.
    New,
    /// Close the window.
    Quit,
}

/// Everything that can happen.
#[derive(Debug, Clone)]
pub enum Message {
    /// From the map canvas.
    Canvas(CanvasMessage),
    /// Choose a tool.
    Tool(Tool),
    /// Brush size (1, 2, 3).
    Brush(u32),
    /// Undo.
    Undo,
    /// Redo.
    Redo,
    /// Save.
    Save,
    /// Save under the path in the path field (the button beside it).
    SaveAs,
    /// Open the path in the path field.
    Open,
    /// Choose a file to open in the native dialog.
    OpenDialog,
    /// Choose where to save in the native dialog.
    SaveAsDialog,
    /// The native dialog's answer: the path, and whether it was for saving.
    Picked(Option<PathBuf>, bool),
    /// New empty map and scenario.
    New,
    /// Discard unsaved changes and do the pending action.
    Confirm,
    /// Save, then do the pending action.
    SavePending,
    /// From the New dialog.
    NewMap(crate::new_map::Message),
    /// Keep the unsaved changes.
    Cancel,
    /// Path field edited.
    PathInput(String),
    /// Quick-entry field edited.
    QuickInput(String),
    /// Label field edited.
    LabelInput(String),
    /// Facing field edited.
    FacingInput(String),
    /// Zone field edited.
    ZoneInput(String),
    /// Marker-value field edited.
    MarkerValueInput(String),
    /// Elevation field edited.
    ElevationInput(String),
    /// Reinforcement-turn field edited.
    EntersOnInput(String),
    /// Zone-name field edited.
    ZoneNameInput(String),
    /// Level for placed units (None: ground).
    Level(Option<muster_model::Level>),
    /// The side whose pieces the siege-works buttons place.
    PieceSide(usize),
    /// Open a section of the palette.
    Section(crate::tool::Section),
    /// Mark a piece as entering through the board edge, or not (Siege 2.41).
    ToggleEntering(String),
    /// Highlight the hexes of the zone field's expression.
    ShowZone,
    /// Place the selected unit on the quick-entry hexes.
    QuickPlace,
    /// Validation finished.
    Validated(u64, Vec<Item>),
    /// Centre the map on a diagnostic's hex.
    Focus(String),
    /// A key nobody else took.
    Key(keyboard::Event),
    /// Fit the map to the window.
    Fit,
    /// Open or close the source panel (true: scenario, false: map).
    Source(Option<bool>),
    /// Edit in the source panel.
    SourceEdit(text_editor::Action),
    /// Apply the source panel's text.
    SourceApply,
    /// Restore the recovered texts.
    Recover,
    /// Discard the recovered texts.
    DiscardRecovery,
    /// Periodic autosave.
    Autosave,
    /// Write the map as a PNG beside the document, through the shared renderer.
    ExportPng,
    /// The window's close button: asks first when there are unsaved changes.
    CloseRequested,
}

impl App {
    /// Opens a document (or a new one when `path` is `None` or cannot be read).
    pub fn new(path: Option<PathBuf>) -> (App, Task<Message>) {
        let blank = || {
            Document::untitled(
                "untitled",
                "a-la-charge",
                "clear",
                muster_hex::GridSpec::flat(12, 10),
            )
        };
        let (doc, status) = match &path {
            Some(p) => match Document::open(p) {
                Ok(d) => (d, format!("opened {}", p.display())),
                Err(e) => (blank(), e),
            },
            None => (
                blank(),
                "new map (Ctrl+N asks for its title and grid)".into(),
            ),
        };
        let snap = Snapshot::of(&doc);
        let camera = Camera::fit(&snap, 820.0, 640.0);
        let recovery = recovery::load(doc.main_path());
        let mut app = App {
            path_input: doc.main_path().display().to_string(),
            doc,
            history: History::default(),
            snap,
            caches: Caches::default(),
            camera,
            tool: Tool::Select,
            brush: 0,
            hover: None,
            selected: None,
            highlight: vec![],
            diagnostics: vec![],
            error_hexes: HashSet::new(),
            generation: 0,
            status,
            quick: String::new(),
            label: String::new(),
            facing: String::new(),
            zone: String::new(),
            marker_value: String::new(),
            elevation: "1".into(),
            enters_on: String::new(),
            zone_name: String::new(),
            level: None,
            piece_side: 0,
            overlay_turn: 0,
            ghost: None,
            section: Some(crate::tool::Section::default()),
            road: None,
            source: None,
            recovery,
            pending: None,
            new_form: None,
            pointer: None,
            stroke: vec![],
            stroke_last: None,
            drag: None,
            los_from: None,
            odds_attackers: Vec::new(),
        };
        let task = app.revalidate();
        (app, task)
    }

    /// The window title, with a dirty marker.
    pub fn title(&self) -> String {
        let name = self
            .doc
            .main_path()
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or("untitled")
            .to_string();
        format!(
            "{name}{} — Muster",
            if self.doc.is_dirty() { " •" } else { "" }
        )
    }

    fn revalidate(&mut self) -> Task<Message> {
        self.generation += 1;
        let generation = self.generation;
        match Job::of(&self.doc) {
            Ok(job) => Task::perform(async move { job.run() }, move |items| {
                Message::Validated(generation, items)
            }),
            Err(e) => {
                self.status = e;
                Task::none()
            }
        }
    }

    /// Rebuilds what depends on the document after it changed; only the canvas layers
    /// the change touched are redrawn.
    fn changed(&mut self, layers: Layers) -> Task<Message> {
        self.snap = Snapshot::of(&self.doc);
        self.caches.clear(layers);
        self.revalidate()
    }

    fn apply(&mut self, edit: Edit) -> Task<Message> {
        let layers = self.history.apply(&mut self.doc, edit);
        self.changed(layers)
    }

    fn printed(&self, hex: Hex) -> String {
        self.snap.grid.to_printed(hex)
    }

    /// Paints the brush at `hex`, and along the hex line from the stroke's last sample, so
    /// that a pointer moving fast leaves no gap.
    fn paint(&mut self, hex: Hex) {
        let Tool::Terrain(t) = &self.tool else { return };
        let terrain = if *t == self.doc.map.default_terrain {
            None
        } else {
            Some(t.clone())
        };
        if self.stroke.is_empty() && self.stroke_last.is_none() {
            self.history.begin_live(&mut self.doc);
        }
        let centres: Vec<Hex> = match self.stroke_last.replace(hex) {
            Some(last) if last != hex => muster_hex::hex_line(last, hex)
                .into_iter()
                .flat_map(LineStep::hexes)
                .collect(),
            _ => vec![hex],
        };
        let mut hexes: Vec<Hex> = Vec::new();
        for c in centres {
            for h in c.range(self.brush) {
                if self.snap.grid.contains(h) && !hexes.contains(&h) {
                    hexes.push(h);
                }
            }
        }
        for h in hexes {
            let id = self.printed(h);
            let inverse = Edit::Terrain {
                hex: id,
                terrain: terrain.clone(),
            }
            .apply(&mut self.doc);
            self.stroke.push(inverse);
        }
        self.snap = Snapshot::of(&self.doc);
        self.caches.terrain.clear();
    }

    fn fill(&self, start: Hex, terrain: &str) -> Edit {
        let from = self.snap.terrain.get(&start).cloned().unwrap_or_default();
        let mut seen = HashSet::from([start]);
        let mut todo = vec![start];
        let mut edits = Vec::new();
        let value = if terrain == self.doc.map.default_terrain {
            None
        } else {
            Some(terrain.to_string())
        };
        while let Some(h) = todo.pop() {
            edits.push(Edit::Terrain {
                hex: self.printed(h),
                terrain: value.clone(),
            });
            for n in self.snap.grid.neighbors_on_map(h) {
                if self.snap.terrain.get(&n) == Some(&from) && seen.insert(n) {
                    todo.push(n);
                }
            }
        }
        Edit::Batch(edits)
    }

    fn place_line(&self, side: usize, unit: usize, hexes: Vec<String>) -> Option<Edit> {
        let s = self.doc.scenario.as_ref()?;
        let sd = s.sides.get(side)?;
        let def = sd.units.get(unit)?;
        // With a turn in the "enters on turn" field the units are a reinforcement entering
        // through these hexes, written as the print writes it.
        if let Some(turn) = self
            .enters_on
            .trim()
            .parse::<u32>()
            .ok()
            .filter(|t| *t >= 1)
        {
            let mut next = s.clone();
            next.sides[side]
                .reinforcements
                .push(muster_model::Reinforcement {
                    units: vec![UnitRef {
                        count: 1,
                        unit: def.id.clone(),
                    }],
                    turn,
                    enter: Zone::Hexes(hexes.into_iter().map(HexId).collect()),
                    moves_from_entry: false,
                    source: None,
                });
            return Some(Edit::Scenario(Box::new(next)));
        }
        let entry = SetupEntry {
            facing: Some(self.facing.clone()).filter(|f| !f.is_empty()),
            level: self.level.filter(|_| has_levels(&s.ruleset)),
            ..SetupEntry::new(
                vec![UnitRef {
                    count: hexes.len().max(1) as u32,
                    unit: def.id.clone(),
                }],
                Zone::Hexes(hexes.into_iter().map(HexId).collect()),
            )
        };
        Some(Edit::InsertSetup {
            side,
            index: sd.setup.len(),
            entry,
        })
    }

    /// Puts the `next` anchor (in letter order) of an overlay placement on `hex`.
    fn place_anchor(&mut self, placement: usize, next: usize, hex: Hex) -> Task<Message> {
        let Some(s) = &self.doc.scenario else {
            return Task::none();
        };
        let Some(p) = s.overlays.get(placement) else {
            return Task::none();
        };
        let letters: Vec<String> = match self.doc.overlays.get(placement).and_then(|o| o.as_ref()) {
            Some(o) => o.anchors.keys().cloned().collect(),
            None => p.at.keys().cloned().collect(),
        };
        let Some(letter) = letters.get(next).cloned() else {
            return Task::none();
        };
        let mut scenario = s.clone();
        scenario.overlays[placement]
            .at
            .insert(letter.clone(), muster_model::HexId(self.printed(hex)));
        let done = next + 1 >= letters.len();
        self.tool = if done {
            Tool::Select
        } else {
            Tool::Overlay {
                placement,
                next: next + 1,
            }
        };
        self.status = if done {
            format!(
                "overlay {} placed: see the diagnostics for its fit",
                placement + 1
            )
        } else {
            format!(
                "anchor {letter} on {}: now click the hex for anchor {}",
                self.printed(hex),
                letters[next + 1]
            )
        };
        let task = self.apply(Edit::Scenario(Box::new(scenario)));
        self.overlay_turn = 0;
        self.update_ghost();
        task
    }

    /// After undo or redo: a half-placed overlay goes back to its first anchor, since the
    /// anchor it would continue from may be gone; the ghost and the line of fire are cleared.
    fn after_history(&mut self) {
        if let Tool::Overlay { placement, .. } = self.tool {
            self.tool = Tool::Overlay { placement, next: 0 };
        }
        if let Tool::EdgeZone(Some(_)) = self.tool {
            self.tool = Tool::EdgeZone(None);
        }
        self.ghost = None;
        self.los_from = None;
        self.odds_attackers.clear();
        self.road = None;
    }

    /// Forgets what belonged to the previous document (tool, previews, half-done tool
    /// steps) when another one is opened or a new one started.
    fn reset_for_new_document(&mut self) {
        self.tool = Tool::Select;
        self.ghost = None;
        self.los_from = None;
        self.odds_attackers.clear();
        self.road = None;
        self.highlight.clear();
        self.selected = None;
        self.source = None;
        self.level = None;
        self.overlay_turn = 0;
        // Nothing of the old document stays drawn: its error outlines, its diagnostics,
        // the hex read-out.
        self.error_hexes.clear();
        self.diagnostics.clear();
        self.hover = None;
        self.stroke.clear();
        self.stroke_last = None;
        self.caches.clear_all();
    }

    /// Recomputes the ghost of the overlay being placed (after its first anchor).
    fn update_ghost(&mut self) {
        self.ghost = None;
        let Tool::Overlay { placement, next: 1 } = self.tool else {
            return;
        };
        let (Some(s), Some(Some(overlay))) = (&self.doc.scenario, self.doc.overlays.get(placement))
        else {
            return;
        };
        let Some(letter) = overlay.anchors.keys().next() else {
            return;
        };
        let first = s
            .overlays
            .get(placement)
            .and_then(|p| p.at.get(letter))
            .and_then(|h| self.snap.grid.from_printed(h.as_str()).ok());
        if let Some(first) = first {
            let mirrored = s.overlays.get(placement).is_some_and(|p| p.mirrored);
            self.ghost =
                crate::ghost::ghost(&self.snap.grid, overlay, first, self.overlay_turn, mirrored);
            if let Some(g) = &self.ghost {
                self.status = format!(
                    "{}; press R to turn it; click the hex for the next anchor{}",
                    if g.fits {
                        "the overlay fits"
                    } else {
                        "the overlay runs off the map"
                    },
                    g.second
                        .map(|b| format!(" (at this turn: {})", self.snap.grid.to_printed(b)))
                        .unwrap_or_default()
                );
            }
        }
    }

    /// Highlights the hexes of the zone typed in the zone field, as the scenario files
    /// write zones (`Row("08xx")`, `Edge(side: East, from: "1401", to: "0401")` …).
    fn show_zone(&mut self) {
        let text = self.zone.trim();
        // Wrapped in a field, so that `Edge(side: ...)` is read as a variant and not as a
        // named top-level struct.
        let parsed = muster_check::syntax::read(&format!("(zone: {text})"))
            .map_err(|e| e.message)
            .and_then(|n| {
                serde_json::from_value::<Zone>(n.to_json()["zone"].clone())
                    .map_err(|e| format!("not a zone: {e}"))
            });
        let zone = match parsed {
            Ok(z) => z,
            Err(e) => {
                self.status = format!("zone: {e}");
                return;
            }
        };
        let mut sink = Vec::new();
        let world =
            muster_rules::World::from_map(&self.doc.map, muster_rules::FileRole::This, &mut sink);
        match world.resolve(&zone) {
            Ok(hexes) => {
                self.highlight = hexes
                    .into_iter()
                    .filter(|h| self.snap.grid.contains(*h))
                    .collect();
                self.status = format!("zone: {} hexes", self.highlight.len());
            }
            Err(e) => self.status = format!("zone: {e}"),
        }
    }

    /// Highlights the named zone of the zone-name field.
    fn show_named_zone(&mut self) {
        let id = self.zone_name.trim().to_lowercase().replace(' ', "-");
        let mut sink = Vec::new();
        let world =
            muster_rules::World::from_map(&self.doc.map, muster_rules::FileRole::This, &mut sink);
        if let Some(Ok(hexes)) = world.named_zone(&id).map(|z| world.resolve(z)) {
            self.status = format!("zone {id}: {} hexes", hexes.len());
            self.highlight = hexes;
        }
    }

    /// Moves the set-up lines that put units in `from` alone to `to` (drag to move).
    fn move_units(&self, from: Hex, to: Hex) -> Option<Edit> {
        let s = self.doc.scenario.as_ref()?;
        let (a, b) = (self.printed(from), self.printed(to));
        let mut edits = Vec::new();
        for (si, side) in s.sides.iter().enumerate() {
            for (i, e) in side.setup.iter().enumerate().rev() {
                if matches!(&e.at, Zone::Hexes(v) if v.len() == 1 && v[0].as_str() == a) {
                    let mut moved = e.clone();
                    moved.at = Zone::Hexes(vec![HexId(b.clone())]);
                    edits.push(Edit::RemoveSetup { side: si, index: i });
                    edits.push(Edit::InsertSetup {
                        side: si,
                        index: i,
                        entry: moved,
                    });
                }
            }
        }
        (!edits.is_empty()).then_some(Edit::Batch(edits))
    }

    fn extend_road(&mut self, hex: Hex) -> Edit {
        let id = muster_model::HexId(self.printed(hex));
        let mut paths = self.doc.map.paths.clone();
        let last = self
            .road
            .and_then(|i| paths.get(i))
            .and_then(|p| p.hexes.last())
            .and_then(|h| self.snap.grid.from_printed(h.as_str()).ok());
        match (self.road, last) {
            (Some(i), Some(l)) if muster_hex::distance(l, hex) == 1 => paths[i].hexes.push(id),
            _ => {
                let kind = muster_rules::ruleset(&self.doc.map.ruleset)
                    .and_then(|r| r.paths.first())
                    .map(|p| p.id.clone())
                    .unwrap_or_else(|| "road".into());
                paths.push(muster_model::PathEntry {
                    kind,
                    name: None,
                    hexes: vec![id],
                });
                self.road = Some(paths.len() - 1);
            }
        }
        Edit::Paths(paths)
    }

    /// Removes the reinforcements entering through `hex` (those written as a list of hexes).
    fn erase_reinforcements(&self, hex: Hex) -> Option<Edit> {
        let s = self.doc.scenario.as_ref()?;
        let id = self.printed(hex);
        let mut next = s.clone();
        for side in &mut next.sides {
            side.reinforcements.retain(
                |r| !matches!(&r.enter, Zone::Hexes(v) if v.iter().any(|h| h.as_str() == id)),
            );
        }
        (next != *s).then(|| Edit::Scenario(Box::new(next)))
    }

    /// Why the "enters on turn" field cannot be used, if it cannot.
    fn bad_turn(&self) -> Option<String> {
        let t = self.enters_on.trim();
        (!t.is_empty() && t.parse::<u32>().map_or(true, |n| n == 0))
            .then(|| format!("`{t}` is not a turn: type 1 or more, or empty it for set-up lines"))
    }

    fn erase_at(&self, hex: Hex) -> Edit {
        let id = self.printed(hex);
        let mut edits = Vec::new();
        if let Some(s) = &self.doc.scenario {
            for (si, sd) in s.sides.iter().enumerate() {
                for (i, e) in sd.setup.iter().enumerate().rev() {
                    if matches!(&e.at, Zone::Hexes(v) if v.len() == 1 && v[0].as_str() == id) {
                        edits.push(Edit::RemoveSetup { side: si, index: i });
                    }
                }
            }
        }
        Edit::Batch(edits)
    }

    fn select(&mut self, hex: Hex) {
        self.selected = Some(hex);
        self.highlight.clear();
        let Some(resolved) = self.doc.resolve() else {
            return;
        };
        let s = resolved.file;
        let held = resolved.placements.certainly_held(hex);
        // What the system shows for the hex (a Charles the Bold general's command radius).
        if let Some(h) = muster_rules::highlight(&resolved, hex) {
            self.status = h.status;
            self.highlight = h.hexes;
            return;
        }
        // A counter whose unit the set-up names: its reach. Otherwise the set-up lines
        // through this hex (an owner's choice, or several unit types filling a stretch).
        let known = held
            .iter()
            .filter(|o| !o.free)
            .chain(held.iter())
            .find_map(|o| Some((o, o.unit?)));
        let p = &resolved.placements;
        let zones: Vec<Hex> = p
            .who_could_be(hex)
            .iter()
            .filter(|l| p.candidates(**l).len() > 1)
            .flat_map(|l| p.candidates(*l).iter().copied())
            .collect();
        if !zones.is_empty() && known.is_none() {
            let what = if held.is_empty() {
                "deployment zone"
            } else {
                "set-up line"
            };
            self.status = format!("{what} of {} hexes", zones.len());
            self.highlight = zones;
            return;
        }
        if let Some((o, unit)) = known {
            let reach = muster_rules::reach(&resolved, o.side, unit, hex);
            self.highlight = reach.hexes.iter().map(|(h, _)| *h).collect();
            let name = &s.sides[o.side].units[unit].name;
            self.status = match reach.restricted {
                Some(why) => format!("{name} cannot move: {why}"),
                None => format!(
                    "{name}: {} hexes within {} MP",
                    self.highlight.len(),
                    reach.mp
                ),
            };
        }
    }

    fn line_of_fire(&mut self, hex: Hex) {
        let Some(from) = self.los_from.take() else {
            self.los_from = Some(hex);
            self.highlight = vec![hex];
            self.status = format!("line of fire from {}: click the target", self.printed(hex));
            return;
        };
        let Some(resolved) = self.doc.resolve() else {
            return;
        };
        let ends = (
            muster_rules::fire_end_at(&resolved, from),
            muster_rules::fire_end_at(&resolved, hex),
        );
        match muster_rules::line_of_fire(&resolved, ends.0, ends.1) {
            Ok(los) => {
                self.highlight = los.path.clone();
                self.status = format!(
                    "{} → {}: {} — {}",
                    self.printed(from),
                    self.printed(hex),
                    if los.clear { "clear" } else { "blocked" },
                    los.reason
                );
            }
            Err(e) => {
                self.highlight = muster_hex::hex_line(from, hex)
                    .into_iter()
                    .flat_map(LineStep::hexes)
                    .collect();
                self.status = e.to_string();
            }
        }
    }

    /// The combat-odds tool: a click on a hex of the attacking side adds an attacker; a
    /// click on an enemy's hex asks the library (as `muster query odds` does) and says the
    /// odds. Melee when an attacker is in contact, archery fire when none is.
    fn combat_odds(&mut self, hex: Hex) {
        let Some(resolved) = self.doc.resolve() else {
            return;
        };
        let side_at = |h: Hex| {
            resolved
                .placements
                .certainly_held(h)
                .iter()
                .find(|o| !o.free)
                .map(|o| o.side)
        };
        let Some(side) = side_at(hex) else {
            self.status = format!(
                "no combat unit is certainly set up in {}",
                self.printed(hex)
            );
            return;
        };
        let attacking = self.odds_attackers.first().and_then(|&a| side_at(a));
        if attacking.is_none_or(|a| a == side) {
            if !self.odds_attackers.contains(&hex) {
                self.odds_attackers.push(hex);
            }
            self.highlight = self.odds_attackers.clone();
            let names: Vec<String> = self
                .odds_attackers
                .iter()
                .map(|&h| self.printed(h))
                .collect();
            self.status = format!(
                "attacking from {}: click another attacker, or the defender",
                names.join(", ")
            );
            return;
        }
        let attackers = std::mem::take(&mut self.odds_attackers);
        let fire = attackers.iter().all(|&a| muster_hex::distance(a, hex) > 1);
        let ask = muster_rules::a_la_charge::combat::Ask {
            attackers: attackers.clone(),
            defender: hex,
            fire,
            charging: vec![],
            reduced: vec![],
        };
        self.highlight = attackers.iter().copied().chain([hex]).collect();
        let names: Vec<String> = attackers.iter().map(|&h| self.printed(h)).collect();
        self.status = match muster_rules::a_la_charge::combat::odds(&resolved, &ask) {
            Ok(o) => {
                let shift = o
                    .shift
                    .as_ref()
                    .map(|(t, n)| format!(", {t} shifts {n} left to {}", o.column))
                    .unwrap_or_default();
                format!(
                    "{} → {}: {} {} against {}: {}{shift} (§12)",
                    names.join(" + "),
                    self.printed(hex),
                    if fire { "archery" } else { "melee" },
                    o.attack,
                    o.defence,
                    o.ratio_column
                )
            }
            Err(e) => e,
        };
    }

    fn open(&mut self) -> Task<Message> {
        match Document::open(std::path::Path::new(self.path_input.trim())) {
            Ok(doc) => {
                self.recovery = recovery::load(doc.main_path());
                self.status = format!("opened {}", self.path_input.trim());
                self.replace_document(doc)
            }
            Err(e) => {
                self.status = e;
                Task::none()
            }
        }
    }

    /// Puts another document in place of this one (the caller has asked about unsaved
    /// changes): its recovery file goes, since its changes were saved or discarded.
    fn replace_document(&mut self, doc: Document) -> Task<Message> {
        if self.doc.main_path() != doc.main_path() {
            recovery::discard(self.doc.main_path());
        }
        self.doc = doc;
        self.reset_for_new_document();
        self.history = History::default();
        self.snap = Snapshot::of(&self.doc);
        self.camera = Camera::fit(&self.snap, 820.0, 640.0);
        self.changed(Layers::ALL)
    }

    /// Opens the New dialog (the caller has asked about unsaved changes).
    fn new_document(&mut self) -> Task<Message> {
        self.new_form = Some(crate::new_map::NewMap::default());
        self.status = "new map: give it a title, a ruleset and its grid, then Create".into();
        Task::none()
    }

    fn new_map(&mut self, m: crate::new_map::Message) -> Task<Message> {
        let Some(form) = &mut self.new_form else {
            return Task::none();
        };
        match form.update(m) {
            Some(crate::new_map::Event::Create(doc)) => {
                self.new_form = None;
                self.recovery = None;
                self.path_input = std::env::current_dir()
                    .unwrap_or_default()
                    .join(doc.main_path())
                    .display()
                    .to_string();
                self.status = format!(
                    "new map {}: nothing is written until you save it (Save to path with the path field, or Save as…)",
                    doc.map.title
                );
                self.replace_document(*doc)
            }
            Some(crate::new_map::Event::Cancel) => {
                self.new_form = None;
                self.status = "no new map".into();
                Task::none()
            }
            None => Task::none(),
        }
    }

    /// Saves; whether the document is now saved. A new document that has no file yet
    /// asks for a path instead.
    fn save_now(&mut self) -> bool {
        if self.doc.untitled {
            self.status = "this new map has no file yet: type its path in the path field and press Save to path (or use Save as…)".into();
            return false;
        }
        match self.doc.save() {
            Ok(wrote) => {
                recovery::discard(self.doc.main_path());
                self.status = saved_status(&wrote);
                true
            }
            Err(e) => {
                self.status = e;
                false
            }
        }
    }

    fn save(&mut self) -> Task<Message> {
        if self.doc.untitled {
            // No file yet: choose one (the native dialog; without one, the status line
            // says to use the path field).
            self.save_now();
            return self.update(Message::SaveAsDialog);
        }
        self.save_now();
        Task::none()
    }

    /// Saves under the path in the path field; then goes on with an action that was
    /// waiting for the save (Save in the close prompt of a new document).
    fn save_as(&mut self) -> Task<Message> {
        let path = PathBuf::from(self.path_input.trim());
        if self.path_input.trim().is_empty() {
            self.status = "type the path to save to in the path field".into();
            return Task::none();
        }
        let old = self.doc.main_path().to_path_buf();
        match self.doc.save_as(&path) {
            Ok(wrote) => {
                recovery::discard(&old);
                recovery::discard(self.doc.main_path());
                self.status = saved_status(&wrote);
                match self.pending.take() {
                    Some(p) => self.proceed(p),
                    None => Task::none(),
                }
            }
            Err(e) => {
                self.status = e;
                Task::none()
            }
        }
    }

    /// Does an action that was waiting for unsaved changes to be saved or discarded.
    fn proceed(&mut self, pending: Pending) -> Task<Message> {
        match pending {
            Pending::Open => self.open(),
            Pending::New => self.new_document(),
            Pending::Quit => {
                recovery::discard(self.doc.main_path());
                iced::exit()
            }
        }
    }

    /// Finds the hex under the pointer again after the map moved under it.
    fn rehover(&mut self) {
        self.hover = self
            .pointer
            .map(|p| self.camera.hex_at(&self.snap, p))
            .filter(|h| self.snap.grid.contains(*h));
    }

    fn key(&mut self, event: keyboard::Event) -> Task<Message> {
        let keyboard::Event::KeyPressed { key, modifiers, .. } = event else {
            return Task::none();
        };
        let step = 60.0;
        match (key.as_ref(), modifiers.command(), modifiers.shift()) {
            (Key::Character("z"), true, false) => self.update(Message::Undo),
            (Key::Character("z"), true, true) | (Key::Character("y"), true, _) => {
                self.update(Message::Redo)
            }
            (Key::Character("s"), true, false) => self.update(Message::Save),
            (Key::Character("s"), true, true) => self.update(Message::SaveAsDialog),
            (Key::Character("o"), true, _) => self.update(Message::OpenDialog),
            (Key::Character("n"), true, _) => self.update(Message::New),
            (Key::Character("+") | Key::Character("="), false, _) => self.zoom(1.2),
            (Key::Character("-"), false, _) => self.zoom(1.0 / 1.2),
            (Key::Character("f"), false, _) => self.update(Message::Fit),
            (Key::Named(Named::ArrowLeft), ..) => self.pan(Vector::new(step, 0.0)),
            (Key::Named(Named::ArrowRight), ..) => self.pan(Vector::new(-step, 0.0)),
            (Key::Named(Named::ArrowUp), ..) => self.pan(Vector::new(0.0, step)),
            (Key::Named(Named::ArrowDown), ..) => self.pan(Vector::new(0.0, -step)),
            (Key::Named(Named::Escape), ..) => self.update(Message::Tool(Tool::Select)),
            (Key::Character("r"), false, _)
                if matches!(self.tool, Tool::Overlay { next: 1, .. }) =>
            {
                self.overlay_turn = (self.overlay_turn + 1) % 6;
                self.update_ghost();
                Task::none()
            }
            _ => Task::none(),
        }
    }

    fn pan(&mut self, by: Vector) -> Task<Message> {
        self.camera.offset += by;
        self.caches.clear_all();
        self.rehover();
        Task::none()
    }

    fn zoom(&mut self, k: f32) -> Task<Message> {
        self.camera.zoom = (self.camera.zoom * k).clamp(4.0, 120.0);
        self.caches.clear_all();
        self.rehover();
        Task::none()
    }

    /// Handles a message.
    pub fn update(&mut self, message: Message) -> Task<Message> {
        match message {
            Message::Canvas(m) => self.canvas(m),
            Message::Tool(t) => {
                self.tool = t;
                self.ghost = None;
                self.road = None;
                self.los_from = None;
                self.odds_attackers.clear();
                self.status = format!("tool: {}", self.tool.name());
                Task::none()
            }
            Message::Brush(n) => {
                self.brush = n.clamp(1, 3) - 1;
                Task::none()
            }
            Message::Undo => {
                if let Some(layers) = self.history.undo(&mut self.doc) {
                    self.status = "undone".into();
                    let task = self.changed(layers);
                    self.after_history();
                    return task;
                }
                Task::none()
            }
            Message::Redo => {
                if let Some(layers) = self.history.redo(&mut self.doc) {
                    self.status = "redone".into();
                    let task = self.changed(layers);
                    self.after_history();
                    return task;
                }
                Task::none()
            }
            Message::Save => self.save(),
            Message::OpenDialog => Task::perform(
                async {
                    rfd::AsyncFileDialog::new()
                        .set_title("Open a scenario or map")
                        .add_filter("Muster files", &["ron", "json"])
                        .pick_file()
                        .await
                        .map(|f| f.path().to_path_buf())
                },
                |p| Message::Picked(p, false),
            ),
            Message::SaveAsDialog => {
                let name = self
                    .doc
                    .main_path()
                    .file_name()
                    .map(|n| n.to_string_lossy().to_string())
                    .unwrap_or_default();
                let dir = self.doc.main_path().parent().map(|p| p.to_path_buf());
                Task::perform(
                    async move {
                        let mut d = rfd::AsyncFileDialog::new()
                            .set_title("Save as")
                            .set_file_name(name);
                        if let Some(dir) = dir {
                            d = d.set_directory(dir);
                        }
                        d.save_file().await.map(|f| f.path().to_path_buf())
                    },
                    |p| Message::Picked(p, true),
                )
            }
            Message::Picked(None, save) => {
                self.status = if save {
                    "no file chosen (without a file dialog, type a path in the field and press Save to path)"
                } else {
                    "no file chosen (without a file dialog, type a path in the field and press Enter)"
                }
                .into();
                Task::none()
            }
            Message::Picked(Some(path), save) => {
                self.path_input = path.display().to_string();
                self.update(if save { Message::SaveAs } else { Message::Open })
            }
            Message::SaveAs => self.save_as(),
            Message::NewMap(m) => self.new_map(m),
            Message::Open | Message::New if self.doc.is_dirty() => {
                self.pending = Some(if matches!(message, Message::Open) {
                    Pending::Open
                } else {
                    Pending::New
                });
                Task::none()
            }
            Message::Open => {
                self.pending = None;
                self.open()
            }
            Message::New => {
                self.pending = None;
                self.new_document()
            }
            Message::CloseRequested => {
                if self.doc.is_dirty() {
                    let _ = recovery::save(&self.doc);
                    self.pending = Some(Pending::Quit);
                    Task::none()
                } else {
                    recovery::discard(self.doc.main_path());
                    iced::exit()
                }
            }
            Message::Confirm => match self.pending.take() {
                Some(p) => {
                    // The changes are discarded: so is their recovery file.
                    recovery::discard(self.doc.main_path());
                    self.proceed(p)
                }
                None => Task::none(),
            },
            Message::SavePending => {
                if self.doc.untitled {
                    // Keep the prompt: Save to path (or Save as…) goes on with it.
                    self.save_now();
                    return self.update(Message::SaveAsDialog);
                }
                match (self.save_now(), self.pending.take()) {
                    (true, Some(p)) => self.proceed(p),
                    (false, p) => {
                        self.pending = p;
                        Task::none()
                    }
                    (true, None) => Task::none(),
                }
            }
            Message::Cancel => {
                self.pending = None;
                Task::none()
            }
            Message::PathInput(s) => {
                self.path_input = s;
                Task::none()
            }
            Message::QuickInput(s) => {
                self.quick = s;
                Task::none()
            }
            Message::LabelInput(s) => {
                self.label = s;
                Task::none()
            }
            Message::ZoneInput(s) => {
                self.zone = s;
                Task::none()
            }
            Message::EntersOnInput(s) => {
                self.enters_on = s;
                Task::none()
            }
            Message::ElevationInput(s) => {
                self.elevation = s;
                Task::none()
            }
            Message::ZoneNameInput(s) => {
                self.zone_name = s;
                Task::none()
            }
            Message::MarkerValueInput(s) => {
                self.marker_value = s;
                Task::none()
            }
            Message::Level(l) => {
                self.level = l;
                Task::none()
            }
            Message::ToggleEntering(id) => {
                let Some(s) = &self.doc.scenario else {
                    return Task::none();
                };
                let mut next = s.clone();
                match next.pieces.iter_mut().find(|p| p.id == id) {
                    Some(p) => {
                        p.entering = !p.entering;
                        self.apply(Edit::Scenario(Box::new(next)))
                    }
                    None => Task::none(),
                }
            }
            Message::Section(section) => {
                // A second click on the open section's header closes it.
                self.section = (self.section != Some(section)).then_some(section);
                Task::none()
            }
            Message::PieceSide(i) => {
                self.piece_side = i;
                if let Tool::Piece { kind, .. } = self.tool.clone() {
                    self.tool = Tool::Piece { side: i, kind };
                }
                Task::none()
            }
            Message::ShowZone => {
                self.show_zone();
                Task::none()
            }
            Message::FacingInput(s) => {
                self.facing = s.trim().to_uppercase();
                Task::none()
            }
            Message::QuickPlace => self.quick_place(),
            Message::Validated(generation, items) => {
                if generation == self.generation {
                    self.error_hexes = items
                        .iter()
                        .filter(|i| i.severity == Severity::Error)
                        .filter_map(|i| {
                            i.hex
                                .as_deref()
                                .and_then(|h| self.snap.grid.from_printed(h).ok())
                        })
                        .collect();
                    self.diagnostics = items;
                }
                Task::none()
            }
            Message::Focus(hex) => {
                if let Ok(h) = self.snap.grid.from_printed(&hex) {
                    let (x, y) = self.snap.grid.center(h, self.camera.zoom);
                    self.camera.offset = Vector::new(410.0 - x, 320.0 - y);
                    self.selected = Some(h);
                    self.caches.clear_all();
                }
                Task::none()
            }
            Message::Key(e) => self.key(e),
            Message::Fit => {
                self.camera = Camera::fit(&self.snap, 820.0, 640.0);
                self.caches.clear_all();
                self.rehover();
                Task::none()
            }
            Message::Source(which) => {
                self.source = which.and_then(|scenario| {
                    let (s, m) = self.doc.texts().ok()?;
                    let text = if scenario { s? } else { m };
                    Some((scenario, text_editor::Content::with_text(&text), None))
                });
                Task::none()
            }
            Message::SourceEdit(action) => {
                if let Some((_, content, _)) = &mut self.source {
                    content.perform(action);
                }
                Task::none()
            }
            Message::SourceApply => self.source_apply(),
            Message::Recover => {
                if let Some((scenario, map)) = self.recovery.take() {
                    let (s, m) = (scenario.map(|t| (true, t)), (false, map));
                    let mut edits = Vec::new();
                    for (is_scenario, text) in s.into_iter().chain([m]) {
                        match crate::panels::parse_source(&self.doc, is_scenario, &text) {
                            Ok(e) => edits.push((is_scenario, text, e)),
                            Err(e) => self.status = format!("cannot restore: {e}"),
                        }
                    }
                    let (texts, edits): (Vec<_>, Vec<_>) =
                        edits.into_iter().map(|(s, t, e)| ((s, t), e)).unzip();
                    let task = self.apply(Edit::Batch(edits));
                    for (is_scenario, text) in texts {
                        self.doc.adopt_comments(is_scenario, &text);
                    }
                    return task;
                }
                Task::none()
            }
            Message::DiscardRecovery => {
                self.recovery = None;
                recovery::discard(self.doc.main_path());
                Task::none()
            }
            Message::ExportPng => {
                self.status = match crate::export::png(&self.doc) {
                    Ok(path) => format!("wrote {}", path.display()),
                    Err(e) => e,
                };
                Task::none()
            }
            Message::Autosave => {
                if self.doc.is_dirty() {
                    if let Err(e) = recovery::save(&self.doc) {
                        self.status = e;
                    }
                }
                Task::none()
            }
        }
    }

    fn canvas(&mut self, m: CanvasMessage) -> Task<Message> {
        match m {
            CanvasMessage::Hover(h) => {
                self.hover = h;
                Task::none()
            }
            CanvasMessage::Pointer(p) => {
                self.pointer = p;
                self.rehover();
                Task::none()
            }
            CanvasMessage::Camera(c, p) => {
                self.camera = c;
                self.pointer = Some(p);
                self.caches.clear_all();
                self.rehover();
                Task::none()
            }
            CanvasMessage::Press(hex, side) => {
                if !self.snap.grid.contains(hex) {
                    return Task::none();
                }
                match self.tool.clone() {
                    Tool::Select => {
                        self.drag = Some((hex, hex));
                        self.select(hex);
                        Task::none()
                    }
                    Tool::Terrain(_) => {
                        self.stroke.clear();
                        self.stroke_last = None;
                        self.paint(hex);
                        Task::none()
                    }
                    Tool::Fill(t) => {
                        let e = self.fill(hex, &t);
                        self.apply(e)
                    }
                    Tool::Hexside(feature) => {
                        let id = self.snap.grid.print_hexside(side);
                        let current = self
                            .doc
                            .map
                            .hexsides
                            .iter()
                            .find(|e| e.side == id)
                            .map(|e| e.feature.clone());
                        let next = if current == feature { None } else { feature };
                        self.apply(Edit::Hexside {
                            side: id,
                            feature: next,
                        })
                    }
                    Tool::Place { .. } if self.bad_turn().is_some() => {
                        self.status = self.bad_turn().unwrap_or_default();
                        Task::none()
                    }
                    Tool::Place { side, unit } => {
                        match self.place_line(side, unit, vec![self.printed(hex)]) {
                            Some(e) => self.apply(e),
                            None => Task::none(),
                        }
                    }
                    Tool::Erase => {
                        let e = self.erase_at(hex);
                        if !e.is_empty() {
                            return self.apply(e);
                        }
                        if let Some(e) = self.erase_reinforcements(hex) {
                            return self.apply(e);
                        }
                        let covering: Vec<String> = self
                            .snap
                            .pieces
                            .iter()
                            .filter(|p| p.hexes.contains(&hex))
                            .map(|p| p.id.clone())
                            .collect();
                        match self.doc.scenario.as_ref().and_then(|s| {
                            crate::siege_works::erase_works(s, &covering, &self.snap.grid, hex)
                        }) {
                            Some(e) => self.apply(e),
                            None => Task::none(),
                        }
                    }
                    Tool::Elevation => match crate::map_tools::set_elevation(
                        &self.doc.map,
                        &self.snap.grid,
                        hex,
                        &self.elevation,
                    ) {
                        Ok(Some(e)) => self.apply(e),
                        Ok(None) => Task::none(),
                        Err(e) => {
                            self.status = e;
                            Task::none()
                        }
                    },
                    Tool::ZonePaint => {
                        match crate::map_tools::toggle_zone_hex(
                            &self.doc.map,
                            &self.snap.grid,
                            &self.zone_name,
                            hex,
                        ) {
                            Ok(e) => {
                                let task = self.apply(e);
                                self.show_named_zone();
                                task
                            }
                            Err(e) => {
                                self.status = e;
                                Task::none()
                            }
                        }
                    }
                    Tool::EdgeZone(None) => {
                        self.tool = Tool::EdgeZone(Some(hex));
                        self.highlight = vec![hex];
                        self.status = format!(
                            "edge zone from {}: click the other end on the same edge",
                            self.printed(hex)
                        );
                        Task::none()
                    }
                    Tool::EdgeZone(Some(from)) => {
                        self.tool = Tool::EdgeZone(None);
                        match crate::map_tools::edge_zone(
                            &self.doc.map,
                            &self.snap.grid,
                            &self.zone_name,
                            from,
                            hex,
                        ) {
                            Ok(Some(e)) => {
                                let task = self.apply(e);
                                self.show_named_zone();
                                task
                            }
                            Ok(None) => {
                                self.show_named_zone();
                                Task::none()
                            }
                            Err(e) => {
                                self.status = format!("edge zone: {e}");
                                Task::none()
                            }
                        }
                    }
                    Tool::Piece { side, kind } => {
                        let edit = self.doc.scenario.as_ref().and_then(|s| {
                            crate::siege_works::place_piece(
                                s,
                                &self.snap.grid,
                                side,
                                &kind,
                                hex,
                                &self.facing,
                            )
                        });
                        match edit {
                            Some(e) => self.apply(e),
                            None => Task::none(),
                        }
                    }
                    Tool::Marker(kind) => match &self.doc.scenario {
                        Some(s) => {
                            let e = crate::siege_works::toggle_marker(
                                s,
                                &self.snap.grid,
                                &kind,
                                hex,
                                &self.marker_value,
                            );
                            self.apply(e)
                        }
                        None => Task::none(),
                    },
                    Tool::LineOfFire => {
                        self.line_of_fire(hex);
                        Task::none()
                    }
                    Tool::Odds => {
                        self.combat_odds(hex);
                        Task::none()
                    }
                    Tool::Road => {
                        let e = self.extend_road(hex);
                        self.apply(e)
                    }
                    Tool::Overlay { placement, next } => self.place_anchor(placement, next, hex),
                    Tool::Label => {
                        let label = Some(self.label.trim().to_string()).filter(|l| !l.is_empty());
                        self.apply(Edit::Label {
                            hex: self.printed(hex),
                            label,
                        })
                    }
                }
            }
            CanvasMessage::Drag(hex) => {
                if matches!(self.tool, Tool::Terrain(_)) && self.snap.grid.contains(hex) {
                    self.paint(hex);
                }
                if let Some((from, _)) = self.drag {
                    self.drag = Some((from, hex));
                }
                Task::none()
            }
            CanvasMessage::Release => {
                if let Some((from, to)) = self.drag.take() {
                    if from != to && self.snap.grid.contains(to) {
                        if let Some(edit) = self.move_units(from, to) {
                            self.status = format!(
                                "moved from {} to {}",
                                self.printed(from),
                                self.printed(to)
                            );
                            return self.apply(edit);
                        }
                    }
                }
                if self.stroke_last.take().is_none() {
                    return Task::none();
                }
                let mut inverses = std::mem::take(&mut self.stroke);
                inverses.reverse();
                self.history.record(&mut self.doc, Edit::Batch(inverses));
                self.changed(Layers {
                    terrain: true,
                    units: false,
                })
            }
        }
    }

    fn quick_place(&mut self) -> Task<Message> {
        let Tool::Place { side, unit } = self.tool else {
            self.status = "choose a unit in the palette first".into();
            return Task::none();
        };
        if let Some(why) = self.bad_turn() {
            self.status = why;
            return Task::none();
        }
        let mut hexes = Vec::new();
        for part in self
            .quick
            .split([',', ' ', ';'])
            .map(str::trim)
            .filter(|p| !p.is_empty())
        {
            match self.snap.grid.from_printed(part) {
                Ok(h) if self.snap.grid.contains(h) => hexes.push(self.printed(h)),
                Ok(_) => {
                    self.status = format!("{part} is not on the map");
                    return Task::none();
                }
                Err(e) => {
                    self.status = e.to_string();
                    return Task::none();
                }
            }
        }
        if hexes.is_empty() {
            self.status = "type printed hexes: 0504, 0505, 0508".into();
            return Task::none();
        }
        match self.place_line(side, unit, hexes) {
            Some(e) => {
                self.quick.clear();
                self.apply(e)
            }
            None => Task::none(),
        }
    }

    fn source_apply(&mut self) -> Task<Message> {
        let Some((scenario, content, _)) = &self.source else {
            return Task::none();
        };
        let (scenario, text) = (*scenario, content.text());
        match crate::panels::parse_source(&self.doc, scenario, &text) {
            Ok(edit) => {
                if let Some((_, _, err)) = &mut self.source {
                    *err = None;
                }
                self.status = "applied".into();
                let task = self.apply(edit);
                self.doc.adopt_comments(scenario, &text);
                task
            }
            Err(e) => {
                if let Some((_, _, err)) = &mut self.source {
                    *err = Some(e);
                }
                Task::none()
            }
        }
    }
}

/// The status line after a save: every file written, or that nothing needed writing.
fn saved_status(wrote: &[PathBuf]) -> String {
    if wrote.is_empty() {
        return "nothing to save: the files on disk are up to date".into();
    }
    let cwd = std::env::current_dir().ok();
    let names: Vec<String> = wrote
        .iter()
        .map(|p| muster_check::display_path(p, cwd.as_deref()))
        .collect();
    format!("saved {}", names.join(" and "))
}

/// Whether a ruleset has pieces with an upper level (siege towers), so set-up lines can
/// say which level a character stands on.
pub fn has_levels(ruleset: &str) -> bool {
    muster_rules::ruleset(ruleset).is_some_and(|r| r.pieces.iter().any(|p| p.above > 0))
}

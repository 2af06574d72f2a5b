//! The editor's state and messages, and `update`, which routes each message to the module
//! of its concern (files, painting, placing, inspect, view, pointer, source). Views are in
//! [`crate::panels`].

use crate::canvas::{Caches, Camera, CanvasMessage};
use crate::document::Document;
use crate::edit::{Edit, History, Layers};
use crate::recovery;
use crate::snapshot::Snapshot;
use crate::tool::Tool;
use crate::validate::{Item, Job};
use iced::keyboard::{self, key::Named, Key};
use iced::{Task, Vector};
use muster_check::Severity;
use muster_hex::{Hex, Hexside, LineStep};
use muster_model::{HexId, SetupEntry, UnitRef, Zone};
use std::collections::HashSet;
use std::path::PathBuf;

mod files;
mod paste;
mod pointer;
mod properties;
mod saving;
mod source;
mod tools;
mod trace;
mod transcription;
mod view;

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
    /// The palette: the tool in force, the values it uses, the layers shown.
    pub palette: crate::palette::Palette,
    /// Hex under the pointer.
    pub hover: Option<Hex>,
    /// Selected hex.
    pub selected: Option<Hex>,
    /// Highlighted hexes (reach, line of fire).
    pub highlight: Vec<Hex>,
    /// Whether the highlighted hexes are what the selected hex shows (its reach, its zone),
    /// to be read again after every change; otherwise another tool lit them.
    highlight_is_selection: bool,
    /// Latest diagnostics.
    pub diagnostics: Vec<Item>,
    /// Hexes with errors.
    pub error_hexes: HashSet<Hex>,
    /// Generation of the latest validation request.
    pub generation: u64,
    /// Status line.
    pub status: String,
    /// Path typed for Open (its own field: Enter or Open opens it).
    pub path_input: String,
    /// Path typed for Save as (its own field, apart from Open's: Save to path saves
    /// there, asking before it replaces a file).
    pub save_as_input: String,
    /// The question a save, reload or restore is waiting on, if any.
    pub file_prompt: Option<crate::file_prompt::FilePrompt>,
    /// Files changed on disk that the designer chose to keep his version of: not asked
    /// about again until they change once more (a save still asks).
    pub kept_over_disk: Vec<crate::document::Conflict>,
    /// How far the overlay being placed is turned (sixths), R to turn.
    pub overlay_turn: u32,
    /// The ghost of the overlay being placed.
    pub ghost: Option<crate::ghost::Ghost>,
    /// The road being drawn: index in the map's paths.
    pub road: Option<usize>,
    /// The source panel, when open.
    pub source: Option<crate::source_panel::SourcePanel>,
    /// Recovered texts offered on start (the first unanswered recovery file).
    pub recovery: Option<recovery::Recovered>,
    /// Unanswered recovery files of the document waiting behind the one offered (each
    /// is offered in turn once that one is restored or discarded).
    pub recovery_behind: usize,
    /// The recovery slot this session autosaves to: one no unanswered recovery file holds.
    pub recovery_slot: usize,
    /// An action waiting for "discard unsaved changes?".
    pub pending: Option<Pending>,
    /// The New dialog, while it is open.
    pub new_form: Option<crate::new_map::NewMap>,
    /// The canvas's size as it last told it (`None` until it has been drawn, and again
    /// after another document is opened: it is fitted to the canvas when it tells).
    pub viewport: Option<iced::Size>,
    /// The pointer's position on the canvas, to find the hex under it again when the map
    /// moves under a still pointer (pan, fit, zoom by keys).
    pub pointer: Option<iced::Point>,
    stroke: Vec<Edit>,
    /// The last hex of the brush stroke under way: the next sample is joined to it by a
    /// hex line, so a fast stroke skips no hex.
    stroke_last: Option<Hex>,
    drag: Option<(Hex, Hex)>,
    los_from: Option<Hex>,
    /// The transcription view, when open (in place of the inspector).
    pub transcript: Option<crate::transcript::Transcript>,
    /// The last line of fire asked with the tool, drawn and explained until the tool,
    /// the document or the history changes.
    pub shot: Option<crate::shot::Shot>,
    /// The attackers clicked so far with the combat-odds tool.
    odds_attackers: Vec<Hex>,
    /// The window's layout as last drawn (a digest of the banners and panels shown) and
    /// the parity of the window's background, flipped when the layout changes: see
    /// [`App::window_style`].
    layout_seen: std::cell::Cell<(u64, bool)>,
    /// The menu open in the menu bar, if any.
    pub menu: Option<crate::menu::Title>,
    /// The entry of the open menu the arrow keys have lit (its index in the menu's
    /// entries), which Enter chooses.
    pub menu_cursor: Option<usize>,
    /// The Export PNG prompt, while it is open.
    pub export_form: Option<crate::export_prompt::ExportPrompt>,
    /// The pack browser, when open (Open from pack, or no file dialog answered).
    pub browser: Option<crate::pack_browser::PackBrowser>,
    /// Whether the Help bar (the keyboard shortcuts) is shown.
    pub help_open: bool,
    /// The property inspector's state.
    pub properties: crate::properties::Properties,
    /// The transcription view's paste box (issue 32).
    pub paste: crate::paste::Paste,
    /// The trace panel and the picture under the grid (issue 32).
    pub trace: crate::trace_layer::Trace,
}

/// Actions that would lose unsaved changes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Pending {
    /// Open the path in the Open field.
    Open,
    /// Start a new document.
    New,
    /// Close the window.
    Quit,
}

/// Everything that can happen: each panel's messages, wrapped, and the shell's own
/// commands (files, undo, the view, the menu bar, prompts).
#[derive(Debug, Clone)]
pub enum Message {
    /// From the map canvas.
    Canvas(CanvasMessage),
    /// From the palette.
    Palette(crate::palette::Message),
    /// From the property inspector.
    Property(crate::properties::Message),
    /// From the source panel.
    SourcePanel(crate::source_panel::Message),
    /// From the transcription view.
    Transcription(crate::transcript::Message),
    /// From the New dialog.
    NewMap(crate::new_map::Message),
    /// From the Export PNG prompt.
    ExportPrompt(crate::export_prompt::Message),
    /// Close the open menu, if any (Escape taken by a text field).
    CloseMenu,
    /// Undo.
    Undo,
    /// Redo.
    Redo,
    /// Save.
    Save,
    /// Save under the path in the Save as field (the button beside it).
    SaveAs,
    /// Open the path in the Open field.
    Open,
    /// Choose a file to open in the native dialog.
    OpenDialog,
    /// List the pack's files to open one (no desktop dialog needed).
    BrowsePack,
    /// From the pack browser.
    Browser(crate::pack_browser::Message),
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
    /// Keep the unsaved changes.
    Cancel,
    /// Open's path field edited.
    PathInput(String),
    /// Save as's path field edited.
    SaveAsInput(String),
    /// An answer to the question of a save, reload or restore.
    FilePrompt(crate::file_prompt::Message),
    /// Mark a piece as entering through the board edge, or not (Siege 2.41).
    ToggleEntering(String),
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
    /// Restore the recovered texts.
    Recover,
    /// Discard the recovered texts.
    DiscardRecovery,
    /// Periodic autosave.
    Autosave,
    /// Open the Export PNG prompt (where, and at how many pixels a hex).
    ExportPng,
    /// Zoom in (true) or out by a step, about the window's centre.
    Zoom(bool),
    /// Open a menu of the menu bar (`None`: close the open one).
    Menu(Option<crate::menu::Title>),
    /// A menu entry was chosen: the menu closes and its message is handled.
    MenuChoose(Box<Message>),
    /// Show (true) or hide the Help bar.
    Help(bool),
    /// The window's close button: asks first when there are unsaved changes.
    CloseRequested,
    /// One counter of the stack in a hex picked in the inspector: (hex, side, unit).
    PickCounter(Hex, usize, usize),
    /// Opens (true) or closes the transcription view.
    Transcript(bool),
    /// From the transcription view's paste box.
    Paste(crate::paste::Message),
    /// From the trace panel or the picture layer.
    Trace(crate::trace_layer::Message),
}

impl Message {
    /// Choose a tool (the palette's message; the menu and the shortcuts send it too).
    pub fn tool(tool: Tool) -> Message {
        Message::Palette(crate::palette::Message::Tool(tool))
    }
}

impl App {
    /// Opens a document (or a new one when `path` is `None` or cannot be read).
    pub fn new(path: Option<PathBuf>) -> (App, Task<Message>) {
        let blank = || {
            Document::untitled(
                "untitled",
                muster_rules::default_system().id(),
                "clear",
                muster_hex::GridSpec::flat(12, 10),
            )
        };
        let (doc, status) = match &path {
            Some(p) => match Document::open(p) {
                Ok(d) => (d, format!("opened {}", p.display())),
                Err(e) => (blank(), saving::with_boundary(e, p)),
            },
            None => (
                blank(),
                "new map (Ctrl+N asks for its title and grid)".into(),
            ),
        };
        let snap = Snapshot::of(&doc);
        let camera = Camera::fit(&snap, 820.0, 640.0);
        let waiting = recovery::pending(doc.main_path());
        let recovery_behind = waiting.len().saturating_sub(1);
        let recovery = waiting.into_iter().next();
        let recovery_slot = recovery::free_slot(doc.main_path());
        let status = match &path {
            Some(p) if status.starts_with("opened") => {
                format!("{status} {}", saving::boundary(p))
            }
            _ => status,
        };
        let mut app = App {
            path_input: doc.main_path().display().to_string(),
            save_as_input: doc.main_path().display().to_string(),
            file_prompt: None,
            kept_over_disk: Vec::new(),
            recovery_slot,
            doc,
            history: History::default(),
            snap,
            caches: Caches::default(),
            camera,
            palette: crate::palette::Palette::default(),
            hover: None,
            selected: None,
            highlight: vec![],
            highlight_is_selection: false,
            diagnostics: vec![],
            error_hexes: HashSet::new(),
            generation: 0,
            status,
            overlay_turn: 0,
            ghost: None,
            road: None,
            source: None,
            recovery,
            recovery_behind,
            pending: None,
            new_form: None,
            pointer: None,
            viewport: None,
            stroke: vec![],
            stroke_last: None,
            drag: None,
            los_from: None,
            shot: None,
            transcript: None,
            properties: Default::default(),
            odds_attackers: Vec::new(),
            layout_seen: Default::default(),
            menu: None,
            menu_cursor: None,
            export_form: None,
            browser: None,
            help_open: false,
            paste: Default::default(),
            trace: Default::default(),
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

    /// Takes the verdicts of the latest validation; older ones are dropped.
    pub(super) fn validated(&mut self, generation: u64, items: Vec<Item>) -> Task<Message> {
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

    /// Rebuilds what depends on the document after it changed; only the canvas layers
    /// the change touched are redrawn.
    fn changed(&mut self, layers: Layers) -> Task<Message> {
        self.snap = Snapshot::of(&self.doc);
        // The transcription view resolves the scenario again: only while it is open.
        if let Some(t) = &mut self.transcript {
            t.refresh(&self.doc);
        }
        // Lines may have come, gone or moved (an erase, an undo), terrain may change a
        // reach: the inspector and the lit hexes read the selected hex as it is now.
        self.refresh_selection();
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

    /// After undo or redo: a half-placed overlay goes back to its first anchor, since the
    /// anchor it would continue from may be gone; the ghost and the line of fire are cleared.
    fn after_history(&mut self) {
        if let Tool::Overlay { placement, .. } = self.palette.tool {
            self.palette.tool = Tool::Overlay { placement, next: 0 };
        }
        if let Tool::EdgeZone(Some(_)) = self.palette.tool {
            self.palette.tool = Tool::EdgeZone(None);
        }
        self.ghost = None;
        self.los_from = None;
        self.shot = None;
        self.odds_attackers.clear();
        self.road = None;
    }

    /// Forgets what belonged to the previous document (tool, previews, half-done tool
    /// steps) when another one is opened or a new one started.
    fn reset_for_new_document(&mut self) {
        self.palette.reset_for_new_document();
        // The trace's hex centres, samples and proposals name hexes of the old grid, and
        // a reading of a pasted set-up names the old sides' units.
        self.trace.forget_document();
        self.paste.reading = None;
        self.ghost = None;
        self.los_from = None;
        self.shot = None;
        self.odds_attackers.clear();
        self.road = None;
        self.highlight.clear();
        self.selected = None;
        self.source = None;
        if let Some(t) = &mut self.transcript {
            t.line = None;
        }
        self.properties = Default::default();
        self.overlay_turn = 0;
        // Nothing of the old document stays drawn: its error outlines, its diagnostics,
        // the hex read-out.
        self.error_hexes.clear();
        self.diagnostics.clear();
        self.hover = None;
        // The new map is fitted to the canvas once the canvas tells its size.
        self.viewport = None;
        self.stroke.clear();
        self.stroke_last = None;
        self.caches.clear_all();
    }

    /// Handles a message: a panel's goes to the panel, whose event (if any) the shell
    /// acts on; the shell's own commands are handled here or in the module of their concern.
    pub fn update(&mut self, message: Message) -> Task<Message> {
        match message {
            Message::Canvas(m) => self.canvas(m),
            Message::Palette(m) => self.palette_message(m),
            Message::Property(m) => self.property(m),
            Message::SourcePanel(m) => self.source_panel(m),
            Message::Transcription(m) => self.transcript_panel(m),
            Message::NewMap(m) => self.new_map(m),
            Message::ExportPrompt(m) => self.export_prompt(m),
            Message::CloseMenu => {
                self.menu = None;
                Task::none()
            }
            Message::Undo => self.step_history(true),
            Message::Redo => self.step_history(false),
            Message::Save => self.save(),
            Message::OpenDialog => self.open_dialog(),
            Message::BrowsePack => {
                self.browser = Some(crate::pack_browser::PackBrowser::of(self.doc.main_path()));
                Task::none()
            }
            Message::Browser(m) => self.browse(m),
            Message::SaveAsDialog => self.save_as_dialog(),
            Message::Picked(path, save) => self.picked(path, save),
            Message::SaveAs => self.save_as(),
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
            Message::CloseRequested => self.close_requested(),
            Message::Confirm => self.confirm(),
            Message::SavePending => self.save_pending(),
            Message::Cancel => {
                self.pending = None;
                Task::none()
            }
            Message::PathInput(s) => {
                self.path_input = s;
                Task::none()
            }
            Message::SaveAsInput(s) => {
                self.save_as_input = s;
                Task::none()
            }
            Message::FilePrompt(m) => self.file_prompt_answer(m),
            Message::ToggleEntering(id) => self.toggle_entering(id),
            Message::Validated(generation, items) => self.validated(generation, items),
            Message::Focus(hex) => self.focus(hex),
            Message::Key(e) => self.key(e),
            Message::PickCounter(hex, side, unit) => self.pick_counter(hex, side, unit),
            Message::Transcript(open) => self.open_transcript(open),
            Message::Paste(m) => self.paste_message(m),
            Message::Trace(m) => self.trace_message(m),
            Message::Fit => self.fit(),
            Message::Source(which) => self.show_source(which),
            Message::Recover => self.recover(),
            Message::DiscardRecovery => self.discard_recovery(),
            Message::ExportPng => self.export_png(),
            Message::Zoom(inwards) => self.zoom(if inwards { 1.2 } else { 1.0 / 1.2 }),
            Message::Menu(title) => {
                self.menu = title;
                self.menu_cursor = None;
                Task::none()
            }
            Message::MenuChoose(m) => {
                self.menu = None;
                self.update(*m)
            }
            Message::Help(open) => {
                self.help_open = open;
                Task::none()
            }
            Message::Autosave => self.autosave(),
        }
    }

    /// What the palette's events do.
    fn palette_message(&mut self, m: crate::palette::Message) -> Task<Message> {
        use crate::palette::Event;
        match self.palette.update(m) {
            Some(Event::ToolChosen) => {
                self.ghost = None;
                self.road = None;
                self.los_from = None;
                self.shot = None;
                self.odds_attackers.clear();
                // The status bar names the tool already: say how to use it.
                self.status = self.palette.tool.help().to_string();
                Task::none()
            }
            Some(Event::ShowZone) => {
                self.show_zone();
                Task::none()
            }
            Some(Event::QuickPlace) => self.quick_place(),
            Some(Event::LayersChanged) => {
                self.caches.clear_all();
                Task::none()
            }
            None => Task::none(),
        }
    }

    /// Undoes (true) or redoes one step, naming it in the status line.
    fn step_history(&mut self, undo: bool) -> Task<Message> {
        let (label, layers) = if undo {
            let label = self.history.undo_label().map(str::to_owned);
            (label, self.history.undo(&mut self.doc))
        } else {
            let label = self.history.redo_label().map(str::to_owned);
            (label, self.history.redo(&mut self.doc))
        };
        let Some(layers) = layers else {
            return Task::none();
        };
        let verb = if undo { "undone" } else { "redone" };
        self.status = format!("{verb}: {}", label.unwrap_or_default());
        let task = self.changed(layers);
        self.after_history();
        task
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

/// Whether a ruleset's units face a way (the GameSystem table says), so that the palette
/// and the inspector offer a facing: A la Charge has none.
pub fn has_facing(ruleset: &str) -> bool {
    muster_rules::system(ruleset).is_some_and(|s| s.has_facing())
}

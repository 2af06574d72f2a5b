//! Opening, saving, New and the prompts that guard unsaved changes.

use super::*;
use std::path::Path;

impl App {
    pub(super) fn open(&mut self) -> Task<Message> {
        match Document::open(std::path::Path::new(self.path_input.trim())) {
            Ok(doc) => {
                self.status = format!(
                    "opened {} {}",
                    self.path_input.trim(),
                    saving::boundary(doc.main_path())
                );
                self.save_as_input = doc.main_path().display().to_string();
                self.replace_document(doc)
            }
            Err(e) => {
                self.status = saving::with_boundary(e, Path::new(self.path_input.trim()));
                Task::none()
            }
        }
    }

    /// Puts another document in place of this one (the caller has asked about unsaved
    /// changes): its recovery file goes, since its changes were saved or discarded (the
    /// unanswered ones of earlier sessions stay, offered when it is opened again). The
    /// new document's own unanswered recovery files are offered.
    pub(super) fn replace_document(&mut self, doc: Document) -> Task<Message> {
        let another = self.doc.main_path() != doc.main_path();
        if another {
            recovery::discard(self.doc.main_path(), self.recovery_slot);
            self.recovery_slot = recovery::free_slot(doc.main_path());
        }
        self.file_prompt = None;
        self.kept_over_disk.clear();
        self.doc = doc;
        if another {
            self.offer_recovery();
        }
        self.reset_for_new_document();
        self.history = History::default();
        self.snap = Snapshot::of(&self.doc);
        self.camera = Camera::fit(&self.snap, 820.0, 640.0);
        self.changed(Layers::ALL)
    }

    /// Opens the New dialog (the caller has asked about unsaved changes).
    pub(super) fn new_document(&mut self) -> Task<Message> {
        self.new_form = Some(crate::new_map::NewMap::default());
        self.status = "new map: give it a title, a ruleset and its grid, then Create".into();
        Task::none()
    }

    pub(super) fn new_map(&mut self, m: crate::new_map::Message) -> Task<Message> {
        let Some(form) = &mut self.new_form else {
            return Task::none();
        };
        match form.update(m) {
            Some(crate::new_map::Event::Create(doc)) => {
                self.new_form = None;
                self.save_as_input = std::env::current_dir()
                    .unwrap_or_default()
                    .join(doc.main_path())
                    .display()
                    .to_string();
                self.status = format!(
                    "new map {}: nothing is written until you save it (Save to path with the Save as field, or Save as…)",
                    doc.map.title
                );
                let task = self.replace_document(*doc);
                self.recovery = None;
                self.recovery_behind = 0;
                task
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
    pub(super) fn save_now(&mut self) -> bool {
        if self.doc.untitled {
            self.status = "this new map has no file yet: type its path in the Save as field and press Save to path (or use Save as…)".into();
            return false;
        }
        let result = self.doc.save();
        self.saved(result, None)
    }

    pub(super) fn save(&mut self) -> Task<Message> {
        if self.doc.untitled {
            // No file yet: choose one (the native dialog; without one, the status line
            // says to use the path field).
            self.save_now();
            return self.update(Message::SaveAsDialog);
        }
        self.save_now();
        Task::none()
    }

    /// Does an action that was waiting for unsaved changes to be saved or discarded.
    pub(super) fn proceed(&mut self, pending: Pending) -> Task<Message> {
        match pending {
            Pending::Open => self.open(),
            Pending::New => self.new_document(),
            Pending::Quit => {
                recovery::discard(self.doc.main_path(), self.recovery_slot);
                iced::exit()
            }
        }
    }

    /// "Discard changes" in the unsaved-changes prompt: the changes go, and so does their
    /// recovery file; then the pending action.
    pub(super) fn confirm(&mut self) -> Task<Message> {
        match self.pending.take() {
            Some(p) => {
                recovery::discard(self.doc.main_path(), self.recovery_slot);
                self.proceed(p)
            }
            None => Task::none(),
        }
    }

    /// The native dialog's answer: open or save the path chosen.
    pub(super) fn picked(&mut self, path: Option<PathBuf>, save: bool) -> Task<Message> {
        let Some(path) = path else {
            if save {
                self.status = "no file chosen (without a file dialog, type a path in the Save as field and press Save to path)".into();
            } else {
                // No dialog answered (none under a bare X server, or it was cancelled):
                // the pack's own files, listed in the window.
                self.browser = Some(crate::pack_browser::PackBrowser::of(self.doc.main_path()));
                self.status = "no file chosen in a dialog: pick one of the pack's files below, or type a path in the Open field and press Enter".into();
            }
            return Task::none();
        };
        if save {
            self.save_as_input = path.display().to_string();
        } else {
            self.path_input = path.display().to_string();
        }
        self.update(if save { Message::SaveAs } else { Message::Open })
    }

    /// The pack browser's messages: filter, open a file (as the Open field does, asking
    /// first about unsaved changes), close.
    pub(super) fn browse(&mut self, m: crate::pack_browser::Message) -> Task<Message> {
        use crate::pack_browser::Message as B;
        match m {
            B::Filter(f) => {
                if let Some(b) = &mut self.browser {
                    b.filter = f;
                }
                Task::none()
            }
            B::Open(path) => {
                self.browser = None;
                self.path_input = path.display().to_string();
                self.update(Message::Open)
            }
            B::Close => {
                self.browser = None;
                Task::none()
            }
        }
    }

    /// Asks the platform dialog for a file to open.
    pub(super) fn open_dialog(&mut self) -> Task<Message> {
        Task::perform(
            async {
                rfd::AsyncFileDialog::new()
                    .set_title("Open a scenario or map")
                    .add_filter("Muster files", &["ron", "json"])
                    .pick_file()
                    .await
                    .map(|f| f.path().to_path_buf())
            },
            |p| Message::Picked(p, false),
        )
    }

    /// Asks the platform dialog where to save.
    pub(super) fn save_as_dialog(&mut self) -> Task<Message> {
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

    /// The window is closing: ask first when there are unsaved changes.
    pub(super) fn close_requested(&mut self) -> Task<Message> {
        if self.doc.is_dirty() {
            let _ = recovery::save(&self.doc, self.recovery_slot);
            self.pending = Some(Pending::Quit);
            Task::none()
        } else {
            recovery::discard(self.doc.main_path(), self.recovery_slot);
            iced::exit()
        }
    }

    /// Save, then go on with what the prompt was asked for.
    pub(super) fn save_pending(&mut self) -> Task<Message> {
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

    /// Opens the Export PNG prompt, offering `<name>.png` beside the document.
    pub(super) fn export_png(&mut self) -> Task<Message> {
        let path = crate::export::default_path(&self.doc);
        self.export_form = Some(crate::export_prompt::ExportPrompt::new(path));
        self.status = "export PNG: choose the file and the pixels per hex, then Export".into();
        Task::none()
    }

    /// Handles the Export PNG prompt: writes the picture through the shared renderer.
    pub(super) fn export_prompt(&mut self, m: crate::export_prompt::Message) -> Task<Message> {
        use crate::export_prompt::Event;
        let Some(form) = &mut self.export_form else {
            return Task::none();
        };
        match form.update(m) {
            Some(Event::Export(path, px)) => match crate::export::png(&self.doc, &path, px) {
                Ok((w, h)) => {
                    self.export_form = None;
                    self.status = format!("wrote {} ({w}×{h} pixels)", path.display());
                }
                Err(e) => {
                    form.error = Some(e.clone());
                    self.status = e;
                }
            },
            Some(Event::Cancel) => {
                self.export_form = None;
                self.status = "no PNG written".into();
            }
            None => {
                if let Some(e) = &form.error {
                    self.status = format!("export PNG: {e}");
                }
            }
        }
        Task::none()
    }

    /// Writes this session's recovery file when there are unsaved changes (never one
    /// whose question is still open), and asks about files changed on disk meanwhile.
    pub(super) fn autosave(&mut self) -> Task<Message> {
        if self.doc.is_dirty() {
            if let Err(e) = recovery::save(&self.doc, self.recovery_slot) {
                self.status = e;
            }
        }
        self.check_disk();
        Task::none()
    }
}

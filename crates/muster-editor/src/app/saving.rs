//! Saving without losing anything: Save as asks before it replaces a file that is not the
//! document's own and before it writes map edits into a map other scenarios may share; a
//! save over a file changed on disk asks first (overwrite, reload or cancel); recovered
//! texts are restored over newer edits only when asked. The questions are
//! [`crate::file_prompt`]; every write goes through the document's one writer.

use super::*;
use crate::document::{MapChoice, SaveError};
use crate::file_prompt::{FilePrompt, Message as Answer, SaveAs, Saving};
use std::path::Path;

/// The pack boundary of a file, for the status line: its references must stay inside.
pub(super) fn boundary(path: &Path) -> String {
    let cwd = std::env::current_dir().ok();
    let (root, manifest) = muster_check::pack_root_of(path);
    let shown = muster_check::display_path(&root, cwd.as_deref());
    // The working folder itself is named in full, not as ".".
    let root = match shown.as_str() {
        "" | "." => root.display().to_string(),
        _ => shown,
    };
    if manifest {
        format!("(pack boundary: {root}, its muster.pack.ron)")
    } else {
        format!("(no muster.pack.ron above it: the pack boundary is its folder {root})")
    }
}

/// A message about a file that did not open, with the file's pack boundary when a
/// reference of it leads outside the pack (MU013), so the designer sees where the line is.
pub(super) fn with_boundary(message: String, path: &Path) -> String {
    if message.contains("outside the pack") {
        format!("{message} {}", boundary(path))
    } else {
        message
    }
}

impl App {
    /// Takes a save's result: the status line, the recovery file, or the question when
    /// files changed on disk. Whether the document is now saved.
    pub(super) fn saved(
        &mut self,
        result: Result<Vec<PathBuf>, SaveError>,
        saving: Option<Saving>,
    ) -> bool {
        match result {
            Ok(wrote) => {
                recovery::discard(self.doc.main_path(), self.recovery_slot);
                self.status = saved_status(&wrote);
                true
            }
            Err(SaveError::ChangedOnDisk(conflicts)) => {
                let prompt = FilePrompt::ChangedOnDisk {
                    conflicts,
                    saving: Some(saving.unwrap_or(Saving::Save)),
                };
                self.status = prompt.question();
                self.file_prompt = Some(prompt);
                false
            }
            Err(SaveError::Failed(e)) => {
                self.status = e;
                false
            }
        }
    }

    /// Save as the path in the Save as field (the button beside it, or the dialog's
    /// answer).
    pub(super) fn save_as(&mut self) -> Task<Message> {
        let path = self.save_as_input.trim();
        if path.is_empty() {
            self.status = "type the path to save to in the Save as field".into();
            return Task::none();
        }
        self.continue_save_as(SaveAs::to(PathBuf::from(path)))
    }

    /// Goes on with a Save as: asks what is still to be asked, else saves; then goes on
    /// with an action that was waiting for the save (Save in the close prompt of a new
    /// document).
    fn continue_save_as(&mut self, mut request: SaveAs) -> Task<Message> {
        let path = request.path.clone();
        let choice = match request.map {
            Some(c) => c,
            None if self.doc.is_own(&path) => MapChoice::Same,
            None if self.doc.scenario.is_some() && !self.doc.untitled => {
                let leaves = self.doc.references_leaving_pack(&path, MapChoice::Same);
                let map_leaves = leaves.contains(&rebased_map(&self.doc, &path));
                if self.doc.map_edited() || map_leaves {
                    let copy = self
                        .doc
                        .saved_as(&path, MapChoice::Copy)
                        .map(|d| d.map_path)
                        .unwrap_or_default();
                    let prompt = FilePrompt::MapChoice {
                        request,
                        map: self.doc.map_path.clone(),
                        copy,
                        leaves_pack: map_leaves,
                    };
                    self.status = prompt.question();
                    self.file_prompt = Some(prompt);
                    return Task::none();
                }
                MapChoice::Same
            }
            None => MapChoice::Same,
        };
        request.map = Some(choice);
        let leaving = self.doc.references_leaving_pack(&path, choice);
        if !leaving.is_empty() {
            self.status = format!(
                "not saved: from {path} the references {refs} would lead outside its pack, and the file would not open again (MU013) {boundary}; save inside the pack",
                path = path.display(),
                refs = leaving.join(", "),
                boundary = boundary(&path),
            );
            return Task::none();
        }
        if !request.replace {
            let files = self.doc.would_replace(&path, choice);
            if !files.is_empty() {
                let prompt = FilePrompt::Replace { request, files };
                self.status = prompt.question();
                self.file_prompt = Some(prompt);
                return Task::none();
            }
        }
        let old = self.doc.main_path().to_path_buf();
        let result = self.doc.save_as_with(&path, choice, request.over);
        if !self.saved(result, Some(Saving::SaveAs(request))) {
            return Task::none();
        }
        recovery::discard(&old, self.recovery_slot);
        if old != self.doc.main_path() {
            self.recovery_slot = recovery::free_slot(self.doc.main_path());
            self.recovery = None;
            self.recovery_behind = 0;
        }
        self.save_as_input = self.doc.main_path().display().to_string();
        self.status = format!("{} {}", self.status, boundary(self.doc.main_path()));
        match self.pending.take() {
            Some(p) => self.proceed(p),
            None => Task::none(),
        }
    }

    /// The answer to the open question.
    pub(super) fn file_prompt_answer(&mut self, answer: Answer) -> Task<Message> {
        let Some(prompt) = self.file_prompt.take() else {
            return Task::none();
        };
        match (prompt, answer) {
            (FilePrompt::Replace { mut request, .. }, Answer::Replace) => {
                request.replace = true;
                self.continue_save_as(request)
            }
            (FilePrompt::MapChoice { mut request, .. }, Answer::SameMap) => {
                request.map = Some(MapChoice::Same);
                self.continue_save_as(request)
            }
            (FilePrompt::MapChoice { mut request, .. }, Answer::CopyMap) => {
                request.map = Some(MapChoice::Copy);
                self.continue_save_as(request)
            }
            (FilePrompt::ChangedOnDisk { saving, .. }, Answer::Overwrite) => match saving {
                Some(Saving::SaveAs(mut request)) => {
                    request.over = true;
                    self.continue_save_as(request)
                }
                _ => {
                    let result = self.doc.save_over();
                    match (self.saved(result, None), self.pending.take()) {
                        (true, Some(p)) => self.proceed(p),
                        (_, p) => {
                            self.pending = p;
                            Task::none()
                        }
                    }
                }
            },
            (FilePrompt::ChangedOnDisk { .. }, Answer::Reload) => self.reload(),
            (FilePrompt::ChangedOnDisk { conflicts, saving }, _) => {
                if saving.is_none() {
                    self.kept_over_disk = conflicts;
                    self.status =
                        "kept your version: a save will ask before it writes over the file on disk"
                            .into();
                } else {
                    self.status = "not saved: the file on disk is as it was".into();
                }
                Task::none()
            }
            (FilePrompt::RestoreOverEdits, Answer::Restore) => self.restore(),
            (_, _) => {
                self.status = "nothing was written".into();
                Task::none()
            }
        }
    }

    /// Reads the document again from disk (the designer chose to drop his edits).
    fn reload(&mut self) -> Task<Message> {
        let path = self.doc.main_path().to_path_buf();
        match Document::open(&path) {
            Ok(doc) => {
                self.status = format!("reloaded {} from disk", path.display());
                self.replace_document(doc)
            }
            Err(e) => {
                self.status = e;
                Task::none()
            }
        }
    }

    /// Asks about files of the document changed on disk by someone else (once for each
    /// change), unless another question is open.
    pub(super) fn check_disk(&mut self) {
        if self.file_prompt.is_some() || self.doc.untitled {
            return;
        }
        let conflicts = self.doc.changed_on_disk(false);
        if conflicts.is_empty() || conflicts == self.kept_over_disk {
            return;
        }
        let prompt = FilePrompt::ChangedOnDisk {
            conflicts,
            saving: None,
        };
        self.status = prompt.question();
        self.file_prompt = Some(prompt);
    }

    /// Restore in the recovery banner: asks first when it would replace edits made since
    /// the file was opened.
    pub(super) fn recover(&mut self) -> Task<Message> {
        if self.recovery.is_none() {
            return Task::none();
        }
        if self.doc.is_dirty() {
            let prompt = FilePrompt::RestoreOverEdits;
            self.status = prompt.question();
            self.file_prompt = Some(prompt);
            return Task::none();
        }
        self.restore()
    }

    /// Restores the recovered texts offered (one undoable step); this session's recovery
    /// file takes them at once, then the file they came from goes and the next unanswered
    /// one, if any, is offered.
    fn restore(&mut self) -> Task<Message> {
        let Some(recovered) = self.recovery.take() else {
            return Task::none();
        };
        let replaced = self.doc.is_dirty();
        let (s, m) = (
            recovered.scenario.clone().map(|t| (true, t)),
            (false, recovered.map.clone()),
        );
        let mut edits = Vec::new();
        for (is_scenario, text) in s.into_iter().chain([m]) {
            match crate::source_panel::parse(&self.doc, is_scenario, &text) {
                Ok(e) => edits.push((is_scenario, text, e)),
                Err(e) => {
                    self.status = format!("cannot restore: {e}");
                    self.recovery = Some(recovered);
                    return Task::none();
                }
            }
        }
        let (texts, edits): (Vec<_>, Vec<_>) =
            edits.into_iter().map(|(s, t, e)| ((s, t), e)).unzip();
        let task = self.apply(Edit::Batch(edits));
        for (is_scenario, text) in texts {
            self.doc.adopt_comments(is_scenario, &text);
        }
        if recovery::save(&self.doc, self.recovery_slot).is_ok() {
            recovery::discard(self.doc.main_path(), recovered.slot);
        }
        self.status = if replaced {
            "restored the recovered changes; they replaced the edits made since this file was opened (Undo brings those back)".into()
        } else {
            "restored the recovered changes (not saved yet)".into()
        };
        self.offer_recovery();
        task
    }

    /// Discard in the recovery banner: that recovery file goes; the next unanswered one,
    /// if any, is offered.
    pub(super) fn discard_recovery(&mut self) -> Task<Message> {
        if let Some(r) = self.recovery.take() {
            recovery::discard(self.doc.main_path(), r.slot);
        }
        self.offer_recovery();
        Task::none()
    }

    /// Offers the first unanswered recovery file of the document other than this session's
    /// own, and counts those waiting behind it.
    pub(super) fn offer_recovery(&mut self) {
        let mut waiting = recovery::pending(self.doc.main_path())
            .into_iter()
            .filter(|r| r.slot != self.recovery_slot);
        self.recovery = waiting.next();
        self.recovery_behind = waiting.count();
    }
}

/// The scenario's map reference as Save as to `path` would write it with the map kept.
fn rebased_map(doc: &Document, path: &Path) -> String {
    doc.saved_as(path, MapChoice::Same)
        .ok()
        .and_then(|d| d.scenario.map(|s| s.map))
        .unwrap_or_default()
}

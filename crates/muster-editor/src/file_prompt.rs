//! The questions a save, a reload or a restore asks before anything could be lost: a
//! file in the way of Save as, where the map of a scenario saved as goes, a file changed
//! on disk by someone else, recovered texts over newer edits. A panel of its own: its
//! state ([`FilePrompt`]), its `Message` and `view` (a bar under the menu bar, like the
//! unsaved-changes prompt); the app acts on the answers (`app/saving.rs`).

use crate::document::{Conflict, MapChoice};
use iced::widget::{button, column, container, row, text};
use iced::{Element, Font};
use std::path::PathBuf;

/// A Save as under way: where to, and the answers given so far.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SaveAs {
    /// The scenario's (or the map's) new path.
    pub path: PathBuf,
    /// Where the map goes, once chosen (or when there was nothing to ask).
    pub map: Option<MapChoice>,
    /// The designer agreed to replace the existing files in the way.
    pub replace: bool,
    /// The designer agreed to write over files changed on disk.
    pub over: bool,
}

impl SaveAs {
    /// A Save as to `path` with nothing asked yet.
    pub fn to(path: PathBuf) -> SaveAs {
        SaveAs {
            path,
            map: None,
            replace: false,
            over: false,
        }
    }
}

/// The question open, if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FilePrompt {
    /// Save as would write over existing files that are not the document's own.
    Replace {
        /// The Save as waiting for the answer.
        request: SaveAs,
        /// The files in the way.
        files: Vec<PathBuf>,
    },
    /// Save as of a scenario whose map has unsaved edits (other scenarios may share the
    /// map), or whose map would be outside the new file's pack: where does the map go?
    MapChoice {
        /// The Save as waiting for the answer.
        request: SaveAs,
        /// The map's file now.
        map: PathBuf,
        /// The copy's file, beside the new scenario.
        copy: PathBuf,
        /// The map would be outside the new file's pack: only a copy will do.
        leaves_pack: bool,
    },
    /// Files changed on disk since they were read or written.
    ChangedOnDisk {
        /// The files and what changed in them.
        conflicts: Vec<Conflict>,
        /// The save that found them (`None`: found while editing, nothing being saved).
        saving: Option<Saving>,
    },
    /// Restore would replace the edits made since the file was opened.
    RestoreOverEdits,
}

/// The save a changed-on-disk question holds up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Saving {
    /// Save (Ctrl+S).
    Save,
    /// Save as, with its answers so far.
    SaveAs(SaveAs),
}

/// The answers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Message {
    /// Replace the files in the way.
    Replace,
    /// Save the map's edits into its own file.
    SameMap,
    /// Save the map as a copy beside the new scenario.
    CopyMap,
    /// Write over the files changed on disk.
    Overwrite,
    /// Read the files again from disk (the unsaved edits go).
    Reload,
    /// Restore the recovered texts over the newer edits.
    Restore,
    /// Do nothing: keep everything as it is.
    Cancel,
}

fn name(p: &std::path::Path) -> String {
    let cwd = std::env::current_dir().ok();
    muster_check::display_path(p, cwd.as_deref())
}

fn names(files: &[PathBuf]) -> String {
    files
        .iter()
        .map(|p| name(p))
        .collect::<Vec<_>>()
        .join(" and ")
}

fn answer(label: impl Into<String>, message: Message) -> button::Button<'static, Message> {
    button(text(label.into()).size(13)).on_press(message)
}

impl FilePrompt {
    /// The question, in one line, for the status bar and the prompt.
    pub fn question(&self) -> String {
        match self {
            FilePrompt::Replace { files, .. } => format!(
                "{} already exists and is not this document's file. Replace it?",
                names(files)
            ),
            FilePrompt::MapChoice {
                request,
                map,
                leaves_pack: true,
                ..
            } => format!(
                "The map {} would be outside the pack of {}: the new scenario could not reach it (MU013). Save a copy of the map beside it?",
                name(map),
                name(&request.path)
            ),
            FilePrompt::MapChoice { map, .. } => format!(
                "The map {} has unsaved edits, and other scenarios may use it. Save the edits into that map, or save a copy of the map for the new scenario?",
                name(map)
            ),
            FilePrompt::ChangedOnDisk { conflicts, saving } => {
                let files: Vec<PathBuf> = conflicts.iter().map(|c| c.path.clone()).collect();
                match saving {
                    Some(_) => format!(
                        "{} changed on disk since it was opened or saved. Overwrite it with your version, or reload it?",
                        names(&files)
                    ),
                    None => format!(
                        "{} changed on disk. Reload it (your unsaved edits go), or keep your version?",
                        names(&files)
                    ),
                }
            }
            FilePrompt::RestoreOverEdits => "Restoring the recovered changes replaces the edits made since this file was opened (Undo brings them back). Restore anyway?".into(),
        }
    }

    /// The prompt bar.
    pub fn view(&self) -> Element<'_, Message> {
        let mut col = column![text(self.question()).size(13)].spacing(4);
        let buttons = match self {
            FilePrompt::Replace { .. } => row![
                answer("Replace", Message::Replace).style(button::danger),
                answer("Cancel", Message::Cancel),
            ],
            FilePrompt::MapChoice {
                copy,
                leaves_pack: true,
                ..
            } => row![
                answer(
                    format!("Save a copy of the map as {}", name(copy)),
                    Message::CopyMap
                )
                .style(button::primary),
                answer("Cancel", Message::Cancel),
            ],
            FilePrompt::MapChoice { map, copy, .. } => row![
                answer(
                    format!("Save into the same map {}", name(map)),
                    Message::SameMap
                )
                .style(button::danger),
                answer(
                    format!("Save a copy of the map as {}", name(copy)),
                    Message::CopyMap
                )
                .style(button::primary),
                answer("Cancel", Message::Cancel),
            ],
            FilePrompt::ChangedOnDisk { conflicts, saving } => {
                for c in conflicts {
                    col = col.push(
                        text(format!(
                            "What changed in {} on disk (- removed, + added, by line):",
                            name(&c.path)
                        ))
                        .size(12),
                    );
                    for line in &c.diff {
                        col = col.push(text(line.clone()).size(12).font(Font::MONOSPACE));
                    }
                }
                match saving {
                    Some(_) => row![
                        answer("Overwrite with my version", Message::Overwrite)
                            .style(button::danger),
                        answer("Reload from disk (drops my edits)", Message::Reload),
                        answer("Cancel", Message::Cancel),
                    ],
                    None => row![
                        answer("Reload from disk (drops my edits)", Message::Reload),
                        answer("Keep my version", Message::Cancel),
                    ],
                }
            }
            FilePrompt::RestoreOverEdits => row![
                answer("Restore anyway", Message::Restore).style(button::danger),
                answer("Cancel", Message::Cancel),
            ],
        };
        col = col.push(buttons.spacing(8));
        container(col.padding(4))
            .style(container::rounded_box)
            .into()
    }
}

//! Open from the pack, without a desktop file dialog (issue 31, review finding 12): the
//! pack's maps, scenarios, overlays and army lists listed by their path in the pack,
//! filtered as the designer types, each a button that opens it. Shown when the platform
//! dialog gives no file (no portal under a bare X server, or cancelled) and from File →
//! Open from pack. The list is the pipeline's own walk beneath the pack root (folders
//! leading out of the pack are never entered), cut at [`MAX_LISTED`].

use iced::widget::{button, column, row, scrollable, text, text_input};
use iced::{Element, Length};
use std::path::{Path, PathBuf};

/// The most files listed (a pack of 100,000 files lists the first of them; the filter
/// narrows it).
pub const MAX_LISTED: usize = 2_000;

/// What the browser sends.
#[derive(Debug, Clone)]
pub enum Message {
    /// The filter text changed.
    Filter(String),
    /// Open this file.
    Open(PathBuf),
    /// Close the browser.
    Close,
}

/// The browser's state.
#[derive(Debug, Clone)]
pub struct PackBrowser {
    /// The pack root, as shown.
    pub root: PathBuf,
    /// The files, sorted, relative paths first.
    pub files: Vec<PathBuf>,
    /// Whether the walk found more than [`MAX_LISTED`].
    pub cut: bool,
    /// The filter typed.
    pub filter: String,
}

impl PackBrowser {
    /// The files of the pack `near` lies in (the nearest folder at or above it holding a
    /// manifest, else its own folder).
    pub fn of(near: &Path) -> PackBrowser {
        let (root, _) = muster_check::pack_root_of(near);
        let found = muster_check::discover(std::slice::from_ref(&root));
        let cut = found.files.len() > MAX_LISTED;
        let files = found
            .files
            .into_iter()
            .take(MAX_LISTED)
            .map(|(p, _)| p)
            .collect();
        PackBrowser {
            root,
            files,
            cut,
            filter: String::new(),
        }
    }

    /// The files the filter keeps (case ignored, anywhere in the path in the pack).
    pub fn shown(&self) -> Vec<&PathBuf> {
        let f = self.filter.to_lowercase();
        self.files
            .iter()
            .filter(|p| self.label(p).to_lowercase().contains(&f))
            .collect()
    }

    /// A file's path in the pack.
    pub fn label(&self, p: &Path) -> String {
        p.strip_prefix(&self.root)
            .unwrap_or(p)
            .display()
            .to_string()
    }

    /// The browser's panel.
    pub fn view(&self) -> Element<'_, Message> {
        let mut list = column![].spacing(2);
        for p in self.shown() {
            list = list.push(
                button(text(self.label(p)).size(13))
                    .style(button::text)
                    .on_press(Message::Open(p.clone())),
            );
        }
        let note = if self.cut {
            format!(" (the first {MAX_LISTED}; type to narrow)")
        } else {
            String::new()
        };
        column![
            row![
                text(format!("Open from the pack {}{note}", self.root.display())).size(13),
                button(text("Close").size(13)).on_press(Message::Close),
            ]
            .spacing(8),
            text_input("filter: type part of a file name", &self.filter)
                .on_input(Message::Filter)
                .size(13),
            scrollable(list).height(Length::Fixed(180.0)),
        ]
        .spacing(4)
        .padding(4)
        .into()
    }
}

//! The source panel: the scenario's or the map's file as text, edited in place and
//! applied as one undo step, for everything the typed widgets do not cover. A panel of
//! its own: its state, `Message`, `update` returning an [`Event`] for the shell, and
//! `view`.

use crate::document::Document;
use crate::edit::Edit;
use iced::widget::{button, column, container, row, text, text_editor};
use iced::{Element, Fill, Length};
use muster_model::{FileKind, MapFile, ScenarioFile};
use std::sync::Arc;

/// The open panel: which file, its text, and why the last Apply was refused.
pub struct SourcePanel {
    /// The scenario (true) or the map (false).
    pub scenario: bool,
    /// The text being edited.
    pub content: text_editor::Content,
    /// Why the text did not read, the last time Apply was pressed.
    pub error: Option<String>,
}

/// What the designer does in the panel.
#[derive(Debug, Clone)]
pub enum Message {
    /// Typing, selecting, scrolling.
    Edit(text_editor::Action),
    /// Apply the text to the document.
    Apply,
    /// Close the panel.
    Close,
}

/// What the panel tells the shell.
#[derive(Debug, Clone)]
pub enum Event {
    /// The text to apply to the scenario (true) or map (false).
    Apply(bool, String),
    /// The designer closed the panel.
    Close,
}

impl SourcePanel {
    /// The panel over the document's scenario (true) or map (false) as it would be saved;
    /// `None` when there is no scenario or it cannot be written.
    pub fn open(doc: &Document, scenario: bool) -> Option<SourcePanel> {
        let (s, m) = doc.texts().ok()?;
        let text = if scenario { s? } else { m };
        Some(SourcePanel {
            scenario,
            content: text_editor::Content::with_text(&text),
            error: None,
        })
    }

    /// Handles a message.
    pub fn update(&mut self, message: Message) -> Option<Event> {
        match message {
            Message::Edit(action) => {
                self.content.perform(action);
                None
            }
            Message::Apply => Some(Event::Apply(self.scenario, self.content.text())),
            Message::Close => Some(Event::Close),
        }
    }

    /// The panel.
    pub fn view(&self) -> Element<'_, Message> {
        let title = if self.scenario {
            "Scenario source"
        } else {
            "Map source"
        };
        let content = &self.content;
        let mut col = column![
            row![
                text(title).size(15),
                button(text("Apply").size(13)).on_press(Message::Apply),
                button(text("Close").size(13)).on_press(Message::Close)
            ]
            .spacing(8),
            // The editor is a whole number of lines tall: a partly shown line under the last
            // one drew its glyphs' tops as a strip of garbled dots along the bottom edge.
            iced::widget::responsive(move |space| {
                const LINE: f32 = 16.0;
                const PAD: f32 = 5.0;
                let lines = ((space.height - 2.0 * PAD) / LINE).floor().max(1.0);
                text_editor(content)
                    .on_action(Message::Edit)
                    .line_height(iced::Pixels(LINE))
                    .padding(PAD)
                    .height(lines * LINE + 2.0 * PAD)
                    .size(12)
                    .into()
            }),
        ]
        .spacing(4)
        .padding(6);
        if let Some(e) = &self.error {
            col = col.push(text(e.clone()).size(12).style(text::danger));
        }
        container(col)
            .width(Length::Fixed(460.0))
            .height(Fill)
            .into()
    }
}

/// Parses the source panel's text into an edit replacing the scenario or the map; the
/// error names the first finding's line and column.
pub fn parse(doc: &Document, scenario: bool, text: &str) -> Result<Edit, String> {
    let first = |f: &[muster_check::Finding]| {
        f.first()
            .map(|f| format!("line {}:{}: {}", f.line, f.column, f.diagnostic.message))
            .unwrap_or_default()
    };
    if scenario {
        let path = doc.scenario_path.clone().unwrap_or_default();
        muster_check::parse_text::<ScenarioFile>(&path, Arc::from(text), FileKind::Scenario)
            .map(|l| Edit::Scenario(Box::new(l.value)))
            .map_err(|(f, _)| first(&f))
    } else {
        muster_check::parse_text::<MapFile>(&doc.map_path, Arc::from(text), FileKind::Map)
            .map(|l| Edit::Map(Box::new(l.value)))
            .map_err(|(f, _)| first(&f))
    }
}

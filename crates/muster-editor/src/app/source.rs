//! What the source panel's events do to the document.

use super::*;
use crate::source_panel::{self, SourcePanel};

impl App {
    pub(super) fn source_panel(&mut self, m: source_panel::Message) -> Task<Message> {
        let event = match &mut self.source {
            Some(panel) => panel.update(m),
            None => return Task::none(),
        };
        match event {
            Some(source_panel::Event::Apply(scenario, text)) => self.source_apply(scenario, text),
            Some(source_panel::Event::Close) => {
                self.source = None;
                Task::none()
            }
            None => Task::none(),
        }
    }

    /// Applies the panel's text as one undo step, or shows why it does not read.
    fn source_apply(&mut self, scenario: bool, text: String) -> Task<Message> {
        match source_panel::parse(&self.doc, scenario, &text) {
            Ok(edit) => {
                if let Some(panel) = &mut self.source {
                    panel.error = None;
                }
                self.status = "applied".into();
                let task = self.apply(edit);
                self.doc.adopt_comments(scenario, &text);
                task
            }
            Err(e) => {
                if let Some(panel) = &mut self.source {
                    panel.error = Some(e);
                }
                Task::none()
            }
        }
    }

    /// Opens the scenario (true) or map (false) source panel, or closes it.
    pub(super) fn show_source(&mut self, which: Option<bool>) -> Task<Message> {
        self.source = which.and_then(|scenario| SourcePanel::open(&self.doc, scenario));
        Task::none()
    }
}

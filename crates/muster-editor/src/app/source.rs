//! Applying an edited source panel.

use super::*;

impl App {
    pub(super) fn source_apply(&mut self) -> Task<Message> {
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

    /// Opens the scenario (true) or map (false) source panel, or closes it.
    pub(super) fn show_source(&mut self, which: Option<bool>) -> Task<Message> {
        self.source = which.and_then(|scenario| {
            let (s, m) = self.doc.texts().ok()?;
            let text = if scenario { s? } else { m };
            Some((scenario, text_editor::Content::with_text(&text), None))
        });
        Task::none()
    }
}

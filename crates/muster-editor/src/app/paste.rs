//! What the paste box's events do: a pasted set-up, read by the library, replaces a
//! side's set-up lines and reinforcements as one undo step.

use super::*;
use crate::paste::Event;

impl App {
    pub(super) fn paste_message(&mut self, m: crate::paste::Message) -> Task<Message> {
        match self.paste.update(m, &self.doc) {
            Some(Event::Apply {
                side,
                name,
                setup,
                reinforcements,
            }) => {
                let (lines, later) = (setup.len(), reinforcements.len());
                let edit = Edit::SideLines {
                    side,
                    setup,
                    reinforcements,
                };
                let label = format!("paste the set-up of {name}");
                let layers = self.history.apply_labelled(&mut self.doc, edit, label);
                self.status = format!(
                    "pasted set-up of {name}: {lines} line(s) and {later} reinforcement(s) (one undo step)"
                );
                self.changed(layers)
            }
            None => Task::none(),
        }
    }
}

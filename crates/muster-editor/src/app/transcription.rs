//! What the transcription view's events do: open and close it, light a line's hexes,
//! show the selected line on the map.

use super::*;
use crate::transcript::{self, Transcript};

impl App {
    /// Opens or closes the view (it takes the inspector's place; a source panel closes).
    pub(super) fn open_transcript(&mut self, open: bool) -> Task<Message> {
        if open {
            self.transcript = Some(Transcript::of(&self.doc));
            self.source = None;
            self.trace.open = false;
        } else {
            self.transcript = None;
            self.highlight.clear();
        }
        Task::none()
    }

    pub(super) fn transcript_panel(&mut self, m: transcript::Message) -> Task<Message> {
        let Some(event) = self.transcript.as_mut().and_then(|t| t.update(m)) else {
            return Task::none();
        };
        match event {
            transcript::Event::Light(hexes) => {
                self.light(hexes);
                Task::none()
            }
            transcript::Event::Selected(e) => self.show_line(e),
            transcript::Event::Close => self.open_transcript(false),
        }
    }

    /// A selected line: its first hex is selected and centred (the inspector shows its
    /// lines), and the line's hexes stay lit.
    fn show_line(&mut self, e: transcript::Entry) -> Task<Message> {
        let status = format!("{} — {}: {} hex(es)", e.units, e.words, e.hexes.len());
        match e.hexes.first().copied() {
            Some(first) => {
                self.centre_on(first);
                self.select(first);
                self.light(e.hexes);
                self.status = status;
            }
            None => {
                self.light(Vec::new());
                self.status = format!("{status} (the zone names no hex of the map)");
            }
        }
        Task::none()
    }
}

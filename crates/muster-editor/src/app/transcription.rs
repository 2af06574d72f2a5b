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
                self.highlight = hexes;
                Task::none()
            }
            transcript::Event::Selected(e) => self.show_line(e),
            transcript::Event::Close => self.open_transcript(false),
        }
    }

    /// A selected line: its hexes stay lit, the first is selected and centred.
    fn show_line(&mut self, e: transcript::Entry) -> Task<Message> {
        self.highlight = e.hexes.clone();
        self.status = format!("{} — {}: {} hex(es)", e.units, e.zone, e.hexes.len());
        match e.hexes.first().map(|h| self.snap.grid.to_printed(*h)) {
            Some(first) => self.focus(first),
            None => {
                self.status.push_str(" (the zone names no hex of the map)");
                Task::none()
            }
        }
    }
}

//! The transcription view's messages: open and close it, light a line's hexes on hover,
//! select a line.

use super::*;

impl App {
    /// Opens or closes the view (it takes the inspector's place; a source panel closes).
    pub(super) fn open_transcript(&mut self, open: bool) -> Task<Message> {
        self.transcript_open = open;
        if open {
            self.transcript = crate::transcript::entries(&self.doc);
            self.source = None;
        } else {
            self.transcript_line = None;
            self.highlight.clear();
        }
        Task::none()
    }

    /// Lights the hexes of the line under the pointer; when it leaves, those of the
    /// selected line again.
    pub(super) fn hover_transcript(&mut self, line: Option<usize>) -> Task<Message> {
        let shown = line.or(self.transcript_line);
        self.highlight = shown
            .and_then(|i| self.transcript.get(i))
            .map(|e| e.hexes.clone())
            .unwrap_or_default();
        Task::none()
    }

    /// Selects a line: its hexes stay lit, the first is selected and centred.
    pub(super) fn select_transcript(&mut self, line: usize) -> Task<Message> {
        let Some(e) = self.transcript.get(line) else {
            return Task::none();
        };
        self.transcript_line = Some(line);
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

//! What the trace panel's events do: an accepted proposal sets a hex's terrain, one undo
//! step per acceptance (all at once: one step for them all).

use super::*;
use crate::trace_layer::Event;

impl App {
    pub(super) fn trace_message(&mut self, m: crate::trace_layer::Message) -> Task<Message> {
        if m == crate::trace_layer::Message::Open(true) {
            // The panel takes the inspector's place: the other panels there close.
            self.source = None;
            self.transcript = None;
        }
        match self.trace.update(m, &self.snap) {
            Some(Event::Accept(hexes)) => {
                let default = self.doc.map.default_terrain.clone();
                let edits: Vec<Edit> = hexes
                    .iter()
                    .map(|(hex, terrain)| Edit::Terrain {
                        hex: hex.clone(),
                        terrain: (*terrain != default).then(|| terrain.clone()),
                    })
                    .collect();
                let label = match hexes.as_slice() {
                    [(hex, terrain)] => format!("accept {terrain} on {hex} from the picture"),
                    v => format!("accept the picture's terrain on {} hexes", v.len()),
                };
                self.status = label.clone();
                let layers = self
                    .history
                    .apply_labelled(&mut self.doc, Edit::Batch(edits), label);
                self.changed(layers)
            }
            Some(Event::Closed) | None => Task::none(),
        }
    }
}

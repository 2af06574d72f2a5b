//! The elevation tool: the elevation field's value on the hex clicked (0 clears it).

use super::super::*;

impl App {
    pub(in crate::app) fn press_elevation(&mut self, hex: Hex) -> Task<Message> {
        match crate::map_tools::set_elevation(
            &self.doc.map,
            &self.snap.grid,
            hex,
            &self.palette.elevation,
        ) {
            Ok(Some(e)) => {
                let v = self.palette.elevation.trim();
                let label = format!(
                    "set elevation of {} to {}",
                    self.printed(hex),
                    if v.is_empty() { "0" } else { v }
                );
                let layers = self.history.apply_labelled(&mut self.doc, e, label);
                self.changed(layers)
            }
            Ok(None) => Task::none(),
            Err(e) => {
                self.status = e;
                Task::none()
            }
        }
    }
}

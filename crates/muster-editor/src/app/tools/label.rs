//! The label tool: the label field's text printed in the hex clicked (an empty field removes the label).

use super::super::*;

impl App {
    pub(in crate::app) fn press_label(&mut self, hex: Hex) -> Task<Message> {
        let label = Some(self.palette.label.trim().to_string()).filter(|l| !l.is_empty());
        self.apply(Edit::Label {
            hex: self.printed(hex),
            label,
        })
    }
}

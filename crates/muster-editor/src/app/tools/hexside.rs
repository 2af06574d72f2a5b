//! The hexside tool: a feature on the hexside nearest the pointer; the same feature again takes it off.

use super::super::*;

impl App {
    /// Puts the chosen feature on `side`, or takes it off when it is already there
    /// (`None` erases).
    pub(in crate::app) fn press_hexside(
        &mut self,
        side: Hexside,
        feature: Option<String>,
    ) -> Task<Message> {
        let id = self.snap.grid.print_hexside(side);
        let current = self
            .doc
            .map
            .hexsides
            .iter()
            .find(|e| e.side == id)
            .map(|e| e.feature.clone());
        let next = if current == feature { None } else { feature };
        self.apply(Edit::Hexside {
            side: id,
            feature: next,
        })
    }
}

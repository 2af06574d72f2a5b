//! The select tool: a click selects a hex (its reach, its zone, a general's command radius); a drag moves the counters of one hex to another; a counter picked out of a stack.

use super::super::*;

impl App {
    /// A press selects the hex and may start a drag of its counters.
    pub(in crate::app) fn press_select(&mut self, hex: Hex) -> Task<Message> {
        self.drag = Some((hex, hex));
        self.select(hex);
        Task::none()
    }

    /// The end of a drag: the counters of its first hex move to its last.
    pub(in crate::app) fn finish_drag(&mut self) -> Option<Task<Message>> {
        let (from, to) = self.drag.take()?;
        if from == to || !self.snap.grid.contains(to) {
            return None;
        }
        // A piece (a siege tower, a ram) with the counters on it; otherwise the counters
        // of the hex.
        let (edit, label) = match self.drag_piece(from, to) {
            Some(dragged) => dragged,
            None => {
                let edit = self.move_units(from, to)?;
                let label = format!(
                    "move the counters of {} to {}",
                    self.printed(from),
                    self.printed(to)
                );
                (edit, label)
            }
        };
        self.status = label.clone();
        let layers = self.history.apply_labelled(&mut self.doc, edit, label);
        Some(self.changed(layers))
    }

    /// Selects a hex: the inspector lists the lines on it, the map lights what the hex
    /// shows (a reach, a zone, a command radius) and the status line says what that is.
    pub(in crate::app) fn select(&mut self, hex: Hex) {
        self.selected = Some(hex);
        self.highlight_is_selection = true;
        let Some(resolved) = self.doc.resolve() else {
            self.properties.select(Default::default());
            self.highlight.clear();
            return;
        };
        self.properties
            .select(crate::app::properties::lines_at(&resolved, hex));
        let (lit, status) = what_selection_shows(&resolved, hex);
        self.highlight = lit;
        if let Some(status) = status {
            self.status = status;
        }
    }

    /// Lights hexes for a tool other than the selection (a line of fire, a zone, the
    /// attackers, a transcription line): a later change leaves them to that tool.
    pub(in crate::app) fn light(&mut self, hexes: Vec<Hex>) {
        self.highlight = hexes;
        self.highlight_is_selection = false;
    }

    /// After any change of the document (an edit, undo, redo, erase): the inspector and the
    /// lit hexes read the selected hex as it is now; the status line keeps the change's
    /// own words. Lit hexes that came from another tool (a line of fire, a zone typed in
    /// the inspector, a transcription line) are left to that tool.
    pub(in crate::app) fn refresh_selection(&mut self) {
        let Some(hex) = self.selected else {
            return;
        };
        let resolved = self.doc.resolve();
        let here = match &resolved {
            Some(r) if self.snap.grid.contains(hex) => crate::app::properties::lines_at(r, hex),
            _ => Default::default(),
        };
        // What was typed for other lines goes: its indices name other lines now.
        let props = &self.properties;
        if here.setup != props.lines_here || here.reinforcements != props.reinforcements_here {
            self.properties.select(here);
        }
        if self.highlight_is_selection {
            self.highlight = match &resolved {
                Some(r) if self.snap.grid.contains(hex) => what_selection_shows(r, hex).0,
                _ => Vec::new(),
            };
        }
    }
    /// One counter picked out of the stack in `hex` (the inspector lists them): its reach.
    pub(in crate::app) fn pick_counter(
        &mut self,
        hex: Hex,
        side: usize,
        unit: usize,
    ) -> Task<Message> {
        self.selected = Some(hex);
        self.highlight_is_selection = true;
        if let Some(resolved) = self.doc.resolve() {
            (self.highlight, self.status) = reach_of(&resolved, side, unit, hex);
        }
        Task::none()
    }
    /// Moves the set-up lines that put units in `from` alone to `to` (drag to move).
    pub(in crate::app) fn move_units(&self, from: Hex, to: Hex) -> Option<Edit> {
        let s = self.doc.scenario.as_ref()?;
        let (a, b) = (self.printed(from), self.printed(to));
        let mut edits = Vec::new();
        for (si, side) in s.sides.iter().enumerate() {
            for (i, e) in side.setup.iter().enumerate().rev() {
                if matches!(&e.at, Zone::Hexes(v) if v.len() == 1 && v[0].as_str() == a) {
                    let mut moved = e.clone();
                    moved.at = Zone::Hexes(vec![HexId(b.clone())]);
                    edits.push(Edit::RemoveSetup { side: si, index: i });
                    edits.push(Edit::InsertSetup {
                        side: si,
                        index: i,
                        entry: moved,
                    });
                }
            }
        }
        (!edits.is_empty()).then_some(Edit::Batch(edits))
    }
}

/// What selecting `hex` shows: the hexes lit and the status line, read from the document
/// as it is now.
fn what_selection_shows(resolved: &muster_rules::Scenario, hex: Hex) -> (Vec<Hex>, Option<String>) {
    let held = resolved.placements.certainly_held(hex);
    // What the system shows for the hex (a Charles the Bold general's command radius).
    if let Some(h) = muster_rules::highlight(resolved, hex) {
        return (h.hexes, Some(h.status));
    }
    // A counter whose unit the set-up names: its reach. Otherwise the set-up lines
    // through this hex (an owner's choice, or several unit types filling a stretch).
    let known = held
        .iter()
        .filter(|o| !o.free)
        .chain(held.iter())
        .find_map(|o| Some((o, o.unit?)));
    let p = &resolved.placements;
    let zones: Vec<Hex> = p
        .who_could_be(hex)
        .iter()
        .filter(|l| p.candidates(**l).len() > 1)
        .flat_map(|l| p.candidates(*l).iter().copied())
        .collect();
    if !zones.is_empty() && known.is_none() {
        let what = if held.is_empty() {
            "deployment zone"
        } else {
            "set-up line"
        };
        let status = format!("{what} of {} hexes", zones.len());
        return (zones, Some(status));
    }
    match known {
        Some((o, unit)) => {
            let (lit, status) = reach_of(resolved, o.side, unit, hex);
            (lit, Some(status))
        }
        None => (Vec::new(), None),
    }
}

/// Where a unit set up at `hex` can end its move, and the status line that says so.
fn reach_of(
    resolved: &muster_rules::Scenario,
    side: usize,
    unit: usize,
    hex: Hex,
) -> (Vec<Hex>, String) {
    let reach = muster_rules::reach(resolved, side, unit, hex);
    let hexes: Vec<Hex> = reach.hexes.iter().map(|(h, _)| *h).collect();
    let name = &resolved.file.sides[side].units[unit].name;
    let status = match reach.restricted {
        Some(why) => format!("{name} cannot move: {why}"),
        None => format!("{name}: {} hexes within {} MP", hexes.len(), reach.mp),
    };
    (hexes, status)
}

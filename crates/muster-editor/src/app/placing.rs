//! Placing units: set-up lines, anchors of overlays, moves, quick entry.

use super::*;

impl App {
    pub(super) fn place_line(&self, side: usize, unit: usize, hexes: Vec<String>) -> Option<Edit> {
        let s = self.doc.scenario.as_ref()?;
        let sd = s.sides.get(side)?;
        let def = sd.units.get(unit)?;
        // With a turn in the "enters on turn" field the units are a reinforcement entering
        // through these hexes, written as the print writes it.
        if let Some(turn) = self
            .palette
            .enters_on
            .trim()
            .parse::<u32>()
            .ok()
            .filter(|t| *t >= 1)
        {
            let mut next = s.clone();
            next.sides[side]
                .reinforcements
                .push(muster_model::Reinforcement {
                    units: vec![UnitRef {
                        count: 1,
                        unit: def.id.clone(),
                    }],
                    turn,
                    enter: Zone::Hexes(hexes.into_iter().map(HexId).collect()),
                    moves_from_entry: false,
                    source: None,
                });
            return Some(Edit::Scenario(Box::new(next)));
        }
        let entry = SetupEntry {
            facing: Some(self.palette.facing.clone()).filter(|f| !f.is_empty()),
            level: self.palette.level.filter(|_| has_levels(&s.ruleset)),
            ..SetupEntry::new(
                vec![UnitRef {
                    count: hexes.len().max(1) as u32,
                    unit: def.id.clone(),
                }],
                Zone::Hexes(hexes.into_iter().map(HexId).collect()),
            )
        };
        Some(Edit::InsertSetup {
            side,
            index: sd.setup.len(),
            entry,
        })
    }

    /// Puts the `next` anchor (in letter order) of an overlay placement on `hex`.
    pub(super) fn place_anchor(
        &mut self,
        placement: usize,
        next: usize,
        hex: Hex,
    ) -> Task<Message> {
        let Some(s) = &self.doc.scenario else {
            return Task::none();
        };
        let Some(p) = s.overlays.get(placement) else {
            return Task::none();
        };
        let letters: Vec<String> = match self.doc.overlays.get(placement).and_then(|o| o.as_ref()) {
            Some(o) => o.anchors.keys().cloned().collect(),
            None => p.at.keys().cloned().collect(),
        };
        let Some(letter) = letters.get(next).cloned() else {
            return Task::none();
        };
        let mut scenario = s.clone();
        scenario.overlays[placement]
            .at
            .insert(letter.clone(), muster_model::HexId(self.printed(hex)));
        let done = next + 1 >= letters.len();
        self.palette.tool = if done {
            Tool::Select
        } else {
            Tool::Overlay {
                placement,
                next: next + 1,
            }
        };
        self.status = if done {
            format!(
                "overlay {} placed: see the diagnostics for its fit",
                placement + 1
            )
        } else {
            format!(
                "anchor {letter} on {}: now click the hex for anchor {}",
                self.printed(hex),
                letters[next + 1]
            )
        };
        let task = self.apply(Edit::Scenario(Box::new(scenario)));
        self.overlay_turn = 0;
        self.update_ghost();
        task
    }

    /// Recomputes the ghost of the overlay being placed (after its first anchor).
    pub(super) fn update_ghost(&mut self) {
        self.ghost = None;
        let Tool::Overlay { placement, next: 1 } = self.palette.tool else {
            return;
        };
        let (Some(s), Some(Some(overlay))) = (&self.doc.scenario, self.doc.overlays.get(placement))
        else {
            return;
        };
        let Some(letter) = overlay.anchors.keys().next() else {
            return;
        };
        let first = s
            .overlays
            .get(placement)
            .and_then(|p| p.at.get(letter))
            .and_then(|h| self.snap.grid.from_printed(h.as_str()).ok());
        if let Some(first) = first {
            let mirrored = s.overlays.get(placement).is_some_and(|p| p.mirrored);
            self.ghost =
                crate::ghost::ghost(&self.snap.grid, overlay, first, self.overlay_turn, mirrored);
            if let Some(g) = &self.ghost {
                self.status = format!(
                    "{}; press R to turn it; click the hex for the next anchor{}",
                    if g.fits {
                        "the overlay fits"
                    } else {
                        "the overlay runs off the map"
                    },
                    g.second
                        .map(|b| format!(" (at this turn: {})", self.snap.grid.to_printed(b)))
                        .unwrap_or_default()
                );
            }
        }
    }

    /// Moves the set-up lines that put units in `from` alone to `to` (drag to move).
    pub(super) fn move_units(&self, from: Hex, to: Hex) -> Option<Edit> {
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

    pub(super) fn quick_place(&mut self) -> Task<Message> {
        let Tool::Place { side, unit } = self.palette.tool else {
            self.status = "choose a unit in the palette first".into();
            return Task::none();
        };
        if let Some(why) = self.bad_turn() {
            self.status = why;
            return Task::none();
        }
        let mut hexes = Vec::new();
        for part in self
            .palette
            .quick
            .split([',', ' ', ';'])
            .map(str::trim)
            .filter(|p| !p.is_empty())
        {
            match self.snap.grid.from_printed(part) {
                Ok(h) if self.snap.grid.contains(h) => hexes.push(self.printed(h)),
                Ok(_) => {
                    self.status = format!("{part} is not on the map");
                    return Task::none();
                }
                Err(e) => {
                    self.status = e.to_string();
                    return Task::none();
                }
            }
        }
        if hexes.is_empty() {
            self.status = "type printed hexes: 0504, 0505, 0508".into();
            return Task::none();
        }
        match self.place_line(side, unit, hexes) {
            Some(e) => {
                self.palette.quick.clear();
                self.apply(e)
            }
            None => Task::none(),
        }
    }

    /// Turns a piece between set up and entering later.
    pub(super) fn toggle_entering(&mut self, id: String) -> Task<Message> {
        let Some(s) = &self.doc.scenario else {
            return Task::none();
        };
        let mut next = s.clone();
        match next.pieces.iter_mut().find(|p| p.id == id) {
            Some(p) => {
                p.entering = !p.entering;
                self.apply(Edit::Scenario(Box::new(next)))
            }
            None => Task::none(),
        }
    }
}

//! The place tool and quick entry: set-up lines (or reinforcements, with a turn in the field) of the unit chosen.

use super::super::*;

impl App {
    /// Places the chosen unit on `hex` (a reinforcement when the turn field has a turn).
    pub(in crate::app) fn press_place(
        &mut self,
        side: usize,
        unit: usize,
        hex: Hex,
    ) -> Task<Message> {
        if let Some(why) = self.bad_turn() {
            self.status = why;
            return Task::none();
        }
        match self.place_line(side, unit, vec![self.printed(hex)]) {
            Some(e) => self.apply(e),
            None => Task::none(),
        }
    }

    pub(in crate::app) fn place_line(
        &self,
        side: usize,
        unit: usize,
        hexes: Vec<String>,
    ) -> Option<Edit> {
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
                    system: Default::default(),
                    source: None,
                });
            return Some(Edit::Scenario(Box::new(next)));
        }
        let entry = SetupEntry {
            facing: Some(self.palette.facing.clone())
                .filter(|f| !f.is_empty() && has_facing(&s.ruleset)),
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
    pub(in crate::app) fn quick_place(&mut self) -> Task<Message> {
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
    /// Why the "enters on turn" field cannot be used, if it cannot.
    pub(in crate::app) fn bad_turn(&self) -> Option<String> {
        let t = self.palette.enters_on.trim();
        (!t.is_empty() && t.parse::<u32>().map_or(true, |n| n == 0))
            .then(|| format!("`{t}` is not a turn: type 1 or more, or empty it for set-up lines"))
    }
}

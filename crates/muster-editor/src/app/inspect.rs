//! What the select, line-of-fire and combat-odds tools and the zone field show.

use super::*;

impl App {
    pub(super) fn select(&mut self, hex: Hex) {
        self.selected = Some(hex);
        self.highlight.clear();
        let Some(resolved) = self.doc.resolve() else {
            self.properties.select(Vec::new());
            return;
        };
        self.properties
            .select(super::properties::lines_at(&resolved, hex));
        let held = resolved.placements.certainly_held(hex);
        // What the system shows for the hex (a Charles the Bold general's command radius).
        if let Some(h) = muster_rules::highlight(&resolved, hex) {
            self.status = h.status;
            self.highlight = h.hexes;
            return;
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
            self.status = format!("{what} of {} hexes", zones.len());
            self.highlight = zones;
            return;
        }
        if let Some((o, unit)) = known {
            (self.highlight, self.status) = reach_of(&resolved, o.side, unit, hex);
        }
    }

    /// One counter picked out of the stack in `hex` (the inspector lists them): its reach.
    pub(super) fn pick_counter(&mut self, hex: Hex, side: usize, unit: usize) -> Task<Message> {
        self.selected = Some(hex);
        if let Some(resolved) = self.doc.resolve() {
            (self.highlight, self.status) = reach_of(&resolved, side, unit, hex);
        }
        Task::none()
    }

    pub(super) fn line_of_fire(&mut self, hex: Hex) {
        let Some(from) = self.los_from.take() else {
            self.los_from = Some(hex);
            self.shot = None;
            self.highlight = vec![hex];
            self.status = format!("line of fire from {}: click the target", self.printed(hex));
            return;
        };
        let Some(resolved) = self.doc.resolve() else {
            return;
        };
        let ends = (
            muster_rules::fire_end_at(&resolved, from),
            muster_rules::fire_end_at(&resolved, hex),
        );
        let shot = match muster_rules::line_of_fire(&resolved, ends.0, ends.1) {
            Ok(los) => {
                self.highlight = los.path.clone();
                crate::shot::Shot {
                    from,
                    to: hex,
                    path: los.path,
                    clear: los.clear,
                    reason: los.reason,
                    steps: los.steps,
                    uncertain: los.uncertain,
                }
            }
            // The system has no line of fire, or the unit cannot shoot: say so, with the
            // line drawn as blocked.
            Err(e) => {
                self.highlight = muster_hex::hex_line(from, hex)
                    .into_iter()
                    .flat_map(LineStep::hexes)
                    .collect();
                crate::shot::Shot {
                    from,
                    to: hex,
                    path: self.highlight.clone(),
                    clear: false,
                    reason: e.to_string(),
                    steps: vec![],
                    uncertain: vec![],
                }
            }
        };
        self.status = format!("{} — {}", shot.heading(|h| self.printed(h)), shot.reason);
        self.shot = Some(shot);
    }

    /// The combat-odds tool: a click on a hex of the attacking side adds an attacker; a
    /// click on an enemy's hex asks the library (as `muster query odds` does) and says the
    /// odds. Melee when an attacker is in contact, archery fire when none is.
    pub(super) fn combat_odds(&mut self, hex: Hex) {
        let Some(resolved) = self.doc.resolve() else {
            return;
        };
        let side_at = |h: Hex| {
            resolved
                .placements
                .certainly_held(h)
                .iter()
                .find(|o| !o.free)
                .map(|o| o.side)
        };
        let Some(side) = side_at(hex) else {
            self.status = format!(
                "no combat unit is certainly set up in {}",
                self.printed(hex)
            );
            return;
        };
        let attacking = self.odds_attackers.first().and_then(|&a| side_at(a));
        if attacking.is_none_or(|a| a == side) {
            if !self.odds_attackers.contains(&hex) {
                self.odds_attackers.push(hex);
            }
            self.highlight = self.odds_attackers.clone();
            let names: Vec<String> = self
                .odds_attackers
                .iter()
                .map(|&h| self.printed(h))
                .collect();
            self.status = format!(
                "attacking from {}: click another attacker, or the defender",
                names.join(", ")
            );
            return;
        }
        let attackers = std::mem::take(&mut self.odds_attackers);
        let fire = attackers.iter().all(|&a| muster_hex::distance(a, hex) > 1);
        let ask = muster_rules::a_la_charge::combat::Ask {
            attackers: attackers.clone(),
            defender: hex,
            fire,
            charging: vec![],
            reduced: vec![],
        };
        self.highlight = attackers.iter().copied().chain([hex]).collect();
        let names: Vec<String> = attackers.iter().map(|&h| self.printed(h)).collect();
        self.status = match muster_rules::a_la_charge::combat::odds(&resolved, &ask) {
            Ok(o) => {
                let shift = o
                    .shift
                    .as_ref()
                    .map(|(t, n)| format!(", {t} shifts {n} left to {}", o.column))
                    .unwrap_or_default();
                format!(
                    "{} → {}: {} {} against {}: {}{shift} (§12)",
                    names.join(" + "),
                    self.printed(hex),
                    if fire { "archery" } else { "melee" },
                    o.attack,
                    o.defence,
                    o.ratio_column
                )
            }
            Err(e) => e,
        };
    }

    /// Highlights the hexes of the zone typed in the zone field, as the scenario files
    /// write zones (`Row("08xx")`, `Edge(side: East, from: "1401", to: "0401")` …).
    pub(super) fn show_zone(&mut self) {
        let text = self.palette.zone.trim();
        // Wrapped in a field, so that `Edge(side: ...)` is read as a variant and not as a
        // named top-level struct.
        let parsed = crate::properties::parse_zone(text);
        let zone = match parsed {
            Ok(z) => z,
            Err(e) => {
                self.status = format!("zone: {e}");
                return;
            }
        };
        let mut sink = Vec::new();
        let world =
            muster_rules::World::from_map(&self.doc.map, muster_rules::FileRole::This, &mut sink);
        match world.resolve(&zone) {
            Ok(hexes) => {
                self.highlight = hexes
                    .into_iter()
                    .filter(|h| self.snap.grid.contains(*h))
                    .collect();
                self.status = format!("zone: {} hexes", self.highlight.len());
            }
            Err(e) => self.status = format!("zone: {e}"),
        }
    }

    /// Highlights the named zone of the zone-name field.
    pub(super) fn show_named_zone(&mut self) {
        let id = self
            .palette
            .zone_name
            .trim()
            .to_lowercase()
            .replace(' ', "-");
        let mut sink = Vec::new();
        let world =
            muster_rules::World::from_map(&self.doc.map, muster_rules::FileRole::This, &mut sink);
        if let Some(Ok(hexes)) = world.named_zone(&id).map(|z| world.resolve(z)) {
            self.status = format!("zone {id}: {} hexes", hexes.len());
            self.highlight = hexes;
        }
    }

    /// Takes the verdicts of the latest validation; older ones are dropped.
    pub(super) fn validated(&mut self, generation: u64, items: Vec<Item>) -> Task<Message> {
        if generation == self.generation {
            self.error_hexes = items
                .iter()
                .filter(|i| i.severity == Severity::Error)
                .filter_map(|i| {
                    i.hex
                        .as_deref()
                        .and_then(|h| self.snap.grid.from_printed(h).ok())
                })
                .collect();
            self.diagnostics = items;
        }
        Task::none()
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

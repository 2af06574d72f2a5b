//! What the property inspector's widgets do: each committed field becomes one labelled
//! undo step; a value that does not read is refused with a message and changes nothing.

use super::*;
use crate::properties::{self, parse_zone, Field};

impl App {
    pub(super) fn property(&mut self, m: properties::Message) -> Task<Message> {
        let Some(event) = self.properties.update(m) else {
            return Task::none();
        };
        let Some(hex) = self.selected else {
            return Task::none();
        };
        let id = self.printed(hex);
        match event {
            properties::Event::Terrain(t) => {
                // The terrain the hex already has: nothing to do, and no undo step.
                if self.snap.terrain.get(&hex) == Some(&t) {
                    return Task::none();
                }
                let label = format!("set terrain of {id} to {t}");
                self.commit(
                    Edit::Terrain {
                        hex: id,
                        terrain: Some(t),
                    },
                    label,
                )
            }
            properties::Event::Hidden(si, li, hidden) => {
                let label = format!(
                    "{} set-up line {} of {}",
                    if hidden { "hide" } else { "show" },
                    li + 1,
                    self.side_name(si)
                );
                match self.line_edit(si, li, label, |entry| {
                    entry.hidden = hidden;
                    Ok(())
                }) {
                    Ok((edit, label)) => self.commit(edit, label),
                    Err(_) => Task::none(),
                }
            }
            properties::Event::Kind(si, ui, kind) => {
                let Some(mut def) = self.unit_def(si, ui) else {
                    return Task::none();
                };
                if def.kind == kind {
                    return Task::none();
                }
                let label = format!("make {} a {kind}", def.id);
                def.kind = kind;
                self.commit(
                    Edit::Unit {
                        side: si,
                        index: ui,
                        def: Box::new(def),
                    },
                    label,
                )
            }
            properties::Event::Commit(f, typed) => match self.edit_for(f, &id, hex, &typed) {
                Ok(Some((edit, label))) => {
                    self.properties.accepted(f);
                    self.commit(edit, label)
                }
                Ok(None) => {
                    self.properties.accepted(f);
                    Task::none()
                }
                Err(e) => {
                    self.properties.refused(e.clone());
                    self.status = e;
                    Task::none()
                }
            },
        }
    }

    /// The edit a committed field makes, with its label; `None` when nothing changes.
    fn edit_for(
        &self,
        f: Field,
        id: &str,
        hex: Hex,
        typed: &str,
    ) -> Result<Option<(Edit, String)>, String> {
        let number = |what: &str| format!("`{typed}` is not {what}: type a whole number");
        Ok(match f {
            Field::Elevation => {
                let value = if typed.is_empty() { "0" } else { typed };
                crate::map_tools::set_elevation(&self.doc.map, &self.snap.grid, hex, value)?
                    .map(|e| (e, format!("set elevation of {id} to {value}")))
            }
            Field::Label => {
                let label = Some(typed.to_string()).filter(|l| !l.is_empty());
                let name = match &label {
                    Some(l) => format!("label {id} \"{l}\""),
                    None => format!("remove the label of {id}"),
                };
                Some((
                    Edit::Label {
                        hex: id.to_string(),
                        label,
                    },
                    name,
                ))
            }
            Field::Zone(si, li) => {
                let zone = parse_zone(typed).map_err(|e| format!("where: {e}"))?;
                let label = format!("move set-up line {} of {}", li + 1, self.side_name(si));
                Some(self.line_edit(si, li, label, |entry| {
                    entry.at = zone;
                    Ok(())
                })?)
            }
            Field::Count(si, li, k) => {
                let count = count(typed).ok_or_else(|| number("a count from 1 to 99999"))?;
                let label = format!("set the count in set-up line {} to {count}", li + 1);
                Some(self.line_edit(si, li, label, |entry| {
                    entry
                        .units
                        .get_mut(k)
                        .ok_or("no such unit in the line")?
                        .count = count;
                    Ok(())
                })?)
            }
            Field::Facing(si, li) => {
                let facing = Some(typed.to_uppercase()).filter(|f| !f.is_empty());
                let label = match &facing {
                    Some(f) => format!("face set-up line {} of {} {f}", li + 1, self.side_name(si)),
                    None => format!(
                        "clear the facing of set-up line {} of {}",
                        li + 1,
                        self.side_name(si)
                    ),
                };
                Some(self.line_edit(si, li, label, |entry| {
                    entry.facing = facing;
                    Ok(())
                })?)
            }
            Field::UnitName(si, ui) => {
                if typed.is_empty() {
                    return Err("a unit needs a name".into());
                }
                let mut def = self.unit_def(si, ui).ok_or("no such unit")?;
                let label = format!("rename {} to {typed}", def.id);
                def.name = typed.to_string();
                Some((
                    Edit::Unit {
                        side: si,
                        index: ui,
                        def: Box::new(def),
                    },
                    label,
                ))
            }
            Field::Turn(si, ri) => {
                let turn: u32 = typed
                    .parse()
                    .ok()
                    .filter(|t| *t >= 1)
                    .ok_or_else(|| number("a turn from 1 on"))?;
                let label = format!(
                    "bring reinforcement {} of {} on turn {turn}",
                    ri + 1,
                    self.side_name(si)
                );
                Some(self.reinforcement_edit(si, ri, label, |r| {
                    r.turn = turn;
                    Ok(())
                })?)
            }
            Field::Enter(si, ri) => {
                let zone = parse_zone(typed).map_err(|e| format!("enters at: {e}"))?;
                let label = format!(
                    "move the entry of reinforcement {} of {}",
                    ri + 1,
                    self.side_name(si)
                );
                Some(self.reinforcement_edit(si, ri, label, |r| {
                    r.enter = zone;
                    Ok(())
                })?)
            }
            Field::ReinforcementCount(si, ri, k) => {
                let count = count(typed).ok_or_else(|| number("a count from 1 to 99999"))?;
                let label = format!("set the count in reinforcement {} to {count}", ri + 1);
                Some(self.reinforcement_edit(si, ri, label, |r| {
                    r.units
                        .get_mut(k)
                        .ok_or("no such unit in the reinforcement")?
                        .count = count;
                    Ok(())
                })?)
            }
            Field::Strength(si, ui, j) | Field::Mp(si, ui, j) => {
                let mut def = self.unit_def(si, ui).ok_or("no such unit")?;
                let step = def.steps.get_mut(j).ok_or("no such step")?;
                let what = if matches!(f, Field::Strength(..)) {
                    step.strength = typed.parse().map_err(|_| number("a strength"))?;
                    "strength"
                } else {
                    step.mp = typed
                        .parse()
                        .map_err(|_| number("a number of movement points"))?;
                    "MP"
                };
                let label = format!("set {what} of {} (step {}) to {typed}", def.id, j + 1);
                Some((
                    Edit::Unit {
                        side: si,
                        index: ui,
                        def: Box::new(def),
                    },
                    label,
                ))
            }
            Field::PieceAt(pi) | Field::PieceFacing(pi) => {
                let piece = self
                    .doc
                    .scenario
                    .as_ref()
                    .and_then(|s| s.pieces.get(pi))
                    .ok_or("no such piece")?;
                let mut chosen = piece.clone();
                let label = if matches!(f, Field::PieceAt(_)) {
                    let hex = self
                        .snap
                        .grid
                        .from_printed(typed)
                        .ok()
                        .filter(|h| self.snap.grid.contains(*h))
                        .ok_or_else(|| format!("`{typed}` is not a hex of the map"))?;
                    let at = self.printed(hex);
                    chosen.at = Some(muster_model::HexId(at.clone()));
                    format!("move {} to {at}", piece.id)
                } else {
                    let o = self.snap.grid.orientation();
                    let d = muster_hex::Direction::from_name(&typed.to_uppercase(), o).ok_or_else(
                        || {
                            let names: Vec<&str> = muster_hex::Direction::ALL
                                .iter()
                                .map(|d| d.name(o))
                                .collect();
                            format!("`{typed}` is not a facing: {}", names.join(", "))
                        },
                    )?;
                    chosen.facing = Some(d.name(o).to_string());
                    format!("turn {} to face {}", piece.id, d.name(o))
                };
                if chosen == *piece {
                    return Ok(None);
                }
                Some(self.reposition_piece(pi, chosen, label).ok_or(
                    "the piece does not fit there: some of its hexes would be off the map",
                )?)
            }
            Field::Commander(si) | Field::SideNumber(si, _) => {
                let mut def = self.side_def(si).ok_or("no such side")?;
                let label = if let Field::SideNumber(_, name) = f {
                    let words = name.replace('_', " ");
                    let value = if typed.is_empty() {
                        None
                    } else {
                        let n: u32 = typed
                            .parse()
                            .map_err(|_| number(&format!("a whole {words}")))?;
                        Some(n.into())
                    };
                    def.system.set(name, value);
                    format!("set the {words} of {} to {typed}", def.name)
                } else {
                    def.commander = Some(typed.to_string()).filter(|c| !c.is_empty());
                    format!("set the commander of {} to {typed}", def.name)
                };
                Some((
                    Edit::Side {
                        side: si,
                        def: Box::new(def),
                    },
                    label,
                ))
            }
        })
    }

    fn commit(&mut self, edit: Edit, label: String) -> Task<Message> {
        self.properties.error = None;
        self.status = label.clone();
        let layers = self.history.apply_labelled(&mut self.doc, edit, label);
        self.changed(layers)
    }

    /// The edit that replaces set-up line `li` of side `si` with the line as `change`
    /// leaves it, under `label`.
    fn line_edit(
        &self,
        si: usize,
        li: usize,
        label: String,
        change: impl FnOnce(&mut SetupEntry) -> Result<(), &'static str>,
    ) -> Result<(Edit, String), String> {
        let mut entry = self
            .doc
            .scenario
            .as_ref()
            .and_then(|s| s.sides.get(si)?.setup.get(li).cloned())
            .ok_or("no such set-up line")?;
        change(&mut entry)?;
        Ok((
            Edit::ReplaceSetup {
                side: si,
                index: li,
                entry,
            },
            label,
        ))
    }

    /// The edit that replaces reinforcement `ri` of side `si` with it as `change` leaves
    /// it, under `label`.
    fn reinforcement_edit(
        &self,
        si: usize,
        ri: usize,
        label: String,
        change: impl FnOnce(&mut muster_model::Reinforcement) -> Result<(), &'static str>,
    ) -> Result<(Edit, String), String> {
        let mut entry = self
            .doc
            .scenario
            .as_ref()
            .and_then(|s| s.sides.get(si)?.reinforcements.get(ri).cloned())
            .ok_or("no such reinforcement")?;
        change(&mut entry)?;
        Ok((
            Edit::ReplaceReinforcement {
                side: si,
                index: ri,
                entry,
            },
            label,
        ))
    }

    fn unit_def(&self, si: usize, ui: usize) -> Option<muster_model::UnitDef> {
        self.doc
            .scenario
            .as_ref()?
            .sides
            .get(si)?
            .units
            .get(ui)
            .cloned()
    }

    fn side_def(&self, si: usize) -> Option<muster_model::Side> {
        let side = self.doc.scenario.as_ref()?.sides.get(si)?;
        // Only the side's own fields travel in the edit: its units and set-up stay put.
        Some(muster_model::Side {
            units: Vec::new(),
            setup: Vec::new(),
            ..side.clone()
        })
    }

    fn side_name(&self, si: usize) -> String {
        self.doc
            .scenario
            .as_ref()
            .and_then(|s| s.sides.get(si))
            .map(|s| s.name.clone())
            .unwrap_or_default()
    }
}

/// How many of a unit a line names, as typed: 1 to 99,999.
fn count(typed: &str) -> Option<u32> {
    typed.parse().ok().filter(|n| (1..=99_999).contains(n))
}

/// The set-up lines and the reinforcements whose hexes include `hex`, each as
/// (side, index in its list).
pub(in crate::app) fn lines_at(
    resolved: &muster_rules::Scenario<'_>,
    hex: Hex,
) -> properties::LinesHere {
    let mut here = properties::LinesHere::default();
    for d in resolved
        .deployments
        .iter()
        .filter(|d| d.hexes.contains(&hex))
    {
        match d.kind {
            muster_rules::DeployKind::Setup { .. } => here.setup.push((d.side, d.index)),
            muster_rules::DeployKind::Reinforcement { .. } => {
                here.reinforcements.push((d.side, d.index))
            }
        }
    }
    here
}

//! A scenario resolved against its world: every unit type with its kind, and every set-up
//! line and reinforcement with its zone resolved to hexes.

use crate::codes;
use crate::diagnostic::{Diagnostic, Location};
use crate::world::World;
use muster_hex::Hex;
use muster_model::{Ruleset, ScenarioFile, UnitDef, UnitKindDef, Zone};
use std::collections::HashMap;

/// Set-up or reinforcement.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeployKind {
    /// On the map at the start; `hidden` when placed secretly.
    Setup {
        /// Placed secretly.
        hidden: bool,
    },
    /// Enters on a turn through its zone.
    Reinforcement {
        /// The turn.
        turn: u32,
    },
}

/// Some counters of one unit type in a deployment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deployed {
    /// Index of the unit type in its side.
    pub unit: usize,
    /// How many counters.
    pub count: u32,
    /// Pointer to the reference in the file.
    pub pointer: String,
}

/// One set-up line or reinforcement, resolved.
#[derive(Debug, Clone)]
pub struct Deployment<'a> {
    /// Side index.
    pub side: usize,
    /// Set-up or reinforcement.
    pub kind: DeployKind,
    /// Index of the line in its side's `setup` (a [`DeployKind::Setup`]) or
    /// `reinforcements` (a [`DeployKind::Reinforcement`]): with `side` and `kind`, which
    /// line this is. Read it rather than parsing `pointer` back.
    pub index: usize,
    /// Pointer to the entry.
    pub pointer: String,
    /// Pointer to its zone.
    pub zone_pointer: String,
    /// The zone as written.
    pub zone: &'a Zone,
    /// The units (only those that resolved).
    pub units: Vec<Deployed>,
    /// The zone's hexes on the map (empty if it did not resolve).
    pub hexes: Vec<Hex>,
    /// Whether the zone resolved.
    pub resolved: bool,
    /// Pointers to individual hexes where the zone lists them.
    pub hex_pointers: HashMap<Hex, String>,
}

impl Deployment<'_> {
    /// Where to point for a hex of this deployment.
    pub fn hex_location(&self, hex: Hex) -> Location {
        Location::here(
            self.hex_pointers
                .get(&hex)
                .cloned()
                .unwrap_or_else(|| self.zone_pointer.clone()),
        )
    }
}

/// A scenario with everything resolved.
pub struct Scenario<'a> {
    /// The file.
    pub file: &'a ScenarioFile,
    /// The ruleset it names.
    pub ruleset: &'a Ruleset,
    /// The map with overlays applied (shared among the scenarios of a run that use the
    /// same map without overlays).
    pub world: std::sync::Arc<World>,
    /// Set-up lines and reinforcements.
    pub deployments: Vec<Deployment<'a>>,
    /// Who stands where at the start: the placement model every check and query reads.
    pub placements: crate::placement::Placements,
    /// The army lists the scenario and its sides name (Charles the Bold), those that
    /// loaded, each with whose it is.
    pub lists: crate::army_lists::ArmyLists<'a>,
    /// The siege layout (pieces and characters by hex), built on first use.
    pub(crate) siege_layout: std::sync::OnceLock<crate::siege::field::Layout<'a>>,
    /// The owner's-choice lines that cannot all avoid every forbidding per-hex rule of the
    /// system at once, found on first use ([`Scenario::judge_all`]).
    pub(crate) squeezed_by_rules: std::sync::OnceLock<crate::FastSet<usize>>,
}

/// Why a unit reference in a rule did not resolve.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UnitLookup {
    /// Found: side and unit index.
    Found(usize, usize),
    /// No such unit.
    Unknown,
    /// Several sides have a unit of that id.
    Ambiguous(Vec<String>),
}

impl<'a> Scenario<'a> {
    /// Resolves set-up and reinforcements, reporting unknown units (`MU063`), bad zones
    /// (`MU050`, `MU051`) and listed hexes off the map (`MU023`).
    pub fn resolve(
        file: &'a ScenarioFile,
        ruleset: &'a Ruleset,
        world: impl Into<std::sync::Arc<World>>,
        out: &mut Vec<Diagnostic>,
    ) -> Scenario<'a> {
        let world = world.into();
        let mut deployments = Vec::new();
        for (si, side) in file.sides.iter().enumerate() {
            let entries = side
                .setup
                .iter()
                .enumerate()
                .map(|(i, e)| {
                    (
                        i,
                        format!("/sides/{si}/setup/{i}"),
                        &e.units,
                        &e.at,
                        "at",
                        DeployKind::Setup { hidden: e.hidden },
                    )
                })
                .chain(side.reinforcements.iter().enumerate().map(|(i, r)| {
                    (
                        i,
                        format!("/sides/{si}/reinforcements/{i}"),
                        &r.units,
                        &r.enter,
                        "enter",
                        DeployKind::Reinforcement { turn: r.turn },
                    )
                }));
            for (index, pointer, refs, zone, zone_key, kind) in entries {
                let mut units = Vec::new();
                for (k, r) in refs.iter().enumerate() {
                    let ptr = format!("{pointer}/units/{k}");
                    match side.units.iter().position(|u| u.id == r.unit) {
                        Some(unit) => units.push(Deployed {
                            unit,
                            count: r.count,
                            pointer: ptr,
                        }),
                        None => out.push(unknown_unit(&r.unit, &side.units, &side.name, ptr)),
                    }
                }
                let zone_pointer = format!("{pointer}/{zone_key}");
                let (hexes, resolved, hex_pointers) =
                    resolve_zone(&world, zone, &zone_pointer, out);
                deployments.push(Deployment {
                    side: si,
                    kind,
                    index,
                    pointer,
                    zone_pointer,
                    zone,
                    units,
                    hexes,
                    resolved,
                    hex_pointers,
                });
            }
        }
        let placements = crate::placement::Placements::build(
            file,
            ruleset,
            world.grid.orientation(),
            &deployments,
        );
        Scenario {
            file,
            ruleset,
            world,
            deployments,
            placements,
            lists: crate::army_lists::ArmyLists::none(),
            siege_layout: std::sync::OnceLock::new(),
            squeezed_by_rules: std::sync::OnceLock::new(),
        }
    }

    /// The unit type and its kind.
    pub fn unit(&self, side: usize, unit: usize) -> (&'a UnitDef, Option<&'a UnitKindDef>) {
        let def = &self.file.sides[side].units[unit];
        (
            def,
            self.ruleset.unit_kinds.iter().find(|k| k.id == def.kind),
        )
    }

    /// Looks up a unit referenced by a rule: `"Somerset"` or `"lancastrians/Somerset"`.
    pub fn find_unit(&self, reference: &str) -> UnitLookup {
        if let Some((side, unit)) = reference.split_once('/') {
            if let Some(si) = self.file.sides.iter().position(|s| s.id == side) {
                return match self.file.sides[si].units.iter().position(|u| u.id == unit) {
                    Some(ui) => UnitLookup::Found(si, ui),
                    None => UnitLookup::Unknown,
                };
            }
        }
        let hits: Vec<(usize, usize)> = self
            .file
            .sides
            .iter()
            .enumerate()
            .filter_map(|(si, s)| {
                s.units
                    .iter()
                    .position(|u| u.id == reference)
                    .map(|ui| (si, ui))
            })
            .collect();
        match hits.as_slice() {
            [] => UnitLookup::Unknown,
            [(s, u)] => UnitLookup::Found(*s, *u),
            many => UnitLookup::Ambiguous(
                many.iter()
                    .map(|(s, _)| self.file.sides[*s].id.clone())
                    .collect(),
            ),
        }
    }

    /// Index of a side by id.
    pub fn side_index(&self, id: &str) -> Option<usize> {
        self.file.sides.iter().position(|s| s.id == id)
    }

    /// The army-list line of a unit, if it names one that exists in the lists its side
    /// draws on (its own, then the shared ones).
    pub fn list_entry(&self, side: usize, unit: usize) -> Option<&'a muster_model::ListEntry> {
        let id = self.file.sides[side].units[unit].list_entry.as_deref()?;
        self.lists.entry(side, id)
    }

    /// A rule citation for this scenario's variant of the ruleset: `"A la Charge §7"`.
    pub fn cite(&self, section: &str) -> String {
        format!("{} {section}", self.ruleset.name)
    }
}

fn unknown_unit(id: &str, units: &[UnitDef], side: &str, pointer: String) -> Diagnostic {
    let ids: Vec<&str> = units.iter().map(|u| u.id.as_str()).collect();
    let close: Vec<&str> = ids
        .iter()
        .copied()
        .filter(|u| {
            u.to_lowercase().contains(&id.to_lowercase())
                || id.to_lowercase().contains(&u.to_lowercase())
        })
        .collect();
    let help = if close.is_empty() {
        crate::suggest::did_you_mean(
            id,
            &format!("unit ids of {side}"),
            &ids,
            &format!("define it in the `units` of {side}"),
        )
    } else {
        format!(
            "did you mean {}?",
            close
                .iter()
                .map(|c| format!("`{c}`"))
                .collect::<Vec<_>>()
                .join(" or ")
        )
    };
    Diagnostic::error(
        codes::UNKNOWN_UNIT.code,
        Location::here(pointer),
        format!("{side} has no unit `{id}`"),
    )
    .help(help)
}

/// Resolves a zone, reporting errors; returns the on-map hexes, whether it resolved, and
/// pointers to listed hexes.
pub fn resolve_zone(
    world: &World,
    zone: &Zone,
    pointer: &str,
    out: &mut Vec<Diagnostic>,
) -> (Vec<Hex>, bool, HashMap<Hex, String>) {
    let mut hex_pointers = HashMap::new();
    match world.resolve(zone) {
        Ok(hexes) => {
            let mut on = Vec::new();
            if let Zone::Hexes(ids) = zone {
                for (k, id) in ids.iter().enumerate() {
                    let p = format!("{pointer}/Hexes/{k}");
                    if let Ok(h) = world.grid.from_printed(id.as_str()) {
                        if world.grid.contains(h) {
                            hex_pointers.insert(h, p);
                        } else {
                            out.push(world.off_map(id.as_str(), Location::here(p)));
                        }
                    }
                }
            }
            for h in hexes {
                if world.grid.contains(h) {
                    on.push(h);
                }
            }
            if on.is_empty() && !matches!(zone, Zone::Hexes(v) if !v.is_empty()) {
                out.push(
                    Diagnostic::error(
                        codes::EMPTY_ZONE.code,
                        Location::here(pointer),
                        "this zone names no hex of the map",
                    )
                    .help("check the rows and edges against the map's size and compass"),
                );
            }
            (on, true, hex_pointers)
        }
        Err(e) => {
            let code = if matches!(e, muster_model::ZoneError::UnknownName(_)) {
                codes::UNKNOWN_ZONE.code
            } else {
                codes::EMPTY_ZONE.code
            };
            let mut d = Diagnostic::error(code, Location::here(pointer), e.to_string());
            if code == codes::UNKNOWN_ZONE.code {
                let ids: Vec<_> = world.zone_ids().collect();
                let written = match &e {
                    muster_model::ZoneError::UnknownName(n) => n.as_str(),
                    _ => "",
                };
                d = d.help(crate::suggest::did_you_mean(
                    written,
                    "map's zones",
                    &ids,
                    "the map names no zones",
                ));
            }
            out.push(d);
            (Vec::new(), false, hex_pointers)
        }
    }
}

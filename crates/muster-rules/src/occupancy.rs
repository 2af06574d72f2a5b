//! What the set-up says about who stands where at the start, for every system. A set-up line with as many
//! combat units as hexes fills every hex (which unit goes where may be the owner's choice,
//! but each hex holds one); a line with spare hexes leaves the choice open.

use crate::scenario::{DeployKind, Scenario};
use muster_hex::Hex;
use std::collections::HashMap;

/// Counts of one set-up line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LineCounts {
    /// Combat units (not leaders, not the King).
    pub combat: u32,
    /// Leaders and units that stack freely.
    pub stacking: u32,
}

/// Counts the combat and stacking units of a deployment.
pub fn counts(s: &Scenario, index: usize) -> LineCounts {
    let d = &s.deployments[index];
    let mut c = LineCounts {
        combat: 0,
        stacking: 0,
    };
    for u in &d.units {
        let (_, kind) = s.unit(d.side, u.unit);
        if kind.is_some_and(|k| k.leader || k.stacks) {
            c.stacking = c.stacking.saturating_add(u.count);
        } else {
            c.combat = c.combat.saturating_add(u.count);
        }
    }
    c
}

/// Hexes certainly holding a combat unit at the start: hex → set-up lines filling it.
pub fn certain_combat(s: &Scenario) -> HashMap<Hex, Vec<usize>> {
    let mut map: HashMap<Hex, Vec<usize>> = HashMap::new();
    for (i, d) in s.deployments.iter().enumerate() {
        if !matches!(d.kind, DeployKind::Setup { .. }) || d.hexes.is_empty() {
            continue;
        }
        let c = counts(s, i);
        if c.combat as usize >= d.hexes.len() {
            for h in &d.hexes {
                map.entry(*h).or_default().push(i);
            }
        }
    }
    map
}

/// A unit certainly at a hex at the start (for the engine's queries).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Occupant {
    /// Side index.
    pub side: usize,
    /// Unit index in the side.
    pub unit: usize,
    /// A combat unit (not a leader or the King).
    pub combat: bool,
}

/// Units whose hex at the start is certain: lines with one hex, or one unit type over
/// exactly as many hexes as counters.
pub fn known_positions(s: &Scenario) -> HashMap<Hex, Vec<Occupant>> {
    let mut map: HashMap<Hex, Vec<Occupant>> = HashMap::new();
    for (i, d) in s.deployments.iter().enumerate() {
        if !matches!(d.kind, DeployKind::Setup { hidden: false }) || d.hexes.is_empty() {
            continue;
        }
        let c = counts(s, i);
        let combat_of = |unit: usize| !s.unit(d.side, unit).1.is_some_and(|k| k.leader || k.stacks);
        let single_type = d.units.iter().filter(|x| combat_of(x.unit)).count() == 1;
        for u in &d.units {
            let combat = combat_of(u.unit);
            if !(d.hexes.len() == 1
                || (combat && single_type && c.combat as usize == d.hexes.len()))
            {
                continue;
            }
            for &h in &d.hexes {
                map.entry(h).or_default().push(Occupant {
                    side: d.side,
                    unit: u.unit,
                    combat,
                });
            }
        }
    }
    map
}

//! Movement reach in hexes at the scenario's scale (§6): the allowance of the unit's type
//! and formation, difficult terrain at half speed unless in march column on a road, horse
//! never deployed into woods or built-up areas, no moving through any unit, and a halt on
//! contact with an enemy regiment ("Units must either move around friendly units or halt
//! upon contact"; contact is being in a hex next to it, ours, as for §8). A regiment that
//! begins in contact may perform a break-off move (§6; that it may make no other move is
//! ours), which is not modelled: it has no reach.
//! Wheels, turns and drift (facing) are not modelled: the answer is the hexes within the
//! allowance.

use super::fields::Formation;
use super::tables::{movement_hexes, UnitType};
use crate::and_gentlemen_all::fields;
use crate::and_gentlemen_all::vocabulary::{paths, terrain};
use crate::movement::Reach;
use crate::scenario::Scenario;
use muster_hex::Hex;

fn difficult(s: &Scenario, id: &str) -> bool {
    fields::scenario(s.file)
        .terrain_classes
        .iter()
        .any(|c| c.terrain == id && c.difficult)
}

/// Woods and built-up areas, which deployed horse may not enter.
pub fn closed_to_horse(terrain: &str) -> bool {
    matches!(terrain, terrain::WOODS | terrain::VILLAGE)
}

/// Where the unit can move from `from`, in hexes.
pub fn reach(s: &Scenario, side: usize, unit: usize, from: Hex) -> Reach {
    crate::movement::with_uncertain(s, |assume| reach_assuming(s, side, unit, from, assume))
}

fn reach_assuming(
    s: &Scenario,
    side: usize,
    unit: usize,
    from: Hex,
    assume: crate::placement::Assume,
) -> Reach {
    let def = &s.file.sides[side].units[unit];
    let Some(reg) = &fields::unit(def).regiment else {
        return Reach::none(0, "not a regiment (no `regiment`)");
    };
    let Some(scale) = &fields::scenario(s.file).scale else {
        return Reach::none(0, "the scenario declares no scale");
    };
    let Some(t) = UnitType::of(&def.kind, reg.mounted.unwrap_or(false)) else {
        return Reach::none(0, format!("unknown unit type `{}`", def.kind));
    };
    let Some(allowance) = movement_hexes(t, reg.formation, scale) else {
        return Reach::none(0, "deployed heavy artillery may not move (§6)");
    };
    if allowance == 0 {
        return Reach::none(
            0,
            format!(
                "its move is less than one hex at {} inches a hex (ours: a move rounds down, never farther than the rules allow)",
                scale.inches_per_hex
            ),
        );
    }
    let column = reg.formation == Formation::MarchColumn;
    let horse_deployed = t == UnitType::Horse && !column;
    // Regiments certainly set up in a hex keep others out; the text has no general
    // counters, so leaders (generals) do not.
    let occupied: crate::FastSet<Hex> = s
        .placements
        .held_hexes(assume)
        .into_iter()
        .filter(|h| *h != from && s.placements.held(*h, assume).iter().any(|o| !o.free))
        .collect();
    // §6: "Units which begin the phase in contact with enemy units may perform a break-off
    // move if eligible"; a unit moving into contact halts there.
    let contact = super::contact::contact_hexes(s, side, assume);
    if contact.contains(&from) {
        return Reach::none(
            allowance,
            "it begins in contact with an enemy regiment: §6 prints \"may perform a break-off move if eligible\"; that it may make no other move is ours (§6 also says units \"halt upon contact\"), and the break-off move is not modelled, so reach gives none",
        );
    }
    let budget = allowance * 2;
    let best = crate::grid_walk::cheapest_listed(&s.world.grid, from, budget, |here| {
        if here != from && contact.contains(&here) {
            return vec![]; // halts upon contact (§6)
        }
        s.world
            .grid
            .neighbors_on_map(here)
            .filter(|next| !occupied.contains(next))
            .filter(|next| !(horse_deployed && closed_to_horse(s.world.terrain(*next))))
            .map(|next| {
                let on_road = column && s.world.path_joins(paths::ROAD, here, next);
                let hard = difficult(s, s.world.terrain(next))
                    || s.world
                        .features_between(here, next)
                        .iter()
                        .any(|f| difficult(s, f));
                (next, if hard && !on_road { 4 } else { 2 })
            })
            .collect::<Vec<_>>()
    });
    // In printed-id order already.
    let hexes: Vec<(Hex, u32)> = best
        .into_iter()
        .filter(|(h, _)| *h != from)
        .map(|(h, c)| (h, c.div_ceil(2)))
        .collect();
    Reach {
        mp: allowance,
        uncertain: vec![],
        hexes,
        restricted: None,
        moves_with: None,
    }
}

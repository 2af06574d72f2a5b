//! Movement reach in hexes at the scenario's scale (§6): the allowance of the unit's type
//! and formation, difficult terrain at half speed unless in march column on a road, horse
//! never deployed into woods or built-up areas, no moving through any unit. Wheels, turns
//! and drift (facing) are not modelled: the answer is the hexes within the allowance.

use super::tables::{movement_hexes, UnitType};
use crate::occupancy::known_positions;
use crate::reach::Reach;
use crate::scenario::Scenario;
use muster_hex::Hex;
use muster_model::Formation;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

fn difficult(s: &Scenario, id: &str) -> bool {
    s.file
        .terrain_classes
        .iter()
        .any(|c| c.terrain == id && c.difficult)
}

/// Woods and built-up areas, which deployed horse may not enter.
pub fn closed_to_horse(terrain: &str) -> bool {
    matches!(terrain, "woods" | "village")
}

/// Where the unit can move from `from`, in hexes.
pub fn reach(s: &Scenario, side: usize, unit: usize, from: Hex) -> Reach {
    let def = &s.file.sides[side].units[unit];
    let Some(reg) = &def.regiment else {
        return Reach {
            mp: 0,
            hexes: vec![],
            restricted: Some("not a regiment (no `regiment`)".into()),
        };
    };
    let Some(scale) = &s.file.scale else {
        return Reach {
            mp: 0,
            hexes: vec![],
            restricted: Some("the scenario declares no scale".into()),
        };
    };
    let Some(t) = UnitType::of(&def.kind, reg.mounted.unwrap_or(false)) else {
        return Reach {
            mp: 0,
            hexes: vec![],
            restricted: Some(format!("unknown unit type `{}`", def.kind)),
        };
    };
    let Some(allowance) = movement_hexes(t, reg.formation, scale) else {
        return Reach {
            mp: 0,
            hexes: vec![],
            restricted: Some("deployed heavy artillery may not move (§6)".into()),
        };
    };
    let column = reg.formation == Formation::MarchColumn;
    let horse_deployed = t == UnitType::Horse && !column;
    let occupied = known_positions(s);
    let budget = allowance * 2;
    let mut best: HashMap<Hex, u32> = HashMap::from([(from, 0)]);
    let mut heap = BinaryHeap::from([Reverse((0u32, from.x, from.y))]);
    while let Some(Reverse((cost, x, y))) = heap.pop() {
        let here = Hex::new(x, y);
        if best.get(&here).is_some_and(|c| *c < cost) {
            continue;
        }
        for next in s.world.grid.neighbors_on_map(here) {
            if occupied.contains_key(&next) {
                continue;
            }
            let terrain = s.world.terrain(next);
            if horse_deployed && closed_to_horse(terrain) {
                continue;
            }
            let on_road = column && s.world.path_joins("road", here, next);
            let hard = difficult(s, terrain)
                || s.world
                    .features_between(here, next)
                    .iter()
                    .any(|f| difficult(s, f));
            let step = if hard && !on_road { 4 } else { 2 };
            let total = cost + step;
            if total <= budget && best.get(&next).is_none_or(|c| total < *c) {
                best.insert(next, total);
                heap.push(Reverse((total, next.x, next.y)));
            }
        }
    }
    let mut hexes: Vec<(Hex, u32)> = best
        .into_iter()
        .filter(|(h, _)| *h != from)
        .map(|(h, c)| (h, c.div_ceil(2)))
        .collect();
    hexes.sort_by_key(|(h, _)| s.world.grid.to_printed(*h));
    Reach {
        mp: allowance,
        hexes,
        restricted: None,
    }
}

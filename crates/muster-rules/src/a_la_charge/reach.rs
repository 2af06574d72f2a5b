//! Movement reach (§9, §11): where a unit can end its move from a hex, given its MP,
//! terrain costs, roads, rivers and bridges, enemy zones of control (stop on entering, no
//! ZoC-to-ZoC, no ZoC across a river except at a bridge), friendly units passable but no
//! stacking at the end. Who stands where comes from the placement model: hexes an enemy
//! combat unit certainly holds block and exert zones of control; an enemy leader alone (§8:
//! eliminated when entered) and King Henry (captured by entering his hex) may be entered;
//! hexes only an enemy owner's choice may hold are named in the answer as uncertain. A unit
//! a staged activation (2nd St Albans) has not freed yet answers `restricted`.

use crate::a_la_charge::vocabulary::paths;
use crate::movement::Reach;
use crate::placement::{Assume, Holder};
use crate::scenario::Scenario;
use muster_hex::Hex;
use muster_model::Effect;
// foldhash: the walk asks these for every step of a reach over a million hexes.
use crate::{FastMap as HashMap, FastSet as HashSet};

/// Whether the side may cross rivers only by bridges (a special rule).
fn bridges_only(s: &Scenario, side: usize) -> bool {
    let id = &s.file.sides[side].id;
    s.file
        .special_rules
        .iter()
        .any(|r| matches!(&r.rule, Effect::CrossRiversOnlyByBridges { side } if side == id))
}

/// Whether a river without a bridge runs between two neighbouring hexes (the one
/// definition of [`super::river`], which AC110 reads too).
pub fn river_between(s: &Scenario, a: Hex, b: Hex) -> bool {
    super::river::unbridged_river(s, a, b)
}

/// The cost to move from `a` into its neighbour `b`, or `None` if it cannot.
pub fn step_cost(s: &Scenario, side: usize, a: Hex, b: Hex) -> Option<u32> {
    if !s.world.grid.contains(b) {
        return None;
    }
    let road = s
        .ruleset
        .paths
        .iter()
        .find(|p| p.id == paths::ROAD)
        .and_then(|p| p.mp);
    // The hexside first: a river without a bridge is closed to a side that crosses only
    // by bridges, and a road that runs over it without a bridge gives no road cost.
    let unbridged_river = river_between(s, a, b);
    if unbridged_river && bridges_only(s, side) {
        return None;
    }
    // The hex must be enterable at all (§9): a road gives no way into a river hex.
    let terrain = s
        .ruleset
        .terrain
        .iter()
        .find(|t| t.id == s.world.terrain(b))?;
    let mut cost = terrain.mp?;
    if let Some(mp) = road {
        if !unbridged_river && s.world.path_joins(paths::ROAD, a, b) {
            return Some(mp);
        }
    }
    // A step by a bridge does not pay the river's crossing cost (ours: the bridge's own
    // cost, supplied 0, is what crossing there costs).
    let bridged = super::river::by_bridge(s, a, b);
    for f in s.world.features_between(a, b) {
        let def = s.ruleset.hexside_features.iter().find(|d| d.id == f)?;
        if bridged && def.river {
            continue;
        }
        cost += def.crossing_mp?;
    }
    Some(cost)
}

/// Hexes in the zone of control of the enemies of `side`: around every hex an enemy
/// certainly holds, by a unit that exerts one (leaders do; a King who only stacks does not).
fn enemy_zoc(s: &Scenario, side: usize, held: &HashMap<Hex, Vec<Holder>>) -> HashSet<Hex> {
    let mut zoc = HashSet::default();
    for (h, occ) in held {
        let exerts = occ.iter().any(|o| {
            let stacks_only = o.free
                && o.unit
                    .is_some_and(|u| s.unit(o.side, u).1.is_some_and(|k| k.stacks));
            o.side != side && !stacks_only
        });
        if !exerts {
            continue;
        }
        for n in s.world.grid.neighbors_on_map(*h) {
            if !river_between(s, *h, n) {
                zoc.insert(n);
            }
        }
    }
    zoc
}

fn restriction(s: &Scenario, side: usize, unit: usize) -> Option<String> {
    let id = &s.file.sides[side].units[unit].id;
    for r in &s.file.special_rules {
        let matches = |u: &String| {
            u == id
                || u.split_once('/')
                    .is_some_and(|(sd, un)| sd == s.file.sides[side].id && un == id)
        };
        match &r.rule {
            Effect::CannotMove { units, unless } if units.iter().any(matches) => {
                return Some(format!(
                    "a special rule says it cannot move{}",
                    if unless.is_some() {
                        " (unless its condition holds)"
                    } else {
                        ""
                    }
                ));
            }
            _ => {}
        }
    }
    None
}

/// 2nd St Albans' staged activation: "First turn the yorkist player can move the units in
/// St Albans and on hex row 08xx only. Second turn he can also move the units on hex row
/// 06xx. third turn he can also move the units on hex row 04xx." Why a unit of the staged
/// side standing in `from` may not move yet, if so. Ours: reach answers for the first turn
/// (as for `Inactive`), and a unit is judged by the hex it moves from (a unit id of the
/// print stands on several rows, so the hex, not the id, says which stage frees it); a
/// reinforcement entering the map is not a unit "on" a row and is not held.
fn not_yet_freed(s: &Scenario, side: usize, unit: usize, from: Hex) -> Option<String> {
    let side_id = &s.file.sides[side].id;
    if arrives_at(s, side, unit, from) {
        return None;
    }
    s.file.special_rules.iter().find_map(|r| {
        let Effect::StagedActivation { side: staged, stages } = &r.rule else {
            return None;
        };
        if staged != side_id {
            return None;
        }
        let freed_on = stages
            .iter()
            .filter(|st| {
                st.zones
                    .iter()
                    .any(|z| s.world.resolve(z).is_ok_and(|hexes| hexes.contains(&from)))
            })
            .map(|st| st.turn)
            .min();
        let p = s.world.grid.to_printed(from);
        match freed_on {
            Some(turn) if turn <= 1 => None,
            Some(turn) => Some(format!(
                "{side_id}'s staged activation (2nd St Albans) frees the units on {p} only from turn {turn}; this answer is for turn 1 (ours)"
            )),
            None => Some(format!(
                "no stage of {side_id}'s staged activation (2nd St Albans) frees the units on {p}: they never move"
            )),
        }
    })
}

/// What entering `from` costs a reinforcement that enters the map there (§9): the hex's
/// cost from off the map (its terrain; a road does not lead in from beyond the edge), or 0
/// when the unit is set up there, or its reinforcement counts its movement from the entry
/// hexes (`moves_from_entry`).
fn entry_cost(s: &Scenario, side: usize, unit: usize, from: Hex) -> Result<u32, String> {
    if !arrives_at(s, side, unit, from) {
        return Ok(0);
    }
    let id = &s.file.sides[side].units[unit].id;
    let free = s.file.sides[side]
        .reinforcements
        .iter()
        .filter(|r| r.units.iter().any(|u| &u.unit == id))
        .any(|r| r.moves_from_entry);
    if free {
        return Ok(0);
    }
    let t = s.world.terrain(from);
    s.ruleset
        .terrain
        .iter()
        .find(|d| d.id == t)
        .and_then(|d| d.mp)
        .ok_or_else(|| {
            format!(
                "{} ({t}) cannot be entered, so the unit cannot enter the map there (§9)",
                s.world.grid.to_printed(from)
            )
        })
}

/// Whether the unit enters the map at `from` (a reinforcement's entry hex) rather than
/// standing there at the start.
fn arrives_at(s: &Scenario, side: usize, unit: usize, from: Hex) -> bool {
    let set_up_here = s
        .placements
        .lines_of(side, unit)
        .any(|l| l.hexes.contains(&from));
    !set_up_here
        && s.placements.lines().iter().any(|l| {
            l.side == side
                && l.entry_turn().is_some()
                && l.counters.iter().any(|c| c.unit == unit)
                && l.hexes.contains(&from)
        })
}

/// A unit that cannot move alone (2nd St Albans: "King Henry ... cannot move alone") goes
/// where a friendly combat unit certainly stacked with it goes; with none, it stays.
fn reach_with_companion(
    s: &Scenario,
    side: usize,
    unit: usize,
    from: Hex,
    assume: Assume,
) -> Reach {
    let grid = &s.world.grid;
    let companion = s
        .placements
        .certainly_held(from)
        .into_iter()
        .filter(|o| o.side == side && !o.free)
        .find_map(|o| {
            o.unit
                .filter(|u| *u != unit && !cannot_move_alone(s, side, *u))
        });
    match companion {
        Some(c) if crate::movement::inactive(s, side, c).is_some() => Reach::none(
            0,
            format!(
                "a special rule says it cannot move alone, and `{}`, the combat unit stacked with it in {}, may not act yet: {}",
                s.file.sides[side].units[c].id,
                grid.to_printed(from),
                crate::movement::inactive(s, side, c).unwrap_or_default()
            ),
        ),
        Some(c) => {
            let mut r = reach_assuming(s, side, c, from, assume);
            r.moves_with = Some(format!(
                "`{}`: a special rule says it cannot move alone, so it moves with the combat unit stacked with it in {}",
                s.file.sides[side].units[c].id,
                grid.to_printed(from)
            ));
            r
        }
        None => Reach::none(
            0,
            format!(
                "a special rule says it cannot move alone, and no friendly combat unit is certainly stacked with it in {}",
                grid.to_printed(from)
            ),
        ),
    }
}

/// Where the unit (side, unit index) can end a move from `from`, with the hexes an
/// owner's choice or a hidden unit may close marked uncertain.
pub fn reach(s: &Scenario, side: usize, unit: usize, from: Hex) -> Reach {
    crate::movement::with_uncertain(s, |assume| reach_assuming(s, side, unit, from, assume))
}

/// Whether a special rule says the unit cannot move alone (`CannotMoveAlone`).
fn cannot_move_alone(s: &Scenario, side: usize, unit: usize) -> bool {
    let id = &s.file.sides[side].units[unit].id;
    let side_id = &s.file.sides[side].id;
    s.file.special_rules.iter().any(|r| match &r.rule {
        Effect::CannotMoveAlone { units } => units.iter().any(|u| {
            u == id
                || u.split_once('/')
                    .is_some_and(|(sd, un)| sd == side_id && un == id)
        }),
        _ => false,
    })
}

fn reach_assuming(s: &Scenario, side: usize, unit: usize, from: Hex, assume: Assume) -> Reach {
    if let Some(why) = not_yet_freed(s, side, unit, from) {
        let def = &s.file.sides[side].units[unit];
        let mp = def.steps.first().map(|st| st.mp).or(def.mp).unwrap_or(0);
        return Reach::none(mp, why);
    }
    if cannot_move_alone(s, side, unit) {
        return reach_with_companion(s, side, unit, from, assume);
    }
    let def = &s.file.sides[side].units[unit];
    let full_mp = def.steps.first().map(|st| st.mp).or(def.mp).unwrap_or(0);
    if let Some(why) = restriction(s, side, unit) {
        return Reach::none(full_mp, why);
    }
    // §9: "a unit cannot enter a hex if it does not have enough MP remaining to do so",
    // the entry hex of a reinforcement too (unless it counts its movement from there).
    let entry = match entry_cost(s, side, unit, from) {
        Ok(c) => c,
        Err(why) => return Reach::none(full_mp, why),
    };
    let Some(mp) = full_mp.checked_sub(entry) else {
        return Reach::none(
            full_mp,
            format!(
                "entering {} costs {entry} MP and the unit has {full_mp} (§9)",
                s.world.grid.to_printed(from)
            ),
        );
    };
    // The mover itself is not in the way of its own move; a reinforcement is not on the
    // map yet, so whoever holds its entry hex is (§7, §11).
    let arriving = arrives_at(s, side, unit, from);
    let held: HashMap<Hex, Vec<Holder>> = s
        .placements
        .held_hexes(assume)
        .into_iter()
        .filter(|h| arriving || *h != from)
        .map(|h| (h, s.placements.held(h, assume)))
        .collect();
    let zoc = enemy_zoc(s, side, &held);
    let (_, kind) = s.unit(side, unit);
    let mover_combat = !kind.is_some_and(|k| k.leader || k.stacks);
    // Only an enemy combat unit keeps a unit out; a leader alone or the King is entered.
    let enemy_at = |h: Hex| {
        held.get(&h)
            .is_some_and(|v| v.iter().any(|o| o.side != side && !o.free))
    };
    if arriving && enemy_at(from) {
        return Reach::none(
            full_mp,
            format!(
                "an enemy combat unit holds the entry hex {}: the unit cannot enter the map there (§9, §11)",
                s.world.grid.to_printed(from)
            ),
        );
    }
    // The mover's own hex holds the mover: it may end elsewhere only if no friend fills it.
    // A reinforcement's entry hex holds only those set up there.
    let friend_combat_at = |h: Hex| {
        (arriving || h != from)
            && held
                .get(&h)
                .is_some_and(|v| v.iter().any(|o| o.side == side && !o.free))
    };
    // A unit that paid to enter the map has entered its entry hex (§11 applies there).
    let entering = entry > 0;
    let best = crate::grid_walk::cheapest_listed(&s.world.grid, from, mp, |here| {
        // Entering an enemy ZoC ends the move; no ZoC to ZoC; no entering enemies.
        let stop = (here != from || entering) && zoc.contains(&here);
        s.world
            .grid
            .neighbors_on_map(here)
            .filter(|next| !stop && !enemy_at(*next))
            .filter(|next| !(zoc.contains(&here) && zoc.contains(next)))
            .filter_map(|next| step_cost(s, side, here, next).map(|c| (next, c)))
            .collect::<Vec<_>>()
    });
    // An entering unit may end in its entry hex; costs count the entry (in printed-id
    // order already).
    let hexes: Vec<(Hex, u32)> = best
        .into_iter()
        .filter(|(h, _)| (entering || *h != from) && !(mover_combat && friend_combat_at(*h)))
        .map(|(h, c)| (h, c.saturating_add(entry)))
        .collect();
    Reach {
        mp: full_mp,
        uncertain: vec![],
        hexes,
        restricted: None,
        moves_with: None,
    }
}

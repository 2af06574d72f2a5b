//! What every system's movement reach shares: the answer's shape, the shortest-path walk,
//! what the placement model leaves uncertain, and the special rules that keep a unit still.
//! Which system answers is the system table's business ([`crate::system`]).

use crate::scenario::Scenario;
use muster_hex::Hex;

/// Where a unit can end its move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reach {
    /// Movement allowance (MP, or hexes for systems measured in distance).
    pub mp: u32,
    /// Hexes where the move can end, with what it costs, sorted by printed id.
    pub hexes: Vec<(Hex, u32)>,
    /// Why the unit cannot move at all, if so.
    pub restricted: Option<String>,
    /// The unit whose move this is, when a special rule lets the unit move only with a
    /// friend it is stacked with (2nd St Albans: the King "cannot move alone"), and why.
    pub moves_with: Option<String>,
    /// Hexes of the answer that an enemy set-up line may hold (or whose neighbour it may
    /// hold, so that a zone of control may fall on them): the owner's choice decides,
    /// so the answer there is not certain. Sorted by printed id.
    pub uncertain: Vec<Hex>,
}

impl Reach {
    /// A unit that cannot move, and why.
    pub fn none(mp: u32, why: impl Into<String>) -> Reach {
        Reach {
            mp,
            hexes: vec![],
            restricted: Some(why.into()),
            moves_with: None,
            uncertain: vec![],
        }
    }
}

/// Answers a reach twice, with the set-up's certain placements and with the worst case
/// (every line in every hex it names), and marks as uncertain the hexes of the first answer
/// that the second does not reach as cheaply: an owner's choice or a hidden unit decides them.
pub(crate) fn with_uncertain(
    s: &Scenario,
    reach: impl Fn(crate::placement::Assume) -> Reach,
) -> Reach {
    use crate::placement::Assume;
    let mut r = reach(Assume::Certain);
    // When every line stands only where it certainly stands, the worst case is this case:
    // nothing is uncertain, and the walk is not done twice.
    if r.restricted.is_some() || s.placements.worst_is_certain() {
        return r;
    }
    let worst = reach(Assume::Worst);
    // The worst case's costs by cell of the map (a search of its list for every hex was
    // quadratic: more than 100 s for a huge allowance on a 999 × 999 map).
    let cells = crate::grid_walk::Cells::new(&s.world.grid);
    let mut on_map = crate::grid_walk::Costs::new(cells.len());
    let mut off_map: crate::FastMap<Hex, u32> = crate::FastMap::default();
    for (h, c) in worst.hexes {
        match cells.of(h) {
            Some(cell) => on_map.set(cell, on_map.get(cell).map_or(c, |o| o.min(c))),
            None => {
                let e = off_map.entry(h).or_insert(c);
                *e = (*e).min(c);
            }
        }
    }
    let worst_cost = |h: Hex| match cells.of(h) {
        Some(cell) => on_map.get(cell),
        None => off_map.get(&h).copied(),
    };
    // In printed-id order, as the answer's hexes are.
    r.uncertain = r
        .hexes
        .iter()
        .filter(|(h, c)| worst_cost(*h).is_none_or(|wc| wc > *c))
        .map(|(h, _)| *h)
        .collect();
    r
}

/// Why a unit may not act at the start of the game, from the scenario's special rules
/// (`Inactive` until a later turn).
pub(crate) fn inactive(s: &Scenario, side: usize, unit: usize) -> Option<String> {
    let id = &s.file.sides[side].units[unit].id;
    let side_id = &s.file.sides[side].id;
    s.file.special_rules.iter().find_map(|r| match &r.rule {
        muster_model::Effect::Inactive { units, until_turn }
            if *until_turn > 1
                && units.iter().any(|u| {
                    u == id
                        || u.split_once('/')
                            .is_some_and(|(sd, un)| sd == side_id && un == id)
                }) =>
        {
            Some(format!(
                "a special rule says it cannot take any action until turn {until_turn}"
            ))
        }
        _ => None,
    })
}

/// The cheapest cost of reaching every node within `budget` from `start` (Dijkstra), given
/// the steps out of each node with their costs. Every system's reach walks through this;
/// what a step costs and where a move must stop is each system's own.
pub(crate) fn cheapest<N, I>(
    start: N,
    budget: u32,
    mut steps: impl FnMut(N) -> I,
) -> std::collections::HashMap<N, u32>
where
    N: Copy + Eq + std::hash::Hash,
    I: IntoIterator<Item = (N, u32)>,
{
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    // foldhash inside the walk (SipHash was a fifth of a reach over a million hexes); the
    // answer keeps the std map callers name.
    let mut best: crate::FastMap<N, u32> = crate::FastMap::default();
    best.insert(start, 0);
    // Settled nodes are popped once: a node popped again at a higher cost is skipped below,
    // so the walk is O(E log V) and ends when the cheapest frontier exceeds the budget
    // (nothing over the budget is ever pushed).
    // The heap holds indices into `nodes`, so that nodes need no ordering of their own.
    let mut nodes = vec![start];
    let mut heap = BinaryHeap::from([Reverse((0u32, 0usize))]);
    while let Some(Reverse((cost, i))) = heap.pop() {
        let here = nodes[i];
        if best.get(&here).is_some_and(|c| *c < cost) {
            continue;
        }
        for (next, step) in steps(here) {
            let total = cost.saturating_add(step);
            if total <= budget && best.get(&next).is_none_or(|c| total < *c) {
                best.insert(next, total);
                nodes.push(next);
                heap.push(Reverse((total, nodes.len() - 1)));
            }
        }
    }
    best.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::cheapest;

    #[test]
    fn cheapest_keeps_the_lower_cost_and_the_budget() {
        // 0 -> 1 costs 5, 0 -> 2 -> 1 costs 1 + 1; 1 -> 3 costs 2; budget 3.
        let edges = |n: u32| match n {
            0 => vec![(1, 5), (2, 1)],
            2 => vec![(1, 1)],
            1 => vec![(3, 2)],
            _ => vec![],
        };
        let best = cheapest(0u32, 3, edges);
        assert_eq!(best.get(&1), Some(&2), "the cheaper way round");
        assert_eq!(best.get(&3), None, "2 + 2 is over the budget");
        assert_eq!(best.len(), 3);
    }
}

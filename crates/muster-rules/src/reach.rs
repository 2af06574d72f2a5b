//! Movement reach, answered by the scenario's game system (the CLI's `query reach` and the
//! editor's preview both come here, so neither knows which system does what).

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
}

/// The reach of unit `unit` of side `side` from `from`, by the scenario's rules.
pub fn reach(s: &Scenario, side: usize, unit: usize, from: Hex) -> Reach {
    match s.file.ruleset.as_str() {
        "and-gentlemen-all" => crate::and_gentlemen_all::reach::reach(s, side, unit, from),
        "a-la-charge" => crate::a_la_charge::reach::reach(s, side, unit, from),
        "siege" => {
            let f = crate::siege::field::Field::new(s);
            crate::siege::movement::reach(&f, side, unit, from)
        }
        other => Reach {
            mp: 0,
            hexes: vec![],
            restricted: Some(format!("movement is not modelled for `{other}` yet")),
        },
    }
}

/// The reach of a character carrying something (`"screen"` or `"oil"`, Siege 5.21, 5.32),
/// or why the scenario's system has no such thing.
pub fn reach_carrying(
    s: &Scenario,
    side: usize,
    unit: usize,
    from: Hex,
    load: &str,
) -> Result<Reach, String> {
    use crate::siege::movement::{reach_carrying, Load};
    if s.file.ruleset != "siege" {
        return Err(format!(
            "{} has no screens or barrels to carry",
            s.ruleset.name
        ));
    }
    let load = match load {
        "screen" => Load::Screen,
        "oil" | "barrel" => Load::Barrel,
        other => return Err(format!("`{other}` cannot be carried: `screen` or `oil`")),
    };
    let f = crate::siege::field::Field::new(s);
    Ok(reach_carrying(&f, side, unit, from, load))
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
    use std::collections::{BinaryHeap, HashMap};
    let mut best: HashMap<N, u32> = HashMap::from([(start, 0)]);
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
    best
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

//! How many counters can stand in a group of hexes at the same time, one a hex: a
//! matching of the lines that name those hexes onto them. Counting the hexes someone
//! *may* hold counts an owner's choice over two of them twice; this does not.

use super::matching::{solve, Demand};
use super::{Line, Placements};
use muster_hex::Hex;

impl Placements {
    /// The most counters that can stand in `hexes` at once, one a hex, taking from each
    /// set-up line at most `take(line)` counters (0 leaves the line out). With `pin`
    /// `(line, hex)`, one counter of that line is put in that hex first and the answer
    /// counts it: whether an arrangement exists with a given counter in a given hex.
    ///
    /// An upper bound: the rest of each line and the other side's lines are not placed
    /// elsewhere, so a check that errs only when this falls short errs only when no
    /// arrangement of the set-up gets there.
    pub fn most_at_once(
        &self,
        hexes: &[Hex],
        take: impl Fn(&Line) -> u32,
        pin: Option<(usize, Hex)>,
    ) -> usize {
        let mut demands = Vec::new();
        let mut pinned = 0;
        for (li, l) in self.lines.iter().enumerate().filter(|(_, l)| l.on_map()) {
            let mut n = take(l) as usize;
            if let Some((pl, ph)) = pin {
                if pl == li {
                    if n == 0 || !l.hexes.contains(&ph) || !hexes.contains(&ph) {
                        return 0;
                    }
                    n -= 1;
                    pinned = 1;
                }
            }
            let slots: Vec<usize> = hexes
                .iter()
                .enumerate()
                .filter(|(_, h)| l.hexes.contains(h) && pin.is_none_or(|(_, ph)| ph != **h))
                .map(|(i, _)| i)
                .collect();
            if n > 0 && !slots.is_empty() {
                demands.push(Demand {
                    counters: n.min(slots.len()),
                    slots,
                });
            }
        }
        if pin.is_some() && pinned == 0 {
            return 0;
        }
        let m = solve(&demands, hexes.len());
        pinned + m.owner.iter().filter(|o| o.is_some()).count()
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Counter, Fill, Line};
    use super::*;
    use crate::scenario::DeployKind;

    fn line(deployment: usize, count: u32, hexes: &[Hex]) -> Line {
        Line {
            deployment,
            side: 0,
            kind: DeployKind::Setup { hidden: false },
            counters: vec![Counter {
                unit: deployment,
                count,
                free: false,
            }],
            hexes: hexes.to_vec(),
            bound: count,
            fill: if count as usize == hexes.len() {
                Fill::Filled
            } else {
                Fill::Choice
            },
            level: None,
            facing: None,
            corner: None,
        }
    }

    #[test]
    fn one_counter_over_two_hexes_counts_once() {
        let (a, b) = (Hex::new(0, 0), Hex::new(1, 0));
        let p = Placements::from_lines(vec![line(0, 1, &[a, b])]);
        assert_eq!(p.most_at_once(&[a, b], |l| l.bound, None), 1);
        assert_eq!(p.most_at_once(&[a, b], |l| l.bound, Some((0, b))), 1);
    }

    #[test]
    fn two_lines_competing_for_one_hex_count_once() {
        let (a, b) = (Hex::new(0, 0), Hex::new(5, 0));
        let p = Placements::from_lines(vec![line(0, 1, &[a]), line(1, 1, &[a, b])]);
        assert_eq!(p.most_at_once(&[a], |l| l.bound, None), 1);
        assert_eq!(p.most_at_once(&[a, b], |l| l.bound, None), 2);
        // Pinning line 1 on `a` leaves line 0 nowhere beside.
        assert_eq!(p.most_at_once(&[a], |l| l.bound, Some((1, a))), 1);
    }
}

//! Set-up lines that put two counters that may not share a hex into one: the stacking
//! checks of every system word these, so that all of them count the same way.

use super::{Fill, Placements};
use crate::diagnostic::{Diagnostic, Location};
use crate::scenario::Scenario;
use muster_hex::Hex;

/// A way the set-up stacks counters that may not share a hex.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Collision {
    /// Lines that each fill their hexes name the same hex (on the same level): the
    /// lines, in order.
    Shared {
        /// The hex.
        hex: Hex,
        /// On a siege tower's upper level.
        upper: bool,
        /// The lines.
        lines: Vec<usize>,
    },
    /// One line has more counters that may not share a hex than hexes.
    Overfull {
        /// The line.
        line: usize,
    },
    /// Lines, one of them at least an owner's choice, place more such counters than the
    /// hexes they may use (pigeonhole): no arrangement keeps one a hex.
    Squeezed {
        /// The lines.
        lines: Vec<usize>,
        /// The hexes they may use.
        hexes: Vec<Hex>,
        /// Their counters.
        counters: usize,
    },
}

impl Placements {
    /// Every collision of the set-up, hexes in the order the lines name them (found once,
    /// when the model is built).
    pub fn collisions(&self) -> &[Collision] {
        &self.collisions
    }

    pub(super) fn find_collisions(&self) -> Vec<Collision> {
        let mut out = Vec::new();
        let fills = |l: &super::Line| l.on_map() && l.bound > 0 && l.fills_every_hex();
        let upper = |l: &super::Line| l.level == Some(muster_model::Level::Upper);
        // A hex shared on one level, reported once, in the order the lines name the hexes:
        // by its first line (the lines naming a hex are kept in line order).
        for (li, l) in self.lines.iter().enumerate().filter(|(_, l)| fills(l)) {
            for &hex in &l.hexes {
                let same = || {
                    self.who_could_be(hex).iter().copied().filter(|o| {
                        let other = &self.lines[*o];
                        fills(other) && upper(other) == upper(l)
                    })
                };
                let mut it = same();
                if it.next() == Some(li) && it.next().is_some() {
                    out.push(Collision::Shared {
                        hex,
                        upper: upper(l),
                        lines: same().collect(),
                    });
                }
            }
        }
        for (li, l) in self.lines.iter().enumerate() {
            if l.on_map() && l.fill == Fill::Overflow {
                out.push(Collision::Overfull { line: li });
            }
        }
        // A shortfall of lines that all fill their hexes shows as a shared hex or an
        // overfull line already; one with an owner's choice in it is reported here.
        for s in &self.shortfalls {
            if s.lines.iter().any(|l| self.lines[*l].fill == Fill::Choice) {
                // A set, not a search of the list: a shortfall may span a million slots.
                let mut seen = crate::FastSet::default();
                let hexes: Vec<Hex> = s
                    .slots
                    .iter()
                    .map(|slot| self.slots[*slot].hex)
                    .filter(|h| seen.insert(*h))
                    .collect();
                out.push(Collision::Squeezed {
                    lines: s.lines.clone(),
                    hexes,
                    counters: s.counters,
                });
            }
        }
        out
    }
}

/// The finding for lines that cannot all fit, labelling every colliding line (`noun`
/// names the counters: "combat units", "stands"); shared by the systems whose stacking
/// rule is one counter a hex.
pub fn squeezed_finding(
    s: &Scenario,
    code: &'static str,
    noun: &str,
    lines: &[usize],
    hexes: &[muster_hex::Hex],
    counters: usize,
) -> Diagnostic {
    let g = &s.world.grid;
    let choice = lines
        .iter()
        .copied()
        .find(|l| s.placements.line(*l).fill == crate::placement::Fill::Choice)
        .unwrap_or(lines[0]);
    let mut ids: Vec<String> = hexes.iter().map(|h| g.to_printed(*h)).collect();
    ids.sort();
    let shown = if ids.len() > 12 {
        format!("{} … {} ({} hexes)", ids[0], ids[ids.len() - 1], ids.len())
    } else {
        ids.join(", ")
    };
    let mut d = Diagnostic::error(
        code,
        Location::here(s.deployments[choice].zone_pointer.clone()),
        format!(
            "{counters} {noun} are set up over only {} hexes ({shown}): no arrangement keeps one a hex",
            hexes.len()
        ),
    )
    .help("check the count of units and the list of hexes of each labelled line against the print");
    if let [one] = hexes {
        d = d.at_hex(g.to_printed(*one));
    }
    for l in lines.iter().filter(|l| **l != choice) {
        let line = s.placements.line(*l);
        d = d.label(
            Location::here(s.deployments[*l].zone_pointer.clone()),
            format!("this line places {} of them", line.bound),
        );
    }
    d
}

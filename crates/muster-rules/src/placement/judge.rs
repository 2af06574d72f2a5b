//! One semantics for every per-hex rule about a set-up line: a line that fills its hexes
//! puts a unit on every one of them, so each must be legal for some unit of the line (for
//! its one unit type, every hex); an owner's choice is illegal only when no arrangement of
//! its counters on legal hexes exists, and otherwise names the hexes the owner must avoid.

use super::matching::{solve, Demand};
use super::{Fill, Placements};
use crate::diagnostic::{Diagnostic, Location};
use crate::scenario::Scenario;
use muster_hex::Hex;

/// A unit on a hex where a rule forbids it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Misplacement {
    /// The hex.
    pub hex: Hex,
    /// Unit index in the line's side.
    pub unit: usize,
    /// Why the rule forbids it, e.g. "woods, closed to deployed horse".
    pub why: String,
}

/// The verdict of a per-hex rule on one line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Judgement {
    /// Every arrangement the line allows is legal.
    Legal,
    /// A legal arrangement exists; these placements would break the rule.
    Avoid(Vec<Misplacement>),
    /// No legal arrangement exists; these placements break the rule.
    Illegal(Vec<Misplacement>),
    /// The line alone could avoid these placements, but not while every owner's choice of
    /// the set-up avoids every hex the system's rules forbid: at least one choice must
    /// break a rule ([`Scenario::judge_all`]).
    Together(Vec<Misplacement>),
}

/// Most hexes a choice's finding lists before "and N more".
const LISTED: usize = 6;

impl Placements {
    /// Judges line `line` by a per-hex rule: `why_not(unit, hex)` says why that unit may
    /// not stand there, or `None`.
    pub fn judge(
        &self,
        line: usize,
        mut why_not: impl FnMut(usize, Hex) -> Option<String>,
    ) -> Judgement {
        let l = &self.lines[line];
        if !l.on_map() || l.hexes.is_empty() {
            return Judgement::Legal;
        }
        let mut bad = Vec::new();
        let mut bound = Vec::new();
        let mut illegal = false;
        for c in l.counters.iter().filter(|c| c.count > 0) {
            let mut legal = Vec::new();
            for (i, &hex) in l.hexes.iter().enumerate() {
                match why_not(c.unit, hex) {
                    Some(why) => bad.push(Misplacement {
                        hex,
                        unit: c.unit,
                        why,
                    }),
                    None => legal.push(i),
                }
            }
            if c.free {
                // A leader needs one legal hex of the line (the only one, if fixed).
                illegal |= legal.is_empty();
            } else {
                bound.push(Demand {
                    counters: (c.count as usize).min(l.hexes.len()),
                    slots: legal,
                });
            }
        }
        if bad.is_empty() {
            return Judgement::Legal;
        }
        if !bound.is_empty() {
            let placed = solve(&bound, l.hexes.len())
                .owner
                .iter()
                .filter(|o| o.is_some())
                .count();
            let needed = match l.fill {
                Fill::Fixed | Fill::Filled | Fill::Overflow => l.hexes.len(),
                Fill::Choice | Fill::Nowhere => l.bound as usize,
            };
            // A one-hex line puts every counter there: each must be legal there.
            let fixed_bad = l.hexes.len() == 1
                && bad
                    .iter()
                    .any(|m| l.counters.iter().any(|c| c.unit == m.unit && !c.free));
            illegal |= placed < needed || fixed_bad;
            // A choice legal on its own may still be forced onto a forbidden hex by the
            // other lines (its legal hexes filled by them): judge it with the whole set-up.
            if !illegal && l.fill == Fill::Choice {
                illegal = !self.fits_with_the_rest(line, &bound);
            }
        }
        if illegal {
            Judgement::Illegal(bad)
        } else {
            Judgement::Avoid(bad)
        }
    }
}

impl Placements {
    /// The lines that cannot all stand where the per-hex rules allow at once: one matching
    /// of the whole set-up with every line on the map restricted, unit type by unit type,
    /// to the hexes `allowed(line, unit, hex)` permits; the lines of each group that then no
    /// longer fits (and fitted without the rules: the stacking checks report those).
    pub fn squeezed_by(
        &self,
        allowed: impl Fn(usize, usize, Hex) -> bool,
    ) -> crate::FastSet<usize> {
        let mut demands: Vec<Demand> = Vec::new();
        let mut line_of: Vec<usize> = Vec::new();
        let mut restricted = false;
        for (d, &li) in self.demands.iter().zip(&self.demand_line) {
            let l = &self.lines[li];
            let upper = l.level == Some(muster_model::Level::Upper);
            let types: Vec<_> = l
                .counters
                .iter()
                .filter(|c| !c.free && c.count > 0)
                .collect();
            let legal: Vec<Vec<usize>> = types
                .iter()
                .map(|c| {
                    l.hexes
                        .iter()
                        .filter(|&&h| allowed(li, c.unit, h))
                        .filter_map(|&h| self.slots_of(h).find(|s| self.slots[*s].upper == upper))
                        .collect()
                })
                .collect();
            if legal.iter().all(|slots| slots.len() == d.slots.len()) {
                demands.push(d.clone());
                line_of.push(li);
                continue;
            }
            restricted = true;
            for (c, slots) in types.iter().zip(legal) {
                demands.push(Demand {
                    counters: (c.count as usize).min(l.hexes.len()),
                    slots,
                });
                line_of.push(li);
            }
        }
        if !restricted {
            return crate::FastSet::default();
        }
        let m = solve(&demands, self.slots.len());
        if m.owner.iter().filter(|o| o.is_some()).count() >= self.matched {
            return crate::FastSet::default();
        }
        let squeezed_anyway: crate::FastSet<usize> = self
            .shortfalls
            .iter()
            .flat_map(|s| s.lines.iter().copied())
            .collect();
        m.shortfalls
            .iter()
            .flat_map(|s| s.lines.iter().map(|d| line_of[*d]))
            .filter(|li| !squeezed_anyway.contains(li))
            .collect()
    }

    /// Whether the whole set-up still places as many counters when line `line` may use
    /// only its legal hexes (`legal`: its counters by type, slots as indices of its hexes).
    fn fits_with_the_rest(&self, line: usize, legal: &[Demand]) -> bool {
        let Some(at) = self.demand_line.iter().position(|l| *l == line) else {
            return true;
        };
        let l = &self.lines[line];
        let upper = l.level == Some(muster_model::Level::Upper);
        let slot_of = |i: usize| {
            self.slots_of(l.hexes[i])
                .find(|s| self.slots[*s].upper == upper)
        };
        let mut demands: Vec<Demand> = self
            .demands
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != at)
            .map(|(_, d)| d.clone())
            .collect();
        for d in legal {
            demands.push(Demand {
                counters: d.counters,
                slots: d.slots.iter().filter_map(|i| slot_of(*i)).collect(),
            });
        }
        let placed = solve(&demands, self.slots.len())
            .owner
            .iter()
            .filter(|o| o.is_some())
            .count();
        placed >= self.matched
    }
}

/// What breaking a per-hex rule costs: the set-up is forbidden, or only penalised (a stand
/// out of command range takes −1 on its Order Tests but may stand there).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stakes {
    /// The rule forbids it: errors where every arrangement breaks it.
    Forbidden,
    /// The rule penalises it: warnings only, worded as a cost.
    Penalised,
}

impl Judgement {
    /// The findings of a judgement on line `line`: on a line that fills its hexes one error
    /// per forbidden hex (worded by `sentence`); on an owner's choice one error when no
    /// legal arrangement exists, else one warning naming the hexes to avoid.
    pub fn report(
        self,
        s: &Scenario,
        line: usize,
        code: &'static str,
        rule: &str,
        stakes: Stakes,
        sentence: impl Fn(&Misplacement) -> String,
    ) -> Vec<Diagnostic> {
        let l = s.placements.line(line);
        let d = &s.deployments[line];
        let g = &s.world.grid;
        let (bad, severe) = match self {
            Judgement::Legal => return vec![],
            Judgement::Avoid(b) => (b, false),
            Judgement::Illegal(b) => (b, true),
            Judgement::Together(b) => {
                return vec![together(s, line, code, rule, &b)];
            }
        };
        let penalised = stakes == Stakes::Penalised;
        if severe && l.fills_every_hex() {
            // One finding a hex, even when several of the line's types are barred there.
            let mut seen = std::collections::HashSet::new();
            return bad
                .iter()
                .filter(|m| seen.insert(m.hex))
                .map(|m| {
                    let message = sentence(m);
                    let d = if penalised {
                        Diagnostic::warning(code, d.hex_location(m.hex), message)
                    } else {
                        Diagnostic::error(code, d.hex_location(m.hex), message)
                    };
                    d.at_hex(g.to_printed(m.hex)).rule(rule)
                })
                .collect();
        }
        let (list, one_hex) = listed(s, line, &bad);
        let mut diag = if severe && penalised {
            Diagnostic::warning(
                code,
                Location::here(d.zone_pointer.clone()),
                format!("wherever the owner places this line it pays the penalty: {list}"),
            )
            .help("the rule allows these hexes at a cost; every arrangement of the line pays it")
        } else if penalised {
            Diagnostic::warning(
                code,
                Location::here(d.zone_pointer.clone()),
                format!("the owner's choice avoids the penalty away from {list}"),
            )
            .help(
                "the line leaves the owner a choice; these hexes cost a penalty, the others do not",
            )
        } else if severe {
            Diagnostic::error(
                code,
                Location::here(d.zone_pointer.clone()),
                format!("the owner cannot place this line legally: {list}"),
            )
            .help("every arrangement of the line's units on its hexes breaks the rule (the other lines may fill the hexes it could use); check the hexes and the units against the print")
        } else {
            Diagnostic::warning(
                code,
                Location::here(d.zone_pointer.clone()),
                format!("the owner's choice must avoid {list}"),
            )
            .help("the line leaves the owner a choice; these hexes would break the rule, the others are legal")
        };
        if let Some(h) = one_hex {
            diag = diag.at_hex(h);
        }
        vec![diag.rule(rule)]
    }
}

/// The finding on a choice the others squeeze (see [`Judgement::Together`]).
fn together(
    s: &Scenario,
    line: usize,
    code: &'static str,
    rule: &str,
    bad: &[Misplacement],
) -> Diagnostic {
    let (list, one_hex) = listed(s, line, bad);
    let mut d = Diagnostic::error(
        code,
        Location::here(s.deployments[line].zone_pointer.clone()),
        format!(
            "the owner's choices cannot all be placed legally: this line, or another choice sharing its hexes, must take a forbidden hex: {list}"
        ),
    )
    .help("each choice alone has room on hexes the rules allow, but the choices share too few of them (every rule of the system counted, this one and the others); check the lines against the print")
    .rule(rule);
    if let Some(h) = one_hex {
        d = d.at_hex(h);
    }
    d
}

/// The misplacements of line `line` as a finding lists them (at most [`LISTED`], then "and
/// N more"), and their hex when they share one.
fn listed(s: &Scenario, line: usize, bad: &[Misplacement]) -> (String, Option<String>) {
    let side = s.placements.line(line).side;
    let g = &s.world.grid;
    let mut items: Vec<String> = bad
        .iter()
        .take(LISTED)
        .map(|m| {
            format!(
                "`{}` in {} ({})",
                s.file.sides[side].units[m.unit].id,
                g.to_printed(m.hex),
                m.why
            )
        })
        .collect();
    if bad.len() > LISTED {
        items.push(format!("and {} more", bad.len() - LISTED));
    }
    let one_hex = bad
        .first()
        .filter(|first| bad.iter().all(|m| m.hex == first.hex))
        .map(|first| g.to_printed(first.hex));
    (items.join(", "), one_hex)
}

impl Scenario<'_> {
    /// Judges every set-up line on the map that `which` keeps by one per-hex rule
    /// (`why_not(line, unit, hex)`), each as [`Placements::judge`] does, and then the
    /// set-up's choices together under every rule of the system that forbids a hex (the
    /// system's [`crate::GameSystem::stand_rule`]): an owner's choice that could avoid this
    /// rule's hexes on its own, but not while every line avoids every forbidden hex (two
    /// choices whose only legal hex is one, a wall for one and a fire for the other), is
    /// illegal.
    pub fn judge_all(
        &self,
        which: impl Fn(usize) -> bool,
        why_not: impl Fn(usize, usize, Hex) -> Option<String>,
    ) -> Vec<(usize, Judgement)> {
        let p = &self.placements;
        let mut verdicts: Vec<(usize, Judgement)> = (0..p.lines.len())
            .filter(|&li| p.lines[li].on_map() && which(li))
            .map(|li| (li, p.judge(li, |u, h| why_not(li, u, h))))
            .collect();
        if !verdicts
            .iter()
            .any(|(_, v)| matches!(v, Judgement::Avoid(_)))
        {
            return verdicts;
        }
        let squeezed = self.squeezed_by_rules.get_or_init(|| {
            let rule = crate::system(&self.file.ruleset).map(|g| g.stand_rule(self, false));
            p.squeezed_by(|li, u, h| rule.as_ref().is_none_or(|r| r(li, u, h).is_none()))
        });
        for (li, v) in &mut verdicts {
            if squeezed.contains(li) {
                if let Judgement::Avoid(bad) = v {
                    *v = Judgement::Together(std::mem::take(bad));
                }
            }
        }
        verdicts
    }
}

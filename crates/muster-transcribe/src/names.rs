//! Printed unit lists ("Somerset, 6 x Archers, 2 x (3-2) and 1 x (1-2)") read and matched to
//! the side's units, each counter used once.

use crate::text::{no_stop, strip_prefix_ci};
use muster_model::{UnitDef, UnitRef};
use std::collections::HashMap;

/// One printed item of a unit list: a count if printed, and the name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    /// The count printed before the name (`6x`, `6 x`).
    pub count: Option<u32>,
    /// The name as printed, quotes removed.
    pub name: String,
}

/// The items of a printed unit list: parted by commas and "and"; `6x Name` or `6 x Name`
/// gives a count; "force 2" after a name belongs to it ("Turcs, force 2" is the unit
/// `Turcs (force 2)`), and `base` is the name it qualifies when the list begins with it
/// ("Athanatoi, force 4: 1010 force 2: …").
pub fn items(list: &str, base: Option<&str>) -> Vec<Item> {
    let list = strip_prefix_ci(list.trim(), "the unit named ").unwrap_or(list.trim());
    let list = strip_prefix_ci(list, "the units named ").unwrap_or(list);
    let mut out: Vec<Item> = Vec::new();
    for part in list.split(',').flat_map(|p| split_and(p.trim())) {
        let part = no_stop(part).trim();
        if part.is_empty() {
            continue;
        }
        if let Some(force) = force_of(part) {
            let base = out
                .last()
                .map(|i| i.name.clone())
                .or_else(|| base.map(str::to_string));
            if let Some(b) = base {
                let name = format!("{} (force {force})", strip_force(&b));
                match out.last_mut() {
                    Some(last) => last.name = name,
                    None => out.push(Item { count: None, name }),
                }
                continue;
            }
        }
        out.push(item(part));
    }
    out
}

/// `part` split on the word "and".
fn split_and(part: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = part;
    while let Some(i) = rest.to_ascii_lowercase().find(" and ") {
        out.push(&rest[..i]);
        rest = &rest[i + 5..];
    }
    if let Some(r) = strip_prefix_ci(rest, "and ") {
        rest = r;
    }
    out.push(rest);
    out
}

/// `6 x Name`, `6x Name`, `6 Name`, or `Name`.
fn item(part: &str) -> Item {
    let digits: String = part.chars().take_while(char::is_ascii_digit).collect();
    if !digits.is_empty() {
        let rest = part[digits.len()..].trim_start();
        let rest = rest
            .strip_prefix('x')
            .or_else(|| rest.strip_prefix('X'))
            .or_else(|| rest.strip_prefix('×'))
            .map(str::trim_start)
            .unwrap_or(rest);
        if let (Ok(n), false) = (digits.parse::<u32>(), rest.is_empty()) {
            return Item {
                count: Some(n),
                name: rest.to_string(),
            };
        }
    }
    Item {
        count: None,
        name: part.to_string(),
    }
}

/// The N of "force N".
fn force_of(part: &str) -> Option<u32> {
    strip_prefix_ci(part, "force ")?.trim().parse().ok()
}

/// A name without its "(force N)".
fn strip_force(name: &str) -> &str {
    match name.find(" (force ") {
        Some(i) => &name[..i],
        None => name,
    }
}

/// The side's units and how many counters of each the lines read so far have used.
pub struct Roster<'u> {
    units: &'u [UnitDef],
    used: HashMap<usize, u32>,
}

/// A name matched to a unit.
pub enum Matched {
    /// The unit (its index) and, when the match was not exact, how it was read.
    Unit(usize, Option<String>),
    /// No unit: the help line.
    Unknown(String),
}

fn norm(s: &str) -> String {
    no_stop(s).to_lowercase()
}

fn singular(s: &str) -> &str {
    s.strip_suffix('s').unwrap_or(s)
}

impl<'u> Roster<'u> {
    /// A roster of `units`, none used.
    pub fn new(units: &'u [UnitDef]) -> Self {
        Roster {
            units,
            used: HashMap::new(),
        }
    }

    /// The unit's id.
    pub fn id(&self, unit: usize) -> &str {
        &self.units[unit].id
    }

    /// Counters of the unit not yet used by a line.
    pub fn left(&self, unit: usize) -> u32 {
        self.units[unit]
            .count
            .saturating_sub(self.used.get(&unit).copied().unwrap_or(0))
    }

    /// Uses `count` counters of the unit.
    pub fn take(&mut self, unit: usize, count: u32) {
        *self.used.entry(unit).or_default() += count;
    }

    /// The units `name` may mean, best first: by id, by counter name, by plural or
    /// singular; else the nearest by the one suggester.
    fn candidates(&self, name: &str) -> (Vec<usize>, Option<String>) {
        let n = norm(name);
        let mut out: Vec<usize> = Vec::new();
        let add = |pred: &dyn Fn(&UnitDef) -> bool, out: &mut Vec<usize>| {
            for (i, u) in self.units.iter().enumerate() {
                if pred(u) && !out.contains(&i) {
                    out.push(i);
                }
            }
        };
        add(&|u| norm(&u.id) == n, &mut out);
        add(&|u| norm(&u.name) == n, &mut out);
        add(
            &|u| singular(&norm(&u.id)) == singular(&n) || singular(&norm(&u.name)) == singular(&n),
            &mut out,
        );
        if !out.is_empty() {
            return (out, None);
        }
        let ids: Vec<&str> = self.units.iter().map(|u| u.id.as_str()).collect();
        match muster_rules::suggest::nearest(&n, ids.iter().copied()) {
            Some(near) => {
                let i = ids.iter().position(|x| *x == near).unwrap_or(0);
                (vec![i], Some(format!("`{name}` read as `{near}`")))
            }
            None => (vec![], None),
        }
    }

    /// The unit `name` means for `count` counters: the first candidate with that many
    /// counters left (several unit types may share a printed name), else the first.
    pub fn match_name(&self, name: &str, count: u32) -> Matched {
        let (cands, how) = self.candidates(name);
        if cands.is_empty() {
            let ids: Vec<&str> = self.units.iter().map(|u| u.id.as_str()).collect();
            return Matched::Unknown(muster_rules::suggest::did_you_mean(
                name,
                "side's units",
                &ids,
                "the side has no units: list them in the scenario first",
            ));
        }
        let pick = cands
            .iter()
            .copied()
            .find(|&i| self.left(i) >= count)
            .unwrap_or(cands[0]);
        Matched::Unit(pick, how)
    }

    /// The unit reference for `count` counters of the unit.
    pub fn unit_ref(&self, unit: usize, count: u32) -> UnitRef {
        UnitRef {
            count,
            unit: self.id(unit).to_string(),
        }
    }
}

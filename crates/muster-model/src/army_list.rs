//! Army lists (`*.armylist.ron`): the stands an army can field, in the columns of Charles
//! the Bold §16 (Cat, MP, SP, IF, fire by range band, BP), reusable across scenarios.

use crate::common::{Provenance, Source};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// An army list.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ArmyListFile {
    /// Title, e.g. "English army list".
    pub title: String,
    /// The game system.
    pub ruleset: String,
    /// Printed, or ours.
    #[serde(default)]
    pub provenance: Provenance,
    /// The printed work.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<Source>,
    /// Notes for reviewers.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// The stands, one per line.
    pub entries: Vec<ListEntry>,
}

/// Order rating (§1.3): A the best, C the worst.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum OrderClass {
    /// Best.
    A,
    /// Middling.
    B,
    /// Worst.
    C,
}

/// One line of an army list.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ListEntry {
    /// Identifier used by scenarios.
    pub id: String,
    /// Name as printed ("Knights").
    pub name: String,
    /// Order rating.
    pub class: OrderClass,
    /// The Cat column as tags: `CS` or `SS`, a sub-category (`HC`, `MC`, `HI`, `LI`, `LSp`,
    /// `Pk`, `WB`, `LC`, `Sk`, `Sh`, `Art`), weapons (`Longbow`, `XBow`, `Pike` …) and
    /// impetuosity (`Imp P` poorly trained, `Imp T` trained).
    pub cat: Vec<String>,
    /// Movement points: `"3/2"` (first move / additional moves) or `"2"`.
    #[schemars(pattern(r"^[0-9]+(/[0-9]+)?$"))]
    pub mp: String,
    /// Strength points per rank: `"7"` or `"5/4"` (front / back rank).
    #[schemars(pattern(r"^[0-9]+(/[0-9]+)*$"))]
    pub sp: String,
    /// Impact factor.
    pub impact: i32,
    /// Dice gained or lost when firing at each range band: `{"2H": 0, "3H": -1}`.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub fire: BTreeMap<String, i32>,
    /// Break points of each stand.
    #[schemars(range(min = 1, max = 3))]
    pub bp: u32,
    /// Whether the stand may move and fire in one turn (artillery may not, §6.0).
    #[serde(default = "yes", skip_serializing_if = "Clone::clone")]
    pub moves_and_fires: bool,
    /// Printed, or ours.
    #[serde(default)]
    pub provenance: Provenance,
}

fn yes() -> bool {
    true
}

/// Sub-categories the Charles the Bold text prints under two names: §15 (`Pk`, `Sh`), the
/// glossary (`Pike`) and the §16 list (`Shot`).
const SPELLINGS: [[&str; 2]; 3] = [["Pk", "Pike"], ["Sh", "Shot"], ["Bills", "Bill"]];

impl ListEntry {
    /// Whether the Cat column has this tag, under any of its printed names: the text
    /// writes some sub-categories two ways (§15 `Pk` and `Sh`; the glossary's `Pike` and
    /// the §16 list's `Shot`; the key's `Bills` and the examples' "Bill stand"), and both
    /// spellings mean the same sub-category.
    pub fn has(&self, tag: &str) -> bool {
        let one = [tag];
        let names: &[&str] = SPELLINGS
            .iter()
            .find(|names| names.iter().any(|n| n.eq_ignore_ascii_case(tag)))
            .map_or(&one, |names| names);
        self.cat
            .iter()
            .any(|c| names.iter().any(|n| c.eq_ignore_ascii_case(n)))
    }

    /// Strength points per rank, front first.
    pub fn sp_ranks(&self) -> Vec<u32> {
        self.sp
            .split('/')
            .filter_map(|s| s.trim().parse().ok())
            .collect()
    }

    /// Movement points: (first move, additional moves).
    pub fn mp_moves(&self) -> (u32, u32) {
        let v: Vec<u32> = self
            .mp
            .split('/')
            .filter_map(|s| s.trim().parse().ok())
            .collect();
        match v.as_slice() {
            [a, b] => (*a, *b),
            [a] => (*a, *a),
            _ => (0, 0),
        }
    }
}

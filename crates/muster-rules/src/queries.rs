//! The questions a game system answers (`muster query …`, the editor's tools). Each
//! system declares its questions in [`GameSystem::queries`] and answers them in its own
//! folder; front ends ask [`answering`] whether the scenario's system answers one, and the
//! functions here dispatch through the table. The asks and answers that differ from one
//! system to another are the types below.

use crate::and_gentlemen_all::combat::MoraleResult;
use crate::and_gentlemen_all::engage::{Engagement, Moment, Party};
use crate::charles_the_bold::answers::{StandFire, StandMorale};
use crate::scenario::Scenario;
use crate::system::{system, GameSystem, QueryError};
use muster_hex::Hex;

pub use crate::a_la_charge::combat::{Ask as OddsAsk, Odds, Part as OddsPart};

/// One question a game system may answer. Its [`name`](Query::name) is the `muster query`
/// subcommand that asks it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Query {
    /// Where a unit can move from its set-up hex.
    Reach,
    /// The line of fire between two hexes.
    Los,
    /// Several shooters at one target, and whose one-sided cover counts.
    Crossfire,
    /// The hexes within a command group's command range.
    Command,
    /// The odds of a combat between the units in the hexes given.
    Odds,
    /// Fire from one unit at another.
    Fire,
    /// Melee between units in contact.
    Melee,
    /// A unit's morale test.
    Morale,
}

impl Query {
    /// Every query, in the order `muster query --help` lists them.
    pub const ALL: &'static [Query] = &[
        Query::Reach,
        Query::Command,
        Query::Crossfire,
        Query::Los,
        Query::Odds,
        Query::Fire,
        Query::Melee,
        Query::Morale,
    ];

    /// The query's name, as `muster query` spells it.
    pub fn name(self) -> &'static str {
        match self {
            Query::Reach => "reach",
            Query::Los => "los",
            Query::Crossfire => "crossfire",
            Query::Command => "command",
            Query::Odds => "odds",
            Query::Fire => "fire",
            Query::Melee => "melee",
            Query::Morale => "morale",
        }
    }

    /// A one-line description.
    pub fn help(self) -> &'static str {
        match self {
            Query::Reach => "where a unit can move from its set-up hex",
            Query::Los => "the line of fire between two hexes",
            Query::Crossfire => "several shooters at one target, and whose cover counts",
            Query::Command => "the hexes within a command group's command range",
            Query::Odds => "the odds of a combat between the units in the hexes given",
            Query::Fire => "fire from one unit at another",
            Query::Melee => "melee between units in contact",
            Query::Morale => "a unit's morale test",
        }
    }
}

impl std::fmt::Display for Query {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A command group's general, where he sets up, and the hexes in his command range.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommandArea {
    /// The general's unit id.
    pub general: String,
    /// His set-up hex.
    pub from: Hex,
    /// The range in hexes.
    pub range: u32,
    /// The hexes of the map within it.
    pub hexes: Vec<Hex>,
}

/// One party to a fire or a melee, as the asker named it: a unit of the set-up, a hex, or
/// both (a hex names a unit when the asker gave one, or where it stands).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Pick {
    /// The unit, `(side, unit)`.
    pub unit: Option<(usize, usize)>,
    /// The hex.
    pub hex: Option<Hex>,
}

impl Pick {
    /// The unit picked, or the one certainly set up in the hex picked (not a leader).
    pub(crate) fn unit_in(&self, s: &Scenario) -> Option<(usize, usize)> {
        self.unit.or_else(|| {
            s.placements
                .certainly_held(self.hex?)
                .into_iter()
                .filter(|o| !o.free)
                .find_map(|o| Some((o.side, o.unit?)))
        })
    }

    /// The hex picked, or the first (in printed order) where the unit is certainly set up.
    pub(crate) fn hex_in(&self, s: &Scenario) -> Option<Hex> {
        self.hex.or_else(|| {
            let (side, unit) = self.unit?;
            let mut at = s.placements.hexes_of(side, unit);
            at.sort_by_cached_key(|h| s.world.grid.to_printed(*h));
            at.first().copied()
        })
    }
}

/// A fire or a melee between two parties.
#[derive(Debug, Clone, Copy, Default)]
pub struct EngageAsk {
    /// The firer or attacker.
    pub first: Pick,
    /// The target or defender.
    pub second: Pick,
    /// And Gentlemen All: the dice, the flank or rear, the charge.
    pub moment: Moment,
    /// Charles the Bold: moves made before firing (−1D6 each, §6.0).
    pub moves_before: i32,
    /// Charles the Bold: the stand will move after firing (−1D6, §6.0).
    pub move_after: bool,
}

/// What a Charles the Bold morale test follows (§7.1: the most strength points it costs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum After {
    /// Hits from shooting: at most 1 SP.
    #[default]
    Shooting,
    /// A melee the stand did not lose: at most 1 SP.
    Melee,
    /// A lost melee: 2 SP with a morale loss of 2 or more.
    LostMelee,
}

/// A morale test.
#[derive(Debug, Clone, Copy, Default)]
pub struct MoraleAsk {
    /// The unit, `(side, unit)`.
    pub unit: (usize, usize),
    /// The die, when the asker rolled it.
    pub roll: Option<i32>,
    /// And Gentlemen All: shock points suffered so far in the game.
    pub shock: i32,
    /// And Gentlemen All: enemy foot or horse behind its flank within 4 inches (+3).
    pub enemy_behind_flank: bool,
    /// And Gentlemen All: its army is demoralised (+2).
    pub demoralised: bool,
    /// Charles the Bold: hits just taken (the 6s and double 5s rolled against it, §7.0).
    pub hits: Option<i32>,
    /// Charles the Bold: permanent losses already taken from its starting SP.
    pub losses: i32,
    /// Charles the Bold: disordered before the test (−1, and at least 1 SP lost, §7.3).
    pub disordered: bool,
    /// Charles the Bold: a general attached (+1).
    pub general: bool,
    /// Charles the Bold: what the test follows.
    pub after: After,
}

/// A fire answer: a regiment's fire (And Gentlemen All) or a stand's dice (Charles the
/// Bold).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FireAnswer {
    /// Both parties' modifiers, and with the dice the shock points.
    Regiments(Engagement),
    /// The dice each rank of the firing stand throws.
    Stand(StandFire),
}

/// A morale answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoraleAnswer {
    /// A regiment's modifiers, and with the die its score and result (And Gentlemen All).
    Regiment(Party, Option<MoraleResult>),
    /// A stand's adjusted morale, and with the die what the test cost (Charles the Bold).
    Stand(StandMorale),
}

/// The system of the scenario, when it answers `q`; otherwise why not, naming the queries
/// it does answer.
pub fn answering(s: &Scenario, q: Query) -> Result<&'static dyn GameSystem, QueryError> {
    let g =
        system(&s.file.ruleset).ok_or_else(|| QueryError::UnknownSystem(s.file.ruleset.clone()))?;
    if g.queries().contains(&q) {
        return Ok(g);
    }
    Err(QueryError::NotAnswered {
        query: q,
        system: s.ruleset.name.clone(),
        answers: g
            .queries()
            .iter()
            .map(|a| format!("{a} ({})", a.help()))
            .collect::<Vec<_>>()
            .join(", "),
    })
}

/// Whether the system with ruleset id `id` answers `q` (the editor's tools ask).
pub fn answers(id: &str, q: Query) -> bool {
    system(id).is_some_and(|g| g.queries().contains(&q))
}

/// The command area of command `command` of side `side`.
pub fn command_area(s: &Scenario, side: usize, command: usize) -> Result<CommandArea, QueryError> {
    answering(s, Query::Command)?.command_area(s, side, command)
}

/// The ids of side `side`'s command groups, in the order the file lists them: `command` of
/// [`command_area`] indexes them. Empty where the system has none.
pub fn command_groups(s: &Scenario, side: usize) -> Vec<String> {
    crate::system(&s.file.ruleset).map_or_else(Vec::new, |sys| sys.command_groups(s, side))
}

/// The odds of a combat.
pub fn odds(s: &Scenario, ask: &OddsAsk) -> Result<Odds, QueryError> {
    answering(s, Query::Odds)?.odds(s, ask)
}

/// Fire from the first party at the second.
pub fn fire(s: &Scenario, ask: &EngageAsk) -> Result<FireAnswer, QueryError> {
    answering(s, Query::Fire)?.fire(s, ask)
}

/// Melee between the first party and the second.
pub fn melee(s: &Scenario, ask: &EngageAsk) -> Result<Engagement, QueryError> {
    answering(s, Query::Melee)?.melee(s, ask)
}

/// A morale test.
pub fn morale(s: &Scenario, ask: &MoraleAsk) -> Result<MoraleAnswer, QueryError> {
    answering(s, Query::Morale)?.morale(s, ask)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::system::SYSTEMS;

    #[test]
    fn every_query_is_listed_once_and_every_system_answers_some() {
        for q in Query::ALL {
            assert_eq!(Query::ALL.iter().filter(|x| *x == q).count(), 1);
        }
        for g in SYSTEMS {
            assert!(!g.queries().is_empty(), "{} answers nothing", g.id());
        }
    }
}

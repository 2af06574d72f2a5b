//! The game systems, in one table ([`SYSTEMS`]). The loader finds a ruleset, the validator
//! a system's checks, and the CLI, the editor, the renderer and VASSAL a system's queries
//! (reach, line of fire, crossfire, command, odds, fire, melee, morale: which it answers is
//! [`GameSystem::queries`]), its counters' ratings and what selecting a counter shows, all
//! through [`GameSystem`] (ripgrep keeps its flags the same way, in one `FLAGS` table). A
//! system's id is written in its own folder and nowhere else in Rust source:
//! `crates/muster-rules/tests/system_ids.rs` walks the crates to hold it so.

use crate::and_gentlemen_all::engage::Engagement;
use crate::fire::{FireEnd, LineOfFire};
use crate::movement::{inactive, Reach};
use crate::queries::{
    CommandArea, EngageAsk, FireAnswer, MoraleAnswer, MoraleAsk, Odds, OddsAsk, Query,
};
use crate::ratings::CounterRatings;
use crate::registry::{CodeDoc, ScenarioCheck};
use crate::scenario::Scenario;
use muster_hex::Hex;
use muster_model::{Ruleset, ScenarioFile, UnitDef};
use std::sync::OnceLock;

/// Why an engine query has no answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum QueryError {
    /// The scenario names a ruleset that is not one of the game systems.
    #[error("`{0}` is not a game system Muster knows: use one of {ids}", ids = system_ids().collect::<Vec<_>>().join(", "))]
    UnknownSystem(String),
    /// The system has no such rule (or Muster does not model it).
    #[error("{what} is not modelled for {system}{why}")]
    NotModelled {
        /// What was asked ("line of fire").
        what: &'static str,
        /// The ruleset's name.
        system: String,
        /// Why, when there is more to say (starts with a separator).
        why: String,
    },
    /// The load is not something a character carries.
    #[error("`{0}` cannot be carried: `screen` or `oil`")]
    UnknownLoad(String),
    /// The system does not answer the query; the queries it answers, with their help.
    #[error("`{query}` is not a question {system} answers; it answers: {answers}")]
    NotAnswered {
        /// The query asked.
        query: Query,
        /// The ruleset's name.
        system: String,
        /// The queries it answers, each with its one-line help.
        answers: String,
    },
    /// The system answers the query, but not for what was asked (why, in the rules' words).
    #[error("{0}")]
    Refused(String),
}

/// What selecting a hex shows in the editor, when the system has something to show
/// beyond the unit's reach (a Charles the Bold general's command radius).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Highlight {
    /// The hexes to highlight.
    pub hexes: Vec<Hex>,
    /// A one-line description for the status line.
    pub status: String,
}

/// Why a counter may not stand on a hex at the start: `(line, unit, hex)` to the reason (see
/// [`GameSystem::stand_rule`]).
pub type StandRule<'s> = Box<dyn Fn(usize, usize, Hex) -> Option<String> + 's>;

/// One game system: its ruleset, its checks and its engine services. Services a system
/// does not have answer [`QueryError::NotModelled`].
pub trait GameSystem: Sync {
    /// The ruleset id maps and scenarios name (`"a-la-charge"`).
    fn id(&self) -> &'static str;

    /// The built-in ruleset.
    fn ruleset(&self) -> &'static Ruleset;

    /// The checks run on every scenario of the system, in code order.
    fn checks(&self) -> &'static [ScenarioCheck];

    /// Codes the system raises outside its scenario checks (army-list checks).
    fn other_codes(&self) -> &'static [CodeDoc] {
        &[]
    }

    /// Where a unit can end its move from `from` at the start of the game.
    fn reach(&self, s: &Scenario, side: usize, unit: usize, from: Hex) -> Reach {
        let _ = (side, unit, from);
        Reach::none(
            0,
            format!("movement is not modelled for {} yet", s.ruleset.name),
        )
    }

    /// The reach of a unit carrying something (Siege screens and barrels of oil).
    fn reach_carrying(
        &self,
        s: &Scenario,
        side: usize,
        unit: usize,
        from: Hex,
        load: &str,
    ) -> Result<Reach, QueryError> {
        let _ = (side, unit, from, load);
        Err(not_modelled(s, "carrying screens or barrels", ""))
    }

    /// The line of fire between two ends.
    fn line_of_fire(
        &self,
        s: &Scenario,
        from: FireEnd,
        to: FireEnd,
    ) -> Result<LineOfFire, QueryError> {
        let _ = (from, to);
        Err(not_modelled(s, "line of fire", ""))
    }

    /// Several shooters at one target: each line, and the shooters between whose one-sided
    /// cover the target's owner chooses.
    fn crossfire(
        &self,
        s: &Scenario,
        shooters: &[FireEnd],
        target: FireEnd,
    ) -> Result<(Vec<LineOfFire>, Vec<usize>), QueryError> {
        let _ = (shooters, target);
        Err(not_modelled(
            s,
            "crossfire cover",
            " (a Siege / Cry Havoc rule)",
        ))
    }

    /// The model's shared fields only this system reads ([`crate::fields::Shared`]): a
    /// scenario of another system that sets one is told (MU082), as for the system's own
    /// fields ([`GameSystem::field_schemas`]).
    fn shared_fields(&self) -> &'static [crate::fields::Shared] {
        &[]
    }

    /// The types of the system's own scenario, side, unit, set-up line and reinforcement
    /// fields, which the file writes
    /// beside the shared ones and the system's folder reads with
    /// [`muster_model::SystemFields::typed`] (`src/<system>/fields.rs`), as object schemas
    /// made with `g` ([`crate::fields::schemas_of`]). The scenario schema lists them, so a
    /// misspelt one is refused; a scenario of another system that sets one is told (MU082).
    fn field_schemas(&self, g: &mut schemars::SchemaGenerator) -> [schemars::Schema; 5] {
        use crate::fields::{schemas_of, NoFields as No};
        schemas_of::<No, No, No, No, No>(g)
    }

    /// Every per-hex rule of the system's set-up checks, as one: why unit `unit` of set-up
    /// line `line` may not stand on a hex at the start (with `penalties`, also where a rule
    /// only penalises it, such as a stand out of command range), the first rule that says
    /// so, or `None`. The checks judge each line by these rules, and the set-up's choices
    /// by all the forbidding ones at once ([`Scenario::judge_all`]); the arrangement
    /// ([`Scenario::arrangement`]) puts an owner's choice on hexes they allow wherever the
    /// line leaves room, so VASSAL, the renderer and the editor never show a counter where
    /// `validate` tells the owner not to set it up.
    fn stand_rule<'s>(&self, s: &'s Scenario<'_>, penalties: bool) -> StandRule<'s> {
        let _ = (s, penalties);
        Box::new(|_, _, _| None)
    }

    /// Whether a counter of unit `unit` of side `side` also covers the hex behind its
    /// facing (a Siege character on horseback, 3.31), so that a front end draws it over
    /// both.
    fn covers_hex_behind(&self, s: &Scenario, side: usize, unit: usize) -> bool {
        let _ = (s, side, unit);
        false
    }

    /// Whether players may put down as many markers of kind `marker` as they need (a
    /// playing aid's *Clone*), rather than the number the scenario fixes.
    fn marker_unlimited(&self, s: &Scenario, marker: &muster_model::MarkerDef) -> bool {
        let _ = (s, marker);
        false
    }

    /// Whether the system's units face a way at all, so that a set-up line's `facing`
    /// means something and front ends offer the field. A la Charge has none ("There is no
    /// unit facing in this game", St Albans §3, Normans and Byzantines §3).
    fn has_facing(&self) -> bool {
        true
    }

    /// Whether a set-up line's `facing` names a corner of the hex (Charles the Bold stands
    /// face a vertex) rather than a hexside.
    fn faces_corners(&self) -> bool {
        false
    }

    /// Whether those who stand between the ends block a line (Charles the Bold stands,
    /// Siege characters), so that hexes an owner's choice may fill make a verdict uncertain.
    fn occupants_block_fire(&self) -> bool {
        false
    }

    /// The end of a line of fire where the counter set up at `hex` stands (on a siege
    /// tower's upper level, when its set-up line says so).
    fn fire_end_at(&self, s: &Scenario, hex: Hex) -> FireEnd {
        let _ = s;
        FireEnd::at(hex)
    }

    /// What selecting `hex` shows beyond a unit's reach, if anything.
    fn highlight(&self, s: &Scenario, hex: Hex) -> Option<Highlight> {
        let _ = (s, hex);
        None
    }

    /// Fills in what every new scenario of the system states (`muster new`, the editor).
    fn prepare_new_scenario(&self, s: &mut ScenarioFile) {
        let _ = s;
    }

    /// The queries the system answers: front ends offer these and no others, and the
    /// answering methods below of a query not listed are never called.
    fn queries(&self) -> &'static [Query];

    /// The ratings a counter of unit type `def` of side `side` prints (`muster render`, the
    /// editor's counters, VASSAL pieces).
    fn counter_ratings(&self, s: &Scenario, side: usize, def: &UnitDef) -> CounterRatings;

    /// The ids of side `side`'s command groups, in the file's order (`command` of
    /// [`GameSystem::command_area`] indexes them).
    fn command_groups(&self, s: &Scenario, side: usize) -> Vec<String> {
        let _ = (s, side);
        Vec::new()
    }

    /// The hexes within command group `command` of side `side`'s command range.
    fn command_area(
        &self,
        s: &Scenario,
        side: usize,
        command: usize,
    ) -> Result<CommandArea, QueryError> {
        let _ = (side, command);
        Err(not_modelled(s, "command range", ""))
    }

    /// The odds of a combat between the units in the hexes asked.
    fn odds(&self, s: &Scenario, ask: &OddsAsk) -> Result<Odds, QueryError> {
        let _ = ask;
        Err(not_modelled(s, "combat odds", ""))
    }

    /// Fire from the first party at the second.
    fn fire(&self, s: &Scenario, ask: &EngageAsk) -> Result<FireAnswer, QueryError> {
        let _ = ask;
        Err(not_modelled(s, "fire", ""))
    }

    /// Melee between the first party and the second.
    fn melee(&self, s: &Scenario, ask: &EngageAsk) -> Result<Engagement, QueryError> {
        let _ = ask;
        Err(not_modelled(s, "melee", ""))
    }

    /// A unit's morale test.
    fn morale(&self, s: &Scenario, ask: &MoraleAsk) -> Result<MoraleAnswer, QueryError> {
        let _ = ask;
        Err(not_modelled(s, "the morale test", ""))
    }
}

/// The answer of a system without the service.
pub(crate) fn not_modelled(s: &Scenario, what: &'static str, why: &str) -> QueryError {
    QueryError::NotModelled {
        what,
        system: s.ruleset.name.clone(),
        why: why.to_string(),
    }
}

/// Parses a built-in ruleset once; a ruleset that does not parse is a bug the table's test
/// catches.
pub(crate) fn parse_ruleset(cell: &'static OnceLock<Ruleset>, text: &str) -> &'static Ruleset {
    cell.get_or_init(|| match ron::from_str(text) {
        Ok(r) => r,
        Err(e) => panic!("a built-in ruleset does not parse: {e}"),
    })
}

/// The three things every system says the same way: its id, its built-in ruleset (a file of
/// `rulesets/`, parsed once) and its check table.
macro_rules! system_basics {
    ($id:literal, $ruleset_file:literal, $checks:expr) => {
        fn id(&self) -> &'static str {
            $id
        }

        fn ruleset(&self) -> &'static muster_model::Ruleset {
            static CELL: std::sync::OnceLock<muster_model::Ruleset> = std::sync::OnceLock::new();
            $crate::system::parse_ruleset(
                &CELL,
                include_str!(concat!(
                    env!("CARGO_MANIFEST_DIR"),
                    "/rulesets/",
                    $ruleset_file
                )),
            )
        }

        fn checks(&self) -> &'static [$crate::registry::ScenarioCheck] {
            $checks
        }
    };
}
pub(crate) use system_basics;

/// The game systems.
pub static SYSTEMS: &[&dyn GameSystem] = &[
    &crate::a_la_charge::System,
    &crate::and_gentlemen_all::System,
    &crate::charles_the_bold::System,
    &crate::siege::System,
];

/// The system a new map or scenario plays unless told otherwise (`muster new`, the
/// editor): the first of the table.
pub fn default_system() -> &'static dyn GameSystem {
    SYSTEMS[0]
}

/// The system with this ruleset id.
pub fn system(id: &str) -> Option<&'static dyn GameSystem> {
    SYSTEMS.iter().copied().find(|g| g.id() == id)
}

/// Every system's ruleset id.
pub fn system_ids() -> impl Iterator<Item = &'static str> {
    SYSTEMS.iter().map(|g| g.id())
}

/// The built-in ruleset with this id.
pub fn ruleset(id: &str) -> Option<&'static Ruleset> {
    system(id).map(|g| g.ruleset())
}

fn of(s: &Scenario) -> Result<&'static dyn GameSystem, QueryError> {
    system(&s.file.ruleset).ok_or_else(|| QueryError::UnknownSystem(s.file.ruleset.clone()))
}

/// Keeps a unit still when a special rule says it may not act yet.
fn unless_inactive(s: &Scenario, side: usize, unit: usize, mut r: Reach) -> Reach {
    if let Some(why) = inactive(s, side, unit) {
        r.hexes.clear();
        r.uncertain.clear();
        r.restricted = Some(why);
    }
    r
}

/// The reach of unit `unit` of side `side` from `from`, by the scenario's rules.
pub fn reach(s: &Scenario, side: usize, unit: usize, from: Hex) -> Reach {
    let r = match of(s) {
        Ok(g) => g.reach(s, side, unit, from),
        Err(e) => Reach::none(0, e.to_string()),
    };
    unless_inactive(s, side, unit, r)
}

/// The reach of a unit carrying `load` (`"screen"` or `"oil"`, Siege 5.21, 5.32).
pub fn reach_carrying(
    s: &Scenario,
    side: usize,
    unit: usize,
    from: Hex,
    load: &str,
) -> Result<Reach, QueryError> {
    let r = of(s)?.reach_carrying(s, side, unit, from, load)?;
    Ok(unless_inactive(s, side, unit, r))
}

/// The line of fire from `from` to `to` by the scenario's rules, with the hexes between
/// that only an owner's choice or a hidden unit may hold named as uncertain.
pub fn line_of_fire(s: &Scenario, from: FireEnd, to: FireEnd) -> Result<LineOfFire, QueryError> {
    let g = of(s)?;
    let mut l = g.line_of_fire(s, from, to)?;
    if g.occupants_block_fire() {
        merge_uncertain(&mut l.uncertain, uncertain_between(s, &l.path));
    }
    Ok(l)
}

/// Hexes strictly between the ends of a path that some line may fill with a counter that
/// blocks (one that may not share a hex: a stand, a character, not a general or a leader)
/// but that no such counter certainly fills. A general certainly there does not decide
/// the hex: he never blocks.
fn uncertain_between(s: &Scenario, path: &[Hex]) -> Vec<Hex> {
    let p = &s.placements;
    let inner = path.get(1..path.len().saturating_sub(1)).unwrap_or(&[]);
    inner
        .iter()
        .copied()
        .filter(|h| {
            let may = p.who_could_be(*h).iter().any(|l| p.line(*l).bound > 0);
            let certain = p.certainly_held(*h).iter().any(|o| !o.free);
            may && !certain
        })
        .collect()
}

/// The system's own uncertain hexes (those its rules found) and the hexes between, the
/// latter first, each once.
fn merge_uncertain(own: &mut Vec<Hex>, between: Vec<Hex>) {
    let mut all = between;
    all.append(own);
    let mut seen = std::collections::HashSet::new();
    all.retain(|h| seen.insert(*h));
    *own = all;
}

/// Several shooters at one target, by the scenario's rules.
pub fn crossfire(
    s: &Scenario,
    shooters: &[FireEnd],
    target: FireEnd,
) -> Result<(Vec<LineOfFire>, Vec<usize>), QueryError> {
    let g = of(s)?;
    let (mut fires, choose) = g.crossfire(s, shooters, target)?;
    if g.occupants_block_fire() {
        for l in &mut fires {
            let between = uncertain_between(s, &l.path);
            merge_uncertain(&mut l.uncertain, between);
        }
    }
    Ok((fires, choose))
}

/// The end of a line of fire where the counter set up at `hex` stands.
pub fn fire_end_at(s: &Scenario, hex: Hex) -> FireEnd {
    of(s).map_or(FireEnd::at(hex), |g| g.fire_end_at(s, hex))
}

/// What selecting `hex` shows beyond a unit's reach, by the scenario's system.
pub fn highlight(s: &Scenario, hex: Hex) -> Option<Highlight> {
    of(s).ok()?.highlight(s, hex)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_system_has_one_entry_and_its_ruleset_parses_with_its_id() {
        let ids: Vec<&str> = system_ids().collect();
        for id in &ids {
            assert_eq!(ids.iter().filter(|x| *x == id).count(), 1, "{id} twice");
            assert_eq!(ruleset(id).map(|r| r.id.as_str()), Some(*id));
        }
        assert_eq!(ids.len(), 4);
        assert!(system("a-la-charg").is_none());
    }
}

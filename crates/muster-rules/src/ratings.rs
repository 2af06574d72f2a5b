//! What a counter prints: each system's [`GameSystem::counter_ratings`] says it from the
//! fields its units carry, with the parts below; the renderer, the editor and VASSAL read
//! [`counter_ratings`].

use crate::scenario::Scenario;
use crate::system::{system, GameSystem};
use muster_model::{Step, UnitDef};

/// The ratings a counter shows: its front and, for a two-step counter, its back.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CounterRatings {
    /// The front (full strength) side: `"3-2"`, `"L1"`, `"2 SP4/4 IF0 BP2 +1 rk"`.
    pub front: String,
    /// The back side, when the counter has two steps: `"back 1-2"`.
    pub back: Option<String>,
}

impl CounterRatings {
    /// A one-sided counter's ratings, from its parts (the missing ones left out).
    pub(crate) fn of(parts: impl IntoIterator<Item = Option<String>>) -> CounterRatings {
        CounterRatings {
            front: parts.into_iter().flatten().collect::<Vec<_>>().join(" "),
            back: None,
        }
    }
}

/// A step's strength, morale or MP, and an archer's range: `"3-2"`, `"2-3 r2"`.
pub(crate) fn step(st: &Step) -> String {
    match st.range {
        Some(r) => format!("{}-{} r{r}", st.strength, st.mp),
        None => format!("{}-{}", st.strength, st.mp),
    }
}

/// A leader's rating: `"L1"`.
pub(crate) fn leader(def: &UnitDef) -> Option<String> {
    def.rating.map(|r| format!("L{r}"))
}

/// The movement points of a counter without steps: `"MP 6"`.
pub(crate) fn mp(def: &UnitDef) -> Option<String> {
    def.mp
        .filter(|_| def.steps.is_empty())
        .map(|m| format!("MP {m}"))
}

/// The ratings a counter of unit type `def` of side `side` shows, by the scenario's system
/// (nothing when the system is unknown).
pub fn counter_ratings(s: &Scenario, side: usize, def: &UnitDef) -> CounterRatings {
    system(&s.file.ruleset).map_or_else(CounterRatings::default, |g: &dyn GameSystem| {
        g.counter_ratings(s, side, def)
    })
}

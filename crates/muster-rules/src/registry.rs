//! The check registry: every diagnostic code with its documentation, and the tables of
//! checks each system runs. `muster explain CODE` prints these docs.

use crate::diagnostic::Diagnostic;
use crate::scenario::Scenario;
use crate::world::World;
use muster_model::Ruleset;

/// Documentation of one diagnostic code.
#[derive(Debug, Clone, Copy)]
pub struct CodeDoc {
    /// The code, e.g. `AC101`.
    pub code: &'static str,
    /// Short kebab-case name, e.g. `stacking`.
    pub name: &'static str,
    /// The game system (`generic`, `a-la-charge` …).
    pub system: &'static str,
    /// One line.
    pub summary: &'static str,
    /// Markdown with the headings *What it checks*, *Why*, *Example*, *Rule*.
    pub doc: &'static str,
}

/// A check that runs on a resolved scenario.
pub struct ScenarioCheck {
    /// Its documentation.
    pub doc: CodeDoc,
    /// The check.
    pub run: fn(&Scenario, &mut Vec<Diagnostic>),
}

/// A check that runs on a map (or a scenario's world) with its ruleset.
pub struct MapCheck {
    /// Its documentation.
    pub doc: CodeDoc,
    /// The check.
    pub run: fn(&World, &Ruleset, &mut Vec<Diagnostic>),
}

/// Every documented code, generic first, then per system.
pub fn all_codes() -> Vec<&'static CodeDoc> {
    let mut v: Vec<&'static CodeDoc> = crate::generic::PIPELINE_CODES.iter().collect();
    v.extend(crate::generic::MAP_CHECKS.iter().map(|c| &c.doc));
    v.extend(crate::generic::SCENARIO_CHECKS.iter().map(|c| &c.doc));
    for g in crate::system::SYSTEMS {
        v.extend(g.checks().iter().map(|c| &c.doc));
        v.extend(g.other_codes());
    }
    v
}

/// The documentation of a code.
pub fn explain(code: &str) -> Option<&'static CodeDoc> {
    all_codes()
        .into_iter()
        .find(|d| d.code.eq_ignore_ascii_case(code))
}

//! Special rules and victory conditions must name sides that exist.

use crate::diagnostic::{Diagnostic, Location};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;
use muster_model::Effect;

/// `MU062`: unknown side in a rule.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!(
        "MU062",
        "unknown-side",
        "generic",
        "A special rule or victory condition names a side that does not exist.",
        "Every side named by a special rule or victory condition is a side id of the scenario.",
        "A rule about a side that does not exist can never apply.",
        "`Routed(\"yorkist\")` when the side id is `yorkists`.",
        "The scenario's special rules and victory conditions."
    ),
    run,
};

/// Sides named by an effect, with the key they are under.
pub(crate) fn effect_sides(e: &Effect) -> Vec<(&'static str, &str)> {
    match e {
        Effect::CrossRiversOnlyByBridges { side } | Effect::StagedActivation { side, .. } => {
            vec![("side", side)]
        }
        Effect::SideChangeRoll {
            roller, to_side, ..
        } => vec![("roller", roller), ("to_side", to_side)],
        Effect::ZoneTrigger { side, affects, .. } => vec![("side", side), ("affects", affects)],
        _ => vec![],
    }
}

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    let mut check = |id: &str, ptr: String| {
        if s.side_index(id).is_none() {
            let ids: Vec<_> = s.file.sides.iter().map(|x| x.id.as_str()).collect();
            out.push(
                Diagnostic::error(
                    CHECK.doc.code,
                    Location::here(ptr),
                    format!("`{id}` is not a side of this scenario"),
                )
                .help(crate::suggest::did_you_mean(id, "sides", &ids, "")),
            );
        }
    };
    for (i, r) in s.file.special_rules.iter().enumerate() {
        for (key, side) in effect_sides(&r.rule) {
            check(side, format!("/special_rules/{i}/rule"));
            let _ = key;
        }
    }
    for (i, v) in s.file.victory.iter().enumerate() {
        check(&v.side, format!("/victory/{i}/side"));
        for side in v.when.side_refs() {
            check(side, format!("/victory/{i}/when"));
        }
    }
}

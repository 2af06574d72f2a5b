//! Special rules, victory conditions and commanders must name units that exist.

use crate::diagnostic::{Diagnostic, Location};
use crate::registry::ScenarioCheck;
use crate::scenario::{Scenario, UnitLookup};
use muster_model::Effect;

/// `MU065`: unknown or ambiguous unit in a rule.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("MU065", "unknown-rule-unit", "generic", "A special rule or victory condition names a unit that does not exist, or that two sides have.",
        "Unit references in special rules and victory conditions resolve to exactly one unit; write `side/unit` where two sides share an id.",
        "\"The Yorkist wins if he captures the King\" must point at King Henry's counter, or the engine cannot tell when it happens.",
        "`Captured(\"King Henri\")`.",
        "The scenario's special rules and victory conditions."),
    run,
};

fn effect_units(e: &Effect) -> Vec<&str> {
    match e {
        Effect::CannotMove { units, unless } => units
            .iter()
            .map(String::as_str)
            .chain(unless.iter().flat_map(|c| c.unit_refs()))
            .collect(),
        Effect::Capturable { unit } | Effect::SideChangeRoll { unit, .. } => vec![unit],
        Effect::Inactive { units, .. }
        | Effect::MayContactCavalry { units }
        | Effect::CannotMoveAlone { units } => units.iter().map(String::as_str).collect(),
        // No unit references; listed so that a new variant with units cannot be forgotten.
        Effect::CrossRiversOnlyByBridges { .. }
        | Effect::StagedActivation { .. }
        | Effect::ZoneTrigger { .. }
        | Effect::Text => vec![],
    }
}

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    let mut check = |unit: &str, ptr: String| match s.find_unit(unit) {
        UnitLookup::Found(..) => {}
        UnitLookup::Unknown => out.push(
            Diagnostic::error(
                CHECK.doc.code,
                Location::here(ptr),
                format!("no side has a unit `{unit}`"),
            )
            .help({
                let mut ids: Vec<&str> = s
                    .file
                    .sides
                    .iter()
                    .flat_map(|side| side.units.iter().map(|u| u.id.as_str()))
                    .collect();
                ids.sort_unstable();
                ids.dedup();
                crate::suggest::did_you_mean(unit, "unit ids", &ids, "no side has units yet")
            }),
        ),
        UnitLookup::Ambiguous(sides) => out.push(
            Diagnostic::error(
                CHECK.doc.code,
                Location::here(ptr),
                format!("`{unit}` is a unit of {}; say which", sides.join(" and ")),
            )
            .help(format!("write `{}/{unit}`", sides[0])),
        ),
    };
    for (i, r) in s.file.special_rules.iter().enumerate() {
        for u in effect_units(&r.rule) {
            check(u, format!("/special_rules/{i}/rule"));
        }
    }
    for (i, v) in s.file.victory.iter().enumerate() {
        for u in v.when.unit_refs() {
            check(u, format!("/victory/{i}/when"));
        }
    }
}

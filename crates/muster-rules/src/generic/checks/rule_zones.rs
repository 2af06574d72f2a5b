//! Zones named by special rules and victory conditions must resolve to hexes.

use crate::codes;
use crate::diagnostic::Diagnostic;
use crate::registry::ScenarioCheck;
use crate::scenario::{resolve_zone, Scenario};
use muster_model::Effect;

/// `MU052`: zones in rules.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("MU052", "rule-zones", "generic", "A zone in a special rule or victory condition does not resolve.",
        "Resolves the zones of staged activations, zone triggers and victory conditions: each must name hexes of the map (or zones the map has).",
        "\"If a Byzantine unit enters any hex 01xx\" must name hexes of the map.",
        "`zone: Row(\"00xx\")`.",
        "The scenario's special rules and victory conditions."),
    run,
};

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    let mut found = Vec::new();
    check(s, &mut found);
    for mut d in found {
        if d.code == codes::EMPTY_ZONE.code || d.code == codes::UNKNOWN_ZONE.code {
            d.code = CHECK.doc.code;
        }
        out.push(d);
    }
}

fn check(s: &Scenario, out: &mut Vec<Diagnostic>) {
    for (i, r) in s.file.special_rules.iter().enumerate() {
        match &r.rule {
            Effect::StagedActivation { stages, .. } => {
                for (k, st) in stages.iter().enumerate() {
                    for (z, zone) in st.zones.iter().enumerate() {
                        resolve_zone(
                            &s.world,
                            zone,
                            &format!(
                                "/special_rules/{i}/rule/StagedActivation/stages/{k}/zones/{z}"
                            ),
                            out,
                        );
                    }
                    if st.turn > s.file.turns {
                        out.push(Diagnostic::error(
                            super::reinforcement_turns::CHECK.doc.code,
                            crate::diagnostic::Location::here(format!(
                                "/special_rules/{i}/rule/StagedActivation/stages/{k}/turn"
                            )),
                            format!(
                                "stage starts on turn {} but the scenario lasts {} turns",
                                st.turn, s.file.turns
                            ),
                        ));
                    }
                }
            }
            Effect::ZoneTrigger { zone, .. } => {
                resolve_zone(
                    &s.world,
                    zone,
                    &format!("/special_rules/{i}/rule/ZoneTrigger/zone"),
                    out,
                );
            }
            _ => {}
        }
    }
    for (i, v) in s.file.victory.iter().enumerate() {
        for zone in v.when.zones() {
            resolve_zone(&s.world, zone, &format!("/victory/{i}/when"), out);
        }
    }
}

//! SI404 — More filled-moat or rubble markers than the scenario allows.

use super::super::cite;
use crate::diagnostic::{Diagnostic, Location};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;
use crate::siege::fields;
use crate::siege::vocabulary::markers;

/// `SI404`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("SI404", "marker-count", "siege", "More filled-moat or rubble markers than the scenario allows.",
        "Filled-moat markers number no more than `siege.filled_moat_markers`; in a single-day assault rubble markers no more than `siege.rubble_markers`; in a siege of several days rubble lies only where the walls were demolished (a wall damaged to stage 4), so the scenario grants none.",
        "\"The number of available 'Filled moat' markers will be stated in each scenario\"; in single-day scenarios the attacker places rubble \"in the same manner\".",
        "Five filled-moat markers in a scenario that allows four.",
        "Siege 2.2, 2.31."),
    run: counts,
};

fn counts(s: &Scenario, out: &mut Vec<Diagnostic>) {
    let Some(siege) = &fields::scenario(s.file).siege else {
        return;
    };
    for (kind, allowed, what) in [
        (
            markers::FILLED_MOAT,
            siege.filled_moat_markers,
            "filled_moat_markers",
        ),
        (
            markers::RUBBLE,
            if siege.days == 1 {
                siege.rubble_markers
            } else {
                u32::MAX
            },
            "rubble_markers",
        ),
    ] {
        let placed: Vec<usize> = s
            .file
            .markers
            .iter()
            .enumerate()
            .filter(|(_, m)| m.kind == kind)
            .map(|(i, _)| i)
            .collect();
        if placed.len() as u32 > allowed {
            let i = placed[allowed as usize];
            out.push(
                Diagnostic::error(
                    CHECK.doc.code,
                    Location::here(format!("/markers/{i}")),
                    format!(
                        "{} {kind} markers placed, the scenario allows {allowed}",
                        placed.len()
                    ),
                )
                .at_hex(s.file.markers[i].hex.to_string())
                .label(Location::here(format!("/siege/{what}")), "the allowance")
                .rule(cite(if kind == markers::RUBBLE {
                    "2.31"
                } else {
                    "2.2"
                })),
            );
        }
    }
    if siege.days > 1 && siege.rubble_markers > 0 {
        out.push(
            Diagnostic::error(
                CHECK.doc.code,
                Location::here("/siege/rubble_markers"),
                format!("a siege of {} days grants {} rubble markers: over several days rubble lies only where engines demolished the wall", siege.days, siege.rubble_markers),
            )
            .rule(cite("2.31")),
        );
    }
}

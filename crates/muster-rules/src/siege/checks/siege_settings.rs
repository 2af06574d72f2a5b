//! SI416 — The siege settings are missing or contradict each other.

use super::super::cite;
use super::super::fields::Rations;
use super::support::*;
use crate::diagnostic::{Diagnostic, Location};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;
use crate::siege::fields;
use crate::siege::vocabulary::{options, unit_traits};

/// `SI416`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("SI416", "siege-settings", "siege", "The siege settings are missing or contradict each other.",
        "A Siege scenario has `siege` settings; quarter rations after a number of days needs half rations and falls within the siege's days; with the option `ransom` each side has a knight (only knights surrender, and only to knights); the `defender`, when named, is a side of the scenario.",
        "The settings decide the markers available (2.2, 2.31) and the rations' column shifts (6.71); ransom needs knights on both sides (6.4).",
        "`quarter_rations_after: 7` in a siege of 5 days.",
        "Siege 2.2, 2.31, 6.1, 6.4, 6.71."),
    run: siege,
};

fn siege(s: &Scenario, out: &mut Vec<Diagnostic>) {
    let Some(st) = &fields::scenario(s.file).siege else {
        out.push(
            Diagnostic::error(
                CHECK.doc.code,
                Location::here(""),
                "a Siege scenario needs `siege` settings (days, markers available)",
            )
            .rule(cite("2.2, 2.31"))
            .help("add `siege: (days: 1, filled_moat_markers: 0, rubble_markers: 0)`"),
        );
        return;
    };
    if let Some(after) = st.quarter_rations_after {
        if st.rations != Some(Rations::Half) {
            out.push(
                Diagnostic::error(
                    CHECK.doc.code,
                    Location::here("/siege/quarter_rations_after"),
                    "quarter rations follow days of half rations: set `rations: Half`",
                )
                .rule(cite("6.71")),
            );
        } else if after >= st.days {
            out.push(
                Diagnostic::warning(
                    CHECK.doc.code,
                    Location::here("/siege/quarter_rations_after"),
                    format!(
                        "quarter rations start after {after} days, but the siege lasts {}",
                        st.days
                    ),
                )
                .rule(cite("6.71")),
            );
        }
    }
    if let Some(d) = &st.defender {
        if !s.file.sides.iter().any(|sd| &sd.id == d) {
            let ids: Vec<&str> = s.file.sides.iter().map(|sd| sd.id.as_str()).collect();
            out.push(
                Diagnostic::error(
                    CHECK.doc.code,
                    Location::here("/siege/defender"),
                    format!(
                        "the defender `{d}` is not a side of the scenario: {}",
                        ids.join(", ")
                    ),
                )
                .rule(cite("6.1")),
            );
        }
    }
    if option(s, options::RANSOM) {
        for (si, side) in s.file.sides.iter().enumerate() {
            let knight = (0..side.units.len())
                .any(|ui| s.unit(si, ui).1.is_some_and(|k| k.has(unit_traits::KNIGHT)));
            if !knight {
                out.push(
                    Diagnostic::warning(CHECK.doc.code, Location::here(format!("/sides/{si}")), format!("the option `ransom` is on, but {} has no knight: only knights surrender, and only to knights", side.name))
                        .rule(cite("6.4")),
                );
            }
        }
    }
}

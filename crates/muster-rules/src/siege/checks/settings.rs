//! Checks on the scenario's settings and optional rules: shooting skill (6.22), command
//! control (6.5), and the siege's own settings (2.31, 6.4, 6.71).

use super::super::cite;
use crate::diagnostic::{Diagnostic, Location};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;
use muster_model::Rations;
use std::collections::BTreeMap;

fn option(s: &Scenario, id: &str) -> bool {
    s.file.options.iter().any(|o| o == id)
}

const SHOOTERS: [&str; 3] = ["crossbow", "shortbow", "longbow"];

/// `SI414`.
pub const SKILL: ScenarioCheck = ScenarioCheck {
    doc: doc!("SI414", "shooting-skill", "siege", "Shooting skills do not total zero per kind of shooter.",
        "With the option `aiming`, the `shooting_skill` of every crossbowman, shortbowman and longbowman of a side adds up to 0 within each of the three types (counting each counter); only shooters carry a skill; without the option, skills are reported as unused.",
        "\"The total of the numbers allocated must amount to 0 within each type of shooter: crossbowmen, shortbowmen or longbowmen.\"",
        "Two crossbowmen with +2 and −1.",
        "Siege 6.22."),
    run: skill,
};

fn skill(s: &Scenario, out: &mut Vec<Diagnostic>) {
    let on = option(s, "aiming");
    for (si, side) in s.file.sides.iter().enumerate() {
        let mut totals: BTreeMap<&str, (i32, Vec<usize>)> = BTreeMap::new();
        for (ui, u) in side.units.iter().enumerate() {
            let Some(v) = u.shooting_skill else { continue };
            let loc = Location::here(format!("/sides/{si}/units/{ui}/shooting_skill"));
            let kind = s.unit(si, ui).1;
            let Some(t) = SHOOTERS.iter().find(|t| kind.is_some_and(|k| k.has(t))) else {
                out.push(
                    Diagnostic::error(
                        "SI414",
                        loc,
                        format!("`{}` is not a shooter and has no shooting skill", u.id),
                    )
                    .rule(cite("6.22")),
                );
                continue;
            };
            if !on {
                out.push(
                    Diagnostic::warning("SI414", loc, format!("`{}` has a shooting skill, but the scenario does not use the optional rule `aiming`", u.id))
                        .rule(cite("6.22"))
                        .help("add \"aiming\" to `options`, or remove the skill"),
                );
                continue;
            }
            let e = totals.entry(t).or_default();
            e.0 = e.0.saturating_add(v.saturating_mul(u.count as i32));
            e.1.push(ui);
        }
        for (t, (sum, units)) in totals {
            if sum != 0 && on {
                out.push(
                    Diagnostic::error(
                        "SI414",
                        Location::here(format!("/sides/{si}/units/{}/shooting_skill", units[0])),
                        format!("the {t} shooters of {} total {sum:+}; the skills of each type must total 0", side.name),
                    )
                    .rule(cite("6.22")),
                );
            }
        }
    }
}

/// `SI415`.
pub const COMMAND: ScenarioCheck = ScenarioCheck {
    doc: doc!("SI415", "command-control", "siege", "A character's sergeant is not a sergeant, or a sergeant commands too many.",
        "With the option `command-control`, a character's `group` names a sergeant of its side; a sergeant commands at most 20 characters; knights and sergeants are commanded by nobody.",
        "\"The characters under a sergeant's control must be noted before the game commences … A sergeant may give command control to a maximum of 20 characters.\" (English Cry Havoc, brought in by the French text as an optional rule.)",
        "An archer whose `group` is a peasant.",
        "Siege 6.5 (from the English Cry Havoc)."),
    run: command,
};

fn command(s: &Scenario, out: &mut Vec<Diagnostic>) {
    if !option(s, "command-control") {
        return;
    }
    for (si, side) in s.file.sides.iter().enumerate() {
        let mut under: BTreeMap<usize, u32> = BTreeMap::new();
        for (ui, u) in side.units.iter().enumerate() {
            let Some(g) = &u.group else { continue };
            let loc = Location::here(format!("/sides/{si}/units/{ui}/group"));
            let me = s.unit(si, ui).1;
            if me.is_some_and(|k| k.has("knight") || k.has("sergeant")) {
                out.push(
                    Diagnostic::error(
                        "SI415",
                        loc,
                        format!("`{}` commands and is commanded by nobody", u.id),
                    )
                    .rule(cite("6.5")),
                );
                continue;
            }
            match side.units.iter().position(|x| &x.id == g) {
                Some(si2) if s.unit(si, si2).1.is_some_and(|k| k.has("sergeant")) => {
                    let n = under.entry(si2).or_default();
                    *n = n.saturating_add(u.count);
                }
                _ => out.push(
                    Diagnostic::error("SI415", loc, format!("`{g}` is not a sergeant of {}", side.name))
                        .rule(cite("6.5"))
                        .help("a sergeant commands only the characters noted under him before the game; knights need no list"),
                ),
            }
        }
        for (sg, n) in under {
            if n > 20 {
                out.push(
                    Diagnostic::error(
                        "SI415",
                        Location::here(format!("/sides/{si}/units/{sg}")),
                        format!(
                            "the sergeant `{}` has {n} characters under him; at most 20",
                            side.units[sg].id
                        ),
                    )
                    .rule(cite("6.5")),
                );
            }
        }
    }
}

/// `SI416`.
pub const SIEGE: ScenarioCheck = ScenarioCheck {
    doc: doc!("SI416", "siege-settings", "siege", "The siege settings are missing or contradict each other.",
        "A Siege scenario has `siege` settings; quarter rations after a number of days needs half rations and falls within the siege's days; with the option `ransom` each side has a knight (only knights surrender, and only to knights).",
        "The settings decide the markers available (2.2, 2.31) and the rations' column shifts (6.71); ransom needs knights on both sides (6.4).",
        "`quarter_rations_after: 7` in a siege of 5 days.",
        "Siege 2.2, 2.31, 6.4, 6.71."),
    run: siege,
};

fn siege(s: &Scenario, out: &mut Vec<Diagnostic>) {
    let Some(st) = &s.file.siege else {
        out.push(
            Diagnostic::error(
                "SI416",
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
                    "SI416",
                    Location::here("/siege/quarter_rations_after"),
                    "quarter rations follow days of half rations: set `rations: Half`",
                )
                .rule(cite("6.71")),
            );
        } else if after >= st.days {
            out.push(
                Diagnostic::warning(
                    "SI416",
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
    if option(s, "ransom") {
        for (si, side) in s.file.sides.iter().enumerate() {
            let knight =
                (0..side.units.len()).any(|ui| s.unit(si, ui).1.is_some_and(|k| k.has("knight")));
            if !knight {
                out.push(
                    Diagnostic::warning("SI416", Location::here(format!("/sides/{si}")), format!("the option `ransom` is on, but {} has no knight: only knights surrender, and only to knights", side.name))
                        .rule(cite("6.4")),
                );
            }
        }
    }
}

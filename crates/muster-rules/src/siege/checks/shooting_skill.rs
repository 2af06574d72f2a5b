//! SI414 — Shooting skills do not total zero per kind of shooter.

use super::super::cite;
use super::support::*;
use crate::diagnostic::{Diagnostic, Location};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;
use crate::siege::fields;
use crate::siege::vocabulary::options;
use std::collections::BTreeMap;

/// `SI414`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("SI414", "shooting-skill", "siege", "Shooting skills do not total zero per kind of shooter.",
        "With the option `aiming`, the `shooting_skill` of every crossbowman, shortbowman and longbowman of a side adds up to 0 within each of the three types (counting each counter); only shooters carry a skill; without the option, skills are reported as unused.",
        "\"The total of the numbers allocated must amount to 0 within each type of shooter: crossbowmen, shortbowmen or longbowmen.\"",
        "Two crossbowmen with +2 and −1.",
        "Siege 6.22."),
    run: skill,
};

fn skill(s: &Scenario, out: &mut Vec<Diagnostic>) {
    let on = option(s, options::AIMING);
    for (si, side) in s.file.sides.iter().enumerate() {
        let mut totals: BTreeMap<&str, (i32, Vec<usize>)> = BTreeMap::new();
        for (ui, u) in side.units.iter().enumerate() {
            let Some(v) = fields::unit(u).shooting_skill else {
                continue;
            };
            let loc = Location::here(format!("/sides/{si}/units/{ui}/shooting_skill"));
            let kind = s.unit(si, ui).1;
            let Some(t) = SHOOTERS.iter().find(|t| kind.is_some_and(|k| k.has(t))) else {
                out.push(
                    Diagnostic::error(
                        CHECK.doc.code,
                        loc,
                        format!("`{}` is not a shooter and has no shooting skill", u.id),
                    )
                    .rule(cite("6.22")),
                );
                continue;
            };
            if !on {
                out.push(
                    Diagnostic::warning(CHECK.doc.code, loc, format!("`{}` has a shooting skill, but the scenario does not use the optional rule `aiming`", u.id))
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
                        CHECK.doc.code,
                        Location::here(format!("/sides/{si}/units/{}/shooting_skill", units[0])),
                        format!("the {t} shooters of {} total {sum:+}; the skills of each type must total 0", side.name),
                    )
                    .rule(cite("6.22")),
                );
            }
        }
    }
}

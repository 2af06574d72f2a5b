//! SI415 — A character's sergeant is not a sergeant, or a sergeant commands too many.

use super::super::cite;
use super::support::*;
use crate::diagnostic::{Diagnostic, Location};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;
use crate::siege::fields;
use crate::siege::vocabulary::{options, unit_traits};
use std::collections::BTreeMap;

/// `SI415`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("SI415", "command-control", "siege", "A character's sergeant is not a sergeant, or a sergeant commands too many.",
        "With the option `command-control`, a character's `group` names a sergeant of its side; a sergeant commands at most 20 characters; knights and sergeants are commanded by nobody.",
        "\"The characters under a sergeant's control must be noted before the game commences … A sergeant may give command control to a maximum of 20 characters.\" (English Cry Havoc, brought in by the French text as an optional rule.)",
        "An archer whose `group` is a peasant.",
        "Siege 6.5 (from the English Cry Havoc)."),
    run: command,
};

fn command(s: &Scenario, out: &mut Vec<Diagnostic>) {
    if !option(s, options::COMMAND_CONTROL) {
        return;
    }
    for (si, side) in s.file.sides.iter().enumerate() {
        let mut under: BTreeMap<usize, u32> = BTreeMap::new();
        for (ui, u) in side.units.iter().enumerate() {
            let Some(g) = &fields::unit(u).group else {
                continue;
            };
            let loc = Location::here(format!("/sides/{si}/units/{ui}/group"));
            let me = s.unit(si, ui).1;
            if me.is_some_and(|k| k.has(unit_traits::KNIGHT) || k.has(unit_traits::SERGEANT)) {
                out.push(
                    Diagnostic::error(
                        CHECK.doc.code,
                        loc,
                        format!("`{}` commands and is commanded by nobody", u.id),
                    )
                    .rule(cite("6.5")),
                );
                continue;
            }
            match side.units.iter().position(|x| &x.id == g) {
                Some(si2) if s.unit(si, si2).1.is_some_and(|k| k.has(unit_traits::SERGEANT)) => {
                    let n = under.entry(si2).or_default();
                    *n = n.saturating_add(u.count);
                }
                _ => out.push(
                    Diagnostic::error(CHECK.doc.code, loc, format!("`{g}` is not a sergeant of {}", side.name))
                        .rule(cite("6.5"))
                        .help("a sergeant commands only the characters noted under him before the game; knights need no list"),
                ),
            }
        }
        for (sg, n) in under {
            if n > 20 {
                out.push(
                    Diagnostic::error(
                        CHECK.doc.code,
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

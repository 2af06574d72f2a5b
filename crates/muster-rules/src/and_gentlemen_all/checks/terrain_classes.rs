//! AG205 — every terrain on the map is classed as difficult or not (§6).

use super::super::cite;
use crate::and_gentlemen_all::fields;
use crate::diagnostic::{Diagnostic, Location};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;
use std::collections::BTreeSet;

/// `AG205`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("AG205", "terrain-classes", "and-gentlemen-all", "A terrain on the map is not classed as difficult or not.",
        "Every terrain id used by the map's hexes and hexside features has an entry in the scenario's `terrain_classes`, and every entry names terrain the ruleset has.",
        "\"Difficult terrain should be defined at the start of each scenario\": movement and the reach preview depend on it.",
        "A map with hedges and no `(terrain: \"hedge\", difficult: ...)` entry.",
        "And Gentlemen All §6 Difficult terrain."),
    run,
};

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    let mut used: BTreeSet<String> = s
        .world
        .grid
        .hexes()
        .map(|h| s.world.terrain(h).to_string())
        .collect();
    used.extend(s.world.hexside_entries().map(|(_, f, _)| f.to_string()));
    for t in &used {
        if !fields::scenario(s.file)
            .terrain_classes
            .iter()
            .any(|c| &c.terrain == t)
        {
            out.push(
                Diagnostic::error(
                    CHECK.doc.code,
                    Location::here("/terrain_classes"),
                    format!(
                        "the map has `{t}` but the scenario does not say whether it is difficult"
                    ),
                )
                .rule(cite("§6"))
                .help(format!(
                    "add `(terrain: \"{t}\", difficult: true)` or `difficult: false`"
                )),
            );
        }
    }
    for (i, c) in fields::scenario(s.file).terrain_classes.iter().enumerate() {
        let known = s.ruleset.terrain.iter().any(|t| t.id == c.terrain)
            || s.ruleset.hexside_features.iter().any(|f| f.id == c.terrain);
        if !known {
            out.push(
                Diagnostic::error(
                    CHECK.doc.code,
                    Location::here(format!("/terrain_classes/{i}/terrain")),
                    format!("`{}` is not a terrain of {}", c.terrain, s.ruleset.name),
                )
                .rule(cite("§6")),
            );
        }
    }
}

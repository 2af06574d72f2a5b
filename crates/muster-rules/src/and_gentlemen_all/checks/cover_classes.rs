//! AG210 — a terrain's cover class agrees with §7's cover classes.

use super::super::cite;
use super::super::fields::Cover;
use super::super::tables::printed_cover;
use crate::and_gentlemen_all::fields;
use crate::diagnostic::{Diagnostic, Location};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;

/// `AG210`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("AG210", "cover-classes", "and-gentlemen-all", "A terrain is classed in a cover class §7 does not give it.",
        "Each `terrain_classes` entry's `cover` matches §7: woods and hedges Light, buildings (villages) and stone walls Medium, earthworks Heavy (an error otherwise, and for cover on open ground, which is in no class — ours); cover on a terrain §7 does not name (fields, marsh, slopes, streams) is a warning: our reading is that it gives none.",
        "The target's cover adds +2, +3 or +4 to its roll against fire (§7): a wrong class changes every shot at it.",
        "`(terrain: \"open\", difficult: false, cover: Heavy)` or `(terrain: \"village\", difficult: true, cover: Light)`.",
        "And Gentlemen All §7 Fire Combat (target's die roll modifiers)."),
    run,
};

fn name(c: Option<Cover>) -> &'static str {
    match c {
        None => "no cover",
        Some(Cover::Light) => "Light",
        Some(Cover::Medium) => "Medium",
        Some(Cover::Heavy) => "Heavy",
    }
}

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    for (i, c) in fields::scenario(s.file).terrain_classes.iter().enumerate() {
        let at = Location::here(format!("/terrain_classes/{i}"));
        match printed_cover(&c.terrain) {
            Some(printed) if printed != c.cover => {
                let help = match printed {
                    Some(p) => format!("write `cover: {}` (§7)", name(Some(p))),
                    None => "leave `cover` out: open ground is in none of §7's cover classes (ours)".to_string(),
                };
                out.push(
                    Diagnostic::error(
                        CHECK.doc.code,
                        at,
                        format!(
                            "`{}` is classed {} but §7 gives it {}",
                            c.terrain,
                            name(c.cover),
                            name(printed)
                        ),
                    )
                    .rule(cite("§7"))
                    .help(help),
                );
            }
            None if c.cover.is_some() => out.push(
                Diagnostic::warning(
                    CHECK.doc.code,
                    at,
                    format!(
                        "`{}` is classed {} cover, but §7 names no cover for it",
                        c.terrain,
                        name(c.cover)
                    ),
                )
                .rule(cite("§7"))
                .help("our reading: only the terrain §7 lists (woods, hedges, buildings, stone walls, earthworks) gives cover; drop `cover` or record why in the scenario's notes"),
            ),
            _ => {}
        }
    }
}

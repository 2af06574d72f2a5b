//! AG211 — at the scenario's scale a fire range band has no hex of its own (a note).

use super::super::cite;
use super::super::tables::{collapsed_bands, range_hexes, range_inches, UnitType};
use super::regiments;
use crate::and_gentlemen_all::fields;
use crate::diagnostic::{Diagnostic, Location};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;

/// `AG211`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("AG211", "range-bands-collapse", "and-gentlemen-all", "At this scale a fire range band of a unit type in the scenario has no hex of its own (a note).",
        "Converts the §7 range bands of every unit type the scenario fields to hexes (each band limit rounded to the nearest hex, at least 1 — ours) and reports a band whose limit is no greater than the one before: at 2 inches a hex horse comes out [1, 1, 2], with no effective range.",
        "The rules are written in inches; on hexes a coarse scale merges bands, and a designer should know that one of them never applies (a finer scale or the 25 mm column keeps them apart).",
        "`scale: (inches_per_hex: 2.0, figures: Mm15)` with horse regiments.",
        "And Gentlemen All §7 Fire Combat table; §2 Game scales; Muster's hex adaptation."),
    run,
};

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    let Some(scale) = &fields::scenario(s.file).scale else {
        return;
    };
    let mut types = Vec::new();
    for si in 0..s.file.sides.len() {
        for (_, def, reg) in regiments(s, si) {
            if let Some(t) = UnitType::of(&def.kind, reg.mounted.unwrap_or(false)) {
                types.push(t);
            }
        }
    }
    for t in [
        UnitType::Foot,
        UnitType::Horse,
        UnitType::LightArtillery,
        UnitType::HeavyArtillery,
    ] {
        let bands = collapsed_bands(t, scale);
        if bands.is_empty() || !types.contains(&t) {
            continue;
        }
        let inches = range_inches(t, scale.figures);
        let hexes = range_hexes(t, scale);
        out.push(
            Diagnostic::note(
                CHECK.doc.code,
                Location::here("/scale/inches_per_hex"),
                format!(
                    "at {} inches a hex, {} fire bands up to {:?} inches become {:?} hexes: the {} band has no hex of its own",
                    scale.inches_per_hex,
                    t.name(),
                    inches,
                    hexes,
                    bands.join(" and ")
                ),
            )
            .rule(cite("§7"))
            .help("our conversion rounds each band limit to the nearest hex; a finer scale (fewer inches a hex) or the 25 mm column keeps the bands apart"),
        );
    }
}

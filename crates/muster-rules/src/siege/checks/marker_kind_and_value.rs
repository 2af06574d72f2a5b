//! SI405 — A marker of an unknown kind, off the map, or with a value out of range.

use super::super::cite;
use super::super::field::{marker_def, Field};
use crate::diagnostic::{Diagnostic, Location};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;
use crate::siege::vocabulary::{markers, traits};

/// `SI405`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("SI405", "marker-kind-and-value", "siege", "A marker of an unknown kind, off the map, or with a value out of range.",
        "Each marker's kind is one of the ruleset's markers and its hex is on the map; markers that count carry a value from 1 to the kind's maximum (a fire's turns 1–3; a wall's damage stage 1–3, since the fourth stage, demolition, is a rubble marker), others none; one marker of a kind a hex.",
        "A fire destroys a hex's contents after three turns (3.55); the fourth damage stage is demolition, shown by rubble, not a damage marker (4.13, 4.14) — on a tower or keep hex too (our reading of 4.13: \"wall demolished (rubble)\").",
        "A damage marker with value 4.",
        "Siege 3.55, 4.13, 4.14."),
    run: kinds,
};

fn kinds(s: &Scenario, out: &mut Vec<Diagnostic>) {
    let f = Field::new(s);
    for (i, m) in s.file.markers.iter().enumerate() {
        let loc = |k: &str| Location::here(format!("/markers/{i}/{k}"));
        let Some(def) = marker_def(s.ruleset, &m.kind) else {
            let known: Vec<&str> = s.ruleset.markers.iter().map(|d| d.id.as_str()).collect();
            out.push(Diagnostic::error(
                CHECK.doc.code,
                loc("kind"),
                format!(
                    "`{}` is not a marker of {}: {}",
                    m.kind,
                    s.ruleset.name,
                    known.join(", ")
                ),
            ));
            continue;
        };
        let h = match s.world.grid.from_printed(m.hex.as_str()) {
            Err(e) => {
                out.push(Diagnostic::error(CHECK.doc.code, loc("hex"), e.to_string()));
                continue;
            }
            Ok(h) if !s.world.grid.contains(h) => {
                out.push(s.world.off_map(m.hex.as_str(), loc("hex")));
                continue;
            }
            Ok(h) => h,
        };
        match (def.max_value, m.value) {
            // The fourth damage stage is demolition: a rubble marker, not a damage marker.
            (Some(_), Some(4)) if m.kind == markers::DAMAGE => {
                let mut d = Diagnostic::error(CHECK.doc.code, loc("value"), format!("the {} at {} is demolished (stage 4): it takes a rubble marker, not a damage marker", f.terrain(h).map_or("wall".to_string(), |t| t.name.to_lowercase()), m.hex))
                    .at_hex(m.hex.to_string())
                    .rule(cite("4.13, 4.14"));
                if f.has(h, traits::TOWER) || f.has(h, traits::KEEP) {
                    d = d.help("our reading: 4.14 lists battlements, castle walls and arrow-slits, but 4.13 calls every wall's fourth stage \"wall demolished (rubble)\", so a demolished tower or keep hex is rubble too");
                }
                out.push(d);
            }
            (Some(max), Some(v)) if v == 0 || v > max => {
                let mut d = Diagnostic::error(
                    CHECK.doc.code,
                    loc("value"),
                    format!(
                        "a {} marker's value runs from 1 to {max}; {v} is out of range",
                        def.name.to_lowercase()
                    ),
                )
                .at_hex(m.hex.to_string())
                .rule(def.rule.clone());
                if m.kind == markers::DAMAGE {
                    d = d.help("a wall demolished (stage 4) takes a rubble marker instead (4.14)");
                }
                out.push(d);
            }
            (Some(max), None) => out.push(
                Diagnostic::error(
                    CHECK.doc.code,
                    Location::here(format!("/markers/{i}")),
                    format!(
                        "a {} marker needs a value from 1 to {max}",
                        def.name.to_lowercase()
                    ),
                )
                .at_hex(m.hex.to_string())
                .rule(def.rule.clone()),
            ),
            (None, Some(_)) => out.push(
                Diagnostic::error(
                    CHECK.doc.code,
                    loc("value"),
                    format!("a {} marker carries no value", def.name.to_lowercase()),
                )
                .at_hex(m.hex.to_string())
                .rule(def.rule.clone()),
            ),
            _ => {}
        }
        if m.kind == markers::DAMAGE
            && s.file
                .markers
                .iter()
                .any(|o| o.kind == markers::RUBBLE && o.hex == m.hex)
        {
            out.push(
                Diagnostic::error(
                    CHECK.doc.code,
                    Location::here(format!("/markers/{i}")),
                    format!(
                        "{} has both rubble and a damage marker: rubble is the last stage (4.14)",
                        m.hex
                    ),
                )
                .at_hex(m.hex.to_string())
                .rule(cite("4.13, 4.14")),
            );
        }
        if s.file.markers[..i]
            .iter()
            .any(|o| o.kind == m.kind && o.hex == m.hex)
        {
            out.push(
                Diagnostic::error(
                    CHECK.doc.code,
                    Location::here(format!("/markers/{i}")),
                    format!("two {} markers on {}", def.name.to_lowercase(), m.hex),
                )
                .at_hex(m.hex.to_string()),
            );
        }
    }
}

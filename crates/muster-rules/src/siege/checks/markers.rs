//! Checks on markers: where each kind may lie (2.2, 2.31, 4.1), how many the scenario
//! allows (2.2, 2.31), kinds and values (3.55, 4.13), and battering the keep (4.21).

use super::super::cite;
use super::super::field::{marker_def, Field};
use crate::diagnostic::{Diagnostic, Location};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;
use muster_hex::{distance, Hex};

fn marker_hex(s: &Scenario, i: usize) -> Option<Hex> {
    let h = s
        .world
        .grid
        .from_printed(s.file.markers[i].hex.as_str())
        .ok()?;
    s.world.grid.contains(h).then_some(h)
}

/// `SI403`.
pub const ON_TERRAIN: ScenarioCheck = ScenarioCheck {
    doc: doc!("SI403", "marker-terrain", "siege", "A marker lies on terrain it cannot be placed on.",
        "Each marker's hex has one of the terrain traits its kind lists in the ruleset: filled moat on moat; rubble on battlement, castle wall or arrow-slit; wall damage on wall, tower or keep hexes.",
        "\"The besieging player places 'Filled moat' markers on the moat hexes of his choice\"; rubble goes on \"battlement hex, castle wall or arrow-slit\" hexes.",
        "A filled-moat marker on 0604, a flat hex.",
        "Siege 2.2, 2.31, 2.33, 4.13."),
    run: on_terrain,
};

fn on_terrain(s: &Scenario, out: &mut Vec<Diagnostic>) {
    let f = Field::new(s);
    for (i, m) in s.file.markers.iter().enumerate() {
        let (Some(def), Some(h)) = (marker_def(s.ruleset, &m.kind), marker_hex(s, i)) else {
            continue;
        };
        let engine = |h: Hex| f.pieces_at(h).any(|p| !p.def.animal);
        if def.on.is_empty()
            || def
                .on
                .iter()
                .any(|t| f.has(h, t) || (t == "engine" && engine(h)))
        {
            continue;
        }
        out.push(
            Diagnostic::error(
                "SI403",
                Location::here(format!("/markers/{i}/hex")),
                format!(
                    "a {} marker on {} ({}): it goes only on {}",
                    def.name.to_lowercase(),
                    m.hex,
                    s.world.terrain(h),
                    def.on.join(", ")
                ),
            )
            .at_hex(m.hex.to_string())
            .rule(cite(&def.rule.replace("Siege ", ""))),
        );
    }
}

/// `SI404`.
pub const COUNTS: ScenarioCheck = ScenarioCheck {
    doc: doc!("SI404", "marker-count", "siege", "More filled-moat or rubble markers than the scenario allows.",
        "Filled-moat markers number no more than `siege.filled_moat_markers`; in a single-day assault rubble markers no more than `siege.rubble_markers`; in a siege of several days rubble lies only where the walls were demolished (a wall damaged to stage 4), so the scenario grants none.",
        "\"The number of available 'Filled moat' markers will be stated in each scenario\"; in single-day scenarios the attacker places rubble \"in the same manner\".",
        "Five filled-moat markers in a scenario that allows four.",
        "Siege 2.2, 2.31."),
    run: counts,
};

fn counts(s: &Scenario, out: &mut Vec<Diagnostic>) {
    let Some(siege) = &s.file.siege else { return };
    for (kind, allowed, what) in [
        (
            "filled-moat",
            siege.filled_moat_markers,
            "filled_moat_markers",
        ),
        (
            "rubble",
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
                    "SI404",
                    Location::here(format!("/markers/{i}")),
                    format!(
                        "{} {kind} markers placed, the scenario allows {allowed}",
                        placed.len()
                    ),
                )
                .at_hex(s.file.markers[i].hex.to_string())
                .label(Location::here(format!("/siege/{what}")), "the allowance")
                .rule(cite(if kind == "rubble" { "2.31" } else { "2.2" })),
            );
        }
    }
    if siege.days > 1 && siege.rubble_markers > 0 {
        out.push(
            Diagnostic::error(
                "SI404",
                Location::here("/siege/rubble_markers"),
                format!("a siege of {} days grants {} rubble markers: over several days rubble lies only where engines demolished the wall", siege.days, siege.rubble_markers),
            )
            .rule(cite("2.31")),
        );
    }
}

/// `SI405`.
pub const KINDS: ScenarioCheck = ScenarioCheck {
    doc: doc!("SI405", "marker-kind-and-value", "siege", "A marker of an unknown kind, off the map, or with a value out of range.",
        "Each marker's kind is one of the ruleset's markers and its hex is on the map; markers that count (a fire's turns 1–3, a wall's damage stage 1–4) carry a value from 1 to the kind's maximum, others none; one marker of a kind a hex.",
        "A fire destroys a hex's contents after three turns (3.55); the fourth damage stage is demolition, shown by rubble, not a damage marker (4.13, 4.14).",
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
                "SI405",
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
                out.push(Diagnostic::error("SI405", loc("hex"), e.to_string()));
                continue;
            }
            Ok(h) if !s.world.grid.contains(h) => {
                out.push(s.world.off_map(m.hex.as_str(), loc("hex")));
                continue;
            }
            Ok(h) => h,
        };
        match (def.max_value, m.value) {
            (Some(max), Some(v)) if v == 0 || v > max => {
                let mut d = Diagnostic::error(
                    "SI405",
                    loc("value"),
                    format!(
                        "a {} marker's value runs from 1 to {max}; {v} is out of range",
                        def.name.to_lowercase()
                    ),
                )
                .at_hex(m.hex.to_string())
                .rule(def.rule.clone());
                if m.kind == "damage" {
                    d = d.help("a wall demolished (stage 4) takes a rubble marker instead (4.14)");
                }
                out.push(d);
            }
            (Some(max), None) => out.push(
                Diagnostic::error(
                    "SI405",
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
                    "SI405",
                    loc("value"),
                    format!("a {} marker carries no value", def.name.to_lowercase()),
                )
                .at_hex(m.hex.to_string())
                .rule(def.rule.clone()),
            ),
            _ => {}
        }
        let demolished = m.kind == "damage" && m.value == Some(4);
        if demolished && f.has(h, "breachable") {
            out.push(
                Diagnostic::error("SI405", loc("value"), format!("the wall at {} is demolished (stage 4): it takes a rubble marker, not a damage marker", m.hex))
                    .at_hex(m.hex.to_string())
                    .rule(cite("4.14")),
            );
        }
        if m.kind == "damage"
            && s.file
                .markers
                .iter()
                .any(|o| o.kind == "rubble" && o.hex == m.hex)
        {
            out.push(
                Diagnostic::error(
                    "SI405",
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
                    "SI405",
                    Location::here(format!("/markers/{i}")),
                    format!("two {} markers on {}", def.name.to_lowercase(), m.hex),
                )
                .at_hex(m.hex.to_string()),
            );
        }
    }
}

/// `SI411`.
pub const KEEP: ScenarioCheck = ScenarioCheck {
    doc: doc!("SI411", "keep-battering", "siege", "The keep's walls are damaged before the outer wall is breached, or away from the breach.",
        "A damage or rubble marker on a keep hex needs a rubble marker on an outer wall hex (the breach), and the keep hex is one of the three keep hexes nearest to a breach.",
        "\"The keep walls cannot be battered until at least one hex of the outer walls has been demolished. Only the 3 keep wall hexes that are closest to the breach can be battered.\"",
        "A damage marker on a keep hex while no outer wall hex has rubble.",
        "Siege 4.21."),
    run: keep,
};

fn keep(s: &Scenario, out: &mut Vec<Diagnostic>) {
    let f = Field::new(s);
    let g = &s.world.grid;
    // The keep's walls: keep hexes with a hex beside them that is not keep.
    let keep_hexes: Vec<Hex> = g
        .hexes()
        .filter(|h| f.has(*h, "keep"))
        .filter(|h| g.neighbors_on_map(*h).any(|n| !f.has(n, "keep")))
        .collect();
    // A breach: an outer wall hex demolished (rubble, or a tower at damage stage 4).
    let breaches: Vec<Hex> = s
        .file
        .markers
        .iter()
        .enumerate()
        .filter(|(_, m)| m.kind == "rubble" || (m.kind == "damage" && m.value == Some(4)))
        .filter_map(|(i, _)| marker_hex(s, i))
        .filter(|h| (f.has(*h, "wall") || f.has(*h, "tower")) && !f.has(*h, "keep"))
        .collect();
    for (i, m) in s.file.markers.iter().enumerate() {
        if m.kind != "damage" && m.kind != "rubble" {
            continue;
        }
        let Some(h) = marker_hex(s, i) else { continue };
        if !f.has(h, "keep") {
            continue;
        }
        let loc = Location::here(format!("/markers/{i}/hex"));
        if breaches.is_empty() {
            out.push(
                Diagnostic::error("SI411", loc, format!("the keep wall at {} is battered, but no outer wall hex is demolished (no rubble on the outer walls)", m.hex))
                    .at_hex(m.hex.to_string())
                    .rule(cite("4.21")),
            );
            continue;
        }
        let nearest_ok = breaches.iter().any(|&b| {
            let mut by: Vec<(u32, String)> = keep_hexes
                .iter()
                .map(|k| (distance(*k, b), g.to_printed(*k)))
                .collect();
            by.sort();
            let cut = by.get(2).map(|x| x.0).unwrap_or(u32::MAX);
            distance(h, b) <= cut
        });
        if !nearest_ok {
            out.push(
                Diagnostic::error(
                    "SI411",
                    loc,
                    format!(
                        "the keep wall at {} is not one of the three keep hexes nearest a breach",
                        m.hex
                    ),
                )
                .at_hex(m.hex.to_string())
                .rule(cite("4.21"))
                .help("ties in distance count as nearest; batter a keep hex facing the breach"),
            );
        }
    }
}

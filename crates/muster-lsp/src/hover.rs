//! Hover: a diagnostic code's explanation, a hex's terrain and who is set up there, a
//! unit's ratings and counts, a zone's hexes.

use crate::docs::Docs;
use crate::handlers::Cursor;
use crate::locate::At;
use crate::model::Model;
use lsp_types::{Hover, HoverContents, HoverParams, MarkupContent, MarkupKind};
use muster_hex::Hex;
use muster_rules::{Scenario, World};
use std::fmt::Write as _;

/// The most hexes a zone's hover lists.
const MAX_LISTED: usize = 60;

/// Answers `textDocument/hover`.
pub fn hover(docs: &Docs, p: HoverParams) -> Option<Hover> {
    let tdp = p.text_document_position_params;
    let c = Cursor::of(docs, &tdp.text_document.uri, tdp.position)?;
    let text = code_hover(c.word()).or_else(|| {
        let at = c.at()?;
        let model = Model::load(docs, &c.path, c.kind)?;
        let with_verdicts = |h: Option<String>| {
            h.map(|mut h| {
                h.push_str(&verdicts(docs, &c, at.string().unwrap_or_default()));
                h
            })
        };
        match &model {
            Model::Scenario(s) => {
                let scenario = s.resolve();
                unit_hover(&scenario, &at)
                    .or_else(|| with_verdicts(hex_hover(&scenario.world, &at, Some(&scenario))))
                    .or_else(|| zone_hover(&scenario, &at))
            }
            Model::Map(m) => with_verdicts(hex_hover(&Model::map_world(&m.value), &at, None)),
        }
    })?;
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value: text,
        }),
        range: None,
    })
}

/// What the checks say about a hex of the document: each finding at that hex.
fn verdicts(docs: &Docs, c: &Cursor, hex: &str) -> String {
    let mut report = muster_check::Report::default();
    let (findings, _) = docs.checker().check_file(&c.path, c.kind, &mut report);
    let mut out = String::new();
    for f in findings
        .iter()
        .filter(|f| f.diagnostic.hex.as_deref() == Some(hex))
    {
        let d = &f.diagnostic;
        let _ = write!(
            out,
            "\n\n{} `{}`: {}",
            d.severity.as_str(),
            d.code,
            d.message
        );
    }
    out
}

/// Whether a word is shaped like a diagnostic code (`AC101`, `MU002`).
pub fn looks_like_code(w: &str) -> bool {
    let letters = w.bytes().take_while(u8::is_ascii_uppercase).count();
    (1..=4).contains(&letters)
        && w.len() == letters + 3
        && w.bytes().skip(letters).all(|b| b.is_ascii_digit())
}

/// `muster explain CODE` for a code under the cursor.
fn code_hover(word: &str) -> Option<String> {
    if !looks_like_code(word) {
        return None;
    }
    let d = muster_rules::registry::explain(word)?;
    Some(format!(
        "**{}** `{}` ({})\n\n{}\n\n{}",
        d.code,
        d.name,
        d.system,
        d.summary,
        d.doc.trim_end()
    ))
}

/// The side and unit index a cursor names.
fn unit_at(scenario: &muster_model::ScenarioFile, at: &At) -> Option<(usize, usize)> {
    let (side, id) = crate::definition::unit_named(at)?;
    let unit = scenario
        .sides
        .get(side)?
        .units
        .iter()
        .position(|u| u.id == id)?;
    Some((side, unit))
}

fn unit_hover(scenario: &Scenario, at: &At) -> Option<String> {
    let (side, unit) = unit_at(scenario.file, at)?;
    let (def, kind) = scenario.unit(side, unit);
    let mut out = format!(
        "**{}** — {} of {}",
        def.name,
        kind.map_or(def.kind.as_str(), |k| k.name.as_str()),
        scenario.file.sides[side].name
    );
    let _ = write!(
        out,
        "\n\ncounters: {} · provenance: {:?}",
        def.count, def.provenance
    );
    if def.list_entry.is_some() {
        // A Charles the Bold stand: its MP and rating are its army-list line's (§1.3, §16),
        // its own never read (CB311); shown as its counter shows them.
        let r = muster_rules::counter_ratings(scenario, side, def);
        let _ = write!(out, " · {}", r.front);
    } else {
        if let Some(r) = def.rating {
            let _ = write!(out, " · rating {r}");
        }
        if let Some(mp) = def.mp {
            let _ = write!(out, " · MP {mp}");
        }
    }
    for (i, s) in def.steps.iter().enumerate() {
        let _ = write!(
            out,
            "\n- step {}: strength {}, MP {}",
            i + 1,
            s.strength,
            s.mp
        );
        if let Some(r) = s.range {
            let _ = write!(out, ", range {r}");
        }
    }
    let placed: u32 = scenario
        .deployments
        .iter()
        .filter(|d| d.side == side)
        .flat_map(|d| d.units.iter())
        .filter(|u| u.unit == unit)
        .map(|u| u.count)
        .sum();
    let _ = write!(out, "\n\nset up or entering: {placed} of {}", def.count);
    Some(out)
}

fn hex_hover(world: &World, at: &At, scenario: Option<&Scenario>) -> Option<String> {
    let id = at.string()?;
    let hex = world.grid.from_printed(id).ok()?;
    if !world.grid.contains(hex) {
        return Some(format!("**{id}** is off the map"));
    }
    let terrain = world.terrain(hex);
    let mut out = format!("**Hex {id}**: {terrain}");
    if let Some(name) = scenario
        .and_then(|s| s.ruleset.terrain.iter().find(|t| t.id == terrain))
        .map(|t| t.name.as_str())
    {
        let _ = write!(out, " ({name})");
    }
    let _ = write!(out, ", elevation {}", world.elevation(hex));
    if let Some(label) = world.label(hex) {
        let _ = write!(out, ", labelled {label:?}");
    }
    let o = world.grid.orientation();
    let sides: Vec<String> = world
        .hexside_entries()
        .filter(|(s, _, _)| {
            let (a, b) = s.hexes(o);
            a == hex || b == hex
        })
        .map(|(s, f, _)| format!("{f} on {}", world.grid.print_hexside(s)))
        .collect();
    if !sides.is_empty() {
        let _ = write!(out, "\n\nhexsides: {}", sides.join(", "));
    }
    if let Some(s) = scenario {
        let here = who_is_here(s, hex);
        if !here.is_empty() {
            let _ = write!(out, "\n\nset up here (or among the hexes of its line):");
            for h in here {
                let _ = write!(out, "\n- {h}");
            }
        }
    }
    Some(out)
}

/// The set-up lines and reinforcements whose hexes include `hex`.
fn who_is_here(s: &Scenario, hex: Hex) -> Vec<String> {
    s.deployments
        .iter()
        .filter(|d| d.hexes.contains(&hex))
        .map(|d| {
            let side = &s.file.sides[d.side];
            let units: Vec<String> = d
                .units
                .iter()
                .map(|u| {
                    let id = &side.units[u.unit].id;
                    if u.count > 1 {
                        format!("{}x {id}", u.count)
                    } else {
                        id.clone()
                    }
                })
                .collect();
            let when = match d.kind {
                muster_rules::DeployKind::Setup { .. } => String::new(),
                muster_rules::DeployKind::Reinforcement { turn } => {
                    format!(", entering turn {turn}")
                }
            };
            let hexes = match d.hexes.len() {
                1 => "1 hex".to_string(),
                n => format!("{n} hexes"),
            };
            format!("{} ({}{when}; {hexes})", units.join(", "), side.name)
        })
        .collect()
}

fn zone_hover(s: &Scenario, at: &At) -> Option<String> {
    let pointer = at.pointer();
    let d = s.deployments.iter().find(|d| {
        pointer == d.zone_pointer || pointer.starts_with(&format!("{}/", d.zone_pointer))
    })?;
    if !d.resolved {
        return Some("this zone does not resolve; see its diagnostics".into());
    }
    let mut ids: Vec<String> = d
        .hexes
        .iter()
        .map(|h| s.world.grid.to_printed(*h))
        .collect();
    ids.sort();
    let n = ids.len();
    let more = n.saturating_sub(MAX_LISTED);
    ids.truncate(MAX_LISTED);
    // "1 hex", not "1 hexes" (review finding 27.2).
    let noun = if n == 1 { "hex" } else { "hexes" };
    let mut out = format!("**{n} {noun}**: {}", ids.join(", "));
    if more > 0 {
        let _ = write!(out, " … and {more} more");
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::{hover, looks_like_code};
    use crate::docs::{Doc, Docs};
    use lsp_types::{HoverContents, HoverParams, Uri};
    use std::path::Path;
    use std::str::FromStr;
    use std::sync::Arc;

    /// The hover text at the first `Hexes` after `anchor` in the stacking case's scenario.
    fn zone_hover_after(anchor: &str) -> String {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../tests/cases/invalid-ac101-stacking/x.scenario.ron")
            .canonicalize()
            .unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        let at = text.find(anchor).unwrap();
        let at = at + text[at..].find("Hexes").unwrap() + 1;
        let uri = Uri::from_str(&format!("file://{}", path.display())).unwrap();
        let mut docs = Docs::new(vec![path.parent().unwrap().to_path_buf()]);
        docs.set(
            path.clone(),
            Doc {
                uri: uri.clone(),
                text: Arc::from(text.as_str()),
                version: 1,
            },
        );
        let p: HoverParams = serde_json::from_value(serde_json::json!({
            "textDocument": {"uri": uri.as_str()},
            "position": crate::text::position(&text, at),
        }))
        .unwrap();
        match hover(&docs, p).map(|h| h.contents) {
            Some(HoverContents::Markup(m)) => m.value,
            other => panic!("no hover: {other:?}"),
        }
    }

    #[test]
    fn a_zone_of_one_hex_is_one_hex() {
        // Review finding 27.2: "**1 hexes**".
        assert_eq!(zone_hover_after("[\"Red Foot\"]"), "**1 hex**: 0203");
        assert_eq!(
            zone_hover_after("[\"2x Red Knights\"]"),
            "**2 hexes**: 0202, 0203"
        );
    }

    #[test]
    fn codes_are_letters_then_three_digits() {
        assert!(looks_like_code("AC101"));
        assert!(looks_like_code("MU002"));
        assert!(!looks_like_code("0508"));
        assert!(!looks_like_code("AC10"));
        assert!(!looks_like_code("Hexes"));
    }
}

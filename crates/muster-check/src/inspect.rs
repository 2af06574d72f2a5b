//! `muster inspect`: the resolved scenario as JSON. The top-level keys `version`, `title`,
//! `turns`, `first_side`, `sides` and `placements` are a stable contract relied on by tests
//! and other tools; further keys may be added.
//!
//! `version` is [`INSPECT_VERSION`]. Version 2 (issue 27, code review 7) changed
//! `placements` from one object per counter, each with its line's hexes (a 2 KB scenario
//! of `10000x` lines over a 99-hex row gave 139 MB of JSON and 1.4 GB of memory), to one
//! object per set-up line or reinforcement: `{"side", "hexes", "turn"?, "facing"?,
//! "level"?, "units": [{"unit", "id", "kind", "count", "mode"}]}`. The size of the answer
//! is now that of the resolved scenario, whatever the counts. Version 1 had no `version`
//! key.
//!
//! Version 3 (issue 30, code review 1) reads every line through the placement model's one
//! arrangement ([`muster_rules::placement::Arrangement`]) instead of guessing: `mode` comes
//! from how the line fills its hexes — `fixed` (one hex), `filled` (one counter a hex),
//! `overflow` (more counters than hexes: they share), all three certain; `choice` (the
//! owner chooses among listed hexes; also a leader on a line of several hexes), `zone` (the
//! owner chooses in a zone expression), `nowhere` (no hex of the map), `reinforcement` —
//! and no longer says `assigned` or `hidden`: a hidden line has `"hidden": true`. Each unit
//! has `at`, where the arrangement puts its counters, counted: `[{"hex", "count"}]` (empty
//! for reinforcements), consistent with `validate` (a choice goes where the other lines
//! leave room; leaders never with an enemy where their line allows otherwise).
//!
//! Added in version 3 (issue 33, for the VASSAL engine check): each unit's `steps` (2 for
//! a counter with a reduced back, from [`muster_rules::counter_ratings`]) and `shares_hex`
//! (a leader or a kind that stacks freely; other counters keep one to a hex), and the
//! top-level `crowded`: the hexes where the placement model finds no arrangement that
//! keeps apart the counters that may not share a hex (`validate` reports them).
//!
//! Version 4 (issue 30, each system's fields in its own folder): a side has `id`, `name`,
//! `commander`, then its game system's own fields as the file writes them (A la Charge's
//! `army_morale` and `rout`, Charles the Bold's `training` …), and the top level the
//! scenario's (Siege's `siege`, And Gentlemen All's `scale`), each absent when the file
//! does not set it (version 3 gave `army_morale`, `rout` and `siege` as `null`, and filled
//! in `rout`'s `leader_weight`); another system's field (MU082) is not listed.

use crate::pipeline::LoadedScenario;
use muster_rules::placement::{Collision, Fill, Spread};
use muster_rules::DeployKind;
use serde_json::{json, Value};

/// The version of the JSON [`inspect_json`] gives (see the module documentation).
pub const INSPECT_VERSION: u32 = 4;

/// A side: its id, name and commander, then the fields of its scenario's game system it
/// sets.
fn side(sd: &muster_model::Side, ruleset: &str) -> Value {
    let mut v = json!({"id": sd.id, "name": sd.name, "commander": sd.commander});
    own_fields(&mut v, &sd.system, ruleset, "/$defs/Side");
    v
}

/// Adds to `v` the fields of `fields` the game system `ruleset` reads at `level` (see
/// `muster_rules::fields::others_fields`) and the file sets (not `None`): another system's,
/// which `validate` warns of (MU082), are left out.
fn own_fields(v: &mut Value, fields: &muster_model::SystemFields, ruleset: &str, level: &str) {
    let others = muster_rules::fields::others_fields(ruleset, level);
    if let Value::Object(o) = v {
        for (name, value) in fields.iter() {
            if !value.is_null() && !others.iter().any(|x| x == name) {
                o.insert(name.to_string(), value.clone());
            }
        }
    }
}

/// The resolved scenario as JSON.
pub fn inspect_json(loaded: &LoadedScenario) -> Value {
    let s = loaded.resolve();
    let f = &loaded.scenario.value;
    let grid = &s.world.grid;
    let mut placements = Vec::new();
    let arrangement = s.arrangement();
    for (li, d) in s.deployments.iter().enumerate() {
        let side = &f.sides[d.side];
        let entry = match d.kind {
            DeployKind::Setup { .. } => side.setup.get(d.index),
            DeployKind::Reinforcement { .. } => None,
        };
        let facing = entry.and_then(|e| e.facing.as_deref());
        let level = entry.and_then(|e| e.level);
        let hexes: Vec<String> = d.hexes.iter().map(|h| grid.to_printed(*h)).collect();
        let line = s.placements.lines().get(li);
        let arranged = arrangement.line(li);
        let units: Vec<Value> = d
            .units
            .iter()
            .map(|u| {
                let (def, kind) = s.unit(d.side, u.unit);
                let steps = if muster_rules::counter_ratings(&s, d.side, def)
                    .back
                    .is_some()
                {
                    2
                } else {
                    1
                };
                let spread = arranged.zip(line).map(|(a, l)| a.spread_of(l, u.unit));
                let mode = match (d.kind, spread) {
                    (DeployKind::Reinforcement { .. }, _) => "reinforcement",
                    (_, Some(Spread::Certain)) => match line.map(|l| l.fill) {
                        Some(Fill::Fixed) => "fixed",
                        Some(Fill::Overflow) => "overflow",
                        _ => "filled",
                    },
                    (_, Some(Spread::Choice)) => "choice",
                    (_, Some(Spread::Zone)) => "zone",
                    (_, Some(Spread::Nowhere) | None) => "nowhere",
                };
                let at: Vec<Value> = arranged
                    .into_iter()
                    .flat_map(|a| a.of_unit(u.unit))
                    .map(|p| json!({"hex": grid.to_printed(p.hex), "count": p.count}))
                    .collect();
                json!({
                    "unit": def.name,
                    "id": def.id,
                    "kind": def.kind,
                    "count": u.count,
                    "mode": mode,
                    "at": at,
                    "steps": steps,
                    "shares_hex": kind.is_some_and(|k| k.leader || k.stacks),
                })
            })
            .collect();
        let mut p = json!({
            "side": side.id,
            "hexes": hexes,
            "units": units,
        });
        if let DeployKind::Reinforcement { turn } = d.kind {
            p["turn"] = json!(turn);
        }
        if d.kind == (DeployKind::Setup { hidden: true }) {
            p["hidden"] = json!(true);
        }
        if let Some(f) = facing {
            p["facing"] = json!(f);
        }
        if let Some(l) = level {
            p["level"] = json!(l);
        }
        placements.push(p);
    }
    let mut crowded: Vec<String> = Vec::new();
    for c in s.placements.collisions() {
        let hexes: Vec<muster_hex::Hex> = match c {
            Collision::Shared { hex, .. } => vec![*hex],
            Collision::Overfull { line } => s.placements.line(*line).hexes.clone(),
            Collision::Squeezed { hexes, .. } => hexes.clone(),
        };
        for h in hexes {
            let id = grid.to_printed(h);
            if !crowded.contains(&id) {
                crowded.push(id);
            }
        }
    }
    let overlays: Vec<Value> = f
        .overlays
        .iter()
        .zip(&s.world.overlay_fits)
        .map(|(o, fit)| {
            json!({
                "file": o.file,
                "at": o.at,
                "rotation": fit.map(|x| x.rotation * 60),
                "mirrored": o.mirrored,
            })
        })
        .collect();
    let mut v = json!({
        "version": INSPECT_VERSION,
        "title": f.title,
        "turns": f.turns,
        "first_side": f.first_side,
        "sides": f.sides.iter().map(|sd| side(sd, &f.ruleset)).collect::<Vec<_>>(),
        "placements": placements,
        "crowded": crowded,
        "ruleset": f.ruleset,
        "options": f.options,
        "map": f.map,
        "overlays": overlays,
        "pieces": f.pieces.iter().enumerate().map(|(i, p)| {
            let hexes: Vec<String> = muster_rules::siege::field::place(&s, i, p)
                .map(|x| x.hexes.iter().map(|h| grid.to_printed(*h)).collect())
                .unwrap_or_default();
            json!({"id": p.id, "kind": p.kind, "side": p.side, "at": p.at, "facing": p.facing, "hexes": hexes, "entering": p.entering})
        }).collect::<Vec<_>>(),
        "markers": f.markers,
        "errata": f.errata.iter().map(|e| json!({"code": e.code, "hexes": e.hexes, "printed": e.printed, "read_as": e.read_as, "why": e.why})).collect::<Vec<_>>(),
    });
    own_fields(&mut v, &f.system, &f.ruleset, "");
    v
}

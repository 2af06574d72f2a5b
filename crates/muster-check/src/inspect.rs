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

use crate::pipeline::LoadedScenario;
use muster_rules::DeployKind;
use serde_json::{json, Value};

/// The version of the JSON [`inspect_json`] gives (see the module documentation).
pub const INSPECT_VERSION: u32 = 2;

/// The resolved scenario as JSON.
pub fn inspect_json(loaded: &LoadedScenario) -> Value {
    let s = loaded.resolve();
    let f = &loaded.scenario.value;
    let grid = &s.world.grid;
    let mut placements = Vec::new();
    for d in &s.deployments {
        let side = &f.sides[d.side];
        let entry = match d.kind {
            DeployKind::Setup { .. } => side.setup.get(d.index),
            DeployKind::Reinforcement { .. } => None,
        };
        let facing = entry.and_then(|e| e.facing.as_deref());
        let level = entry.and_then(|e| e.level);
        let hexes: Vec<String> = d.hexes.iter().map(|h| grid.to_printed(*h)).collect();
        let combat_total: u64 = d
            .units
            .iter()
            .filter(|u| {
                !s.unit(d.side, u.unit)
                    .1
                    .is_some_and(|k| k.leader || k.stacks)
            })
            .map(|u| u64::from(u.count))
            .sum();
        let units: Vec<Value> = d
            .units
            .iter()
            .map(|u| {
                let (def, kind) = s.unit(d.side, u.unit);
                let stacking = kind.is_some_and(|k| k.leader || k.stacks);
                let mode = match d.kind {
                    DeployKind::Reinforcement { .. } => "reinforcement",
                    DeployKind::Setup { hidden: true } => "hidden",
                    DeployKind::Setup { hidden: false } if hexes.len() == 1 => "fixed",
                    DeployKind::Setup { hidden: false }
                        if !stacking
                            && d.units.len() == 1
                            && combat_total == hexes.len() as u64 =>
                    {
                        "assigned"
                    }
                    DeployKind::Setup { hidden: false } => "choice",
                };
                json!({
                    "unit": def.name,
                    "id": def.id,
                    "kind": def.kind,
                    "count": u.count,
                    "mode": mode,
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
        if let Some(f) = facing {
            p["facing"] = json!(f);
        }
        if let Some(l) = level {
            p["level"] = json!(l);
        }
        placements.push(p);
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
    json!({
        "version": INSPECT_VERSION,
        "title": f.title,
        "turns": f.turns,
        "first_side": f.first_side,
        "sides": f.sides.iter().map(|sd| json!({
            "id": sd.id,
            "name": sd.name,
            "commander": sd.commander,
            "army_morale": sd.army_morale,
            "rout": sd.rout.as_ref().map(|r| json!({"units_lost": r.units_lost, "leader_weight": r.leader_weight})),
        })).collect::<Vec<_>>(),
        "placements": placements,
        "ruleset": f.ruleset,
        "options": f.options,
        "map": f.map,
        "overlays": overlays,
        "siege": f.siege,
        "pieces": f.pieces.iter().enumerate().map(|(i, p)| {
            let hexes: Vec<String> = muster_rules::siege::field::place(&s, i, p)
                .map(|x| x.hexes.iter().map(|h| grid.to_printed(*h)).collect())
                .unwrap_or_default();
            json!({"id": p.id, "kind": p.kind, "side": p.side, "at": p.at, "facing": p.facing, "hexes": hexes, "entering": p.entering})
        }).collect::<Vec<_>>(),
        "markers": f.markers,
        "errata": f.errata.iter().map(|e| json!({"code": e.code, "hexes": e.hexes, "printed": e.printed, "read_as": e.read_as, "why": e.why})).collect::<Vec<_>>(),
    })
}

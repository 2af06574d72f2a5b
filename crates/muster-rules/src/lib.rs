//! Muster's rules engine.
//!
//! Given parsed files, it builds the resolved [`World`] (overlays applied) and
//! [`Scenario`] (set-up resolved to hexes), runs the generic checks and the checks of the
//! scenario's game system, applies recorded errata, and answers engine queries. It knows
//! no files and no GUI; every [`Diagnostic`] points into a file by JSON pointer.
//!
//! The game systems live in one table ([`system::SYSTEMS`]): a new system is one folder
//! (`src/<system>/`: its checks, engine, vocabulary and `impl GameSystem`), one ruleset
//! (`rulesets/<system>.ruleset.ron`) and one row of that table; nothing outside this crate
//! names it (docs/new-system.md walks through it).
#![forbid(unsafe_code)]
#![warn(missing_docs)]

/// Builds a [`registry::CodeDoc`] with the fixed headings *What it checks*, *Why*,
/// *Example*, *Rule*.
macro_rules! doc {
    ($code:literal, $name:literal, $system:literal, $summary:literal, $what:literal, $why:literal, $example:literal, $rule:literal) => {
        $crate::registry::CodeDoc {
            code: $code,
            name: $name,
            system: $system,
            summary: $summary,
            doc: concat!(
                "## What it checks\n",
                $what,
                "\n\n## Why\n",
                $why,
                "\n\n## Example\n",
                $example,
                "\n\n## Rule\n",
                $rule,
                "\n"
            ),
        }
    };
}

pub mod a_la_charge;
pub mod and_gentlemen_all;
mod army_lists;
pub mod canonical;
pub mod charles_the_bold;
mod collision_report;
mod diagnostic;
pub mod fields;
mod fire;
mod general_among_enemy;
pub mod generic;
mod grid_walk;
mod hex_ids;
mod movement;
mod new_scenario;
mod overlay_fit;
mod path_index;
pub mod placement;
pub mod queries;
mod ratings;
pub mod registry;
mod scenario;
pub mod schema;
pub mod siege;
pub mod suggest;
pub mod system;
mod unit_kinds;
mod world;

pub use army_lists::{ArmyLists, ListRef};
pub use diagnostic::{
    key_pointer, Alike, Diagnostic, FileRole, Label, Location, Severity, MAX_ALIKE,
};
pub use fire::{FireEnd, LineOfFire};
/// The codes raised outside check functions, one named value each (`codes::SYNTAX.code`).
pub use generic::codes;
pub use movement::Reach;
pub use overlay_fit::OverlayFit;
pub use queries::{answering, answers, Query};
pub use ratings::{counter_ratings, CounterRatings};
pub use scenario::{DeployKind, Deployed, Deployment, Scenario, UnitLookup};
pub use system::{
    crossfire, default_system, fire_end_at, highlight, line_of_fire, reach, reach_carrying,
    ruleset, system, system_ids, GameSystem, Highlight, QueryError, StandRule, SYSTEMS,
};
pub use world::{Origin, ResolvedPath, World};

/// Hash maps keyed by hexes and slots: foldhash (seeded per process) instead of SipHash,
/// which spent a tenth of a pack run hashing hex coordinates.
pub(crate) type FastMap<K, V> = std::collections::HashMap<K, V, foldhash::fast::RandomState>;
/// See [`FastMap`].
pub(crate) type FastSet<K> = std::collections::HashSet<K, foldhash::fast::RandomState>;

use muster_model::{MapFile, OverlayFile, Ruleset, ScenarioFile};

/// Runs the map checks on a map file (or an overlay's hexes as a map).
pub fn check_map(map: &MapFile, ruleset: &Ruleset) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let world = World::from_map(map, FileRole::This, &mut out);
    for c in generic::MAP_CHECKS {
        (c.run)(&world, ruleset, &mut out);
    }
    out
}

/// Runs the map checks on an overlay file's own hexes.
pub fn check_overlay(overlay: &OverlayFile, ruleset: &Ruleset) -> Vec<Diagnostic> {
    let as_map = MapFile {
        title: overlay.title.clone(),
        ruleset: overlay.ruleset.clone(),
        provenance: overlay.provenance,
        source: overlay.source.clone(),
        notes: vec![],
        grid: overlay.grid.clone(),
        default_terrain: ruleset
            .terrain
            .first()
            .map(|t| t.id.clone())
            .unwrap_or_default(),
        hexes: overlay.hexes.clone(),
        hexsides: overlay.hexsides.clone(),
        paths: overlay.paths.clone(),
        zones: vec![],
    };
    let mut out = check_map(&as_map, ruleset);
    let og = muster_hex::Grid::new(overlay.grid.clone());
    for (name, id) in &overlay.anchors {
        let loc = Location::here(format!("/anchors/{name}"));
        match og.from_printed(id.as_str()) {
            Err(e) => out.push(Diagnostic::error(
                codes::BAD_HEX_ID.code,
                loc,
                e.to_string(),
            )),
            Ok(h)
                if !overlay
                    .hexes
                    .iter()
                    .any(|e| og.from_printed(e.hex.as_str()).ok() == Some(h)) =>
            {
                out.push(
                    Diagnostic::error(
                        codes::OVERLAY_ANCHOR.code,
                        loc,
                        format!("anchor {name} ({id}) is not one of the overlay's hexes"),
                    )
                    .at_hex(id.as_str()),
                )
            }
            Ok(_) => {}
        }
    }
    out
}

/// Builds the world of a scenario (map plus overlays) and resolves its set-up and its army
/// lists, per side. Overlays that could not be loaded are `None` and are skipped.
pub fn resolve<'a>(
    scenario: &'a ScenarioFile,
    map: &MapFile,
    overlays: &[Option<&OverlayFile>],
    lists: &ArmyLists<'a>,
    ruleset: &'a Ruleset,
    out: &mut Vec<Diagnostic>,
) -> Scenario<'a> {
    resolve_on(scenario, map_world(map), overlays, lists, ruleset, out)
}

/// The world of a map alone, as a scenario sees it (its diagnostics are the map's own, and
/// reported by [`check_map`]): build it once per map and share it with [`resolve_on`].
pub fn map_world(map: &MapFile) -> std::sync::Arc<World> {
    std::sync::Arc::new(World::from_map(map, FileRole::Map, &mut Vec::new()))
}

/// [`resolve`] on a map's world built before ([`map_world`]): a run checking many
/// scenarios on one map builds that world once. Overlays are applied to a copy.
pub fn resolve_on<'a>(
    scenario: &'a ScenarioFile,
    mut world: std::sync::Arc<World>,
    overlays: &[Option<&OverlayFile>],
    lists: &ArmyLists<'a>,
    ruleset: &'a Ruleset,
    out: &mut Vec<Diagnostic>,
) -> Scenario<'a> {
    for (i, (placement, overlay)) in scenario.overlays.iter().zip(overlays).enumerate() {
        let world = std::sync::Arc::make_mut(&mut world);
        match overlay {
            Some(o) => {
                world.apply_overlay(i, o, placement, out);
            }
            None => world.overlay_fits.push(None),
        }
    }
    let mut s = Scenario::resolve(scenario, ruleset, world, out);
    s.lists = lists.clone();
    s
}

/// Checks a scenario: resolution, generic checks, the system's checks, then errata.
pub fn check_scenario(
    scenario: &ScenarioFile,
    map: &MapFile,
    overlays: &[Option<&OverlayFile>],
    ruleset: &Ruleset,
) -> Vec<Diagnostic> {
    check_scenario_with_lists(scenario, map, overlays, &ArmyLists::none(), ruleset)
}

/// [`check_scenario`] for a scenario whose units come from army lists.
pub fn check_scenario_with_lists<'a>(
    scenario: &'a ScenarioFile,
    map: &MapFile,
    overlays: &[Option<&OverlayFile>],
    lists: &ArmyLists<'a>,
    ruleset: &'a Ruleset,
) -> Vec<Diagnostic> {
    check_scenario_on(scenario, map_world(map), overlays, lists, ruleset)
}

/// [`check_scenario_with_lists`] on a map's world built before ([`map_world`]).
pub fn check_scenario_on<'a>(
    scenario: &'a ScenarioFile,
    world: std::sync::Arc<World>,
    overlays: &[Option<&OverlayFile>],
    lists: &ArmyLists<'a>,
    ruleset: &'a Ruleset,
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let s = resolve_on(scenario, world, overlays, lists, ruleset, &mut out);
    for c in generic::SCENARIO_CHECKS {
        (c.run)(&s, &mut out);
    }
    if let Some(checks) = system_checks(&scenario.ruleset) {
        for c in checks {
            (c.run)(&s, &mut out);
        }
    }
    apply_errata(scenario, &s.world, &mut out);
    out
}

/// The checks of a game system, by ruleset id.
pub fn system_checks(ruleset_id: &str) -> Option<&'static [registry::ScenarioCheck]> {
    system(ruleset_id).map(|g| g.checks())
}

/// Turns findings covered by a recorded erratum into notes, and reports errata that waive
/// nothing (`MU070`).
fn apply_errata(scenario: &ScenarioFile, world: &World, out: &mut Vec<Diagnostic>) {
    for (i, e) in scenario.errata.iter().enumerate() {
        let Some(code) = &e.code else { continue };
        if registry::explain(code).is_none() {
            continue; // reported as MU071
        }
        let hexes: Vec<String> = e
            .hexes
            .iter()
            .map(|h| {
                world
                    .grid
                    .from_printed(h.as_str())
                    .map(|x| world.grid.to_printed(x))
                    .unwrap_or_else(|_| h.to_string())
            })
            .collect();
        let mut used = false;
        for d in out.iter_mut() {
            let hex_ok = hexes.is_empty() || d.hex.as_ref().is_some_and(|h| hexes.contains(h));
            if d.code == code.as_str() && hex_ok && d.severity > Severity::Note {
                d.severity = Severity::Note;
                d.erratum = Some(e.why.clone());
                // At the erratum's code, not the whole entry: an entry is often one long
                // line, and underlining it all says nothing more.
                d.labels.push(Label {
                    location: Location::here(format!("/errata/{i}/code")),
                    message: "recorded as a known erratum of the printed source".into(),
                });
                used = true;
            }
        }
        if !used {
            out.push(
                Diagnostic::warning(
                    codes::STALE_ERRATUM.code,
                    Location::here(format!("/errata/{i}/code")),
                    format!("this erratum waives no {code} finding"),
                )
                .help("remove it, or correct its code and hexes"),
            );
        }
    }
}

/// Checks an army list on its own (Charles the Bold §16 columns): `CB307`.
pub fn check_army_list(list: &muster_model::ArmyListFile) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    charles_the_bold::list_coherence(list, &mut out);
    out
}

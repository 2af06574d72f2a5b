//! Terrain, hexside and path ids must come from the ruleset's vocabulary.

use crate::diagnostic::{Alike, Diagnostic, Location};
use crate::registry::MapCheck;
use crate::world::World;
use muster_model::Ruleset;

/// `MU020`: unknown terrain.
pub const TERRAIN: MapCheck = MapCheck {
    doc: doc!("MU020", "unknown-terrain", "generic", "A hex uses a terrain id the ruleset does not define.",
        "Every terrain id of a map or overlay (and the default terrain) must be one of the ruleset's terrain types.",
        "Movement costs, combat shifts and line of fire come from the terrain type; an unknown id would be silently ignored.",
        "`terrain: \"wood\"` where the ruleset calls it `woods`.",
        "The ruleset's terrain effects table."),
    run: terrain,
};

/// `MU021`: unknown hexside feature.
pub const HEXSIDES: MapCheck = MapCheck {
    doc: doc!(
        "MU021",
        "unknown-hexside-feature",
        "generic",
        "A hexside uses a feature the ruleset does not define.",
        "Every hexside feature must be one of the ruleset's hexside features.",
        "Rivers, walls and bridges change movement, zones of control and fire.",
        "`feature: \"stream\"` in a ruleset with only `river` and `bridge`.",
        "The ruleset's terrain effects table."
    ),
    run: hexsides,
};

/// `MU022`: unknown path kind.
pub const PATHS: MapCheck = MapCheck {
    doc: doc!(
        "MU022",
        "unknown-path",
        "generic",
        "A path uses a kind the ruleset does not define.",
        "Every path kind must be one of the ruleset's paths.",
        "Roads change movement costs and the charge rule.",
        "`kind: \"track\"` in a ruleset with only `road`.",
        "The ruleset's terrain effects table."
    ),
    run: paths,
};

fn terrain(world: &World, ruleset: &Ruleset, out: &mut Vec<Diagnostic>) {
    let known = |t: &str| ruleset.terrain.iter().any(|d| d.id == t);
    let ids: Vec<&str> = ruleset.terrain.iter().map(|t| t.id.as_str()).collect();
    let help = |t: &str| {
        crate::suggest::did_you_mean(t, &format!("{} terrain types", ruleset.name), &ids, "")
    };
    if !known(&world.default_terrain) {
        let loc = Location {
            file: world.role,
            pointer: "/default_terrain".into(),
        };
        out.push(
            Diagnostic::error(
                TERRAIN.doc.code,
                loc,
                format!("unknown terrain `{}`", world.default_terrain),
            )
            .help(help(&world.default_terrain)),
        );
    }
    let mut entries: Vec<_> = world
        .terrain_entries()
        .filter(|(_, t, _)| !known(t))
        .collect();
    entries.sort_by_key(|e| (e.2.file, e.2.index));
    // A hostile map may hold 400,000 entries of an unknown terrain: past MAX_ALIKE they
    // are counted, not built (issue 15).
    let mut alike = Alike::default();
    for (h, t, loc) in entries {
        alike.push(
            out,
            Diagnostic::error(
                TERRAIN.doc.code,
                loc.location(),
                format!("unknown terrain `{t}`"),
            )
            .at_hex(world.grid.to_printed(h))
            .help(help(t)),
        );
    }
    let mut alike = Alike::default();
    for (t, loc) in world.stray_terrain().filter(|(t, _)| !known(t)) {
        alike.push(
            out,
            Diagnostic::error(
                TERRAIN.doc.code,
                loc.location(),
                format!("unknown terrain `{t}`"),
            )
            .help(help(t)),
        );
    }
}

fn hexsides(world: &World, ruleset: &Ruleset, out: &mut Vec<Diagnostic>) {
    let mut bad: Vec<_> = world
        .hexside_entries()
        .filter(|(_, f, _)| !ruleset.hexside_features.iter().any(|d| d.id == *f))
        .collect();
    bad.sort_by_key(|e| (e.2.file, e.2.index));
    let mut alike = Alike::default();
    for (s, f, loc) in bad {
        alike.push(
            out,
            Diagnostic::error(
                HEXSIDES.doc.code,
                loc.location(),
                format!("unknown hexside feature `{f}`"),
            )
            .at_hex(world.grid.to_printed(s.hex()))
            .help(crate::suggest::did_you_mean(
                f,
                &format!("{} hexside features", ruleset.name),
                &ruleset
                    .hexside_features
                    .iter()
                    .map(|t| t.id.as_str())
                    .collect::<Vec<_>>(),
                "",
            )),
        );
    }
}

fn paths(world: &World, ruleset: &Ruleset, out: &mut Vec<Diagnostic>) {
    let mut alike = Alike::default();
    for p in &world.paths {
        if !ruleset.paths.iter().any(|d| d.id == p.kind) {
            alike.push(
                out,
                Diagnostic::error(
                    PATHS.doc.code,
                    p.location.clone(),
                    format!("unknown path kind `{}`", p.kind),
                )
                .help(crate::suggest::did_you_mean(
                    &p.kind,
                    &format!("{} paths", ruleset.name),
                    &ruleset
                        .paths
                        .iter()
                        .map(|t| t.id.as_str())
                        .collect::<Vec<_>>(),
                    "",
                )),
            );
        }
    }
}

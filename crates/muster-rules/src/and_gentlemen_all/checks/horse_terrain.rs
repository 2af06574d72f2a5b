//! AG204 — horse is not deployed in built-up areas or woods (§6).

use super::super::cite;
use super::super::reach::closed_to_horse;
use crate::diagnostic::Diagnostic;
use crate::registry::ScenarioCheck;
use crate::scenario::{DeployKind, Scenario};
use muster_model::Formation;

/// `AG204`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("AG204", "horse-terrain", "and-gentlemen-all", "Deployed horse set up in woods or a built-up area.",
        "No horse regiment (or mounted dragoons) in deployed formation sets up in a woods or village hex.",
        "\"Horse may not move through a built-up area or woods in deployed formation.\"",
        "Deployed horse set up in the village.",
        "And Gentlemen All §6 Difficult terrain."),
    run,
};

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    for d in &s.deployments {
        if !matches!(d.kind, DeployKind::Setup { .. }) || d.hexes.len() != 1 {
            continue;
        }
        for u in &d.units {
            let def = &s.file.sides[d.side].units[u.unit];
            let Some(r) = &def.regiment else { continue };
            let horse = def.kind == "horse" || (def.kind == "dragoons" && r.mounted == Some(true));
            let hex = d.hexes[0];
            let t = s.world.terrain(hex);
            if horse && r.formation == Formation::Deployed && closed_to_horse(t) {
                let id = s.world.grid.to_printed(hex);
                out.push(
                    Diagnostic::error(
                        "AG204",
                        d.hex_location(hex),
                        format!("deployed horse `{}` set up in {id}, which is {t}", def.id),
                    )
                    .at_hex(id)
                    .rule(cite("§6"))
                    .help("set it up elsewhere, or in march column"),
                );
            }
        }
    }
}

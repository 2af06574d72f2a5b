//! CB303 — stands set up beyond their general's command range (§2.0), a warning.

use super::super::cite;
use crate::diagnostic::Diagnostic;
use crate::occupancy::known_positions;
use crate::registry::ScenarioCheck;
use crate::scenario::{DeployKind, Scenario};

/// `CB303`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("CB303", "command-range", "charles-the-bold", "A stand sets up beyond its general's command range.",
        "Each stand set up in one hex is within 6 hexes of its group's general (4 for a poorly trained army).",
        "Stands out of range take −1 on every Order Test; a set-up that starts them out of range is usually a slip.",
        "A stand 8 hexes from its general in a well-trained army.",
        "Charles the Bold §2.0 Command and Control."),
    run,
};

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    let known = known_positions(s);
    let at = |side: usize, unit: usize| {
        known
            .iter()
            .find(|(_, v)| v.iter().any(|o| o.side == side && o.unit == unit))
            .map(|(h, _)| *h)
    };
    for d in &s.deployments {
        if !matches!(d.kind, DeployKind::Setup { .. }) || d.hexes.len() != 1 {
            continue;
        }
        let side = &s.file.sides[d.side];
        for u in &d.units {
            let def = &side.units[u.unit];
            let Some(group) = side
                .commands
                .iter()
                .find(|c| Some(&c.id) == def.group.as_ref())
            else {
                continue;
            };
            let Some(general) = group
                .general
                .as_ref()
                .and_then(|g| side.units.iter().position(|x| &x.id == g))
            else {
                continue;
            };
            let Some(gh) = at(d.side, general) else {
                continue;
            };
            let dist = muster_hex::distance(gh, d.hexes[0]);
            let r = super::super::command_range(s, d.side);
            if dist > r {
                let id = s.world.grid.to_printed(d.hexes[0]);
                out.push(
                    Diagnostic::warning("CB303", d.hex_location(d.hexes[0]), format!("`{}` sets up {dist} hexes from its general {}, beyond the command range of {r}", def.id, side.units[general].id))
                        .at_hex(id)
                        .rule(cite("§2.0")),
                );
            }
        }
    }
}

//! AC103 — an owner's-choice set-up line has enough free hexes.

use crate::a_la_charge::cite;
use crate::diagnostic::{Diagnostic, Location};
use crate::occupancy::{certain_combat, counts};
use crate::registry::ScenarioCheck;
use crate::scenario::{DeployKind, Scenario};

/// `AC103`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("AC103", "group-hexes", "a-la-charge", "A set-up line has more combat units than free hexes.",
        "For each set-up line whose units the owning player places in the listed hexes or zone, the combat units do not outnumber the hexes not already filled by other lines.",
        "\"Placed in the designated hexes as the owning player chooses\" only works if there is a hex for each unit; otherwise units must stack (§7).",
        "`Somerset, 6x Archers, 2x (3-2), 2x (2-2), 1x (1-2)` over only ten hexes.",
        "A la Charge §7; the scenario's set-up."),
    run,
};

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    let certain = certain_combat(s);
    for (i, d) in s.deployments.iter().enumerate() {
        if !matches!(d.kind, DeployKind::Setup { .. }) || d.hexes.len() <= 1 {
            continue;
        }
        let c = counts(s, i);
        if c.combat as usize == d.hexes.len() {
            continue; // a line that fills its hexes: any clash is stacking (AC101)
        }
        let taken: Vec<_> = d
            .hexes
            .iter()
            .filter(|h| certain.get(h).is_some_and(|v| v.iter().any(|o| *o != i)))
            .collect();
        let free = d.hexes.len() - taken.len();
        if c.combat as usize > free {
            let mut diag = Diagnostic::error(
                "AC103",
                Location::here(d.zone_pointer.clone()),
                format!(
                    "{} combat units to place but only {free} free hexes",
                    c.combat
                ),
            )
            .rule(cite(s, "§7"))
            .help("check the count of units and the list of hexes against the print");
            for h in taken {
                let other = certain[h].iter().find(|o| **o != i).copied().unwrap_or(i);
                diag = diag.label(
                    s.deployments[other].hex_location(*h),
                    format!("{} is filled by this line", s.world.grid.to_printed(*h)),
                );
            }
            out.push(diag);
        }
    }
}

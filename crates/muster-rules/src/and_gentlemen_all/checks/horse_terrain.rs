//! AG204 — horse is not deployed in built-up areas or woods (§6).

use super::super::cite;
use super::super::fields::Formation;
use super::super::reach::closed_to_horse;
use crate::and_gentlemen_all::fields;
use crate::diagnostic::Diagnostic;
use crate::placement::Stakes;
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;

/// `AG204`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("AG204", "horse-terrain", "and-gentlemen-all", "Deployed horse set up in woods or a built-up area.",
        "No horse regiment (or mounted dragoons) in deployed formation sets up in a woods or village hex. Read through the placement model: a line that fills its hexes puts a regiment on each, so every hex must be open to it (an error per hex); an owner's choice is an error only when no arrangement keeps the horse out, and otherwise a warning naming the hexes to avoid.",
        "\"Horse may not move through a built-up area or woods in deployed formation.\" Our reading: a regiment that may not move through such a hex may not be deployed in it either.",
        "Deployed horse set up in the village.",
        "And Gentlemen All §6 Difficult terrain."),
    run,
};

/// Why unit `unit` of side `side` may not stand on `hex`: deployed horse in a hex closed to
/// it. The arrangement avoids it too (the system's `stand_rule`).
pub(crate) fn closed(
    s: &Scenario,
    side: usize,
    unit: usize,
    hex: muster_hex::Hex,
) -> Option<String> {
    let def = &s.file.sides[side].units[unit];
    let r = fields::unit(def).regiment.as_ref()?;
    let horse = def.kind == "horse" || (def.kind == "dragoons" && r.mounted == Some(true));
    let t = s.world.terrain(hex);
    (horse && r.formation == Formation::Deployed && closed_to_horse(t))
        .then(|| format!("{t}, closed to deployed horse"))
}

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    let side_of = |li: usize| s.placements.line(li).side;
    let verdicts = s.judge_all(|_| true, |li, unit, hex| closed(s, side_of(li), unit, hex));
    for (i, verdict) in verdicts {
        let side = &s.file.sides[side_of(i)];
        let findings = verdict.report(s, i, CHECK.doc.code, &cite("§6"), Stakes::Forbidden, |m| {
            format!(
                "deployed horse `{}` set up in {}, which is {}",
                side.units[m.unit].id,
                s.world.grid.to_printed(m.hex),
                s.world.terrain(m.hex)
            )
        });
        out.extend(
            findings
                .into_iter()
                .map(|d| d.help("set it up elsewhere, or in march column")),
        );
    }
}

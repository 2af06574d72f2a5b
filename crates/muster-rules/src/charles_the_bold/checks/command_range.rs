//! CB303 — stands set up beyond their general's command range (§2.0), a warning.

use super::super::cite;
use crate::diagnostic::Diagnostic;
use crate::placement::Stakes;
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;

/// `CB303`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("CB303", "command-range", "charles-the-bold", "A stand sets up beyond its general's command range.",
        "Each stand is set up within 6 hexes of its group's general (4 for a poorly trained army), where the general's hex is certain. Read through the placement model: a line that fills its hexes is judged at each of them; an owner's choice is warned about the hexes to avoid. Always a warning.",
        "Stands out of range take −1 on every Order Test; a set-up that starts them out of range is usually a slip.",
        "A stand 8 hexes from its general in a well-trained army.",
        "Charles the Bold §2.0 Command and Control."),
    run,
};

/// A stand's general and the general's certain hex, if both are known.
fn general_of(s: &Scenario, side: usize, unit: usize) -> Option<(usize, muster_hex::Hex)> {
    let units = &s.file.sides[side].units;
    let group = s.file.sides[side]
        .commands
        .iter()
        .find(|c| Some(&c.id) == units[unit].group.as_ref())?;
    let g = group.general.as_ref()?;
    let gi = units.iter().position(|x| &x.id == g)?;
    // Only a general whose hex is certain gives a distance to measure.
    let at = s.placements.hexes_of(side, gi).first().copied()?;
    Some((gi, at))
}

/// Why stand `unit` of side `side` should not set up on `hex`: beyond its general's command
/// range. The arrangement avoids it too (the system's `stand_rule`).
pub(crate) fn out_of_range(
    s: &Scenario,
    side: usize,
    unit: usize,
    hex: muster_hex::Hex,
) -> Option<String> {
    let (gi, at) = general_of(s, side, unit)?;
    let range = super::super::command_range(s, side);
    let dist = muster_hex::distance(at, hex);
    (gi != unit && dist > range).then(|| {
        format!(
            "{dist} hexes from its general {}, beyond the command range of {range}",
            s.file.sides[side].units[gi].id
        )
    })
}

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    for (i, l) in s.placements.lines().iter().enumerate() {
        if !l.on_map() {
            continue;
        }
        let side = &s.file.sides[l.side];
        let verdict = s
            .placements
            .judge(i, |unit, hex| out_of_range(s, l.side, unit, hex));
        let findings = verdict.report(
            s,
            i,
            CHECK.doc.code,
            &cite("§2.0"),
            Stakes::Penalised,
            |m| format!("`{}` sets up {}", side.units[m.unit].id, m.why),
        );
        // Out of range is legal but costly (−1 on Order Tests): a warning in every form.
        out.extend(findings);
    }
}

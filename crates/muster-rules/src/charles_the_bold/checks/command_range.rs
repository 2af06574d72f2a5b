//! CB303 — stands set up beyond their general's command range (§2.0), a warning.

use super::super::cite;
use crate::charles_the_bold::fields;
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

/// A command group's id, and its general with his certain hex when both are known.
type General = (String, Option<(usize, muster_hex::Hex)>);

/// Each side's command range and, per command group, its general and his certain hex: found
/// once per scenario (a general's hex is looked up through every line).
pub(crate) struct Ranges {
    sides: Vec<(u32, Vec<General>)>,
}

impl Ranges {
    pub(crate) fn new(s: &Scenario) -> Ranges {
        let sides = s
            .file
            .sides
            .iter()
            .enumerate()
            .map(|(side, sd)| {
                let generals = fields::side(sd)
                    .commands
                    .iter()
                    .map(|c| {
                        let general = c.general.as_ref().and_then(|g| {
                            let gi = sd.units.iter().position(|x| &x.id == g)?;
                            // Only a general whose hex is certain gives a distance to measure.
                            let at = s.placements.hexes_of(side, gi).first().copied()?;
                            Some((gi, at))
                        });
                        (c.id.clone(), general)
                    })
                    .collect();
                (super::super::command_range(s, side), generals)
            })
            .collect();
        Ranges { sides }
    }

    /// Why stand `unit` of side `side` should not set up on `hex`: beyond its general's
    /// command range. The arrangement avoids it too (the system's `stand_rule`).
    pub(crate) fn out_of_range(
        &self,
        s: &Scenario,
        side: usize,
        unit: usize,
        hex: muster_hex::Hex,
    ) -> Option<String> {
        let (range, generals) = self.sides.get(side)?;
        let group = fields::unit(&s.file.sides[side].units[unit])
            .group
            .as_ref()?;
        let (gi, at) = generals.iter().find(|(id, _)| id == group)?.1?;
        let dist = muster_hex::distance(at, hex);
        (gi != unit && dist > *range).then(|| {
            format!(
                "{dist} hexes from its general {}, beyond the command range of {range}",
                s.file.sides[side].units[gi].id
            )
        })
    }
}

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    let ranges = Ranges::new(s);
    for (i, l) in s.placements.lines().iter().enumerate() {
        if !l.on_map() {
            continue;
        }
        let side = &s.file.sides[l.side];
        let verdict = s
            .placements
            .judge(i, |unit, hex| ranges.out_of_range(s, l.side, unit, hex));
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

//! A la Charge in the system table.

use crate::fire::{FireEnd, LineOfFire};
use crate::movement::Reach;
use crate::queries::{Odds, OddsAsk, Query};
use crate::ratings::{self, CounterRatings};
use crate::scenario::Scenario;
use crate::system::{system_basics, GameSystem, QueryError, StandRule};
use muster_hex::Hex;
use muster_model::UnitDef;

/// A la Charge, both variants.
pub struct System;

impl GameSystem for System {
    system_basics!("a-la-charge", "a-la-charge.ruleset.ron", super::CHECKS);

    fn prepare_new_scenario(&self, s: &mut muster_model::ScenarioFile) {
        crate::new_scenario::example(
            s,
            r#"{"id": "Knights", "name": "Knights", "kind": "knights", "count": 2, "steps": [{"strength": 4, "mp": 6}, {"strength": 2, "mp": 6}], "provenance": "Original"}"#,
            r#"{"units": ["2x Knights"], "at": {"Hexes": ["0101", "0201"]}}"#,
        );
    }

    // The per-hex rule of the set-up checks: terrain no unit can enter (AC104).
    fn stand_rule<'s>(&self, s: &'s Scenario<'_>, _penalties: bool) -> StandRule<'s> {
        Box::new(move |_, _, hex| super::checks::impassable::closed(s, hex))
    }

    fn shared_fields(&self) -> &'static [crate::fields::Shared] {
        use crate::fields::Shared;
        &[Shared::MovesFromEntry]
    }

    // A side's army morale level and rout threshold (`fields.rs`).
    fn field_schemas(&self, g: &mut schemars::SchemaGenerator) -> [schemars::Schema; 5] {
        use super::fields::SideFields;
        use crate::fields::{schemas_of, NoFields};
        schemas_of::<NoFields, SideFields, NoFields, NoFields, NoFields>(g)
    }

    /// "There is no unit facing in this game" (St Albans §3; Normans and Byzantines §3).
    fn has_facing(&self) -> bool {
        false
    }

    fn queries(&self) -> &'static [Query] {
        &[Query::Reach, Query::Los, Query::Odds]
    }

    /// Strength-morale and MP of each step (an archer's range after), a leader's rating.
    fn counter_ratings(&self, _: &Scenario, _: usize, def: &UnitDef) -> CounterRatings {
        let mut r = CounterRatings::of([
            def.steps.first().map(ratings::step),
            ratings::leader(def),
            ratings::mp(def),
        ]);
        r.back = def
            .steps
            .get(1)
            .map(|b| format!("back {}", ratings::step(b)));
        r
    }

    fn odds(&self, s: &Scenario, ask: &OddsAsk) -> Result<Odds, QueryError> {
        super::combat::odds(s, ask).map_err(QueryError::Refused)
    }

    fn reach(&self, s: &Scenario, side: usize, unit: usize, from: Hex) -> Reach {
        super::reach::reach(s, side, unit, from)
    }

    fn line_of_fire(
        &self,
        s: &Scenario,
        from: FireEnd,
        to: FireEnd,
    ) -> Result<LineOfFire, QueryError> {
        let l = super::los::line_of_fire(s, from.hex, to.hex);
        let mut answer = LineOfFire {
            clear: l.clear,
            cover: l.cover,
            one_sided: false,
            face: None,
            path: l.path,
            levels: None,
            steps: vec![],
            reason: l.reason,
            uncertain: vec![],
            range: None,
        };
        // §12.1: "the attacking unit must be within the range, in hexes, of that unit as
        // indicated on the counter" — the range of the archer certainly set up there.
        let distance = muster_hex::distance(from.hex, to.hex);
        // §12.2: only archery units shoot. The shooter is judged over every unit the
        // set-up may put in FROM (as Charles the Bold's shooter.rs): the combat unit
        // certainly there, else every unit of every line that may put one there, leaders
        // too; when none is an archer (§3: no range on its counter), no shot is possible
        // from there, whatever lies between.
        let may_be = units_that_may_be_in(s, from.hex);
        let is_archer =
            |&(side, unit): &(usize, usize)| s.unit(side, unit).1.is_some_and(|k| k.archer);
        let archers: Vec<(usize, usize)> = may_be.iter().copied().filter(is_archer).collect();
        if !may_be.is_empty() && archers.is_empty() {
            let names: Vec<String> = may_be
                .iter()
                .map(|&(side, unit)| format!("`{}`", s.file.sides[side].units[unit].id))
                .collect();
            answer.clear = false;
            answer.reason = format!(
                "no unit the set-up may put in {} is an archery unit ({}), so none can shoot from there (§12.2); {}",
                s.world.grid.to_printed(from.hex),
                names.join(", "),
                answer.reason
            );
            return Ok(answer);
        }
        // §12.1: the range of the archer certainly set up there; where only an owner's
        // choice may put an archer, the range is not checked (the answer says so).
        let certain = may_be.len() == 1
            && s.placements
                .certainly_held(from.hex)
                .iter()
                .any(|o| !o.free && o.unit.is_some());
        let range = archers
            .first()
            .filter(|_| certain)
            .and_then(|&(side, unit)| {
                let def = &s.file.sides[side].units[unit];
                def.steps
                    .first()
                    .and_then(|st| st.range)
                    .map(|r| (def.id.as_str(), r))
            });
        match range {
            Some((id, r)) => {
                answer.range = Some((distance, r));
                if distance > r {
                    answer.clear = false;
                    answer.reason = format!(
                        "out of range: the target is {distance} hexes away and `{id}` shoots {r} (§12.1); {}",
                        answer.reason
                    );
                } else {
                    answer.reason = format!(
                        "{}; in range: {distance} of `{id}`'s {r} hexes",
                        answer.reason
                    );
                }
            }
            None => {
                answer.reason = format!(
                    "{}; range not checked: no archer is certainly set up in {} ({distance} hexes to the target)",
                    answer.reason,
                    s.world.grid.to_printed(from.hex)
                );
            }
        }
        Ok(answer)
    }
}

/// The units the set-up may put in `hex`: the combat unit certainly there (every type of
/// its line when the line mixes types, every unit of each line that may swap there), else
/// every unit of every line that may put one there, and the leaders certainly there.
fn units_that_may_be_in(s: &Scenario, hex: Hex) -> Vec<(usize, usize)> {
    let p = &s.placements;
    let held = p.certainly_held(hex);
    let mut out: Vec<(usize, usize)> = Vec::new();
    let mut push = |k: (usize, usize)| {
        if !out.contains(&k) {
            out.push(k);
        }
    };
    let lines: Vec<usize> = match held.iter().find(|o| !o.free) {
        Some(o) => match o.unit {
            Some(unit) => return vec![(o.side, unit)],
            // A line of several types, or lines that may swap in the hex: each of theirs.
            None => p.lines_holding(hex),
        },
        None => {
            for o in held.iter().filter(|o| o.free) {
                if let Some(unit) = o.unit {
                    push((o.side, unit));
                }
            }
            p.who_could_be(hex).to_vec()
        }
    };
    for li in lines {
        let l = p.line(li);
        if !l.on_map() {
            continue;
        }
        for c in l.counters.iter().filter(|c| c.count > 0) {
            // A combat unit's line: its leaders ride along but do not shoot either.
            push((l.side, c.unit));
        }
    }
    out
}

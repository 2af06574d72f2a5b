//! A la Charge in the system table.

use crate::fire::{FireEnd, LineOfFire};
use crate::movement::Reach;
use crate::queries::{Odds, OddsAsk, Query};
use crate::ratings::{self, CounterRatings};
use crate::scenario::Scenario;
use crate::system::{system_basics, GameSystem, QueryError};
use muster_hex::Hex;
use muster_model::UnitDef;

/// A la Charge, both variants.
pub struct System;

impl GameSystem for System {
    system_basics!("a-la-charge", "a-la-charge.ruleset.ron", super::CHECKS);

    fn fields(&self) -> &'static [&'static str] {
        &[
            "/sides/*/army_morale",
            "/sides/*/rout",
            "/sides/*/reinforcements/*/moves_from_entry",
        ]
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
        // §12.2: only archery units shoot: the archer certainly in FROM shoots; a combat
        // unit certainly there with no archer beside it (§3: no range on its counter)
        // cannot fire from there, whatever lies between.
        let held: Vec<(usize, usize)> = s
            .placements
            .certainly_held(from.hex)
            .into_iter()
            .filter(|o| !o.free)
            .filter_map(|o| Some((o.side, o.unit?)))
            .collect();
        let is_archer =
            |&(side, unit): &(usize, usize)| s.unit(side, unit).1.is_some_and(|k| k.archer);
        let shooter = held.iter().copied().find(is_archer);
        if let (None, Some(&(side, unit))) = (shooter, held.first()) {
            answer.clear = false;
            answer.reason = format!(
                "`{}` in {} is not an archery unit and cannot shoot (§12.2); {}",
                s.file.sides[side].units[unit].id,
                s.world.grid.to_printed(from.hex),
                answer.reason
            );
            return Ok(answer);
        }
        let range = shooter.and_then(|(side, unit)| {
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

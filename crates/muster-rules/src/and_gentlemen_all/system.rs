//! And Gentlemen All in the system table.

use super::engage::{self, Engagement};
use crate::and_gentlemen_all::fields;
use crate::fire::{FireEnd, LineOfFire};
use crate::movement::Reach;
use crate::queries::{After, EngageAsk, FireAnswer, MoraleAnswer, MoraleAsk, Pick, Query};
use crate::ratings::{self, CounterRatings};
use crate::scenario::Scenario;
use crate::system::{system_basics, GameSystem, QueryError, StandRule};
use muster_hex::Hex;
use muster_model::UnitDef;

/// And Gentlemen All.
pub struct System;

impl GameSystem for System {
    system_basics!(
        "and-gentlemen-all",
        "and-gentlemen-all.ruleset.ron",
        super::CHECKS
    );

    fn prepare_new_scenario(&self, s: &mut muster_model::ScenarioFile) {
        // §2 and §6: a scenario states its scale and whether the map's terrain (a new
        // map's is all the first terrain of the ruleset) is difficult.
        let scale = serde_json::json!({"inches_per_hex": 2.0, "figures": "Mm15"});
        s.system.set("scale", Some(scale));
        if let Some(t) = self.ruleset().terrain.first() {
            let class = serde_json::json!([{"terrain": t.id, "difficult": false}]);
            s.system.set("terrain_classes", Some(class));
        }
        crate::new_scenario::command(s, None);
        crate::new_scenario::example(
            s,
            r#"{"id": "Blue Regiment", "name": "Blue Regiment", "kind": "foot", "provenance": "Original", "regiment": {"stands": 3, "foot": "Balanced", "rating": "Regular", "formation": "Deployed", "command": "main"}}"#,
            r#"{"units": ["Blue Regiment"], "at": {"Hexes": ["0101"]}, "facing": "N"}"#,
        );
    }

    // The per-hex rules of the set-up checks: deployed horse in a hex closed to it, a
    // general among the enemy (or a regiment in an enemy general's hex).
    fn stand_rule<'s>(&self, s: &'s Scenario<'_>, _penalties: bool) -> StandRule<'s> {
        use super::checks::{general_enemy, horse_terrain};
        let words = general_enemy::words();
        Box::new(move |line, unit, hex| {
            let side = s.placements.line(line).side;
            horse_terrain::closed(s, side, unit, hex)
                .or_else(|| crate::general_among_enemy::why_not(s, line, unit, hex, &words))
        })
    }

    // The system's own scenario, side and unit fields (`fields.rs`).
    fn field_schemas(&self, g: &mut schemars::SchemaGenerator) -> [schemars::Schema; 5] {
        use super::fields::{ScenarioFields, SideFields, UnitFields};
        use crate::fields::{schemas_of, NoFields};
        schemas_of::<ScenarioFields, SideFields, UnitFields, NoFields, NoFields>(g)
    }

    fn reach(&self, s: &Scenario, side: usize, unit: usize, from: Hex) -> Reach {
        super::reach::reach(s, side, unit, from)
    }

    fn queries(&self) -> &'static [Query] {
        &[
            Query::Reach,
            Query::Los,
            Query::Fire,
            Query::Melee,
            Query::Morale,
        ]
    }

    /// §7's range, clear line of sight and 45° arc of the front ([`super::sight`]): the
    /// engine `query fire` reads too.
    fn line_of_fire(
        &self,
        s: &Scenario,
        from: FireEnd,
        to: FireEnd,
    ) -> Result<LineOfFire, QueryError> {
        Ok(super::sight::line_of_fire(s, from.hex, to.hex))
    }

    /// A regiment between the ends blocks a clear line of sight (ours, §7).
    fn occupants_block_fire(&self) -> bool {
        true
    }

    /// A general's rating, a regiment's stands and troop rating.
    fn counter_ratings(&self, _: &Scenario, _: usize, def: &UnitDef) -> CounterRatings {
        CounterRatings::of([
            ratings::leader(def),
            fields::unit(def)
                .regiment
                .as_ref()
                .map(|reg| format!("{} st {:?}", reg.stands, reg.rating)),
            ratings::mp(def),
        ])
    }

    fn fire(&self, s: &Scenario, ask: &EngageAsk) -> Result<FireAnswer, QueryError> {
        let (first, second) = regiments(s, ask)?;
        engage::fire(s, first, second, &ask.moment)
            .map(FireAnswer::Regiments)
            .map_err(QueryError::Refused)
    }

    fn melee(&self, s: &Scenario, ask: &EngageAsk) -> Result<Engagement, QueryError> {
        let (first, second) = regiments(s, ask)?;
        engage::melee(s, first, second, &ask.moment).map_err(QueryError::Refused)
    }

    fn morale(&self, s: &Scenario, ask: &MoraleAsk) -> Result<MoraleAnswer, QueryError> {
        if ask.hits.is_some()
            || ask.losses != 0
            || ask.disordered
            || ask.general
            || ask.after != After::default()
        {
            return Err(QueryError::Refused(
                "a regiment's morale test (§9) counts its shock points, an enemy behind its flank and a demoralised army; hits, losses, disorder, an attached general and what the test follows are not read".into(),
            ));
        }
        let (p, result) = engage::morale(
            s,
            ask.unit,
            ask.shock,
            ask.roll,
            ask.enemy_behind_flank,
            ask.demoralised,
        )
        .map_err(QueryError::Refused)?;
        Ok(MoraleAnswer::Regiment(p, result))
    }
}

/// A regiment, `(side, unit)`.
type Regiment = (usize, usize);

/// The two regiments of a fire or a melee (a hex names the regiment set up there).
fn regiments(s: &Scenario, ask: &EngageAsk) -> Result<(Regiment, Regiment), QueryError> {
    if ask.moves_before != 0 || ask.move_after {
        return Err(QueryError::Refused(
            "a regiment's fire (§7) does not count moves before or after firing".into(),
        ));
    }
    let unit = |p: &Pick| {
        p.unit_in(s).ok_or_else(|| {
            QueryError::Refused(match p.hex {
                Some(h) => format!(
                    "no regiment is certainly set up in {}",
                    s.world.grid.to_printed(h)
                ),
                None => "name a regiment".into(),
            })
        })
    };
    Ok((unit(&ask.first)?, unit(&ask.second)?))
}

//! Siege / Cry Havoc in the system table: reach on the laid-out field (carrying too), line
//! of fire from either level of a siege tower, crossfire cover, and the settings every
//! new scenario states.

use super::field::Field;
use crate::fire::{FireEnd, LineOfFire};
use crate::movement::Reach;
use crate::queries::Query;
use crate::ratings::{self, CounterRatings};
use crate::scenario::Scenario;
use crate::siege::fields;
use crate::system::{system_basics, GameSystem, QueryError, StandRule};
use muster_hex::Hex;
use muster_model::{Level, ScenarioFile, UnitDef};

/// Siege / Cry Havoc.
pub struct System;

impl GameSystem for System {
    system_basics!("siege", "siege.ruleset.ron", super::CHECKS);

    // The per-hex rules of the set-up checks: terrain nobody can stand on, an engine's
    // hex, a hex on fire, a horse off the map or on terrain closed to horses, a horse's
    // second hex on another character or horse.
    fn stand_rule<'s>(&self, s: &'s Scenario<'_>, _penalties: bool) -> StandRule<'s> {
        use super::checks::{
            character_in_fire, character_on_impassable_terrain, engine_hex_occupied, horse_terrain,
            one_character_a_hex,
        };
        let f = Field::new(s);
        Box::new(move |line, unit, hex| {
            let l = s.placements.line(line);
            [
                character_on_impassable_terrain::why_not,
                engine_hex_occupied::why_not,
                character_in_fire::why_not,
                horse_terrain::why_not,
                one_character_a_hex::why_not,
            ]
            .iter()
            .find_map(|rule| rule(&f, l, unit, hex))
        })
    }

    // A character on horseback occupies two hexes, his and the one behind (3.31).
    fn covers_hex_behind(&self, s: &Scenario, side: usize, unit: usize) -> bool {
        s.unit(side, unit).1.is_some_and(|k| k.mounted)
    }

    fn marker_unlimited(&self, s: &Scenario, marker: &muster_model::MarkerDef) -> bool {
        super::markers::unlimited(s, marker)
    }

    fn shared_fields(&self) -> &'static [crate::fields::Shared] {
        use crate::fields::Shared;
        &[Shared::Pieces, Shared::Markers, Shared::Level]
    }

    // The system's own scenario, side and unit fields (`fields.rs`).
    fn field_schemas(&self, g: &mut schemars::SchemaGenerator) -> [schemars::Schema; 5] {
        use super::fields::{ScenarioFields, UnitFields};
        use crate::fields::{schemas_of, NoFields};
        schemas_of::<ScenarioFields, NoFields, UnitFields, NoFields, NoFields>(g)
    }

    fn occupants_block_fire(&self) -> bool {
        true
    }

    fn queries(&self) -> &'static [Query] {
        &[Query::Reach, Query::Crossfire, Query::Los]
    }

    /// A character's MP and shooting skill (6.22).
    fn counter_ratings(&self, _: &Scenario, _: usize, def: &UnitDef) -> CounterRatings {
        CounterRatings::of([
            ratings::mp(def),
            fields::unit(def)
                .shooting_skill
                .map(|k| format!("skill {k:+}")),
        ])
    }

    fn reach(&self, s: &Scenario, side: usize, unit: usize, from: Hex) -> Reach {
        super::movement::reach(&Field::new(s), side, unit, from)
    }

    fn reach_carrying(
        &self,
        s: &Scenario,
        side: usize,
        unit: usize,
        from: Hex,
        load: &str,
    ) -> Result<Reach, QueryError> {
        use super::movement::{reach_carrying, Load};
        let load = match load {
            "screen" => Load::Screen,
            "oil" | "barrel" => Load::Barrel,
            other => return Err(QueryError::UnknownLoad(other.to_string())),
        };
        Ok(reach_carrying(&Field::new(s), side, unit, from, load))
    }

    fn line_of_fire(
        &self,
        s: &Scenario,
        from: FireEnd,
        to: FireEnd,
    ) -> Result<LineOfFire, QueryError> {
        let f = Field::new(s);
        Ok(answer(&f, from, to, super::los::line_of_fire(&f, from, to)))
    }

    fn crossfire(
        &self,
        s: &Scenario,
        shooters: &[FireEnd],
        target: FireEnd,
    ) -> Result<(Vec<LineOfFire>, Vec<usize>), QueryError> {
        let f = Field::new(s);
        let (fires, choose) = super::los::crossfire(&f, shooters, target);
        let answers = fires
            .into_iter()
            .zip(shooters)
            .map(|(l, a)| answer(&f, *a, target, l))
            .collect();
        Ok((answers, choose))
    }

    fn fire_end_at(&self, s: &Scenario, hex: Hex) -> FireEnd {
        let upper = Field::new(s)
            .characters
            .iter()
            .any(|c| c.hex == hex && c.level == Some(Level::Upper));
        FireEnd { hex, upper }
    }

    fn prepare_new_scenario(&self, s: &mut ScenarioFile) {
        // A single-day assault with no markers yet (2.2, 2.31): the settings every siege
        // scenario states.
        let settings =
            serde_json::json!({"days": 1, "filled_moat_markers": 0, "rubble_markers": 0});
        s.system.set("siege", Some(settings));
        crate::new_scenario::example(
            s,
            r#"{"id": "Men-at-arms", "name": "Man-at-arms", "kind": "soldier", "count": 2, "mp": 6, "provenance": "Original"}"#,
            r#"{"units": ["2x Men-at-arms"], "at": {"Hexes": ["0101", "0201"]}}"#,
        );
    }
}

/// A Siege answer in the shape every system gives.
fn answer(f: &Field, from: FireEnd, to: FireEnd, l: super::los::Fire) -> LineOfFire {
    LineOfFire {
        clear: l.clear,
        cover: l.clear.then(|| l.cover.name().to_string()),
        one_sided: l.one_sided,
        face: l.face.clone(),
        path: l.path,
        levels: Some((f.level(from.hex, from.upper), f.level(to.hex, to.upper))),
        steps: l.steps,
        reason: l.reason,
        uncertain: l.uncertain,
        range: None,
    }
}

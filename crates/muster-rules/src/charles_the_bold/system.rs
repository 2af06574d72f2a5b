//! Charles the Bold in the system table: sight with the shooter's army-list line (archers
//! shoot overhead), and a general's command radius on selection.

use crate::charles_the_bold::fields;
use crate::fire::{FireEnd, LineOfFire};
use crate::queries::{CommandArea, EngageAsk, FireAnswer, MoraleAnswer, MoraleAsk, Query};
use crate::ratings::{self, CounterRatings};
use crate::registry::CodeDoc;
use crate::scenario::Scenario;
use crate::system::{system_basics, GameSystem, Highlight, QueryError, StandRule};
use muster_hex::Hex;
use muster_model::UnitDef;

/// Charles the Bold.
pub struct System;

impl GameSystem for System {
    system_basics!(
        "charles-the-bold",
        "charles-the-bold.ruleset.ron",
        super::CHECKS
    );

    fn prepare_new_scenario(&self, s: &mut muster_model::ScenarioFile) {
        // §14: each side breaks after losing a proportion of its stands.
        for side in &mut s.sides {
            side.system.set("break_proportion", Some("1/3".into()));
        }
        crate::new_scenario::command(s, Some("General"));
        crate::new_scenario::example(
            s,
            r#"{"id": "General", "name": "General", "kind": "general", "rating": 1, "mp": 6, "provenance": "Original", "group": "main"}"#,
            r#"{"units": ["General"], "at": {"Hexes": ["0101"]}}"#,
        );
    }

    // The per-hex rules of the set-up checks: a general among the enemy (or a stand in an
    // enemy general's hex); with penalties, a stand beyond its general's command range
    // (legal, but costly).
    fn stand_rule<'s>(&self, s: &'s Scenario<'_>, penalties: bool) -> StandRule<'s> {
        use super::checks::{command_range, general_enemy};
        let words = general_enemy::words();
        let ranges = command_range::Ranges::new(s);
        Box::new(move |line, unit, hex| {
            let side = s.placements.line(line).side;
            crate::general_among_enemy::why_not(s, line, unit, hex, &words).or_else(|| {
                penalties
                    .then(|| ranges.out_of_range(s, side, unit, hex))
                    .flatten()
            })
        })
    }

    fn shared_fields(&self) -> &'static [crate::fields::Shared] {
        use crate::fields::Shared;
        &[Shared::ArmyLists, Shared::ListEntry]
    }

    // The system's own scenario, side and unit fields (`fields.rs`).
    fn field_schemas(&self, g: &mut schemars::SchemaGenerator) -> [schemars::Schema; 5] {
        use super::fields::{SideFields, UnitFields};
        use crate::fields::{schemas_of, NoFields};
        schemas_of::<NoFields, SideFields, UnitFields, NoFields, NoFields>(g)
    }

    fn faces_corners(&self) -> bool {
        true
    }

    fn queries(&self) -> &'static [Query] {
        &[Query::Command, Query::Los, Query::Fire, Query::Morale]
    }

    /// A general's rating and MP; a stand's army-list MP, SP, impact and break points, and
    /// its extra ranks (§7.4, §16). A stand's own `rating` and `mp` are never read: its list
    /// line gives both (§1.3, §16; CB311 warns them).
    fn counter_ratings(&self, s: &Scenario, side: usize, def: &UnitDef) -> CounterRatings {
        let general = s
            .ruleset
            .unit_kinds
            .iter()
            .any(|k| k.id == def.kind && k.leader);
        if general {
            return CounterRatings::of([ratings::leader(def), ratings::mp(def)]);
        }
        CounterRatings::of([
            def.list_entry
                .as_ref()
                .map(|id| match s.lists.entry(side, id) {
                    Some(e) => format!("{} SP{} IF{} BP{}", e.mp, e.sp, e.impact, e.bp),
                    None => id.clone(),
                }),
            fields::unit(def).ranks.map(|r| format!("+{r} rk")),
        ])
    }

    fn command_groups(&self, s: &Scenario, side: usize) -> Vec<String> {
        fields::side(&s.file.sides[side])
            .commands
            .iter()
            .map(|c| c.id.clone())
            .collect()
    }

    fn command_area(
        &self,
        s: &Scenario,
        side: usize,
        command: usize,
    ) -> Result<CommandArea, QueryError> {
        super::command_area(s, side, command).map_err(QueryError::Refused)
    }

    fn fire(&self, s: &Scenario, ask: &EngageAsk) -> Result<FireAnswer, QueryError> {
        super::answers::fire(s, ask).map(FireAnswer::Stand)
    }

    fn morale(&self, s: &Scenario, ask: &MoraleAsk) -> Result<MoraleAnswer, QueryError> {
        super::answers::morale(s, ask).map(MoraleAnswer::Stand)
    }

    fn occupants_block_fire(&self) -> bool {
        true
    }

    fn other_codes(&self) -> &'static [CodeDoc] {
        std::slice::from_ref(&super::LIST_VALUES)
    }

    fn line_of_fire(
        &self,
        s: &Scenario,
        from: FireEnd,
        to: FireEnd,
    ) -> Result<LineOfFire, QueryError> {
        // Sight, firing arc and range of one stand at a time (§6.0, §16).
        Ok(super::shooter::line_of_fire(s, from.hex, to.hex))
    }

    fn highlight(&self, s: &Scenario, hex: Hex) -> Option<Highlight> {
        // A general certainly in the hex: his command radius (§2.0).
        let (side, unit) = s
            .placements
            .certainly_held(hex)
            .into_iter()
            .filter(|o| o.free)
            .find_map(|o| Some((o.side, o.unit?)))?;
        let sd = &s.file.sides[side];
        let id = &sd.units[unit].id;
        let ci = fields::side(sd)
            .commands
            .iter()
            .position(|c| c.general.as_ref() == Some(id))?;
        let area = super::command_area(s, side, ci).ok()?;
        Some(Highlight {
            status: format!(
                "{id} commands {}: {} hexes within {}",
                fields::side(sd).commands[ci].name,
                area.hexes.len(),
                area.range
            ),
            hexes: area.hexes,
        })
    }
}

//! Charles the Bold in the system table: sight with the shooter's army-list line (archers
//! shoot overhead), and a general's command radius on selection.

use crate::fire::{FireEnd, LineOfFire};
use crate::queries::{CommandArea, EngageAsk, FireAnswer, MoraleAnswer, MoraleAsk, Query};
use crate::ratings::{self, CounterRatings};
use crate::registry::CodeDoc;
use crate::scenario::Scenario;
use crate::system::{system_basics, GameSystem, Highlight, QueryError};
use muster_hex::Hex;
use muster_model::UnitDef;

/// Charles the Bold.
pub struct System;

/// Where the target lies against the shooter's firing arc (§6.0), and why.
enum Arc {
    Inside(String),
    Outside(String),
    Unknown(String),
}

/// §6.0: "The firing arc is along the lines of the wide frontal H lines. Artillery fire
/// along the narrow 2H front": the shooter is the stand certainly set up in `from`, its
/// facing the point its set-up line gives.
fn firing_arc(s: &Scenario, from: Hex, to: Hex) -> Arc {
    let grid = &s.world.grid;
    let shooter = s
        .placements
        .certainly_held(from)
        .into_iter()
        .filter(|o| !o.free)
        .find_map(|o| {
            let unit = o.unit?;
            let corner = s.placements.lines()[o.line].corner?;
            Some((o.side, unit, corner))
        });
    let Some((side, unit, corner)) = shooter else {
        return choice_arc(s, from, to);
    };
    let id = &s.file.sides[side].units[unit].id;
    let artillery = s.list_entry(side, unit).is_some_and(|e| e.has("Art"));
    let facing = corner.name(grid.orientation());
    if super::facing::in_arc(grid, from, corner, to, artillery) {
        Arc::Inside(format!(
            "{} is in the firing arc of `{id}` facing {facing}",
            grid.to_printed(to)
        ))
    } else if artillery {
        Arc::Outside(format!(
            "{} is off the narrow 2H front of the artillery `{id}` facing {facing} (§6.0; ours: a corridor two hexes wide straight ahead)",
            grid.to_printed(to)
        ))
    } else {
        Arc::Outside(format!("{} is outside the firing arc of `{id}` facing {facing}: it fires along its wide frontal lines (§6.0; ours: the wedge between the two lines out of its front hexsides)", grid.to_printed(to)))
    }
}

/// The firing arc when no stand is certainly in the shooter's hex: the stands the set-up
/// may put there (owner's choice, hidden), each with its line's facing. Outside when every
/// one of them has the target outside its arc, inside when every one has it inside.
fn choice_arc(s: &Scenario, from: Hex, to: Hex) -> Arc {
    let grid = &s.world.grid;
    let p = &s.placements;
    let mut verdicts = Vec::new();
    for &li in p.who_could_be(from) {
        let l = p.line(li);
        for c in l.counters.iter().filter(|c| !c.free && c.count > 0) {
            let artillery = s.list_entry(l.side, c.unit).is_some_and(|e| e.has("Art"));
            verdicts.push(
                l.corner
                    .map(|k| super::facing::in_arc(grid, from, k, to, artillery)),
            );
        }
    }
    let at = grid.to_printed(from);
    if verdicts.is_empty() || verdicts.iter().any(Option::is_none) {
        return Arc::Unknown(format!(
            "firing arc not checked: no stand with a facing is certainly set up in {at}"
        ));
    }
    if verdicts.iter().all(|v| *v == Some(false)) {
        Arc::Outside(format!(
            "{} is outside the firing arc of every stand that may be set up in {at} (§6.0)",
            grid.to_printed(to)
        ))
    } else if verdicts.iter().all(|v| *v == Some(true)) {
        Arc::Inside(format!(
            "{} is in the firing arc of every stand that may be set up in {at}",
            grid.to_printed(to)
        ))
    } else {
        Arc::Unknown(format!(
            "firing arc uncertain: of the stands that may be set up in {at}, some have {} in their arc and some not",
            grid.to_printed(to)
        ))
    }
}

impl GameSystem for System {
    system_basics!(
        "charles-the-bold",
        "charles-the-bold.ruleset.ron",
        super::CHECKS
    );

    fn fields(&self) -> &'static [&'static str] {
        &[
            "/army_lists",
            "/sides/*/army_lists",
            "/sides/*/training",
            "/sides/*/break_proportion",
            "/sides/*/commands",
            "/sides/*/units/*/list_entry",
            "/sides/*/units/*/ranks",
            "/sides/*/units/*/group",
            "/sides/*/units/*/charges_cavalry",
        ]
    }

    fn faces_corners(&self) -> bool {
        true
    }

    fn queries(&self) -> &'static [Query] {
        &[Query::Command, Query::Los, Query::Fire, Query::Morale]
    }

    /// A general's rating; a stand's army-list MP, SP, impact and break points, and its
    /// extra ranks (§7.4, §16).
    fn counter_ratings(&self, s: &Scenario, side: usize, def: &UnitDef) -> CounterRatings {
        CounterRatings::of([
            ratings::leader(def),
            def.list_entry
                .as_ref()
                .map(|id| match s.lists.entry(side, id) {
                    Some(e) => format!("{} SP{} IF{} BP{}", e.mp, e.sp, e.impact, e.bp),
                    None => id.clone(),
                }),
            ratings::mp(def),
            def.ranks.map(|r| format!("+{r} rk")),
        ])
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
        let p = &s.placements;
        // Stands block sight; generals are not stands (§1.2).
        let stands: Vec<Hex> = p
            .certain_hexes()
            .filter(|h| p.certainly_held(*h).iter().any(|o| !o.free))
            .collect();
        // The shooter's list lines: archers shoot overhead (§6.0).
        let mut v = super::shooter::sight_of_shooter(s, from.hex, to.hex, &stands);
        let arc = firing_arc(s, from.hex, to.hex);
        match arc {
            Arc::Outside(why) => {
                v.clear = false;
                v.reason = format!("{why}; {}", v.reason);
            }
            Arc::Inside(why) | Arc::Unknown(why) => v.reason = format!("{}; {why}", v.reason),
        }
        let mut l = LineOfFire {
            clear: v.clear,
            cover: None,
            one_sided: false,
            face: None,
            path: v.path,
            levels: None,
            steps: vec![],
            reason: v.reason,
            uncertain: vec![],
            range: None,
        };
        // The list's range columns (§16).
        super::shooter::apply_range(s, from.hex, to.hex, &mut l);
        Ok(l)
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
        let ci = sd
            .commands
            .iter()
            .position(|c| c.general.as_ref() == Some(id))?;
        let area = super::command_area(s, side, ci).ok()?;
        Some(Highlight {
            status: format!(
                "{id} commands {}: {} hexes within {}",
                sd.commands[ci].name,
                area.hexes.len(),
                area.range
            ),
            hexes: area.hexes,
        })
    }
}

//! Charles the Bold in the system table: sight with the shooter's army-list line (archers
//! shoot overhead), and a general's command radius on selection.

use crate::fire::{FireEnd, LineOfFire};
use crate::registry::CodeDoc;
use crate::scenario::Scenario;
use crate::system::{system_basics, GameSystem, Highlight, QueryError};
use muster_hex::Hex;

/// Charles the Bold.
pub struct System;

impl GameSystem for System {
    system_basics!(
        "charles-the-bold",
        "charles-the-bold.ruleset.ron",
        super::CHECKS
    );

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
        // The shooter's list line: archers shoot overhead (§6.0).
        let archer = p
            .certainly_held(from.hex)
            .into_iter()
            .filter_map(|o| s.list_entry(o.side, o.unit?))
            .any(|e| e.has("Longbow") || e.has("Bow"));
        // Stands block sight; generals are not stands (§1.2).
        let stands: Vec<Hex> = p
            .certain_hexes()
            .filter(|h| p.certainly_held(*h).iter().any(|o| !o.free))
            .collect();
        let v = super::visibility::sight(s, from.hex, to.hex, archer, &stands);
        Ok(LineOfFire {
            clear: v.clear,
            cover: None,
            one_sided: false,
            path: v.path,
            levels: None,
            steps: vec![],
            reason: v.reason,
            uncertain: vec![],
            range: None,
        })
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

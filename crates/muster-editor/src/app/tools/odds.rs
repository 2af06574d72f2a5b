//! The combat-odds tool (A la Charge): the attackers' hexes, then the defender's.

use super::super::*;

impl App {
    /// The combat-odds tool: a click on a hex of the attacking side adds an attacker; a
    /// click on an enemy's hex asks the library (as `muster query odds` does) and says the
    /// odds. Melee when an attacker is in contact, archery fire when none is.
    pub(in crate::app) fn combat_odds(&mut self, hex: Hex) {
        let Some(resolved) = self.doc.resolve() else {
            return;
        };
        let side_at = |h: Hex| {
            resolved
                .placements
                .certainly_held(h)
                .iter()
                .find(|o| !o.free)
                .map(|o| o.side)
        };
        let Some(side) = side_at(hex) else {
            self.status = format!(
                "no combat unit is certainly set up in {}",
                self.printed(hex)
            );
            return;
        };
        let attacking = self.odds_attackers.first().and_then(|&a| side_at(a));
        if attacking.is_none_or(|a| a == side) {
            if !self.odds_attackers.contains(&hex) {
                self.odds_attackers.push(hex);
            }
            self.light(self.odds_attackers.clone());
            let names: Vec<String> = self
                .odds_attackers
                .iter()
                .map(|&h| self.printed(h))
                .collect();
            self.status = format!(
                "attacking from {}: click another attacker, or the defender",
                names.join(", ")
            );
            return;
        }
        let attackers = std::mem::take(&mut self.odds_attackers);
        let fire = attackers.iter().all(|&a| muster_hex::distance(a, hex) > 1);
        let ask = muster_rules::a_la_charge::combat::Ask {
            attackers: attackers.clone(),
            defender: hex,
            fire,
            charging: vec![],
            reduced: vec![],
        };
        self.highlight = attackers.iter().copied().chain([hex]).collect();
        self.highlight_is_selection = false;
        let names: Vec<String> = attackers.iter().map(|&h| self.printed(h)).collect();
        self.status = match muster_rules::a_la_charge::combat::odds(&resolved, &ask) {
            Ok(o) => {
                let shift = o
                    .shift
                    .as_ref()
                    .map(|(t, n)| format!(", {t} shifts {n} left to {}", o.column))
                    .unwrap_or_default();
                format!(
                    "{} → {}: {} {} against {}: {}{shift} (§12)",
                    names.join(" + "),
                    self.printed(hex),
                    if fire { "archery" } else { "melee" },
                    o.attack,
                    o.defence,
                    o.ratio_column
                )
            }
            Err(e) => e,
        };
    }
}

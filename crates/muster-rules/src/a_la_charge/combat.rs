//! The odds of one combat read off the set-up (§8, §10, §12.1–§12.3): who stands in the
//! attackers' and the defender's hexes (the placement model's certain holders), their
//! strengths, the leaders stacked with them, the charge bonus, archers −1 in melee, the
//! defender's terrain shift, and "the archery unit by itself cannot attack at less than
//! 1-1 odds". The arithmetic is [`super::odds`]; this module only reads the scenario.

use super::odds::{attack_strength, odds_column, shifted, Attack, Attacker};
use crate::scenario::Scenario;
use muster_hex::Hex;

/// One hex's part in the combat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Part {
    /// The hex.
    pub hex: Hex,
    /// The combat unit there.
    pub unit: String,
    /// Its strength on the side used (full or reduced, §12.6).
    pub strength: i32,
    /// A leader stacked with it, and his rating (§8).
    pub leader: Option<(String, i32)>,
    /// An archer unit in melee: −1 (§12.2).
    pub archer_in_melee: bool,
    /// Charging: +2 and the leader not added (§10).
    pub charging: bool,
    /// What it adds to its side's total.
    pub total: i32,
}

/// The odds of a combat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Odds {
    /// The attackers.
    pub attackers: Vec<Part>,
    /// The defender.
    pub defender: Part,
    /// The attack total.
    pub attack: i32,
    /// The defence total.
    pub defence: i32,
    /// The column of the ratio, rounded in favour of the defence and clamped to the table.
    pub ratio_column: String,
    /// Columns shifted left by the defender's terrain, and the terrain.
    pub shift: Option<(String, i32)>,
    /// The column the die is rolled on.
    pub column: String,
}

/// How the query asks.
#[derive(Debug, Clone)]
pub struct Ask {
    /// The attackers' hexes.
    pub attackers: Vec<Hex>,
    /// The defender's hex.
    pub defender: Hex,
    /// Archery fire rather than melee (§12.2).
    pub fire: bool,
    /// Attackers' hexes whose knights or cavalry charged (§10).
    pub charging: Vec<Hex>,
    /// Hexes whose unit is on its reduced side (§12.6).
    pub reduced: Vec<Hex>,
}

/// A hex's part, its side, and whether its unit is an archery unit.
fn part(s: &Scenario, hex: Hex, ask: &Ask, melee: bool) -> Result<(Part, usize, bool), String> {
    let p = s.world.grid.to_printed(hex);
    let held = s.placements.certainly_held(hex);
    let (side, unit) = held
        .iter()
        .filter(|o| !o.free)
        .find_map(|o| Some((o.side, o.unit?)))
        .ok_or_else(|| format!("no combat unit is certainly set up in {p}"))?;
    let (def, kind) = s.unit(side, unit);
    let reduced = ask.reduced.contains(&hex);
    let step = if reduced {
        def.steps.get(1)
    } else {
        def.steps.first()
    }
    .ok_or_else(|| {
        format!(
            "`{}` in {p} has no {} side",
            def.id,
            if reduced { "reduced" } else { "full" }
        )
    })?;
    let leader = held
        .iter()
        .filter(|o| o.free && o.side == side)
        .filter_map(|o| o.unit)
        .map(|u| s.unit(side, u))
        .find(|(_, k)| k.is_some_and(|k| k.leader))
        .map(|(d, _)| (d.id.clone(), d.rating.unwrap_or(0)));
    let archer = kind.is_some_and(|k| k.archer);
    let charging = ask.charging.contains(&hex);
    if charging && !kind.is_some_and(|k| k.charges) {
        return Err(format!(
            "`{}` in {p} cannot charge: only knights (N&B) or cavalry (St Albans) do, not mounted archers (§10)",
            def.id
        ));
    }
    let a = Attacker {
        strength: step.strength,
        archer: archer && melee,
        charging,
        leader: leader.as_ref().map_or(0, |l| l.1),
    };
    let mode = if melee { Attack::Melee } else { Attack::Fire };
    let part = Part {
        hex,
        unit: def.id.clone(),
        strength: step.strength,
        leader,
        archer_in_melee: archer && melee,
        charging,
        total: attack_strength(&[a], mode),
    };
    Ok((part, side, archer))
}

/// The odds of the combat `ask` describes, or why it cannot be fought.
pub fn odds(s: &Scenario, ask: &Ask) -> Result<Odds, String> {
    let grid = &s.world.grid;
    if ask.attackers.is_empty() {
        return Err("name at least one attacker's hex".into());
    }
    let melee = !ask.fire;
    let defending = Ask {
        charging: vec![],
        ..ask.clone()
    };
    let (mut defender, dside, _) = part(s, ask.defender, &defending, melee)?;
    defender.total = defender.total.max(0);
    let mut attackers = Vec::new();
    let mut all_archers = true;
    for &h in &ask.attackers {
        let (p, side, archer) = part(s, h, ask, melee)?;
        let pr = grid.to_printed(h);
        if side == dside {
            return Err(format!("`{}` in {pr} is on the defender's side", p.unit));
        }
        let distance = muster_hex::distance(h, ask.defender);
        all_archers &= archer;
        let def = s.file.sides[side]
            .units
            .iter()
            .find(|u| u.id == p.unit)
            .ok_or_else(|| format!("`{}` is not a unit of its side", p.unit))?;
        if melee && distance != 1 {
            return Err(format!("`{}` in {pr} is {distance} hexes from the defender: a melee attacker must be adjacent (§12.1)", def.id));
        }
        if !melee {
            if !archer {
                return Err(format!(
                    "`{}` in {pr} is not an archery unit: only archers shoot (§12.2)",
                    def.id
                ));
            }
            let l = super::los::line_of_fire(s, h, ask.defender);
            let range = def.steps.first().and_then(|st| st.range).unwrap_or(0);
            if distance > range {
                return Err(format!(
                    "`{}` in {pr} shoots {range} hexes and the defender is {distance} away (§12.1)",
                    def.id
                ));
            }
            if !l.clear {
                return Err(format!("no line of fire from {pr}: {}", l.reason));
            }
        }
        attackers.push(p);
    }
    let attack: i32 = attackers.iter().map(|p| p.total).sum();
    let defence = defender.total;
    let columns = &s.ruleset.odds_columns;
    if columns.is_empty() {
        return Err("the ruleset has no odds columns".into());
    }
    let ratio = odds_column(attack, defence, columns);
    let terrain = s.world.terrain(ask.defender);
    let shift = s
        .ruleset
        .terrain
        .iter()
        .find(|t| t.id == terrain && t.defence_shift > 0)
        .map(|t| (t.id.clone(), t.defence_shift));
    let col = shifted(ratio, shift.as_ref().map_or(0, |s| s.1));
    // §12.2: "The archery unit by itself cannot attack at less than 1-1 odds" (a melee
    // rule). Ours: the odds the combat is resolved at, after the terrain shift.
    if melee && all_archers {
        if let Some(one) = columns.iter().position(|c| c == "1-1") {
            if col < one {
                return Err(format!(
                    "archers alone cannot attack at less than 1-1 odds (§12.2): {attack} against {defence} is {} (after the terrain shift, our reading)",
                    columns[col]
                ));
            }
        }
    }
    Ok(Odds {
        attackers,
        defender,
        attack,
        defence,
        ratio_column: columns[ratio].clone(),
        shift,
        column: columns[col].clone(),
    })
}

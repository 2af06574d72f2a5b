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
    /// The leaders stacked with it, and their ratings (§8: each adds his rating; the set-up
    /// may stack several with one unit, §7).
    pub leaders: Vec<(String, i32)>,
    /// An archer unit in melee: −1 (§12.2).
    pub archer_in_melee: bool,
    /// Charging: +2 and the leader not added (§10).
    pub charging: bool,
    /// An archery unit shooting (§12.2): in a fire combat, or adding its strength to a
    /// melee from out of contact ("either in melee or by shooting").
    pub shooting: bool,
    /// The range of the step it is on (full or reduced), for archers.
    pub range: Option<u32>,
    /// What it adds to its side's total (in `i64`: sums of the file's `i32`s never wrap).
    pub total: i64,
}

/// The odds of a combat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Odds {
    /// The attackers.
    pub attackers: Vec<Part>,
    /// The defender.
    pub defender: Part,
    /// The attack total.
    pub attack: i64,
    /// The defence total.
    pub defence: i64,
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

/// A hex's part, its side, and whether its unit is an archery unit. `melee`: the unit
/// fights in melee (an archer that shoots, in a fire combat or into a melee, does not).
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
    // §8: every leader certainly stacked with the unit adds his rating, not only the first.
    let leaders: Vec<(String, i32)> = held
        .iter()
        .filter(|o| o.free && o.side == side)
        .filter_map(|o| o.unit)
        .map(|u| s.unit(side, u))
        .filter(|(_, k)| k.is_some_and(|k| k.leader))
        .map(|(d, _)| (d.id.clone(), d.rating.unwrap_or(0)))
        .collect();
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
        leaders: leaders
            .iter()
            .map(|l| i64::from(l.1))
            .fold(0, i64::saturating_add),
    };
    let mode = if melee { Attack::Melee } else { Attack::Fire };
    let part = Part {
        hex,
        unit: def.id.clone(),
        strength: step.strength,
        leaders,
        archer_in_melee: archer && melee,
        charging,
        shooting: archer && !melee,
        range: step.range,
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
    // §12.1: "A unit cannot attack or be attacked more than once in a combat phase."
    let mut named = ask.attackers.clone();
    named.push(ask.defender);
    for (i, h) in named.iter().enumerate() {
        if named[..i].contains(h) {
            return Err(format!(
                "{} is named twice: a unit cannot attack or be attacked more than once in a combat phase (§12.1)",
                grid.to_printed(*h)
            ));
        }
    }
    for (flag, hexes, attackers_only) in [
        ("--charging", &ask.charging, true),
        ("--reduced", &ask.reduced, false),
    ] {
        for h in hexes {
            let ok = ask.attackers.contains(h) || (!attackers_only && *h == ask.defender);
            if !ok {
                return Err(format!(
                    "{flag} {} names a hex that is not {} of this combat",
                    grid.to_printed(*h),
                    if attackers_only {
                        "an attacker"
                    } else {
                        "an attacker or the defender"
                    }
                ));
            }
        }
    }
    let melee = !ask.fire;
    let defending = Ask {
        charging: vec![],
        ..ask.clone()
    };
    let (mut defender, dside, _) = part(s, ask.defender, &defending, melee)?;
    defender.shooting = false;
    defender.total = defender.total.max(0);
    let mut attackers = Vec::new();
    let mut all_archers = true;
    let mut in_melee = 0;
    for &h in &ask.attackers {
        let pr = grid.to_printed(h);
        let distance = muster_hex::distance(h, ask.defender);
        // §12.2: archers add their strength "either in melee or by shooting": in a melee,
        // an archer out of contact shoots (ours: one in contact fights in melee).
        let (p, side, archer) = part(s, h, ask, melee)?;
        let shoots = !melee || (archer && distance != 1);
        let (p, side, archer) = if shoots && melee {
            part(s, h, ask, false)?
        } else {
            (p, side, archer)
        };
        if side == dside {
            return Err(format!("`{}` in {pr} is on the defender's side", p.unit));
        }
        all_archers &= archer;
        if !shoots {
            in_melee += 1;
            if distance != 1 {
                return Err(format!("`{}` in {pr} is {distance} hexes from the defender: a melee attacker must be adjacent (§12.1)", p.unit));
            }
        } else {
            if !archer {
                return Err(format!(
                    "`{}` in {pr} is not an archery unit: only archers shoot (§12.2)",
                    p.unit
                ));
            }
            let range = p.range.unwrap_or(0);
            if distance > range {
                return Err(format!(
                    "`{}` in {pr} shoots {range} hexes{} and the defender is {distance} away (§12.1)",
                    p.unit,
                    if ask.reduced.contains(&h) {
                        " on its reduced side"
                    } else {
                        ""
                    }
                ));
            }
            let l = super::los::line_of_fire(s, h, ask.defender);
            if !l.clear {
                return Err(format!("no line of fire from {pr}: {}", l.reason));
            }
        }
        attackers.push(p);
    }
    if melee && in_melee == 0 {
        return Err(
            "no attacker is adjacent to the defender: a melee needs one (§12.1); archers alone shoot with --fire"
                .into(),
        );
    }
    let attack: i64 = attackers
        .iter()
        .map(|p| p.total)
        .fold(0, i64::saturating_add);
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
    if in_melee > 0 && all_archers {
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

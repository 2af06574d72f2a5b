//! Fire (§7), melee (§8) and morale (§9): the modifier sums and the comparison of rolls.

use super::fields::{Cover, TroopRating};
use super::tables::{rating_combat, rating_morale, rating_target};

/// Range band.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Band {
    /// Point blank (+1 to the firer).
    PointBlank,
    /// Effective (+0).
    Effective,
    /// Long (−2).
    Long,
}

/// One fire combat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fire {
    /// The firer's die.
    pub firer_roll: i32,
    /// Firer's rating.
    pub firer_rating: TroopRating,
    /// Firer's unit-type fire modifier.
    pub firer_type: i32,
    /// Range band.
    pub band: Band,
    /// Firing into the target's flank (+2).
    pub flank: bool,
    /// Firer in march column (−3).
    pub firer_column: bool,
    /// Target in march column (+2).
    pub target_column: bool,
    /// Target is dismounted dragoons (−1) or cuirassiers (−1).
    pub target_hard: bool,
    /// The target's die.
    pub target_roll: i32,
    /// Target's rating.
    pub target_rating: TroopRating,
    /// Target's cover.
    pub cover: Option<Cover>,
}

/// Shock points inflicted by fire (0 when the target scores as much or more). Summed in
/// `i64` and clamped back: rolls and modifiers may come from a file or the command line.
pub fn fire(f: &Fire) -> i32 {
    let mut firer = i64::from(f.firer_roll)
        + i64::from(rating_combat(f.firer_rating).0)
        + i64::from(f.firer_type);
    firer += match f.band {
        Band::PointBlank => 1,
        Band::Effective => 0,
        Band::Long => -2,
    };
    if f.flank {
        firer += 2;
    }
    if f.firer_column {
        firer -= 3;
    }
    if f.target_column {
        firer += 2;
    }
    if f.target_hard {
        firer -= 1;
    }
    let cover = match f.cover {
        None => 0,
        Some(Cover::Light) => 2,
        Some(Cover::Medium) => 3,
        Some(Cover::Heavy) => 4,
    };
    let target = i64::from(f.target_roll) + i64::from(rating_target(f.target_rating)) + cover;
    clamp_i32((firer.max(1) - target.max(1)).max(0))
}

/// An `i64` sum back in `i32`, saturating.
fn clamp_i32(x: i64) -> i32 {
    i32::try_from(x).unwrap_or(if x < 0 { i32::MIN } else { i32::MAX })
}

/// One side of a melee: its roll and the sum of its modifiers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Melee {
    /// The die.
    pub roll: i32,
    /// Rating.
    pub rating: TroopRating,
    /// Unit-type melee modifier.
    pub unit_type: i32,
    /// Situational modifiers already summed (charge +1/+2, flank −4, barrier +2 …).
    pub situation: i32,
}

/// Melee result: shock points to (attacker, defender).
pub fn melee(attacker: &Melee, defender: &Melee) -> (i32, i32) {
    let score = |m: &Melee| {
        (i64::from(m.roll)
            + i64::from(rating_combat(m.rating).0)
            + i64::from(m.unit_type)
            + i64::from(m.situation))
        .max(1)
    };
    let (a, d) = (score(attacker), score(defender));
    (clamp_i32((d - a).max(0)), clamp_i32((a - d).max(0)))
}

/// Morale results (§9 table).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoraleResult {
    /// 6 or less.
    Ok,
    /// 7–10.
    Halt,
    /// 11–13.
    FallBack,
    /// 14–15.
    Rout,
    /// 16 or more.
    Destroyed,
}

/// A morale test: the die, shock points so far, rating and situational modifiers.
pub fn morale(
    roll: i32,
    shock_points: i32,
    rating: TroopRating,
    situation: i32,
) -> (i32, MoraleResult) {
    let score = clamp_i32(
        i64::from(roll)
            + i64::from(shock_points)
            + i64::from(rating_morale(rating).0)
            + i64::from(situation),
    );
    let result = match score {
        ..=6 => MoraleResult::Ok,
        7..=10 => MoraleResult::Halt,
        11..=13 => MoraleResult::FallBack,
        14..=15 => MoraleResult::Rout,
        _ => MoraleResult::Destroyed,
    };
    (score, result)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn section_7_example_fire_inflicts_two_shock_points() {
        // A regular (+1) balanced foot (+0) fires at a regular (+1) pike heavy foot at
        // effective range. Firer 5 + 1 = 6, target 3 + 1 = 4: 2 shock points.
        let f = Fire {
            firer_roll: 5,
            firer_rating: TroopRating::Regular,
            firer_type: 0,
            band: Band::Effective,
            flank: false,
            firer_column: false,
            target_column: false,
            target_hard: false,
            target_roll: 3,
            target_rating: TroopRating::Regular,
            cover: None,
        };
        assert_eq!(fire(&f), 2);
        assert_eq!(
            fire(&Fire {
                cover: Some(Cover::Light),
                ..f
            }),
            0,
            "light cover +2 saves it"
        );
    }

    #[test]
    fn section_8_example_melee_inflicts_one_shock_point_on_the_defender() {
        // A veteran (+2) balanced foot (+0) charges (+1) a regular (+1) musket heavy foot (-1):
        // 4 + 2 + 1 = 7 against 6 + 1 - 1 = 6.
        let attacker = Melee {
            roll: 4,
            rating: TroopRating::Veteran,
            unit_type: 0,
            situation: 1,
        };
        let defender = Melee {
            roll: 6,
            rating: TroopRating::Regular,
            unit_type: -1,
            situation: 0,
        };
        assert_eq!(melee(&attacker, &defender), (0, 1));
    }

    #[test]
    fn section_9_example_morale_halts() {
        // A regular (-1) unit with 4 shock points rolls 5: 5 + 4 - 1 = 8, halt.
        assert_eq!(
            morale(5, 4, TroopRating::Regular, 0),
            (8, MoraleResult::Halt)
        );
        assert_eq!(morale(6, 10, TroopRating::Regular, 0).1, MoraleResult::Rout);
        assert_eq!(
            morale(6, 12, TroopRating::Regular, 0).1,
            MoraleResult::Destroyed
        );
    }
}

//! Combat odds (§12.3): attackers' strengths with leader ratings and the charge bonus
//! (§8, §10), archers −1 in melee (§12.2); the ratio rounded in favour of the defence,
//! clamped to the table ("from 1-3 (or less) to 4-1 (or more)", so any attack against a
//! defence of 0 is the last column), shifted left for the defender's terrain. The Combat Results Table
//! itself is not printed in the texts; scenarios or rulesets supply it.

/// One attacking unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Attacker {
    /// Current strength.
    pub strength: i32,
    /// An archer unit (−1 in melee).
    pub archer: bool,
    /// Knights or cavalry that moved at least one hex in open terrain or on a road (+2).
    pub charging: bool,
    /// The ratings of the leaders stacked with it, added up: §8, "a leader adds his rating
    /// to the strength rating of the unit he is stacked with", each of them (not added
    /// when charging, §10). In `i64`: several `i32` ratings must not wrap.
    pub leaders: i64,
}

/// How the attack is made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Attack {
    /// Melee against an adjacent hex.
    Melee,
    /// Archery fire.
    Fire,
}

/// Total attack strength, in `i64`: strengths and ratings are the file's `i32`s, and
/// their sums must not wrap (a wrapped sum turned 4-1 odds into 1-3).
pub fn attack_strength(attackers: &[Attacker], attack: Attack) -> i64 {
    attackers
        .iter()
        .map(|a| {
            let mut s = i64::from(a.strength);
            if a.archer && attack == Attack::Melee {
                s -= 1;
            }
            if a.charging {
                s += 2;
            } else {
                s = s.saturating_add(a.leaders);
            }
            s.max(0)
        })
        .fold(0i64, i64::saturating_add)
}

/// The odds column index (0 = `1-3` … 5 = `4-1` for A la Charge) for the totals, before
/// terrain shifts: the ratio rounded in favour of the defence and clamped. §12.3's table
/// runs "to 4-1 (or more)": an attack against a defence of 0 (a reduced archer at −1 in
/// melee) is more than any ratio, so the last column. An attack of 0 reaches no ratio:
/// the first column (ours: 0 against 0 has no ratio; rounded in favour of the defence).
pub fn odds_column(attack: i64, defence: i64, columns: &[String]) -> usize {
    let (attack, defence) = (attack.max(0), defence.max(0));
    if attack == 0 {
        return 0;
    }
    // Columns are written "a-d"; pick the rightmost column the attack at least reaches.
    let mut best = 0;
    for (i, c) in columns.iter().enumerate() {
        let Some((a, d)) = c.split_once('-') else {
            continue;
        };
        let (Ok(a), Ok(d)) = (a.parse::<i64>(), d.parse::<i64>()) else {
            continue;
        };
        // Widened to i128: totals and the table's numbers are i64, their products are not.
        if i128::from(attack) * i128::from(d) >= i128::from(defence) * i128::from(a) {
            best = i;
        }
    }
    best
}

/// The final column after shifting left by the defender's terrain.
pub fn shifted(column: usize, shift_left: i32) -> usize {
    let left = usize::try_from(shift_left).unwrap_or(0);
    column.saturating_sub(left)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cols() -> Vec<String> {
        ["1-3", "1-2", "1-1", "2-1", "3-1", "4-1"]
            .into_iter()
            .map(String::from)
            .collect()
    }

    #[test]
    fn ratio_rounds_in_favour_of_the_defence() {
        assert_eq!(
            cols()[odds_column(5, 3, &cols())],
            "1-1",
            "5:3 is 1.67 to 1, rounded down to 1-1"
        );
        assert_eq!(cols()[odds_column(6, 3, &cols())], "2-1");
        assert_eq!(
            cols()[odds_column(2, 5, &cols())],
            "1-3",
            "2:5 is worse than 1-2"
        );
        assert_eq!(cols()[odds_column(20, 2, &cols())], "4-1", "clamped at 4-1");
        assert_eq!(cols()[odds_column(1, 9, &cols())], "1-3", "clamped at 1-3");
    }

    #[test]
    fn an_attack_on_a_defence_of_nothing_is_four_to_one() {
        // §12.3: "to 4-1 (or more)". A reduced archer (strength 1) defending in melee at
        // −1 (§12.2) is 0: 3 against 0 is 4-1, not 3 against 1 (the old clamp: 3-1).
        let archer = Attacker {
            strength: 1,
            archer: true,
            charging: false,
            leaders: 0,
        };
        let defence = attack_strength(&[archer], Attack::Melee);
        assert_eq!(defence, 0);
        assert_eq!(cols()[odds_column(3, defence, &cols())], "4-1");
        assert_eq!(cols()[odds_column(1, 0, &cols())], "4-1");
        assert_eq!(
            cols()[odds_column(0, 0, &cols())],
            "1-3",
            "nothing attacks: ours"
        );
    }

    #[test]
    fn every_stacked_leader_adds_his_rating() {
        // §8: "A leader adds his rating to the strength rating of the unit he is stacked
        // with": two leaders (1 and 2) with knights of 3 make 6.
        let knights = Attacker {
            strength: 3,
            archer: false,
            charging: false,
            leaders: 1 + 2,
        };
        assert_eq!(attack_strength(&[knights], Attack::Melee), 6);
    }

    #[test]
    fn charge_replaces_the_leader_bonus_and_archers_lose_one_in_melee() {
        let knight = Attacker {
            strength: 4,
            archer: false,
            charging: true,
            leaders: 2,
        };
        let archer = Attacker {
            strength: 3,
            archer: true,
            charging: false,
            leaders: 0,
        };
        assert_eq!(
            attack_strength(&[knight], Attack::Melee),
            6,
            "4 + 2 charge, leader not added"
        );
        assert_eq!(attack_strength(&[archer], Attack::Melee), 2);
        assert_eq!(attack_strength(&[archer], Attack::Fire), 3);
    }

    #[test]
    fn terrain_shifts_left_but_not_past_the_first_column() {
        assert_eq!(shifted(3, 1), 2);
        assert_eq!(shifted(0, 1), 0);
        assert_eq!(shifted(3, i32::MAX), 0);
        assert_eq!(shifted(3, -1), 3, "a negative shift moves nothing");
    }

    #[test]
    fn the_largest_strengths_do_not_wrap_to_the_opposite_odds() {
        // code.md 6: strength 2147483647 charging (+2) wrapped negative, clamped to 0: 1-3.
        let knight = Attacker {
            strength: i32::MAX,
            archer: false,
            charging: true,
            leaders: 0,
        };
        let total = attack_strength(&[knight, knight], Attack::Melee);
        assert_eq!(total, 2 * (i64::from(i32::MAX) + 2));
        assert_eq!(cols()[odds_column(total, 3, &cols())], "4-1");
        let led = Attacker {
            strength: i32::MAX,
            archer: false,
            charging: false,
            leaders: i64::from(i32::MAX),
        };
        let total = attack_strength(&[led], Attack::Melee);
        assert_eq!(cols()[odds_column(total, 3, &cols())], "4-1");
        assert_eq!(
            cols()[odds_column(3, i64::from(i32::MAX) * 4, &cols())],
            "1-3",
            "a huge defence is never 4-1 either"
        );
    }
}

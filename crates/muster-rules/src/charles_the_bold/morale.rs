//! The morale test (§7) and firing dice (§6, §16).

use muster_model::ListEntry;

/// A stand taking a morale test.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Test {
    /// Starting strength points (= starting morale) of the front stand.
    pub starting_sp: i32,
    /// Hits just taken.
    pub hits: i32,
    /// Permanent losses already taken.
    pub losses: i32,
    /// Disordered before the test.
    pub disordered: bool,
    /// A general attached.
    pub general: bool,
    /// The test follows shooting (at most 1 SP lost) rather than a lost melee (at most 2).
    pub shooting: bool,
    /// The stand lost the melee (for the 2 SP limit).
    pub lost_melee: bool,
}

/// What the test did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome {
    /// Adjusted morale.
    pub morale: i32,
    /// Whether the test was passed.
    pub passed: bool,
    /// Morale loss (roll minus adjusted morale, if positive).
    pub morale_loss: i32,
    /// Strength points lost.
    pub sp_lost: i32,
    /// The stand is disordered afterwards (always, §7.3).
    pub disordered: bool,
}

/// The adjusted morale (§7.0): starting SP, less the hits just taken, the permanent losses
/// and 1 if disordered, plus 1 with a general attached; never below 1.
pub fn adjusted_morale(t: &Test) -> i32 {
    // In i64: strength points, hits and losses are the file's (or the command line's) i32s.
    let wide = i64::from(t.starting_sp)
        - i64::from(t.hits)
        - i64::from(t.losses)
        - i64::from(t.disordered)
        + i64::from(t.general);
    i32::try_from(wide.max(1)).unwrap_or(i32::MAX)
}

/// Resolves a morale test with the given 1d6 roll.
pub fn test(t: &Test, roll: i32) -> Outcome {
    let morale = adjusted_morale(t);
    let passed = roll == 1 || (roll != 6 && roll <= morale);
    let morale_loss = if passed {
        0
    } else {
        roll.saturating_sub(morale)
            .max(if roll == 6 { 1 } else { 0 })
    };
    let cap = if t.shooting {
        1
    } else if t.lost_melee && morale_loss >= 2 {
        2
    } else {
        1
    };
    let mut sp_lost = morale_loss.min(cap);
    if t.disordered {
        sp_lost = sp_lost.max(1);
    }
    Outcome {
        morale,
        passed,
        morale_loss,
        sp_lost,
        disordered: true,
    }
}

/// Dice a stand throws when firing at a range band (`"4H"`): its strength points in that
/// rank plus the band's modifier, −1D6 for a rear rank (§6.1), −1D6 for each move before
/// firing and −1D6 if it will move after. `None` if the band is out of range.
pub fn fire_dice(
    entry: &ListEntry,
    rank: usize,
    band: &str,
    moves_before: i32,
    move_after: bool,
) -> Option<i32> {
    // In i64: the list's strength points (u32) and band modifiers (i32) are the file's.
    let sp = i64::from(*entry.sp_ranks().get(rank)?);
    let band_mod = i64::from(*entry.fire.get(band)?);
    let dice =
        sp + band_mod - i64::from(rank > 0) - i64::from(moves_before) - i64::from(move_after);
    Some(i32::try_from(dice.max(0)).unwrap_or(i32::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;
    use muster_model::{OrderClass, Provenance};

    #[test]
    fn section_7_2_example() {
        // 5 SP, one hit from archers: morale 4. A 3 passes (no loss, disordered); a 5 is a
        // morale loss of 1 and 1 SP; a 6 is a morale loss of 2 but shooting costs at most 1 SP.
        let t = Test {
            starting_sp: 5,
            hits: 1,
            losses: 0,
            disordered: false,
            general: false,
            shooting: true,
            lost_melee: false,
        };
        let three = test(&t, 3);
        assert_eq!(
            (three.morale, three.passed, three.sp_lost, three.disordered),
            (4, true, 0, true)
        );
        let five = test(&t, 5);
        assert_eq!((five.morale_loss, five.sp_lost), (1, 1));
        let six = test(&t, 6);
        assert_eq!((six.morale_loss, six.sp_lost), (2, 1));
        // §7.3: already disordered, a pass still costs 1 SP, and a 5 still only 1.
        let d = Test {
            disordered: true,
            ..t
        };
        assert_eq!(test(&d, 1).sp_lost, 1);
        assert_eq!(test(&d, 5).sp_lost, 1);
        // Adjusted morale never below 1; a 1 always passes.
        assert!(test(&Test { hits: 9, ..t }, 1).passed);
    }

    #[test]
    fn section_16_archers_at_four_hexes() {
        // Archers B: SS, Shot, Longbow; SP 4/4; 2H 0, 3H 0, 4H -2. At 4 hexes, at full
        // strength and not disordered: 2D6 with the front rank and 1D6 with the rear.
        let archers = ListEntry {
            id: "archers".into(),
            name: "Archers".into(),
            class: OrderClass::B,
            cat: vec!["SS".into(), "Sh".into(), "Longbow".into()],
            mp: "2".into(),
            sp: "4/4".into(),
            impact: 0,
            fire: [
                ("2H".to_string(), 0),
                ("3H".to_string(), 0),
                ("4H".to_string(), -2),
            ]
            .into_iter()
            .collect(),
            bp: 2,
            moves_and_fires: true,
            provenance: Provenance::Printed,
        };
        assert_eq!(fire_dice(&archers, 0, "4H", 0, false), Some(2));
        assert_eq!(fire_dice(&archers, 1, "4H", 0, false), Some(1));
        assert_eq!(fire_dice(&archers, 0, "6H", 0, false), None, "out of range");
    }
}

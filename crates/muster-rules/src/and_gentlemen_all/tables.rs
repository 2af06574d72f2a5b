//! The rules' tables as data: movement rates and fire ranges in inches (15 mm and, in
//! parentheses in the print, 25 mm), troop-rating and unit-type modifiers, and the
//! conversion of inches to hexes.
//!
//! Rounding (ours, the rules are written for a tape measure): a **movement** allowance
//! rounds *down* to whole hexes, at least 1, so a unit never moves farther than the rules
//! allow; a **range band** limit rounds to the *nearest* hex (halves up), at least 1, since
//! a band edge cuts both ways.

use muster_model::{FigureScale, FootKind, Formation, HorseKind, Regiment, Scale, TroopRating};

/// The unit types of the tables.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnitType {
    /// Foot (and dismounted dragoons).
    Foot,
    /// Horse (and mounted dragoons, cuirassiers, lancers).
    Horse,
    /// Light artillery.
    LightArtillery,
    /// Heavy artillery.
    HeavyArtillery,
}

impl UnitType {
    /// The table row for a unit kind id (`foot`, `horse`, `dragoons` …), given whether
    /// dragoons are mounted.
    pub fn of(kind: &str, mounted: bool) -> Option<UnitType> {
        match kind {
            "foot" => Some(UnitType::Foot),
            "horse" => Some(UnitType::Horse),
            "dragoons" if mounted => Some(UnitType::Horse),
            "dragoons" => Some(UnitType::Foot),
            "light-artillery" => Some(UnitType::LightArtillery),
            "heavy-artillery" => Some(UnitType::HeavyArtillery),
            _ => None,
        }
    }
}

/// §6 Basic movement rates in inches: (deployed, march column) for 15 mm, then 25 mm.
/// `None`: may not move in that formation (deployed heavy artillery).
pub fn movement_inches(t: UnitType, f: Formation, figures: FigureScale) -> Option<f32> {
    let (d15, m15, d25, m25) = match t {
        UnitType::Foot => (Some(6.0), 12.0, Some(9.0), 18.0),
        UnitType::Horse => (Some(9.0), 18.0, Some(14.0), 28.0),
        UnitType::LightArtillery => (Some(2.0), 12.0, Some(3.0), 18.0),
        UnitType::HeavyArtillery => (None, 12.0, None, 18.0),
    };
    match (f, figures) {
        (Formation::Deployed, FigureScale::Mm15) => d15,
        (Formation::Deployed, FigureScale::Mm25) => d25,
        (Formation::MarchColumn, FigureScale::Mm15) => Some(m15),
        (Formation::MarchColumn, FigureScale::Mm25) => Some(m25),
    }
}

/// §7 Fire ranges in inches: the upper limits of point blank, effective and long.
pub fn range_inches(t: UnitType, figures: FigureScale) -> [f32; 3] {
    let (r15, r25) = match t {
        UnitType::Foot => ([1.0, 4.0, 6.0], [2.0, 8.0, 12.0]),
        UnitType::Horse => ([1.0, 2.0, 3.0], [2.0, 4.0, 6.0]),
        UnitType::LightArtillery => ([2.0, 8.0, 16.0], [4.0, 16.0, 32.0]),
        UnitType::HeavyArtillery => ([2.0, 12.0, 24.0], [4.0, 24.0, 48.0]),
    };
    match figures {
        FigureScale::Mm15 => r15,
        FigureScale::Mm25 => r25,
    }
}

/// Movement allowance in hexes (rounded down, at least 1), or `None` if it cannot move.
pub fn movement_hexes(t: UnitType, f: Formation, scale: &Scale) -> Option<u32> {
    movement_inches(t, f, scale.figures).map(|i| ((i / scale.inches_per_hex).floor() as u32).max(1))
}

/// Range band limits in hexes (nearest, at least 1): point blank, effective, long.
pub fn range_hexes(t: UnitType, scale: &Scale) -> [u32; 3] {
    range_inches(t, scale.figures).map(|i| ((i / scale.inches_per_hex + 0.5).floor() as u32).max(1))
}

/// Where a modifier comes from: printed in the rules' tables or examples, or supplied.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// Printed (a table or a worked example).
    Printed,
    /// Not printed (the text refers to "+/- Unit Type" and "+/- Troop Rating" tables that
    /// are missing): supplied by us.
    Supplied,
}

/// Troop-rating modifier to the firer's or attacker's roll. Regular +1 and Veteran +2 are
/// printed in the §7 and §8 examples; Green 0 matches the target table's "+0 Green".
pub fn rating_combat(r: TroopRating) -> (i32, Source) {
    match r {
        TroopRating::Green => (0, Source::Supplied),
        TroopRating::Regular => (1, Source::Printed),
        TroopRating::Veteran => (2, Source::Printed),
    }
}

/// The target's troop-rating modifier in fire combat (§7 table: Green +0, Regular or Veteran +1).
pub fn rating_target(r: TroopRating) -> i32 {
    match r {
        TroopRating::Green => 0,
        TroopRating::Regular | TroopRating::Veteran => 1,
    }
}

/// Troop-rating modifier to morale tests and rallies. Regular −1 is printed in the §9
/// example; Green +1 and Veteran −2 are supplied.
pub fn rating_morale(r: TroopRating) -> (i32, Source) {
    match r {
        TroopRating::Green => (1, Source::Supplied),
        TroopRating::Regular => (-1, Source::Printed),
        TroopRating::Veteran => (-2, Source::Supplied),
    }
}

/// Unit-type modifiers (fire, melee). Balanced foot 0/0 (§7, §8 examples) and musket-heavy
/// foot −1 in melee (§8 example) are printed; the rest are supplied.
pub fn unit_type_modifiers(kind: &str, regiment: &Regiment) -> ((i32, i32), Source) {
    match (kind, regiment.foot, regiment.horse) {
        ("foot", Some(FootKind::Balanced), _) => ((0, 0), Source::Printed),
        ("foot", Some(FootKind::MusketHeavy), _) => ((1, -1), Source::Supplied),
        ("foot", Some(FootKind::PikeHeavy), _) => ((-1, 1), Source::Supplied),
        ("horse", Some(_), _) | ("horse", None, Some(HorseKind::Horse)) => {
            ((-1, 1), Source::Supplied)
        }
        ("horse", None, Some(HorseKind::Cuirassier)) => ((-1, 2), Source::Supplied),
        ("horse", None, Some(HorseKind::Lancer)) => ((-2, 2), Source::Supplied),
        ("dragoons", _, _) => ((0, -1), Source::Supplied),
        ("light-artillery", _, _) => ((1, -2), Source::Supplied),
        ("heavy-artillery", _, _) => ((2, -3), Source::Supplied),
        _ => ((0, 0), Source::Supplied),
    }
}

/// Stands a regiment of the kind may have (§3, §6): foot 3 ("pike heavy foot *may* have an
/// additional pike stand placed behind the first": 3 or 4), horse, dragoons and artillery 2.
pub fn allowed_stands(kind: &str, foot: Option<FootKind>) -> Option<&'static [u32]> {
    match (kind, foot) {
        ("foot", Some(FootKind::PikeHeavy)) => Some(&[3, 4]),
        ("foot", _) => Some(&[3]),
        ("horse" | "dragoons" | "light-artillery" | "heavy-artillery", _) => Some(&[2]),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scale(inches: f32, figures: FigureScale) -> Scale {
        Scale {
            inches_per_hex: inches,
            figures,
        }
    }

    #[test]
    fn movement_rounds_down_and_never_exceeds_the_rules() {
        let s = scale(2.0, FigureScale::Mm15);
        assert_eq!(
            movement_hexes(UnitType::Foot, Formation::Deployed, &s),
            Some(3),
            "6 inches"
        );
        assert_eq!(
            movement_hexes(UnitType::Horse, Formation::Deployed, &s),
            Some(4),
            "9 inches is 4.5 hexes: 4"
        );
        assert_eq!(
            movement_hexes(UnitType::Horse, Formation::MarchColumn, &s),
            Some(9),
            "18 inches"
        );
        assert_eq!(
            movement_hexes(UnitType::HeavyArtillery, Formation::Deployed, &s),
            None,
            "may not move"
        );
        assert_eq!(
            movement_hexes(
                UnitType::LightArtillery,
                Formation::Deployed,
                &scale(4.0, FigureScale::Mm15)
            ),
            Some(1),
            "2 inches at 4 a hex: at least 1"
        );
        assert_eq!(
            movement_hexes(
                UnitType::Foot,
                Formation::Deployed,
                &scale(3.0, FigureScale::Mm25)
            ),
            Some(3),
            "the 25 mm column: 9 inches"
        );
    }

    #[test]
    fn ranges_round_to_the_nearest_hex() {
        let s = scale(2.0, FigureScale::Mm15);
        assert_eq!(
            range_hexes(UnitType::Foot, &s),
            [1, 2, 3],
            "foot 0-1, 1-4, 4-6 inches"
        );
        assert_eq!(range_hexes(UnitType::HeavyArtillery, &s), [1, 6, 12]);
        assert_eq!(
            range_hexes(UnitType::Horse, &scale(4.0, FigureScale::Mm15)),
            [1, 1, 1],
            "at least one hex"
        );
    }

    #[test]
    fn printed_modifiers_are_marked_printed() {
        assert_eq!(rating_combat(TroopRating::Regular), (1, Source::Printed));
        assert_eq!(rating_morale(TroopRating::Regular), (-1, Source::Printed));
        assert_eq!(rating_morale(TroopRating::Green).1, Source::Supplied);
        assert_eq!(rating_target(TroopRating::Veteran), 1);
        // §6: the extra pike stand of pike-heavy foot is optional.
        assert_eq!(
            allowed_stands("foot", Some(FootKind::PikeHeavy)),
            Some(&[3, 4][..])
        );
        assert_eq!(
            allowed_stands("foot", Some(FootKind::Balanced)),
            Some(&[3][..])
        );
    }
}

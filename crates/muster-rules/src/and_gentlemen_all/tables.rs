//! The rules' tables as data: movement rates and fire ranges in inches (15 mm and, in
//! parentheses in the print, 25 mm), troop-rating and unit-type modifiers, and the
//! conversion of inches to hexes.
//!
//! Rounding (ours, the rules are written for a tape measure): a **movement** allowance
//! rounds *down* to whole hexes, so a unit never moves farther than the rules allow (an
//! allowance under one hex is 0: it cannot move a whole hex); a **range band** limit rounds
//! to the *nearest* hex (halves up), at least 1, since a band edge cuts both ways. Where
//! that makes two band limits equal, a band has no hex of its own at that scale (horse at 2
//! inches a hex: [1, 1, 2], no effective band): [`collapsed_bands`] names it and AG211
//! reports it.

use super::fields::{
    Cover, FigureScale, FootKind, Formation, HorseKind, Regiment, Scale, TroopRating,
};
use crate::and_gentlemen_all::vocabulary::{features, terrain};

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
    /// The row's name in the tables ("light artillery").
    pub fn name(self) -> &'static str {
        match self {
            UnitType::Foot => "foot",
            UnitType::Horse => "horse",
            UnitType::LightArtillery => "light artillery",
            UnitType::HeavyArtillery => "heavy artillery",
        }
    }

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

/// §9's "+3 Enemy foot or horse behind flank and within 4" (6")": the distance in inches,
/// 4 for 15 mm and 6 for 25 mm.
pub fn behind_flank_inches(figures: FigureScale) -> f32 {
    match figures {
        FigureScale::Mm15 => 4.0,
        FigureScale::Mm25 => 6.0,
    }
}

/// §9's behind-flank distance in hexes at the scenario's scale, rounded to the nearest hex
/// and at least one, as the fire ranges are ([`range_hexes`]; ours).
pub fn behind_flank_hexes(scale: &Scale) -> u32 {
    ((behind_flank_inches(scale.figures) / scale.inches_per_hex + 0.5).floor() as u32).max(1)
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

/// Movement allowance in whole hexes, rounded down (ours: a unit never moves farther than
/// the rules allow, so an allowance under one hex is 0: deployed light artillery's 2 inches
/// at 3 or 4 inches a hex), or `None` if the rules forbid the move (deployed heavy
/// artillery).
pub fn movement_hexes(t: UnitType, f: Formation, scale: &Scale) -> Option<u32> {
    movement_inches(t, f, scale.figures).map(|i| (i / scale.inches_per_hex).floor() as u32)
}

/// Range band limits in hexes (nearest, at least 1): point blank, effective, long.
pub fn range_hexes(t: UnitType, scale: &Scale) -> [u32; 3] {
    range_inches(t, scale.figures).map(|i| ((i / scale.inches_per_hex + 0.5).floor() as u32).max(1))
}

/// The bands that have no hex of their own at the scale (a limit no greater than the one
/// before it): "effective", "long".
pub fn collapsed_bands(t: UnitType, scale: &Scale) -> Vec<&'static str> {
    let r = range_hexes(t, scale);
    let mut out = Vec::new();
    if r[1] <= r[0] {
        out.push("effective");
    }
    if r[2] <= r[1] {
        out.push("long");
    }
    out
}

/// The cover class §7 prints for a terrain of the ruleset: "Light Cover (woods, hedges)",
/// "Medium Cover (buildings, stone walls)", "Heavy Cover (earthwork, fortification)";
/// `Some(None)` for open ground (ours: it is in no cover class); `None` where the text
/// names no class (fields, marsh, slopes, streams).
pub fn printed_cover(terrain: &str) -> Option<Option<Cover>> {
    match terrain {
        terrain::WOODS | features::HEDGE => Some(Some(Cover::Light)),
        terrain::VILLAGE | features::STONE_WALL => Some(Some(Cover::Medium)),
        terrain::EARTHWORK => Some(Some(Cover::Heavy)),
        terrain::OPEN => Some(None),
        _ => None,
    }
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

/// Unit-type modifiers: (fire, melee), each with where it comes from. Balanced foot 0 in
/// fire (§7 example) and in melee (§8 example) and musket-heavy foot −1 in melee (§8
/// example: "a regular (+1) musket heavy foot unit (-1)") are printed; the rest are
/// supplied (the text refers to a unit-type table it does not print).
pub fn unit_type_modifiers(kind: &str, regiment: &Regiment) -> ((i32, Source), (i32, Source)) {
    use Source::{Printed, Supplied};
    match (kind, regiment.foot, regiment.horse) {
        ("foot", Some(FootKind::Balanced), _) => ((0, Printed), (0, Printed)),
        ("foot", Some(FootKind::MusketHeavy), _) => ((1, Supplied), (-1, Printed)),
        ("foot", Some(FootKind::PikeHeavy), _) => ((-1, Supplied), (1, Supplied)),
        ("horse", Some(_), _) | ("horse", None, Some(HorseKind::Horse)) => {
            ((-1, Supplied), (1, Supplied))
        }
        ("horse", None, Some(HorseKind::Cuirassier)) => ((-1, Supplied), (2, Supplied)),
        ("horse", None, Some(HorseKind::Lancer)) => ((-2, Supplied), (2, Supplied)),
        ("dragoons", _, _) => ((0, Supplied), (-1, Supplied)),
        ("light-artillery", _, _) => ((1, Supplied), (-2, Supplied)),
        ("heavy-artillery", _, _) => ((2, Supplied), (-3, Supplied)),
        _ => ((0, Supplied), (0, Supplied)),
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

    fn balanced() -> super::super::fields::Regiment {
        super::super::fields::Regiment {
            stands: 3,
            foot: Some(FootKind::Balanced),
            horse: None,
            rating: TroopRating::Regular,
            formation: Formation::Deployed,
            mounted: None,
            command: "centre".into(),
        }
    }

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
            Some(0),
            "2 inches at 4 a hex: less than a hex, so not a whole hex (never farther than the rules)"
        );
        assert_eq!(
            movement_hexes(
                UnitType::LightArtillery,
                Formation::Deployed,
                &scale(3.0, FigureScale::Mm15)
            ),
            Some(0),
            "2 inches at 3 a hex"
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
        assert_eq!(
            range_hexes(UnitType::Horse, &s),
            [1, 1, 2],
            "horse 0-1, 1-2, 2-3 inches at 2 a hex"
        );
        assert_eq!(collapsed_bands(UnitType::Horse, &s), vec!["effective"]);
        assert!(collapsed_bands(UnitType::Foot, &s).is_empty());
    }

    #[test]
    fn printed_modifiers_are_marked_printed() {
        assert_eq!(rating_combat(TroopRating::Regular), (1, Source::Printed));
        assert_eq!(rating_morale(TroopRating::Regular), (-1, Source::Printed));
        assert_eq!(rating_morale(TroopRating::Green).1, Source::Supplied);
        assert_eq!(rating_target(TroopRating::Veteran), 1);
        // §8 example: "a regular (+1) musket heavy foot unit (-1)".
        let musket_heavy = super::super::fields::Regiment {
            foot: Some(FootKind::MusketHeavy),
            ..balanced()
        };
        let ((_, fire), melee) = unit_type_modifiers("foot", &musket_heavy);
        assert_eq!(melee, (-1, Source::Printed));
        assert_eq!(fire, Source::Supplied);
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

//! §10 Army morale: the morale number is two thirds of the foot and horse/dragoon
//! regiments (artillery excluded, dragoons counted once), rounded up; the army is
//! demoralised after losses of one third of it and shattered after one half (rounded up).

/// The army morale figures.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ArmyMorale {
    /// Regiments counted (foot + horse/dragoons).
    pub regiments: u32,
    /// The morale number.
    pub number: u32,
    /// Losses at which the army is demoralised.
    pub demoralised_at: u32,
    /// Losses at which the army is shattered.
    pub shattered_at: u32,
}

fn ceil_div(a: u32, b: u32) -> u32 {
    a.div_ceil(b)
}

/// Figures for an army (or a command) of `regiments` foot and horse/dragoon regiments.
pub fn army_morale(regiments: u32) -> ArmyMorale {
    // 2 × regiments / 3 is below u32::MAX whatever the count; the product is not.
    let number = u32::try_from((2 * u64::from(regiments)).div_ceil(3)).unwrap_or(u32::MAX);
    ArmyMorale {
        regiments,
        number,
        demoralised_at: ceil_div(number, 3),
        shattered_at: ceil_div(number, 2),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn section_10_example_thirty_regiments() {
        // 20 foot + 10 horse/dragoon regiments: morale number 20, demoralised after 7 losses.
        let m = super::army_morale(30);
        assert_eq!((m.number, m.demoralised_at, m.shattered_at), (20, 7, 10));
        assert_eq!(
            super::army_morale(10).number,
            7,
            "two thirds of 10 is 6.67, rounded up"
        );
    }
}

//! The words of A la Charge's ruleset (`rulesets/a-la-charge.ruleset.ron`) that its rules read:
//! each written once here, and rule code uses the constant. `tests/vocabulary.rs` holds
//! every word against the bundled ruleset and scans this folder for any other literal of
//! the ruleset's vocabulary, so a typo on either side fails a test instead of silently
//! reading `false`.

/// Terrain ids (`terrain[].id`).
pub mod terrain {
    /// `bridge`.
    pub const BRIDGE: &str = "bridge";
    /// `building`.
    pub const BUILDING: &str = "building";
    /// `hill`.
    pub const HILL: &str = "hill";
    /// `hilltop`.
    pub const HILLTOP: &str = "hilltop";
    /// `river`.
    pub const RIVER: &str = "river";
    /// `slope`.
    pub const SLOPE: &str = "slope";
    /// Every word above.
    pub const ALL: &[&str] = &[BRIDGE, BUILDING, HILL, HILLTOP, RIVER, SLOPE];
}

/// Hexside feature ids (`hexside_features[].id`).
pub mod features {
    /// `bridge`.
    pub const BRIDGE: &str = "bridge";
    /// Every word above.
    pub const ALL: &[&str] = &[BRIDGE];
}

/// Path kinds (`paths[].id`).
pub mod paths {
    /// `road`.
    pub const ROAD: &str = "road";
    /// Every word above.
    pub const ALL: &[&str] = &[ROAD];
}

/// Variant options (`options[].id`).
pub mod options {
    /// `hills-block-fire`.
    pub const HILLS_BLOCK_FIRE: &str = "hills-block-fire";
    /// `saint-albans`.
    pub const SAINT_ALBANS: &str = "saint-albans";
    /// Every word above.
    pub const ALL: &[&str] = &[HILLS_BLOCK_FIRE, SAINT_ALBANS];
}

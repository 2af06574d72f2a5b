//! The words of And Gentlemen All's ruleset (`rulesets/and-gentlemen-all.ruleset.ron`) that its rules read:
//! each written once here, and rule code uses the constant. `tests/vocabulary.rs` holds
//! every word against the bundled ruleset and scans this folder for any other literal of
//! the ruleset's vocabulary, so a typo on either side fails a test instead of silently
//! reading `false`.

/// Terrain ids (`terrain[].id`).
pub mod terrain {
    /// `earthwork`.
    pub const EARTHWORK: &str = "earthwork";
    /// `open`.
    pub const OPEN: &str = "open";
    /// `village`.
    pub const VILLAGE: &str = "village";
    /// `woods`.
    pub const WOODS: &str = "woods";
    /// Every word above.
    pub const ALL: &[&str] = &[EARTHWORK, OPEN, VILLAGE, WOODS];
}

/// Hexside feature ids (`hexside_features[].id`).
pub mod features {
    /// `hedge`.
    pub const HEDGE: &str = "hedge";
    /// `stone-wall`.
    pub const STONE_WALL: &str = "stone-wall";
    /// Every word above.
    pub const ALL: &[&str] = &[HEDGE, STONE_WALL];
}

/// Path kinds (`paths[].id`).
pub mod paths {
    /// `road`.
    pub const ROAD: &str = "road";
    /// Every word above.
    pub const ALL: &[&str] = &[ROAD];
}

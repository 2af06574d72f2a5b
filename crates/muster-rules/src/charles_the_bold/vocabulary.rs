//! The words of Charles the Bold's ruleset (`rulesets/charles-the-bold.ruleset.ron`) that its rules read:
//! each written once here, and rule code uses the constant. `tests/vocabulary.rs` holds
//! every word against the bundled ruleset and scans this folder for any other literal of
//! the ruleset's vocabulary, so a typo on either side fails a test instead of silently
//! reading `false`.

/// Terrain ids (`terrain[].id`).
pub mod terrain {
    /// `hillside`.
    pub const HILLSIDE: &str = "hillside";
    /// `hilltop`.
    pub const HILLTOP: &str = "hilltop";
    /// `town`.
    pub const TOWN: &str = "town";
    /// `woods`.
    pub const WOODS: &str = "woods";
    /// Every word above.
    pub const ALL: &[&str] = &[HILLSIDE, HILLTOP, TOWN, WOODS];
}

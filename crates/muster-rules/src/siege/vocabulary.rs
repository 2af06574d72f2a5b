//! The words of Siege's ruleset (`rulesets/siege.ruleset.ron`) that its rules read:
//! each written once here, and rule code uses the constant. `tests/vocabulary.rs` holds
//! every word against the bundled ruleset and scans this folder for any other literal of
//! the ruleset's vocabulary, so a typo on either side fails a test instead of silently
//! reading `false`.

/// Traits of terrain types (`terrain[].traits`).
pub mod traits {
    /// `battlement`.
    pub const BATTLEMENT: &str = "battlement";
    /// `building`.
    pub const BUILDING: &str = "building";
    /// `corner`.
    pub const CORNER: &str = "corner";
    /// `courtyard`.
    pub const COURTYARD: &str = "courtyard";
    /// `doorway`.
    pub const DOORWAY: &str = "doorway";
    /// `gateway`.
    pub const GATEWAY: &str = "gateway";
    /// `keep`.
    pub const KEEP: &str = "keep";
    /// `moat`.
    pub const MOAT: &str = "moat";
    /// `raised`.
    pub const RAISED: &str = "raised";
    /// `scrub`.
    pub const SCRUB: &str = "scrub";
    /// `slope`.
    pub const SLOPE: &str = "slope";
    /// `stairway`.
    pub const STAIRWAY: &str = "stairway";
    /// `steep`.
    pub const STEEP: &str = "steep";
    /// `tall`.
    pub const TALL: &str = "tall";
    /// `tent`.
    pub const TENT: &str = "tent";
    /// `tower`.
    pub const TOWER: &str = "tower";
    /// `trees`.
    pub const TREES: &str = "trees";
    /// `trench`.
    pub const TRENCH: &str = "trench";
    /// `wall`.
    pub const WALL: &str = "wall";
    /// `window`.
    pub const WINDOW: &str = "window";
    /// Every word above.
    pub const ALL: &[&str] = &[
        BATTLEMENT, BUILDING, CORNER, COURTYARD, DOORWAY, GATEWAY, KEEP, MOAT, RAISED, SCRUB,
        SLOPE, STAIRWAY, STEEP, TALL, TENT, TOWER, TREES, TRENCH, WALL, WINDOW,
    ];
}

/// Traits of hexside features (`hexside_features[].traits`).
pub mod side_traits {
    /// `battlement`.
    pub const BATTLEMENT: &str = "battlement";
    /// `lip`.
    pub const LIP: &str = "lip";
    /// `slit`.
    pub const SLIT: &str = "slit";
    /// `wall`.
    pub const WALL: &str = "wall";
    /// Every word above.
    pub const ALL: &[&str] = &[BATTLEMENT, LIP, SLIT, WALL];
}

/// Hexside feature ids (`hexside_features[].id`).
pub mod features {
    /// `door`.
    pub const DOOR: &str = "door";
    /// `wall`.
    pub const WALL: &str = "wall";
    /// `window`.
    pub const WINDOW: &str = "window";
    /// Every word above.
    pub const ALL: &[&str] = &[DOOR, WALL, WINDOW];
}

/// Marker kinds (`markers[].id`).
pub mod markers {
    /// `damage`.
    pub const DAMAGE: &str = "damage";
    /// `destroyed`.
    pub const DESTROYED: &str = "destroyed";
    /// `drawbridge-up`.
    pub const DRAWBRIDGE_UP: &str = "drawbridge-up";
    /// `filled-moat`.
    pub const FILLED_MOAT: &str = "filled-moat";
    /// `fire`.
    pub const FIRE: &str = "fire";
    /// `oil`.
    pub const OIL: &str = "oil";
    /// `panic`.
    pub const PANIC: &str = "panic";
    /// `ransom`.
    pub const RANSOM: &str = "ransom";
    /// `rout`.
    pub const ROUT: &str = "rout";
    /// `rubble`.
    pub const RUBBLE: &str = "rubble";
    /// Every word above.
    pub const ALL: &[&str] = &[
        DAMAGE,
        DESTROYED,
        DRAWBRIDGE_UP,
        FILLED_MOAT,
        FIRE,
        OIL,
        PANIC,
        RANSOM,
        ROUT,
        RUBBLE,
    ];
}

/// Words of a marker's `on` list (`markers[].on`) other than terrain traits.
pub mod marker_on {
    /// `engine`: a hex a siege engine stands on.
    pub const ENGINE: &str = "engine";
    /// Every word above.
    pub const ALL: &[&str] = &[ENGINE];
}

/// Variant options (`options[].id`).
pub mod options {
    /// `aiming`.
    pub const AIMING: &str = "aiming";
    /// `command-control`.
    pub const COMMAND_CONTROL: &str = "command-control";
    /// `extension-sets`.
    pub const EXTENSION_SETS: &str = "extension-sets";
    /// `panic-and-rout`.
    pub const PANIC_AND_ROUT: &str = "panic-and-rout";
    /// `ransom`.
    pub const RANSOM: &str = "ransom";
    /// `vikings-slopes`.
    pub const VIKINGS_SLOPES: &str = "vikings-slopes";
    /// Every word above.
    pub const ALL: &[&str] = &[
        AIMING,
        COMMAND_CONTROL,
        EXTENSION_SETS,
        PANIC_AND_ROUT,
        RANSOM,
        VIKINGS_SLOPES,
    ];
}

/// Traits of unit kinds (`unit_kinds[].traits`).
pub mod unit_traits {
    /// `crossbow`.
    pub const CROSSBOW: &str = "crossbow";
    /// `knight`.
    pub const KNIGHT: &str = "knight";
    /// `longbow`.
    pub const LONGBOW: &str = "longbow";
    /// `sergeant`.
    pub const SERGEANT: &str = "sergeant";
    /// `shortbow`.
    pub const SHORTBOW: &str = "shortbow";
    /// Every word above.
    pub const ALL: &[&str] = &[CROSSBOW, KNIGHT, LONGBOW, SERGEANT, SHORTBOW];
}

/// Piece ids (`pieces[].id`).
pub mod pieces {
    /// `cart`.
    pub const CART: &str = "cart";
    /// Every word above.
    pub const ALL: &[&str] = &[CART];
}

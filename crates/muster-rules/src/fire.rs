//! The shape of a line-of-fire question and answer, the same for every system. Which
//! system answers is the system table's business ([`crate::system`]).

use muster_hex::Hex;

/// One end of a line: a hex, and whether on the upper level of a siege tower there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FireEnd {
    /// The hex.
    pub hex: Hex,
    /// On a siege tower's upper level (Siege; ignored elsewhere).
    pub upper: bool,
}

impl FireEnd {
    /// At ground (or battlement) level.
    pub fn at(hex: Hex) -> FireEnd {
        FireEnd { hex, upper: false }
    }
}

/// The answer, in the same shape for every system.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineOfFire {
    /// Whether the shot is possible.
    pub clear: bool,
    /// The target's cover or defensive terrain, where the system has one.
    pub cover: Option<String>,
    /// The cover protects from one side only (Siege corners, gateways, doorways).
    pub one_sided: bool,
    /// The face that one-sided cover protects (Siege: "the outer side of 0605", "the wall
    /// of 0606 facing 0605"): shooters at one face give the owner no choice (3.28, 3.29).
    pub face: Option<String>,
    /// The hexes of the line, both ends included.
    pub path: Vec<Hex>,
    /// Levels of the two ends (Siege).
    pub levels: Option<(i32, i32)>,
    /// What each hex or hexside did, where the system explains step by step.
    pub steps: Vec<String>,
    /// The verdict in one sentence.
    pub reason: String,
    /// The range used, where the system checks it: (distance in hexes, the shooter's
    /// range). A shot beyond the range is not clear.
    pub range: Option<(u32, u32)>,
    /// Hexes between the ends that an owner's choice or a hidden unit may hold, in a
    /// system where those who stand between block the line: the verdict assumes them
    /// empty. Filled in by the system table.
    pub uncertain: Vec<Hex>,
}

//! The answer of the line-of-fire tool, kept to be shown: the canvas draws it as a line
//! from the shooter's hex to the target's, and the inspector lists what each hex and
//! hexside of it did. The answer itself comes from the library (`muster_rules`).

use muster_hex::Hex;

/// One line of fire asked with the tool.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shot {
    /// The shooter's hex.
    pub from: Hex,
    /// The target's hex.
    pub to: Hex,
    /// Whether the shot is possible.
    pub clear: bool,
    /// The verdict in one sentence, or why the system cannot answer.
    pub reason: String,
    /// The hexes of the line, both ends included.
    pub path: Vec<Hex>,
    /// What each hex or hexside of the line did, in order (only those that did something).
    pub steps: Vec<String>,
    /// Hexes a hidden unit or an owner's choice may fill, which the verdict assumes empty.
    pub uncertain: Vec<Hex>,
}

impl Shot {
    /// The heading the inspector shows: "0604 → 0707: clear" (the reason gives the cover).
    pub fn heading(&self, printed: impl Fn(Hex) -> String) -> String {
        format!(
            "{} → {}: {}",
            printed(self.from),
            printed(self.to),
            if self.clear { "clear" } else { "blocked" }
        )
    }
}

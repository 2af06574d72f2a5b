//! CB313 — a general sets up in an enemy stand's hex (§2.1).

use super::super::cite;
use crate::diagnostic::Diagnostic;
use crate::general_among_enemy::{run as check, Words};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;

/// `CB313`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("CB313", "general-among-enemy", "charles-the-bold", "A general sets up in a hex an enemy stand holds.",
        "No general is set up in a hex that a stand of the other side certainly holds. Read through the placement model: a general alone on his line's one hex is there, so it is an error; a general whose line leaves the owner a choice is warned about the enemy's hexes to avoid, and an error only when every hex of his line holds an enemy stand. The mirror case: an owner's choice of stands that may take a hex an enemy general certainly holds is warned to avoid it (an error when it can take no other).",
        "\"Commanders can be in a hex by themselves. If an enemy stand enters the hex the commander will move to the nearest stand of his command\": a general never stays in a hex with an enemy stand, so a set-up that puts him in one cannot be played.",
        "The Burgundian general set up in 0505 while an English stand is set up in 0505.",
        "Charles the Bold §2.1 Moving Commanders."),
    run,
};

/// The check's words: its code, rule and what the system calls a fighting unit.
pub(crate) fn words() -> Words {
    Words {
        code: CHECK.doc.code,
        rule: cite("§2.1"),
        unit: "stand",
        help: "a general never stays in a hex with an enemy stand (§2.1): set him up alone or with a stand of his side",
    }
}

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    check(s, out, &words());
}

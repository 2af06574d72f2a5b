//! AG214 — a general sets up in an enemy regiment's hex (ours, from §6).

use super::super::cite;
use crate::diagnostic::Diagnostic;
use crate::general_among_enemy::{run as check, Words};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;

/// `AG214`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("AG214", "general-among-enemy", "and-gentlemen-all", "A general sets up in a hex an enemy regiment holds.",
        "No general is set up in a hex that a regiment of the other side certainly holds; a general may share a hex with a regiment of his own side (AG212). Read through the placement model: a general alone on his line's one hex is there, so it is an error; a general whose line leaves the owner a choice is warned about the enemy's hexes to avoid, and an error only when every hex of his line holds an enemy regiment. The mirror case: an owner's choice of regiments that may take a hex an enemy general certainly holds is warned to avoid it (an error when it can take no other).",
        "The text has no general counters (the general kind is ours: a general marks where a command's commander stands), so it says nothing of where one may stand. Ours, from §6: \"No unit may ever move through a friendly or enemy unit. Units must either move around friendly units or halt upon contact\": enemies meet in contact, never in one place, and a commander among the enemy's ranks would be taken, not commanding. Charles the Bold prints the same for its commanders (§2.1 there: a commander never stays in a hex with an enemy stand); a general with his own side's regiment is where commanders stood.",
        "The King's general Lord Ashby set up in 0812, where Parliament's Blue Regiment stands.",
        "And Gentlemen All §6 Moving through other units (ours: the text has no general counters)."),
    run,
};

/// The check's words: its code, rule and what the system calls a fighting unit.
pub(crate) fn words() -> Words {
    Words {
        code: CHECK.doc.code,
        rule: cite("§6"),
        unit: "regiment",
        help: "a general never stands among the enemy (ours, from §6: enemies meet in contact, not in one place): set him up alone or with a regiment of his side",
    }
}

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    check(s, out, &words());
}

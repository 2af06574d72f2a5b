//! SI412 — A character sets up in a hex on fire.

use super::super::cite;
use super::super::field::Field;
use super::support::*;
use crate::diagnostic::Diagnostic;
use crate::placement::Line;
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;
use crate::siege::vocabulary::markers;
use muster_hex::Hex;

/// `SI412`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("SI412", "character-in-fire", "siege", "A character sets up in a hex on fire.",
        "No character's hex (or a horse's second hex) has a fire marker. Set-up lines are read through the placement model: a line that fills its hexes is judged at each (an error per hex); an owner's choice is an error only when no legal arrangement exists, else a warning naming the hexes to avoid.",
        "\"Once a hex is on fire it becomes impassable\"; a character caught in it must leave at once or be wounded.",
        "A fire marker on 0608 and an archer set up there.",
        "Siege 3.54."),
    run: fire,
};

/// Why a character of `line` may not stand on `h`: his hex (or his horse's second hex) is
/// on fire. The arrangement avoids it too (the system's `stand_rule`).
pub(crate) fn why_not(f: &Field, line: &Line, unit: usize, h: Hex) -> Option<String> {
    [h].into_iter()
        .chain(mounted_tail(f.s, line, unit, h))
        .find(|x| f.marked(*x, markers::FIRE))
        .map(|x| about(f.s, h, x, "on fire"))
}

fn fire(s: &Scenario, out: &mut Vec<Diagnostic>) {
    let f = Field::new(s);
    out.extend(judge_lines(
        s,
        CHECK.doc.code,
        &cite("3.54"),
        |line, unit, h| why_not(&f, line, unit, h),
    ));
}

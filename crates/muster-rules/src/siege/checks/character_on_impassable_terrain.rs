//! SI418 — A character sets up where nobody can stand.

use super::super::cite;
use super::super::field::Field;
use super::support::*;
use crate::diagnostic::Diagnostic;
use crate::placement::Line;
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;
use muster_hex::Hex;

/// `SI418`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("SI418", "character-on-impassable-terrain", "siege", "A character sets up where nobody can stand.",
        "No character (nor a mounted character's second hex) is set up on terrain that cannot be entered (a solid castle wall), unless rubble lies there. Set-up lines are read through the placement model: a line that fills its hexes is judged at each (an error per hex); an owner's choice is an error only when no legal arrangement exists, else a warning naming the hexes to avoid.",
        "A hex nobody may enter cannot hold anybody at the start either; a demolished wall becomes passable (2.33).",
        "A crossbowman set up on a castle-wall hex.",
        "Siege 2.33, 3.1; the castle wall's being impassable is ours (section 1 is missing)."),
    run: impassable,
};

/// Why a character of `line` may not stand on `h`: his hex (or his horse's second hex) is
/// terrain nobody can stand on. The arrangement avoids it too (the system's `stand_rule`).
pub(crate) fn why_not(f: &Field, line: &Line, unit: usize, h: Hex) -> Option<String> {
    let s = f.s;
    [h].into_iter()
        .chain(mounted_tail(s, line, unit, h))
        .find_map(|x| {
            let t = f.terrain(x)?;
            (t.mp.is_none() && !f.demolished(x) && s.world.grid.contains(x)).then(|| {
                about(
                    s,
                    h,
                    x,
                    &format!("{}, where nobody can stand", t.name.to_lowercase()),
                )
            })
        })
}

fn impassable(s: &Scenario, out: &mut Vec<Diagnostic>) {
    let f = Field::new(s);
    out.extend(judge_lines(
        s,
        CHECK.doc.code,
        &cite("2.33, 3.1; which terrain nobody may enter is the ruleset's, and that the solid castle wall cannot be entered is ours (section 1 is missing)"),
        |line, unit, h| why_not(&f, line, unit, h),
    ));
}

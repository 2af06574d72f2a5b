//! What several Siege checks share: where a horse may not stand, a mounted character's
//! second hex, judging the set-up lines the field does not lay out, marker hexes, options.

use super::super::cite;
use super::super::field::Field;
use crate::diagnostic::Diagnostic;
use crate::placement::{Line, Stakes};
use crate::scenario::Scenario;
use crate::siege::vocabulary::{markers, traits, unit_traits};
use muster_hex::Hex;

/// Why a horse may not stand on a hex, if it may not.
pub(super) fn horse_ban(f: &Field, h: Hex) -> Option<String> {
    if f.marked(h, markers::FILLED_MOAT) {
        return Some("a filled moat, impassable to horses".into());
    }
    if f.demolished(h) {
        return Some("rubble, impassable to horses".into());
    }
    if let Some(p) = f.pieces_at(h).find(|p| !p.def.animal) {
        return Some(format!(
            "the hex of a {}, closed to horses",
            p.def.name.to_lowercase()
        ));
    }
    let t = f.terrain(h)?;
    if t.no_horses {
        return Some(format!("{}, impassable to horses", t.name.to_lowercase()));
    }
    if t.has(traits::TRENCH) {
        return Some("a trench, where horses cannot stop".into());
    }
    None
}

/// A character certainly somewhere, by name (or its line's side when the line mixes types).
pub(super) fn o_name(s: &Scenario, o: crate::placement::Holder) -> String {
    match o.unit {
        Some(u) => format!("`{}`", s.file.sides[o.side].units[u].id),
        None if o.side_sure => format!("a character of {}", s.file.sides[o.side].name),
        // Lines of both sides may swap there.
        None => "a character".to_string(),
    }
}

/// Collisions the field's own pairwise check cannot see, because a line involved is not
/// laid out character by character: an owner's choice, several unit types filling a
/// stretch, a line with more characters than hexes (one character a hex, 2.46).
pub(super) fn line_collisions(s: &Scenario, code: &'static str, out: &mut Vec<Diagnostic>) {
    use crate::collision_report::{report_collisions, Finding, OneAHex};
    use crate::placement::Collision;
    let laid_out = |l: usize| {
        let line = s.placements.line(l);
        line.laid_out() && !line.hidden()
    };
    let finding = Some(Finding {
        code,
        help: Some("one character a hex; in a siege tower one a level (`level: Lower` / `Upper`)"),
    });
    out.extend(report_collisions(
        s,
        &OneAHex {
            shared: finding,
            overfull: finding,
            squeezed: finding,
            noun: ("character", "characters"),
            must: "share",
            rule: &cite("2.46"),
        },
        |c| match c {
            Collision::Shared { lines, .. } => !lines.iter().all(|l| laid_out(*l)),
            Collision::Overfull { line } => s.placements.line(*line).hexes.len() > 1,
            Collision::Squeezed { .. } => true,
        },
    ));
}

/// A mounted character's second hex when set up at `h` on `line` (3.31).
pub(super) fn mounted_tail(s: &Scenario, line: &Line, unit: usize, h: Hex) -> Option<Hex> {
    if !s.unit(line.side, unit).1.is_some_and(|k| k.mounted) {
        return None;
    }
    line.facing
        .map(|d| d.opposite().step(h, s.world.grid.orientation()))
}

/// Judges every set-up line on the map by a per-hex rule, through the placement model's
/// one semantics: a line that fills its hexes, an error per forbidden hex; an owner's
/// choice, an error when no legal arrangement exists, a warning naming the hexes to avoid.
/// A per-hex reason about the character's own hex (`what` as is) or about his horse's
/// second hex ("the horse's second hex 0508 is …").
pub(super) fn about(s: &Scenario, own: Hex, x: Hex, what: &str) -> String {
    if x == own {
        what.to_string()
    } else {
        format!(
            "the horse's second hex {} is {what}",
            s.world.grid.to_printed(x)
        )
    }
}

pub(super) fn judge_lines(
    s: &Scenario,
    code: &'static str,
    rule: &str,
    why_not: impl Fn(&Line, usize, Hex) -> Option<String>,
) -> Vec<Diagnostic> {
    judge_where(s, code, rule, |_| true, why_not)
}

/// [`judge_lines`] for the lines `which` keeps.
pub(super) fn judge_where(
    s: &Scenario,
    code: &'static str,
    rule: &str,
    which: impl Fn(&Line) -> bool,
    why_not: impl Fn(&Line, usize, Hex) -> Option<String>,
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let p = &s.placements;
    let verdicts = s.judge_all(
        |li| which(p.line(li)),
        |li, unit, h| why_not(p.line(li), unit, h),
    );
    for (i, verdict) in verdicts {
        let l = p.line(i);
        out.extend(verdict.report(s, i, code, rule, Stakes::Forbidden, |m| {
            format!(
                "{} is set up in {}: {}",
                s.file.sides[l.side].units[m.unit].id,
                s.world.grid.to_printed(m.hex),
                m.why
            )
        }));
    }
    out
}

pub(super) fn marker_hex(s: &Scenario, i: usize) -> Option<Hex> {
    let h = s
        .world
        .grid
        .from_printed(s.file.markers[i].hex.as_str())
        .ok()?;
    s.world.grid.contains(h).then_some(h)
}

pub(super) fn option(s: &Scenario, id: &str) -> bool {
    s.file.options.iter().any(|o| o == id)
}

pub(super) const SHOOTERS: [&str; 3] = [
    unit_traits::CROSSBOW,
    unit_traits::SHORTBOW,
    unit_traits::LONGBOW,
];

//! Checks on characters: horses' terrain (3.32), stacking by level (2.46), fire hexes
//! (3.54), who may mount (3.33, 5.13).

use super::super::cite;
use super::super::field::{positioned, Character, Field};
use crate::diagnostic::{Diagnostic, Location};
use crate::placement::Line;
use crate::placement::Stakes;
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;
use muster_hex::Hex;
use muster_model::Level;

/// Why a horse may not stand on a hex, if it may not.
fn horse_ban(f: &Field, h: Hex) -> Option<String> {
    if f.marked(h, "filled-moat") {
        return Some("a filled moat, impassable to horses".into());
    }
    if f.marked(h, "rubble") {
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
    if t.has("trench") {
        return Some("a trench, where horses cannot stop".into());
    }
    None
}

/// `SI406`.
pub const HORSES: ScenarioCheck = ScenarioCheck {
    doc: doc!("SI406", "horse-terrain", "siege", "A horse stands where horses cannot go.",
        "No hex of a mounted character, riderless horse, mule or draft animal is battlement, stairway, doorway, building, tower or keep interior, moat (filled or not), rubble, trees, tent, or a siege engine's hex, and none ends on a trench. Set-up lines are read through the placement model: a line that fills its hexes is judged at each (an error per hex); an owner's choice is an error only when no legal arrangement exists, else a warning naming the hexes to avoid.",
        "\"The following terrain types are impassable to horses and their riders …\"; mounted characters \"cannot end their movement on a trench hex\".",
        "A mounted knight at 0507 facing N whose tail is in a tent hex.",
        "Siege 3.32."),
    run: horses,
};

fn horses(s: &Scenario, out: &mut Vec<Diagnostic>) {
    let f = Field::new(s);
    let g = &s.world.grid;
    let o = g.orientation();
    for (i, l) in s.placements.lines().iter().enumerate() {
        let mounted = l
            .counters
            .iter()
            .find(|c| s.unit(l.side, c.unit).1.is_some_and(|k| k.mounted));
        if let (Some(c), None, true) = (
            mounted,
            l.facing,
            l.on_map() && (!positioned(l) || l.hidden()),
        ) {
            out.push(
                Diagnostic::error(
                    "SI406",
                    Location::here(s.deployments[i].zone_pointer.clone()),
                    format!(
                        "the mounted {} needs a facing, a hexside direction, to lay out the two hexes of his horse",
                        s.file.sides[l.side].units[c.unit].id
                    ),
                )
                .rule(cite("3.31"))
                .help("add `facing: \"N\"` (the way the horse's head points) to the set-up line"),
            );
        }
    }
    judge_choices(s, out, "SI406", &cite("3.31, 3.32"), |line, unit, h| {
        if !s.unit(line.side, unit).1.is_some_and(|k| k.mounted) {
            return None;
        }
        let tail = line.facing.map(|d| d.opposite().step(h, o));
        [h].into_iter().chain(tail).find_map(|x| {
            if !g.contains(x) {
                Some(format!("the horse runs off the map at {}", g.to_printed(x)))
            } else {
                horse_ban(&f, x).map(|why| format!("the horse covers {}: {why}", g.to_printed(x)))
            }
        })
    });
    for p in f.pieces.iter().filter(|p| p.def.animal) {
        for &h in &p.hexes {
            if let Some(why) = horse_ban(&f, h) {
                out.push(
                    Diagnostic::error(
                        "SI406",
                        Location::here(format!("/pieces/{}/at", p.index)),
                        format!(
                            "the {} `{}` covers {}: {why}",
                            p.def.name.to_lowercase(),
                            p.piece.id,
                            g.to_printed(h)
                        ),
                    )
                    .at_hex(g.to_printed(h))
                    .rule(cite("3.32")),
                );
            }
        }
    }
    let mounted =
        |c: &&super::super::field::Character| s.unit(c.side, c.unit).1.is_some_and(|k| k.mounted);
    for c in f.characters.iter().filter(mounted) {
        if c.tail.is_none() {
            out.push(
                Diagnostic::error(
                    "SI406",
                    s.deployments[c.deployment].hex_location(c.hex),
                    format!(
                        "the mounted {} needs a facing, a hexside direction, to lay out the two hexes of his horse",
                        s.file.sides[c.side].units[c.unit].id
                    ),
                )
                .at_hex(g.to_printed(c.hex))
                .rule(cite("3.31"))
                .help("add `facing: \"N\"` (the way the horse's head points) to the set-up line"),
            );
        }
        for h in [c.hex].into_iter().chain(c.tail) {
            if !g.contains(h) {
                out.push(
                    Diagnostic::error(
                        "SI406",
                        s.deployments[c.deployment].hex_location(c.hex),
                        format!(
                            "the mounted {}'s horse runs off the map at {}",
                            s.file.sides[c.side].units[c.unit].id,
                            g.to_printed(h)
                        ),
                    )
                    .at_hex(g.to_printed(c.hex))
                    .rule(cite("3.31")),
                );
            } else if let Some(why) = horse_ban(&f, h) {
                out.push(
                    Diagnostic::error(
                        "SI406",
                        s.deployments[c.deployment].hex_location(c.hex),
                        format!(
                            "the mounted {}'s horse covers {}: {why}",
                            s.file.sides[c.side].units[c.unit].id,
                            g.to_printed(h)
                        ),
                    )
                    .at_hex(g.to_printed(h))
                    .rule(cite("3.31, 3.32")),
                );
            }
        }
    }
}

/// `SI408`.
pub const STACKING: ScenarioCheck = ScenarioCheck {
    doc: doc!("SI408", "one-character-a-hex", "siege", "Two characters in one hex, or a level that is not there.",
        "One character a hex; in a siege tower's hexes one on the lower and one on the upper level (at most 3 + 3); beneath a ram one a hex and none on top; `level` is written only in a hex with a siege tower or ram, and `Upper` only where the engine has an upper level. Read through the placement model: lines that fill their hexes naming one hex, a line with more characters than hexes, owner's-choice lines that cannot all fit (each colliding line labelled), and a choice whose horse would put its second hex on a character certainly there.",
        "\"There can be three characters each occupying one hex on the lower level of the tower and three other characters each occupying one hex on the upper level\"; a ram carries none on top (4.31).",
        "Two characters both set up in 0705 at ground level.",
        "Siege 2.46, 4.31."),
    run: stacking,
};

fn stacking(s: &Scenario, out: &mut Vec<Diagnostic>) {
    let f = Field::new(s);
    let g = &s.world.grid;
    line_collisions(s, out);
    // A choice's horse must not put its second hex on a character certainly there.
    judge_choices(s, out, "SI408", &cite("2.46, 3.31"), |line, unit, h| {
        let tail = mounted_tail(s, line, unit, h)?;
        let other =
            s.placements.certainly_held(tail).into_iter().find(|o| {
                s.deployments[o.line].pointer != s.deployments[line.deployment].pointer
            })?;
        Some(format!(
            "the horse's second hex {} holds {}",
            g.to_printed(tail),
            o_name(s, other)
        ))
    });
    let name = |c: &Character| s.file.sides[c.side].units[c.unit].id.clone();
    let mut seen: Vec<(Hex, bool, &Character)> = Vec::new();
    for c in f.characters {
        let engine = f
            .pieces_at(c.hex)
            .find(|p| p.def.below > 0 || p.def.above > 0);
        let upper = c.level == Some(Level::Upper);
        let loc = s.deployments[c.deployment].hex_location(c.hex);
        let id = g.to_printed(c.hex);
        match (engine, c.level) {
            (None, Some(l)) => {
                out.push(
                    Diagnostic::error(
                        "SI408",
                        loc.clone(),
                        format!(
                            "{} is given level {l:?} in {id}, where no siege tower or ram stands",
                            name(c)
                        ),
                    )
                    .at_hex(id.clone())
                    .rule(cite("2.46")),
                );
            }
            (Some(p), Some(Level::Upper)) if p.def.above == 0 => {
                out.push(
                    Diagnostic::error(
                        "SI408",
                        loc.clone(),
                        format!(
                            "no character stands on top of the {} (in {id})",
                            p.def.name.to_lowercase()
                        ),
                    )
                    .at_hex(id.clone())
                    .rule(cite("4.31")),
                );
            }
            _ => {}
        }
        for h in [c.hex].into_iter().chain(c.tail) {
            if let Some((_, _, other)) = seen.iter().find(|(sh, su, _)| *sh == h && *su == upper) {
                out.push(
                    Diagnostic::error("SI408", loc.clone(), format!("{} and {} are both in {}{}", name(other), name(c), g.to_printed(h), if engine.is_some() { if upper { " on the upper level" } else { " on the lower level" } } else { "" }))
                        .at_hex(g.to_printed(h))
                        .label(s.deployments[other.deployment].hex_location(other.hex), "the other character")
                        .rule(cite("2.46"))
                        .help("one character a hex; in a siege tower one a level (`level: Lower` / `Upper`)"),
                );
            }
        }
        for h in [c.hex].into_iter().chain(c.tail) {
            seen.push((h, upper, c));
        }
    }
}

/// A character certainly somewhere, by name (or its line's side when the line mixes types).
fn o_name(s: &Scenario, o: crate::placement::Holder) -> String {
    match o.unit {
        Some(u) => format!("`{}`", s.file.sides[o.side].units[u].id),
        None => format!("a character of {}", s.file.sides[o.side].name),
    }
}

/// Collisions the field's own pairwise check cannot see, because a line involved is not
/// laid out character by character: an owner's choice, several unit types filling a
/// stretch, a line with more characters than hexes (one character a hex, 2.46).
fn line_collisions(s: &Scenario, out: &mut Vec<Diagnostic>) {
    use crate::placement::{squeezed_finding, Collision};
    let g = &s.world.grid;
    let laid_out = |l: usize| {
        let line = s.placements.line(l);
        positioned(line) && !line.hidden()
    };
    for c in s.placements.collisions() {
        let d = match c {
            Collision::Shared { hex, lines, upper } if !lines.iter().all(|l| laid_out(*l)) => {
                let id = g.to_printed(*hex);
                Diagnostic::error(
                    "SI408",
                    s.deployments[lines[1]].hex_location(*hex),
                    format!(
                        "two characters set up in {id}{}",
                        if *upper { " on the upper level" } else { "" }
                    ),
                )
                .at_hex(id)
                .label(
                    s.deployments[lines[0]].hex_location(*hex),
                    "the other character",
                )
            }
            Collision::Overfull { line } if s.placements.line(*line).hexes.len() > 1 => {
                let l = s.placements.line(*line);
                Diagnostic::error(
                    "SI408",
                    Location::here(format!("{}/units", s.deployments[*line].pointer)),
                    format!(
                        "{} characters set up over the {} hexes of this line: some must share",
                        l.bound,
                        l.hexes.len()
                    ),
                )
                .label(
                    Location::here(s.deployments[*line].zone_pointer.clone()),
                    "the hexes",
                )
            }
            Collision::Squeezed {
                lines,
                hexes,
                counters,
            } => squeezed_finding(s, "SI408", "characters", lines, hexes, *counters),
            _ => continue,
        };
        out.push(
            d.rule(cite("2.46")).help(
                "one character a hex; in a siege tower one a level (`level: Lower` / `Upper`)",
            ),
        );
    }
}

/// `SI412`.
pub const FIRE: ScenarioCheck = ScenarioCheck {
    doc: doc!("SI412", "character-in-fire", "siege", "A character sets up in a hex on fire.",
        "No character's hex (or a horse's second hex) has a fire marker. Set-up lines are read through the placement model: a line that fills its hexes is judged at each (an error per hex); an owner's choice is an error only when no legal arrangement exists, else a warning naming the hexes to avoid.",
        "\"Once a hex is on fire it becomes impassable\"; a character caught in it must leave at once or be wounded.",
        "A fire marker on 0608 and an archer set up there.",
        "Siege 3.54."),
    run: fire,
};

fn fire(s: &Scenario, out: &mut Vec<Diagnostic>) {
    let f = Field::new(s);
    let g = &s.world.grid;
    judge_choices(s, out, "SI412", &cite("3.54"), |line, unit, h| {
        let tail = mounted_tail(s, line, unit, h);
        [h].into_iter()
            .chain(tail)
            .find(|x| f.marked(*x, "fire"))
            .map(|x| format!("{} is on fire", g.to_printed(x)))
    });
    for c in f.characters {
        for h in [c.hex].into_iter().chain(c.tail) {
            if f.marked(h, "fire") {
                out.push(
                    Diagnostic::error(
                        "SI412",
                        s.deployments[c.deployment].hex_location(c.hex),
                        format!(
                            "{} is set up in {}, which is on fire",
                            s.file.sides[c.side].units[c.unit].id,
                            g.to_printed(h)
                        ),
                    )
                    .at_hex(g.to_printed(h))
                    .rule(cite("3.54")),
                );
            }
        }
    }
}

/// `SI413`.
pub const MOUNTING: ScenarioCheck = ScenarioCheck {
    doc: doc!("SI413", "who-mounts", "siege", "A horse's rider may not ride it.",
        "A horse piece's `rider` is a unit of the scenario (`side/unit` where two sides share the id); a captured horse (one of the other side) is mounted only by a knight; mules and draft animals are never ridden.",
        "\"Only knights are able to mount a horse captured in combat\"; mules \"can never be mounted\".",
        "A sergeant named as the rider of a horse of the other side.",
        "Siege 3.33, 5.13."),
    run: mounting,
};

fn mounting(s: &Scenario, out: &mut Vec<Diagnostic>) {
    use crate::scenario::UnitLookup;
    for (i, p) in s.file.pieces.iter().enumerate() {
        let Some(rider) = &p.rider else { continue };
        let loc = Location::here(format!("/pieces/{i}/rider"));
        let Some(def) = super::super::field::piece_def(s.ruleset, &p.kind) else {
            continue;
        };
        if !def.rideable {
            out.push(
                Diagnostic::error(
                    "SI413",
                    loc,
                    format!("a {} is never ridden", def.name.to_lowercase()),
                )
                .rule(cite("3.33, 5.13")),
            );
            continue;
        }
        let (si, ui) = match s.find_unit(rider) {
            UnitLookup::Found(si, ui) => (si, ui),
            UnitLookup::Ambiguous(sides) => {
                out.push(Diagnostic::error(
                    "SI413",
                    loc,
                    format!(
                        "`{rider}` is a unit of {}: write `side/unit`",
                        sides.join(" and ")
                    ),
                ));
                continue;
            }
            UnitLookup::Unknown => {
                out.push(Diagnostic::error(
                    "SI413",
                    loc,
                    format!("no unit `{rider}` in the scenario"),
                ));
                continue;
            }
        };
        let knight = s.unit(si, ui).1.is_some_and(|k| k.has("knight"));
        let captured = s.file.sides[si].id != p.side;
        if captured && !knight {
            out.push(
                Diagnostic::error(
                    "SI413",
                    loc,
                    format!("`{rider}` rides a horse of the other side, and only knights may mount a captured horse"),
                )
                .rule(cite("3.33")),
            );
        }
    }
}

/// `SI418`.
pub const IMPASSABLE: ScenarioCheck = ScenarioCheck {
    doc: doc!("SI418", "character-on-impassable-terrain", "siege", "A character sets up where nobody can stand.",
        "No character (nor a mounted character's second hex) is set up on terrain that cannot be entered (a solid castle wall), unless rubble lies there. Set-up lines are read through the placement model: a line that fills its hexes is judged at each (an error per hex); an owner's choice is an error only when no legal arrangement exists, else a warning naming the hexes to avoid.",
        "A hex nobody may enter cannot hold anybody at the start either; a demolished wall becomes passable (2.33).",
        "A crossbowman set up on a castle-wall hex.",
        "Siege 2.33, 3.1; the castle wall's being impassable is ours (section 1 is missing)."),
    run: impassable,
};

fn impassable(s: &Scenario, out: &mut Vec<Diagnostic>) {
    let f = Field::new(s);
    let g = &s.world.grid;
    judge_choices(s, out, "SI418", &cite("2.33, 3.1"), |line, unit, h| {
        let tail = mounted_tail(s, line, unit, h);
        [h].into_iter().chain(tail).find_map(|x| {
            let t = f.terrain(x)?;
            (t.mp.is_none() && !f.marked(x, "rubble") && g.contains(x)).then(|| {
                format!(
                    "{} is {}, where nobody can stand",
                    g.to_printed(x),
                    t.name.to_lowercase()
                )
            })
        })
    });
    for c in f.characters {
        for h in [c.hex].into_iter().chain(c.tail) {
            let Some(t) = f.terrain(h) else { continue };
            if t.mp.is_none() && !f.marked(h, "rubble") && g.contains(h) {
                out.push(
                    Diagnostic::error(
                        "SI418",
                        s.deployments[c.deployment].hex_location(c.hex),
                        format!(
                            "{} is set up on {}, {}, where nobody can stand",
                            s.file.sides[c.side].units[c.unit].id,
                            g.to_printed(h),
                            t.name.to_lowercase()
                        ),
                    )
                    .at_hex(g.to_printed(h))
                    .rule(t.rule.clone()),
                );
            }
        }
    }
}

/// A mounted character's second hex when set up at `h` on `line` (3.31).
fn mounted_tail(s: &Scenario, line: &Line, unit: usize, h: Hex) -> Option<Hex> {
    if !s.unit(line.side, unit).1.is_some_and(|k| k.mounted) {
        return None;
    }
    line.facing
        .map(|d| d.opposite().step(h, s.world.grid.orientation()))
}

/// Judges the set-up lines whose characters the field does not lay out one by one (an
/// owner's choice over several hexes, several unit types filling a stretch, hidden lines)
/// by a per-hex rule, through the placement model's one semantics: an error when no legal
/// arrangement exists, a warning naming the hexes to avoid otherwise.
pub(in crate::siege) fn judge_choices(
    s: &Scenario,
    out: &mut Vec<Diagnostic>,
    code: &'static str,
    rule: &str,
    why_not: impl Fn(&Line, usize, Hex) -> Option<String>,
) {
    for (i, l) in s.placements.lines().iter().enumerate() {
        if !l.on_map() || (positioned(l) && !l.hidden()) {
            continue;
        }
        let verdict = s.placements.judge(i, |unit, h| why_not(l, unit, h));
        out.extend(verdict.report(s, i, code, rule, Stakes::Forbidden, |m| {
            format!(
                "{} is set up in {}: {}",
                s.file.sides[l.side].units[m.unit].id,
                s.world.grid.to_printed(m.hex),
                m.why
            )
        }));
    }
}

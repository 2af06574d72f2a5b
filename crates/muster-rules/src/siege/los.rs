//! Line of fire and cover (2.32, 2.43, 2.44, 3.21–3.29, 3.31, 3.42, 4.22, 4.33, 5.11,
//! 5.22, 5.23), explained hex by hex.
//!
//! Lines run centre to centre, but for a window (3.26): a shooter in a window hex shooting
//! out of his room traces from the middle of the sill outside the window, and one across
//! the window's hexside shooting into the room from the middle of the sill inside it (a
//! sill line lists every hex it clips, at 1/64 of a hex). Where a line runs exactly along a hexside the shooter picks
//! the clearer side (both variants are tried and the better one is kept; the answer says
//! so). Our readings where the text is silent or garbled:
//! - the lip of a slope is the hexside between a slope hex and a higher neighbour (or a
//!   hexside the map marks as a lip); a character in a slope hex has medium cover only when
//!   the lip crossed is the lip of his own hex;
//! - characters standing on the line block it at their level (section 1 is missing; 2.43
//!   says a tower shooter "ignores characters … below him", so they block otherwise);
//! - a hill's higher ground between two characters on lower ground blocks; a lip between
//!   two characters on one level does not (3.23 compares a lower with a higher one);
//! - a ram, cart or screen blocks lines "from characters on the same level" (4.33, 5.11,
//!   5.23): the shooter's level decides, as printed, so a line from the walls down passes
//!   and one from the ground up does not; characters (ours) block whichever end shoots;
//! - a ballista does not block a shot from a siege tower's upper level (2.43 "ignore …
//!   other obstacles below him" over 3.42);
//! - the battlement distance rule of 2.43 applies to a line over a wall between a
//!   character above it (a siege tower's upper level) and one below; a character on raised
//!   ground (the walls, a castle tower, the keep) sees over his own walls (ours).

use super::cite;
use super::field::{positioned, Field};
use super::rooms;
use muster_hex::{distance, hex_line, hex_line_from_hexside, Hex, LineStep};
use muster_model::CoverKind;
use std::collections::HashSet;

pub use crate::fire::FireEnd as End;

/// The answer to a line-of-fire query.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fire {
    /// Whether the shot is possible.
    pub clear: bool,
    /// The target's cover.
    pub cover: CoverKind,
    /// The cover protects from one side only (a building corner, a gateway, a doorway):
    /// under crossfire the owner chooses which shooter it counts against (3.28, 3.29).
    pub one_sided: bool,
    /// The face the one-sided cover protects (the side of a gateway or doorway, the wall
    /// of a building corner the shooter sees): shooters at one face give one choice.
    pub face: Option<String>,
    /// The hexes of the line, both ends included.
    pub path: Vec<Hex>,
    /// What each hex or hexside of the line does, in order.
    pub steps: Vec<String>,
    /// The verdict in one sentence.
    pub reason: String,
    /// Hexes that a hidden character or an owner's-choice line may fill and that would
    /// change the answer: on the line between the ends, or (1.44) next to the target with
    /// a character of the shooter's side. The verdict assumes them empty.
    pub uncertain: Vec<Hex>,
}

struct Eval {
    clear: bool,
    cover: CoverKind,
    cover_why: String,
    face: Option<String>,
    steps: Vec<String>,
    block: Option<String>,
    uncertain: Vec<Hex>,
}

impl Eval {
    /// Takes cover `c` if it is heavier; `face` is the face it protects when it protects
    /// one side only.
    fn cover(&mut self, c: CoverKind, why: String, face: Option<String>) {
        if c > self.cover {
            self.cover = c;
            self.cover_why = why;
            self.face = face;
        }
    }
    fn block(&mut self, why: String) {
        if self.block.is_none() {
            self.steps.push(format!("blocked: {why}"));
            self.block = Some(why);
            self.clear = false;
        }
    }
}

/// The line of fire from `from` to `to`.
pub fn line_of_fire(f: &Field, from: End, to: End) -> Fire {
    let (a, b) = (from.hex, to.hex);
    let g = &f.world().grid;
    let side = |p: Hex, q: Hex| {
        g.hexside_between(p, q)
            .map(|s| g.print_hexside(s))
            .unwrap_or_default()
    };
    // The lines the shooter may trace: from the centre of his hex, or from the middle of a
    // window's sill (3.26). With several windows he takes the clearest.
    let sill = rooms::sill_in(f, a, b).filter(|_| !from.upper);
    let mut lines: Vec<(Vec<LineStep>, Option<String>)> = vec![];
    if let Some((w, _)) = &sill {
        lines.push((
            hex_line_from_hexside(a, *w, b),
            Some(format!(
                "traced from the middle of the sill at {} (3.26 b special rule)",
                side(a, *w)
            )),
        ));
    } else if !from.upper {
        for n in rooms::sills_out(f, a, b) {
            lines.push((
                hex_line_from_hexside(a, n, b),
                Some(format!(
                    "traced from the middle of the sill at {}, outside the window (3.26 a)",
                    side(a, n)
                )),
            ));
        }
    }
    if lines.is_empty() {
        lines.push((hex_line(a, b), None));
    }
    let pick = |steps: &[LineStep], second: bool| -> Vec<Hex> {
        let mut path: Vec<Hex> = vec![];
        for s in steps {
            let h = match *s {
                LineStep::One(h) => h,
                LineStep::Between(p, q) => {
                    if second {
                        q
                    } else {
                        p
                    }
                }
            };
            if path.last() != Some(&h) {
                path.push(h);
            }
        }
        path
    };
    // Each line, and each side of a line that runs along hexsides: the clearest is kept.
    let mut best: Option<(Eval, Vec<Hex>, bool, Option<&String>)> = None;
    for (steps, how) in &lines {
        // A sill line crosses hexsides at sampled points too; it runs along one only where
        // its two sides differ.
        let along = pick(steps, false) != pick(steps, true);
        for second in [false, true] {
            if second && !along {
                continue;
            }
            let path = pick(steps, second);
            let mut e = evaluate(f, from, to, &path, sill.as_ref());
            if let Some(how) = how {
                e.steps.insert(0, format!("the line is {how}"));
            }
            let better = best.as_ref().is_none_or(|(k, ..)| {
                (e.clear && !k.clear) || (e.clear == k.clear && e.cover < k.cover)
            });
            if better {
                best = Some((e, path, along, how.as_ref()));
            }
        }
    }
    let (best, path, along, how) = best.expect("at least one line is traced");
    let id = |h: Hex| f.world().grid.to_printed(h);
    let mut reason = match &best.block {
        Some(why) => format!("no line of fire: {why}"),
        None if best.cover == CoverKind::None => "clear, no cover".to_string(),
        None => format!("clear, {} cover: {}", best.cover.name(), best.cover_why),
    };
    if let Some(how) = how {
        reason.push_str(&format!("; the line is {how}"));
    }
    if along {
        reason.push_str(&format!(
            " (the line runs along hexsides; the shooter takes the clearer side, through {})",
            path.iter().map(|h| id(*h)).collect::<Vec<_>>().join(" ")
        ));
    }
    Fire {
        clear: best.clear,
        cover: if best.clear {
            best.cover
        } else {
            CoverKind::None
        },
        one_sided: best.clear && best.face.is_some(),
        face: best.face.filter(|_| best.clear),
        path,
        steps: best.steps,
        reason,
        uncertain: best.uncertain,
    }
}

fn evaluate(
    f: &Field,
    from: End,
    to: End,
    path: &[Hex],
    sill: Option<&(Hex, HashSet<Hex>)>,
) -> Eval {
    let w = f.world();
    let id = |h: Hex| w.grid.to_printed(h);
    let mut e = Eval {
        clear: true,
        cover: CoverKind::None,
        cover_why: String::new(),
        face: None,
        steps: vec![],
        block: None,
        uncertain: vec![],
    };
    let (a, b) = (from.hex, to.hex);
    if a == b {
        e.block("the shooter and the target are in the same hex".into());
        return e;
    }
    // An upper level exists only on top of a siege tower.
    for (end, what) in [(from, "shooter"), (to, "target")] {
        if end.upper && !f.pieces_at(end.hex).any(|p| p.def.above > 0) {
            e.block(format!(
                "the {what} is said to be on an upper level, but no siege tower stands in {} ({})",
                id(end.hex),
                cite("2.4")
            ));
            return e;
        }
    }
    let ls = f.level(a, from.upper);
    let lt = f.level(b, to.upper);
    let n = distance(a, b);
    let tower_shot = from.upper && n <= 10; // 2.43
                                            // The higher and the lower end, for the rules that compare their distances.
    let (high, low) = if ls >= lt { (a, b) } else { (b, a) };
    let engine_at = |h: Hex, upper: bool| {
        f.pieces_at(h)
            .find(|p| (p.def.below > 0 && !upper) || (p.def.above > 0 && upper))
            .map(|p| p.def)
    };
    // The shooter's own position (2.44, 4.33, 3.26 a).
    if let Some(def) = engine_at(a, false).filter(|_| !from.upper) {
        e.block(format!(
            "a character beneath the {} cannot shoot ({})",
            def.name.to_lowercase(),
            cite("2.44, 4.33")
        ));
        return e;
    }
    let inside = |h: Hex| f.has(h, "building") && !f.has(h, "window") && !f.has(h, "doorway");
    if inside(a) && !f.has(b, "building") {
        e.block(format!(
            "from inside a house one shoots out only from a window hex ({})",
            cite("3.26 a")
        ));
        return e;
    }
    // The friendly character next to the target (1.44, as 2.43 restates it).
    if !f.s.file.options.iter().any(|o| o == "aiming") && friend_next_to_target(f, a, b, lt, &mut e)
    {
        return e;
    }
    let lower_ground = ls.min(lt);
    for (i, &h) in path.iter().enumerate() {
        let last = i + 1 == path.len();
        if i > 0 {
            crossing(
                f,
                path[i - 1],
                h,
                from,
                to,
                (ls, lt),
                tower_shot,
                last,
                &mut e,
            );
        }
        if i == 0 || last {
            continue;
        }
        let t = f.terrain(h);
        let name = t
            .map(|t| t.name.to_lowercase())
            .unwrap_or_else(|| w.terrain(h).to_string());
        let rubble = f.demolished(h);
        let tall = f.has(h, "tall") && !rubble;
        if tall {
            e.block(format!(
                "{} is {} ({})",
                id(h),
                name,
                cite("2.43 note: towers and the keep block any line")
            ));
            continue;
        }
        if f.has(h, "trees") {
            e.block(format!("{} is trees ({})", id(h), cite("3.22")));
            continue;
        }
        // A piece the shooter or the target stands in does not block its own line.
        for p in f
            .pieces_at(h)
            .filter(|p| !p.hexes.contains(&a) && !p.hexes.contains(&b))
        {
            // A ballista or a stone-thrower blocks every line across it (3.42, 4.22) but one
            // from a siege tower's upper level, which ignores "obstacles below him" (2.43;
            // ours: the specific rule of the tower shooter over the general one). Another
            // siege tower, as tall as his, still blocks (2.44).
            let always = p.def.above > 0 || (p.def.no_entry && !tower_shot);
            if always {
                e.block(format!(
                    "{} holds a {}: one may shoot into it but not across ({})",
                    id(h),
                    p.def.name.to_lowercase(),
                    if p.def.above > 0 {
                        cite("2.44")
                    } else {
                        cite("3.42, 4.22")
                    }
                ));
            } else if p.def.blocks_fire && ls <= w.elevation(h) && !tower_shot {
                e.block(format!(
                    "{} holds a {}, which blocks lines of fire from characters at its level ({})",
                    id(h),
                    p.def.name.to_lowercase(),
                    cite("4.33, 5.11, 5.23")
                ));
            } else if p.def.blocks_fire && !tower_shot {
                // As printed, the shooter's level decides: a line from above passes, one
                // from the ground back up does not (unlike characters, our reading, which
                // block whichever end shoots).
                e.steps.push(format!(
                    "{}: the {} blocks only lines from characters at its level, and the shooter is above it ({})",
                    id(h),
                    p.def.name.to_lowercase(),
                    cite("4.33, 5.11, 5.23")
                ));
            }
        }
        if tower_shot {
            let mut below: Vec<String> = f
                .pieces_at(h)
                .map(|p| format!("the {}", p.def.name.to_lowercase()))
                .collect();
            // Only what is below him: a character on his own level (on the walls, or on
            // the upper level of a tower beside his) blocks as anywhere else.
            let level_of = |c: &super::field::Character| {
                f.level(h, c.level == Some(muster_model::Level::Upper))
            };
            if let Some(c) = f.characters_at(h).find(|c| level_of(c) >= ls) {
                e.block(format!(
                    "a character stands in {} on the shooter's level {} ({}: only those below him are ignored)",
                    id(h),
                    level_of(c),
                    cite("2.43")
                ));
                continue;
            }
            unseen_between(f, h, ls, &mut e);
            if f.characters_at(h).next().is_some() {
                below.push("a character".into());
            }
            if ["tent", "building", "scrub", "wall", "slope"]
                .iter()
                .any(|t| f.has(h, t))
            {
                below.push(name.clone());
            }
            if !below.is_empty() {
                e.steps.push(format!(
                    "{}: {} below the shooter on the siege tower's upper level, ignored ({})",
                    id(h),
                    below.join(" and "),
                    cite("2.43")
                ));
            }
            if f.has(h, "wall") && !rubble && lt < f.level(h, false) {
                battlement_rule(f, (high, low), h, outer_of(path, i, high == a), &mut e);
            }
            continue;
        }
        // Characters block lines at their level, whichever end shoots; not in a trench,
        // which "can be shot into or across even when occupied" (3.25).
        if !f.has(h, "trench") {
            unseen_between(f, h, lower_ground, &mut e);
        }
        if let Some(c) = f.characters_at(h).next().filter(|_| !f.has(h, "trench")) {
            let cl = f.level(h, c.level == Some(muster_model::Level::Upper));
            if cl >= lower_ground {
                e.block(format!(
                    "a character stands in {} (our reading: characters block lines at their level)",
                    id(h)
                ));
            }
        }
        if f.has(h, "tent") && !f.burnt(h) {
            e.block(format!(
                "{} is a tent: one may shoot into it but not through ({})",
                id(h),
                cite("3.24")
            ));
        }
        let in_room = sill.filter(|(_, room)| room.contains(&h));
        if let Some((w, _)) = in_room.filter(|(w, _)| *w == h) {
            e.steps.push(format!(
                "{}: the shooter next to the window shoots from its sill ({})",
                id(*w),
                cite("3.26 b special rule")
            ));
        } else if in_room.is_some() {
            e.steps.push(format!("{}: inside the room", id(h)));
        } else if f.has(h, "building") && f.has(h, "window") {
            e.block(format!(
                "{} is a window hex: from outside one shoots through a window only at the character immediately behind it, or from the hex next to it at the hexes of its room ({})",
                id(h),
                cite("3.26 b")
            ));
        } else if f.has(h, "building") {
            let opening = f.has(h, "doorway") && path.get(i + 1) == Some(&b);
            if opening {
                e.steps.push(format!(
                    "{}: the line passes the doorway into the room",
                    id(h)
                ));
                e.cover(
                    CoverKind::Medium,
                    format!(
                        "shot through the doorway in {} ({})",
                        id(h),
                        cite("3.1 note 2")
                    ),
                    None,
                );
            } else {
                e.block(format!("{} is inside a building ({})", id(h), cite("3.26")));
            }
        }
        if f.has(h, "gateway") && f.has(b, "courtyard") {
            e.cover(
                CoverKind::Medium,
                format!(
                    "shot into the courtyard through {} ({})",
                    id(h),
                    cite("3.28")
                ),
                None,
            );
        }
        if f.has(h, "wall") && !rubble {
            let top = f.level(h, false);
            let higher = if ls >= lt { a } else { b };
            if ls.max(lt) < top {
                e.block(format!(
                    "{} is {}, a wall between characters below its top ({})",
                    id(h),
                    name,
                    cite("2.43")
                ));
            } else if ls.min(lt) < top && f.has(higher, "raised") {
                e.steps.push(format!(
                    "{}: the wall, seen from the walls themselves (ours: the 2.43 distance rule is for shots over the battlements from outside)",
                    id(h)
                ));
            } else if ls.min(lt) < top {
                battlement_rule(f, (high, low), h, outer_of(path, i, high == a), &mut e);
            }
        } else if rubble {
            e.steps.push(format!(
                "{}: rubble, the breach lets the line through ({})",
                id(h),
                cite("2.32")
            ));
        }
        if f.has(h, "scrub") {
            e.steps.push(format!("{}: scrub", id(h)));
            e.cover(
                CoverKind::Light,
                format!("the line crosses scrub in {} ({})", id(h), cite("3.21")),
                None,
            );
        }
        if w.elevation(h) > ls.max(lt) && !f.has(h, "raised") {
            e.block(format!(
                "{} is higher ground between the two ({})",
                id(h),
                "our reading of 3.23"
            ));
        }
    }
    if sill.is_some() {
        e.cover(
            CoverKind::Medium,
            format!("shot at through a window ({})", cite("3.26")),
            None,
        );
    } else if f.has(b, "building") && path.len() > 1 {
        if let Some(kind) = rooms::opening_between(f, path[path.len() - 2], b) {
            e.cover(
                CoverKind::Medium,
                format!(
                    "inside a building, shot at through the {kind} of {} ({})",
                    id(b),
                    cite("3.1 note 2, 3.26")
                ),
                None,
            );
        }
    }
    target_cover(f, from, to, path, tower_shot, &mut e);
    e
}

/// A hex of the line that a hidden character or an owner's-choice line may fill at a level
/// that would block (`at_least`), and that no laid-out character fills: uncertain.
fn unseen_between(f: &Field, h: Hex, at_least: i32, e: &mut Eval) {
    if f.characters_at(h).next().is_some() {
        return;
    }
    let p = &f.s.placements;
    let may = p.who_could_be(h).iter().any(|&li| {
        let l = p.line(li);
        (l.hidden() || !positioned(l))
            && f.level(h, l.level == Some(muster_model::Level::Upper)) >= at_least
    });
    if may {
        e.steps.push(format!(
            "{}: a hidden character or an owner's choice may stand here and would block; assumed empty (uncertain)",
            f.world().grid.to_printed(h)
        ));
        e.uncertain.push(h);
    }
}

/// 1.44, as 2.43 restates it: "shooting is not possible if a character from the same
/// side as the shooter is adjacent to the target". The shooter's side is that of the
/// character laid out in his hex, or else of the lines that may put one there; a friend
/// counts by either hex of his horse (3.31). Blocks (true) when a friend of every side the
/// shooter may be on certainly stands next to the target at its level; names as uncertain
/// the hexes next to the target that a hidden or owner's-choice friend may fill.
fn friend_next_to_target(f: &Field, a: Hex, b: Hex, lt: i32, e: &mut Eval) -> bool {
    use muster_model::Level;
    let p = &f.s.placements;
    let id = |h: Hex| f.world().grid.to_printed(h);
    let mut sides: Vec<usize> = f
        .characters
        .iter()
        .filter(|c| c.hex == a)
        .map(|c| c.side)
        .collect();
    let chosen = sides.is_empty();
    if chosen {
        sides = p.who_could_be(a).iter().map(|&l| p.line(l).side).collect();
    }
    sides.sort_unstable();
    sides.dedup();
    if sides.is_empty() {
        return false;
    }
    let next_to = |h: Hex, upper: bool| distance(h, b) == 1 && f.level(h, upper) == lt;
    let friend = |side: usize| {
        f.characters.iter().find(|c| {
            c.side == side
                && c.hex != a
                && (next_to(c.hex, c.level == Some(Level::Upper))
                    || c.tail.is_some_and(|t| t != a && next_to(t, false)))
        })
    };
    let friends: Vec<_> = sides.iter().map(|s| friend(*s)).collect();
    if let Some(Some(c)) = friends
        .first()
        .filter(|_| friends.iter().all(Option::is_some))
    {
        let by = if c.hex != b && distance(c.hex, b) == 1 {
            id(c.hex)
        } else {
            format!("{} (his horse's second hex)", id(c.tail.unwrap_or(c.hex)))
        };
        e.block(format!(
            "a character of the shooter's side in {by} is next to the target at its level ({}; the optional rule 6.21 `aiming` lifts this){}",
            cite("1.44 as restated in 2.43"),
            if chosen { "; the shooter's side is that of every line that may stand in his hex" } else { "" }
        ));
        return true;
    }
    // Friends the set-up may put next to the target: the verdict assumes they are not.
    for n in f.world().grid.neighbors_on_map(b).filter(|n| *n != a) {
        let laid_out = friends
            .iter()
            .flatten()
            .any(|c| c.hex == n || c.tail == Some(n));
        let may = p.who_could_be(n).iter().any(|&li| {
            let l = p.line(li);
            let shooter_himself = p.who_could_be(a).contains(&li) && l.bound <= 1;
            sides.contains(&l.side)
                && !shooter_himself
                && (l.hidden() || !positioned(l))
                && next_to(n, l.level == Some(Level::Upper))
        });
        if may || (laid_out && sides.len() > 1) {
            e.steps.push(format!(
                "{}: a character of the shooter's side may stand here, next to the target; if he does, the shot is not possible ({}); assumed empty (uncertain)",
                id(n),
                cite("1.44 as restated in 2.43")
            ));
            e.uncertain.push(n);
        }
    }
    false
}

/// The hex beside the wall hex `path[i]` on the side of the character above it (the
/// shooter's side when `high_shoots`): the second hex the wall straddles (2.43 note).
fn outer_of(path: &[Hex], i: usize, high_shoots: bool) -> Option<Hex> {
    if high_shoots {
        i.checked_sub(1).map(|j| path[j])
    } else {
        path.get(i + 1).copied()
    }
}

/// 2.43 note: over a wall, the character below it on the far side must be at least as far
/// from the wall as the one above it, whichever of them shoots. The distance is measured
/// "from the wall and not from the battlement hex" (note to 3.23): the wall straddles the
/// wall hex and the hex beside it on the line (`outer`), and each distance is to the
/// nearer of the two — except when the one above is on a siege tower standing in the
/// filled moat hex beside the wall (any hex of it), where the text measures from the wall
/// hex alone.
fn battlement_rule(
    f: &Field,
    (high, low): (Hex, Hex),
    wall: Hex,
    outer: Option<Hex>,
    e: &mut Eval,
) {
    let id = |h: Hex| f.world().grid.to_printed(h);
    // "except when the siege tower is in an adjacent filled moat hex": any hex of the
    // shooter's tower in the moat beside the wall.
    let adjacent_tower = (outer == Some(high) && f.has(high, "moat"))
        || f.pieces_at(high).any(|p| {
            p.def.above > 0
                && p.hexes
                    .iter()
                    .any(|h| f.has(*h, "moat") && distance(*h, wall) == 1)
        });
    let straddle = outer.filter(|_| !adjacent_tower);
    let from_wall = |h: Hex| {
        let d = distance(h, wall);
        straddle.map_or(d, |o| d.min(distance(h, o)))
    };
    let (dh, dl) = (from_wall(high), from_wall(low));
    let measured = match straddle {
        Some(o) => format!("the wall straddling {} and {}", id(wall), id(o)),
        None => format!(
            "the wall hex {} (the tower stands in the adjacent moat)",
            id(wall)
        ),
    };
    if dl >= dh {
        e.steps.push(format!(
            "{}: over the wall, the character below is {dl} from {measured} and the one above {dh} ({})",
            id(wall),
            cite("2.43 note")
        ));
    } else {
        e.block(format!(
            "over the wall in {} the character below is closer to it ({dl}) than the one above ({dh}), measured from {measured} ({})",
            id(wall),
            cite("2.43 note")
        ));
    }
}

/// What the hexside between two consecutive hexes of the line does.
#[allow(clippy::too_many_arguments)]
fn crossing(
    f: &Field,
    p: Hex,
    q: Hex,
    from: End,
    to: End,
    (ls, lt): (i32, i32),
    tower_shot: bool,
    last: bool,
    e: &mut Eval,
) {
    let w = f.world();
    let r = f.ruleset();
    let id = |h: Hex| w.grid.to_printed(h);
    let side = w
        .grid
        .hexside_between(p, q)
        .map(|s| w.grid.print_hexside(s))
        .unwrap_or_default();
    for feat in w.features_between(p, q) {
        let Some(d) = r.hexside_features.iter().find(|d| d.id == feat) else {
            continue;
        };
        let battlement = d.traits.iter().any(|t| t == "battlement");
        if battlement {
            // A demolished wall keeps no parapet (2.32: rubble gives medium cover
            // whatever the direction).
            // The parapet shelters the one on the wall side, against a line coming over it.
            let wall_side = f.has(q, "raised") && !f.has(p, "raised");
            if last && wall_side && !f.demolished(p) && !f.demolished(q) {
                e.cover(
                    d.cover.unwrap_or(CoverKind::Heavy),
                    format!("behind the battlement at {side} ({})", cite("2.43 note")),
                    None,
                );
            }
            continue;
        }
        if d.blocks_fire {
            e.block(format!("{} at {side} ({})", d.name.to_lowercase(), d.rule));
        }
    }
    // The lip of a slope (3.23).
    let lip = |s: Hex, top: Hex| {
        f.has(s, "slope") && w.elevation(top) > w.elevation(s)
            || w.features_between(s, top).iter().any(|ft| {
                r.hexside_features
                    .iter()
                    .any(|d| d.id == *ft && d.traits.iter().any(|t| t == "lip"))
            }) && w.elevation(top) >= w.elevation(s)
    };
    let slope = if lip(p, q) && f.has(p, "slope") {
        p
    } else if lip(q, p) && f.has(q, "slope") {
        q
    } else {
        return;
    };
    if tower_shot {
        return;
    }
    let (lower, higher, lower_is_target) = if ls < lt {
        (from.hex, to.hex, false)
    } else if lt < ls {
        (to.hex, from.hex, true)
    } else {
        // 3.23 compares a lower with a higher character; with neither lower the lip
        // decides nothing, and higher ground between them blocks (below) on its own.
        e.steps.push(format!(
            "{side}: lip of the slope between characters on one level; neither is lower, so it does not block (our reading of {})",
            cite("3.23")
        ));
        return;
    };
    if lower == slope {
        e.steps.push(format!(
            "{side}: lip of the slope; the lower character is in the slope hex {} itself ({})",
            id(slope),
            cite("3.23 exception")
        ));
        if lower_is_target {
            e.cover(
                CoverKind::Medium,
                format!(
                    "in the slope hex {} with the line crossing its lip ({})",
                    id(slope),
                    cite("3.23")
                ),
                None,
            );
        }
        return;
    }
    let (dl, dh) = (distance(lower, slope), distance(higher, slope));
    if dl >= dh {
        e.steps.push(format!(
            "{side}: lip of the slope; the lower character is {dl} from the slope hex {}, the higher {dh} ({})",
            id(slope),
            cite("3.23")
        ));
    } else {
        e.block(format!(
            "the line crosses the lip of the slope at {side} and the lower character is closer to the slope hex {} ({dl}) than the higher one ({dh}) ({})",
            id(slope),
            cite("3.23")
        ));
    }
}

fn target_cover(f: &Field, from: End, to: End, path: &[Hex], tower_shot: bool, e: &mut Eval) {
    let w = f.world();
    let id = |h: Hex| w.grid.to_printed(h);
    let b = to.hex;
    // Pieces: inside a siege tower, beneath a ram, on top of a tower, behind a screen.
    for p in f.pieces_at(b) {
        if to.upper && p.def.above > 0 {
            let mut c = p.def.cover_above.unwrap_or(CoverKind::Light);
            if f.s.file.options.iter().any(|o| o == "extension-sets") {
                c = c.max(CoverKind::Medium);
            }
            e.cover(
                c,
                format!(
                    "on the upper level of the {} ({})",
                    p.def.name.to_lowercase(),
                    cite("2.44")
                ),
                None,
            );
        } else if !to.upper && p.def.below > 0 {
            e.cover(
                p.def.cover.unwrap_or(CoverKind::Infinite),
                format!(
                    "beneath the {} ({})",
                    p.def.name.to_lowercase(),
                    cite("2.44, 4.33")
                ),
                None,
            );
        } else if p.def.faced_on_hexside {
            let Some(face) = p.facing else { continue };
            let prev = path[path.len() - 2];
            let entered = muster_hex::Direction::between(b, prev, w.grid.orientation());
            let covered =
                entered.is_some_and(|d| d == face || d == face.rotated(1) || d == face.rotated(5));
            if covered {
                e.cover(
                    CoverKind::Heavy,
                    format!("behind the screen in {} ({})", id(b), cite("5.22")),
                    None,
                );
            } else {
                e.steps.push(format!(
                    "{}: the screen faces away from the shooter ({})",
                    id(b),
                    cite("5.22")
                ));
            }
        }
    }
    // Terrain of the target's hex(es): a mounted character takes the heavier (3.31).
    let mut hexes = vec![b];
    if let Some(c) = f.characters_at(b).next() {
        hexes.push(c.hex);
        hexes.extend(c.tail);
    }
    for h in hexes {
        let Some(t) = f.terrain(h) else { continue };
        let c = f.terrain_cover(h);
        let skip = tower_shot && (t.has("scrub") || t.has("slope"));
        if skip {
            e.steps.push(format!(
                "{}: no cover from {} within 10 hexes of a tower's upper level ({})",
                id(h),
                t.name.to_lowercase(),
                cite("2.43")
            ));
            continue;
        }
        if t.has("building") && !t.has("doorway") && !t.has("window") {
            continue; // interior: cover only through an opening (note 2), handled on the line
        }
        if t.has("slope") {
            continue; // medium only when the lip is crossed (3.23), handled at the lip
        }
        // A doorway or gateway covers one side only (3.28): the face is the side the line
        // comes from, inside (a building or courtyard hex before it) or outside.
        let face = (t.has("doorway") || t.has("gateway")).then(|| {
            let before = path.len().checked_sub(2).map(|i| path[i]);
            let inner = before.is_some_and(|p| f.has(p, "building") || f.has(p, "courtyard"));
            format!(
                "the {} side of {}",
                if inner { "inner" } else { "outer" },
                id(h)
            )
        });
        e.cover(
            c,
            format!("{} in {} ({})", t.name.to_lowercase(), id(h), t.rule),
            face,
        );
    }
    if !tower_shot {
        corner_cover(f, from.hex, b, e);
    }
}

/// 3.29: a character in a hex holding an exterior building corner (terrain with the trait
/// `corner`) has medium cover from a shooter who cannot see both sides of the building at
/// once. The sides are the hexsides the corner hex and its outside neighbour share with
/// the building hex.
fn corner_cover(f: &Field, a: Hex, b: Hex, e: &mut Eval) {
    let w = f.world();
    let g = &w.grid;
    let building = |h: Hex| f.has(h, "building");
    // Only hexes the map marks as holding an exterior building corner.
    if building(b) || !f.has(b, "corner") {
        return;
    }
    let centre = |h: Hex| g.center(h, 1.0);
    let (sx, sy) = centre(a);
    for d in muster_hex::Direction::ALL {
        let bh = g.neighbor(b, d);
        if !building(bh) {
            continue;
        }
        // The two corners of the side b|bh; a convex corner has the third hex outside.
        for u in [g.neighbor(b, d.rotated(1)), g.neighbor(b, d.rotated(5))] {
            if building(u) {
                continue;
            }
            // Face 1: side b|bh, seen from b's half-plane. Face 2: side u|bh, seen from u's.
            let sees = |outer: Hex, wall: Hex| {
                let (ox, oy) = centre(outer);
                let (wx, wy) = centre(wall);
                let (mx, my) = ((ox + wx) / 2.0, (oy + wy) / 2.0);
                let (nx, ny) = (ox - wx, oy - wy);
                (sx - mx) * nx + (sy - my) * ny > 1e-4
            };
            let both = sees(b, bh) && sees(u, bh);
            if !both {
                // The face the corner protects against: the wall the shooter sees (3.29:
                // "from which direction he is protected by the corner").
                let seen = if sees(b, bh) { b } else { u };
                let face = if sees(b, bh) || sees(u, bh) {
                    format!(
                        "the wall of {} facing {}",
                        g.to_printed(bh),
                        g.to_printed(seen)
                    )
                } else {
                    format!("behind the corner of {}", g.to_printed(bh))
                };
                e.cover(
                    CoverKind::Medium,
                    format!(
                        "by the corner of the building at {}, the shooter sees only one side of it ({})",
                        g.to_printed(bh),
                        cite("3.29")
                    ),
                    Some(face),
                );
                return;
            }
        }
    }
}

/// Several shooters at one target (3.28, 3.29): each shot's cover, and the shooters whose
/// one-sided cover the target's owner must choose between. The choice is between the
/// faces the cover protects: shooters who all come at the same face give no choice (the
/// cover counts against each of them); at two faces or more, every shooter at a
/// one-sided face is in the choice.
pub fn crossfire(f: &Field, shooters: &[End], target: End) -> (Vec<Fire>, Vec<usize>) {
    let fires: Vec<Fire> = shooters
        .iter()
        .map(|s| line_of_fire(f, *s, target))
        .collect();
    let one_sided: Vec<usize> = fires
        .iter()
        .enumerate()
        .filter(|(_, x)| x.clear && x.one_sided)
        .map(|(i, _)| i)
        .collect();
    let mut faces: Vec<&str> = one_sided
        .iter()
        .filter_map(|&i| fires[i].face.as_deref())
        .collect();
    faces.sort_unstable();
    faces.dedup();
    let choice = if faces.len() > 1 { one_sided } else { vec![] };
    (fires, choice)
}

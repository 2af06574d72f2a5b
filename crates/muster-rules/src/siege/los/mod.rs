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
//!   ground (the walls, a castle tower, the keep) sees over his own walls (ours);
//! - a line runs through the shooter's own room (3.1 note 2 gives such shots "no cover"),
//!   and through a door on into the room it opens (3.26 limits only windows); it does not
//!   leave such a room again by a window (3.26 b) nor by a door to the outside (cautious),
//!   and leaves the shooter's room only by his own window (3.26 a) or his own door;
//! - the parapet shelters the man on the walls also when the line crosses it into the wall
//!   hex beside him just before his (2.43 note: "immediately behind");
//! - a siege-tower shooter ignores walls below him, a house's or a courtyard's (2.43), not
//!   those of the target's room (ours: 3.26 b);
//! - a horse is judged whole (3.31, `horse.rs`): either hex may be aimed at, the heavier
//!   cover counts, and the target's own horse does not block the line at him.

use super::cite;
use super::field::Field;
use super::rooms;
use crate::siege::vocabulary::{features, options, traits};
use muster_hex::{distance, hex_line, hex_line_from_hexside, Hex, LineStep};
use muster_model::CoverKind;
use std::collections::HashSet;

pub use crate::fire::FireEnd as End;

mod between;
mod cover;
mod crossfire;
mod crossing;
mod horse;
mod walls;

use between::{friend_next_to_target, unseen_between};
use cover::target_cover;
pub use crossfire::crossfire;
use crossing::{crossing, Shot};
use walls::{battlement_rule, outer_of};

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

pub(super) struct Eval {
    pub(super) clear: bool,
    pub(super) cover: CoverKind,
    pub(super) cover_why: String,
    pub(super) face: Option<String>,
    pub(super) steps: Vec<String>,
    pub(super) block: Option<String>,
    pub(super) uncertain: Vec<Hex>,
}

impl Eval {
    /// Takes cover `c` if it is heavier; `face` is the face it protects when it protects
    /// one side only.
    pub(super) fn cover(&mut self, c: CoverKind, why: String, face: Option<String>) {
        if c > self.cover {
            self.cover = c;
            self.cover_why = why;
            self.face = face;
        }
    }
    pub(super) fn block(&mut self, why: String) {
        if self.block.is_none() {
            self.steps.push(format!("blocked: {why}"));
            self.block = Some(why);
            self.clear = false;
        }
    }
}

/// The line of fire from `from` to `to`. At a horse, mounted or riderless, the answer is
/// the whole horse's (3.31, see `horse.rs`): the same whichever of its two hexes is aimed at.
pub fn line_of_fire(f: &Field, from: End, to: End) -> Fire {
    horse::whole_horse(f, from, to, line_to)
}

/// The line of fire from `from` to the hex `to` itself.
fn line_to(f: &Field, from: End, to: End) -> Fire {
    let (a, b) = (from.hex, to.hex);
    let g = &f.world().grid;
    let side = |p: Hex, q: Hex| {
        g.hexside_between(p, q)
            .map(|s| g.print_hexside(s))
            .unwrap_or_default()
    };
    // The lines the shooter may trace: from the centre of his hex, or from the middle of a
    // window's sill (3.26). With several windows he takes the clearest.
    type Sill = (Hex, HashSet<Hex>);
    let mut lines: Vec<(Vec<LineStep>, Option<String>, Option<Sill>)> = vec![];
    if !from.upper {
        for (w, room) in rooms::sills_in(f, a, b) {
            lines.push((
                hex_line_from_hexside(a, w, b),
                Some(format!(
                    "traced from the middle of the sill at {} (3.26 b special rule)",
                    side(a, w)
                )),
                Some((w, room)),
            ));
        }
    }
    if lines.is_empty() && !from.upper {
        for n in rooms::sills_out(f, a, b) {
            lines.push((
                hex_line_from_hexside(a, n, b),
                Some(format!(
                    "traced from the middle of the sill at {}, outside the window (3.26 a)",
                    side(a, n)
                )),
                None,
            ));
        }
    }
    if lines.is_empty() {
        lines.push((hex_line(a, b), None, None));
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
    for (steps, how, sill) in &lines {
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

/// The line leaving a room open to it, from `p` to `h` across a window or a door (3.26).
/// A room entered through a door is not left again by a window (3.26 b: "a character
/// outside can only shoot through a window if the target is immediately behind the
/// window"), nor (ours, the cautious reading) by another door to the outside. The
/// shooter's own room: from a window hex he shoots out through his own window only, from
/// its sill (3.26 a); from a doorway hex through his own door only (ours, cautious, for
/// another door). A door into the next room opens that room (below). A siege-tower
/// shot ignores the house below it (2.43). `a` is the shooter's hex.
fn leaving(
    f: &Field,
    (a, p, h): (Hex, Hex, Hex),
    open: &HashSet<Hex>,
    by_door: &HashSet<Hex>,
    tower_shot: bool,
    e: &mut Eval,
) {
    if tower_shot || !open.contains(&p) || open.contains(&h) {
        return;
    }
    let Some(kind) = rooms::opening_between(f, p, h) else {
        return;
    };
    if kind == features::DOOR && f.has(h, traits::BUILDING) {
        return;
    }
    let g = &f.world().grid;
    let side = g
        .hexside_between(p, h)
        .map(|s| g.print_hexside(s))
        .unwrap_or_default();
    let in_window = f.has(a, traits::WINDOW);
    let own_room = !by_door.contains(&p) && f.has(a, traits::BUILDING);
    if own_room && in_window {
        if p != a || kind != features::WINDOW {
            e.block(format!(
                "the shooter in the window hex {} shoots out of his room only through his own window, from its sill; the line would leave the room through the {kind} at {side} ({})",
                g.to_printed(a),
                cite("3.26 a")
            ));
        }
        return;
    }
    if own_room {
        let own_door = p == a && kind == features::DOOR && f.has(a, traits::DOORWAY);
        if own_door {
            return;
        }
        e.block(if kind == features::WINDOW {
            format!(
                "the line would leave the shooter's room through the window at {side}: one shoots out of a house through a window only from that window hex, from its sill ({})",
                cite("3.26 a")
            )
        } else {
            format!(
                "the line would leave the shooter's room through another door than his own, at {side} (ours, the cautious reading of {}: a line does not run through a house)",
                cite("3.26")
            )
        });
        return;
    }
    e.block(if kind == features::WINDOW {
        format!(
            "the line entered the room of {} through a door and would leave it through the window at {side}: from outside one shoots through a window only at the character immediately behind it ({})",
            g.to_printed(p),
            cite("3.26 b")
        )
    } else {
        format!(
            "the line entered the room of {} through a door and would leave it through another door at {side} (ours, the cautious reading of {}: a line does not run through a house)",
            g.to_printed(p),
            cite("3.26")
        )
    });
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
        if end.upper && !f.standing_at(end.hex).any(|p| p.def.above > 0) {
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
                                            // The target's room, once, for a tower shot into a house (3.26 b below).
    let target_room = (tower_shot && f.has(b, traits::BUILDING)).then(|| rooms::room(f, b));
    // The higher and the lower end, for the rules that compare their distances.
    let (high, low) = if ls >= lt { (a, b) } else { (b, a) };
    let engine_at = |h: Hex, upper: bool| {
        f.standing_at(h)
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
    let inside = |h: Hex| {
        f.has(h, traits::BUILDING) && !f.has(h, traits::WINDOW) && !f.has(h, traits::DOORWAY)
    };
    if inside(a) && !f.has(b, traits::BUILDING) {
        e.block(format!(
            "from inside a house one shoots out only from a window hex ({})",
            cite("3.26 a")
        ));
        return e;
    }
    // The friendly character next to the target (1.44, as 2.43 restates it).
    if !f.s.file.options.iter().any(|o| o == options::AIMING)
        && friend_next_to_target(f, a, (b, horse::other_hex(f, to)), lt, &mut e)
    {
        return e;
    }
    let lower_ground = ls.min(lt);
    let shot = Shot {
        from,
        to,
        ls,
        lt,
        tower_shot,
        target_room: target_room.as_ref(),
    };
    // The rooms the line runs through (3.1 note 2 gives a shot inside a house "no cover",
    // so such shots exist): the shooter's own room, and a room entered through a door from
    // outside or from a room already open to the line (ours: a doorway is open; 3.26
    // limits only windows, the field of a shooter by a window to the window's room).
    let mut open: HashSet<Hex> = if f.has(a, traits::BUILDING) {
        rooms::room(f, a)
    } else {
        HashSet::new()
    };
    let mut by_door: HashSet<Hex> = HashSet::new();
    // The door the line crosses into the target's courtyard: a target in a courtyard shot
    // at through a doorway has medium cover (3.28). A door elsewhere on the line (between
    // two rooms, out of a house into the street, into another courtyard) opens onto
    // something else and gives the target nothing.
    let mut door_crossed: Option<String> = None;
    let target_yard = if f.has(b, traits::COURTYARD) {
        rooms::courtyard(f, b)
    } else {
        HashSet::new()
    };
    let g_side = |p: Hex, q: Hex| {
        w.grid
            .hexside_between(p, q)
            .map(|s| w.grid.print_hexside(s))
    };
    // The shooter and the target themselves (either hex of a horse, 3.31) never block
    // their own line.
    let own = |c: &super::field::Character| [a, b].iter().any(|&x| c.hex == x || c.tail == Some(x));
    for (i, &h) in path.iter().enumerate() {
        let last = i + 1 == path.len();
        if i > 0 {
            let p = path[i - 1];
            // 2.43 note: the target behind the parapet, or the line clipping the wall hex
            // beside him just before his (ours: the parapet shelters the wall-walk there too).
            let beside = i + 2 == path.len()
                && [h, b]
                    .iter()
                    .all(|&x| f.has(x, traits::RAISED) && !f.demolished(x));
            crossing(f, p, h, &shot, last || beside, &mut e);
            leaving(f, (a, p, h), &open, &by_door, tower_shot, &mut e);
            if rooms::opening_between(f, p, h) == Some(features::DOOR) && target_yard.contains(&h) {
                door_crossed = g_side(p, h);
            }
            let door = f.has(h, traits::BUILDING)
                && !open.contains(&h)
                && rooms::opening_between(f, p, h) == Some(features::DOOR)
                && (!f.has(p, traits::BUILDING) || open.contains(&p));
            if door {
                let room = rooms::room(f, h);
                by_door.extend(room.iter().copied());
                open.extend(room);
            }
        }
        if i == 0 || last {
            continue;
        }
        let t = f.terrain(h);
        let name = t
            .map(|t| t.name.to_lowercase())
            .unwrap_or_else(|| w.terrain(h).to_string());
        let rubble = f.demolished(h);
        let tall = f.has(h, traits::TALL) && !rubble;
        if tall {
            e.block(format!(
                "{} is {} ({})",
                id(h),
                name,
                cite("2.43 note: towers and the keep block any line")
            ));
            continue;
        }
        if f.has(h, traits::TREES) {
            e.block(format!("{} is trees ({})", id(h), cite("3.22")));
            continue;
        }
        // A piece the shooter or the target stands in does not block its own line.
        for p in f
            .standing_at(h)
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
        if target_room.as_ref().is_some_and(|room| room.contains(&h)) {
            // Obstacles below him are ignored (2.43), but a house is shot into only
            // through a window, at the character immediately behind it (3.26 b): from a
            // tower as from the ground (ours: 2.43 does not lift the roof).
            e.block(format!(
                "{} is inside the target's house: from outside one shoots through a window only at the character immediately behind it ({})",
                id(h),
                cite("3.26 b")
            ));
            continue;
        }
        if tower_shot {
            let mut below: Vec<String> = f
                .standing_at(h)
                .map(|p| format!("the {}", p.def.name.to_lowercase()))
                .collect();
            // Only what is below him: a character on his own level (on the walls, or on
            // the upper level of a tower beside his) blocks as anywhere else.
            let level_of = |c: &super::field::Character| {
                f.level(h, c.level == Some(muster_model::Level::Upper))
            };
            if let Some(c) = f.characters_at(h).find(|c| !own(c) && level_of(c) >= ls) {
                e.block(format!(
                    "a character stands in {} on the shooter's level {} ({}: only those below him are ignored)",
                    id(h),
                    level_of(c),
                    cite("2.43")
                ));
                continue;
            }
            unseen_between(f, h, ls, &mut e);
            if f.characters_at(h).any(|c| !own(c)) {
                below.push("a character".into());
            }
            if [
                traits::TENT,
                traits::BUILDING,
                traits::SCRUB,
                traits::WALL,
                traits::SLOPE,
            ]
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
            if f.has(h, traits::WALL) && !rubble && lt < f.level(h, false) {
                battlement_rule(f, (high, low), h, outer_of(path, i, high == a), &mut e);
            }
            continue;
        }
        // Characters block lines at their level, whichever end shoots; not in a trench,
        // which "can be shot into or across even when occupied" (3.25).
        if !f.has(h, traits::TRENCH) {
            unseen_between(f, h, lower_ground, &mut e);
        }
        if let Some(c) = f
            .characters_at(h)
            .find(|c| !own(c))
            .filter(|_| !f.has(h, traits::TRENCH))
        {
            let cl = f.level(h, c.level == Some(muster_model::Level::Upper));
            if cl >= lower_ground {
                e.block(format!(
                    "a character stands in {} (our reading: characters block lines at their level)",
                    id(h)
                ));
            }
        }
        if f.has(h, traits::TENT) && !f.burnt(h) {
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
        } else if open.contains(&h) {
            e.steps.push(format!(
                "{}: inside the room, open to the line (the shooter's own room, or one entered through a door: our reading of {})",
                id(h),
                cite("3.1 note 2, 3.26")
            ));
        } else if f.has(h, traits::BUILDING) && f.has(h, traits::WINDOW) {
            e.block(format!(
                "{} is a window hex: from outside one shoots through a window only at the character immediately behind it, or from the hex next to it at the hexes of its room ({})",
                id(h),
                cite("3.26 b")
            ));
        } else if f.has(h, traits::BUILDING) {
            let opening = f.has(h, traits::DOORWAY) && path.get(i + 1) == Some(&b);
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
        // The gateway must open onto the target's courtyard: the line goes on from it
        // into that courtyard (3.28, as for a doorway).
        let into_yard = path.get(i + 1).is_some_and(|n| target_yard.contains(n));
        if f.has(h, traits::GATEWAY) && into_yard {
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
        if f.has(h, traits::WALL) && !rubble {
            let top = f.level(h, false);
            let higher = if ls >= lt { a } else { b };
            if ls.max(lt) < top {
                e.block(format!(
                    "{} is {}, a wall between characters below its top ({})",
                    id(h),
                    name,
                    cite("2.43")
                ));
            } else if ls.min(lt) < top && f.has(higher, traits::RAISED) {
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
        if f.has(h, traits::SCRUB) {
            e.steps.push(format!("{}: scrub", id(h)));
            e.cover(
                CoverKind::Light,
                format!("the line crosses scrub in {} ({})", id(h), cite("3.21")),
                None,
            );
        }
        if w.elevation(h) > ls.max(lt) && !f.has(h, traits::RAISED) {
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
    } else if f.has(b, traits::BUILDING) && !f.has(b, traits::DOORWAY) && path.len() > 1 {
        // (A doorway hex's own cover covers one side only, 3.28: the target's terrain
        // gives it, with its face, below.)
        let kind = rooms::opening_between(f, path[path.len() - 2], b)
            .or_else(|| by_door.contains(&b).then_some(features::DOOR));
        if let Some(kind) = kind {
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
    // A shooter standing in the courtyard's gateway shoots into the courtyard through it, as
    // a shooter in a doorway hex shoots through the door (3.28 names both alike).
    if f.has(a, traits::GATEWAY)
        && !tower_shot
        && path
            .get(1)
            .is_some_and(|n| *n != a && target_yard.contains(n))
    {
        e.cover(
            CoverKind::Medium,
            format!(
                "shot into the courtyard from its gateway {} ({}, as through a doorway)",
                id(a),
                cite("3.28")
            ),
            None,
        );
    }
    if let (Some(side), true) = (&door_crossed, tower_shot) {
        e.steps.push(format!(
            "the line passes the door at {side} into the courtyard, but the siege-tower shooter shoots down into it from above, not through the doorway: no 3.28 cover (ours: 3.28 names shots \"through a doorway\"; 2.43 lets him shoot over what is below him)"
        ));
    }
    if let Some(side) = door_crossed.filter(|_| !tower_shot) {
        e.cover(
            CoverKind::Medium,
            format!(
                "in a courtyard, shot at through the door at {side} ({})",
                cite("3.28")
            ),
            None,
        );
    }
    target_cover(f, from, to, path, tower_shot, &mut e);
    e
}

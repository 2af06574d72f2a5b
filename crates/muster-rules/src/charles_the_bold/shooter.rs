//! Who shoots from a hex, and whether that stand can make the shot (§6.0, §16): the stands
//! the set-up may put in the shooter's hex (the one certainly there, else every stand an
//! owner's choice or a hidden line may put there), each judged on its own for sight
//! ("only archers can fire overhead"), its firing arc and its list's range columns. One
//! engine for `query los` and `query fire`.

use super::facing::in_arc;
use super::visibility::sight;
use crate::fire::LineOfFire;
use crate::scenario::Scenario;
use muster_hex::{Corner, Hex};
use muster_model::ListEntry;

/// Whether a list line shoots overhead (§6.0 "Only archers can fire overhead"): a bow, the
/// longbow among them (ours: crossbows, handguns and guns are not archers).
pub fn fires_overhead(e: &ListEntry) -> bool {
    e.has("Longbow") || e.has("Bow")
}

/// The longest range column of a list line (`"4H"` → 4), or `None` when it has none and
/// so does not fire (§16).
pub fn longest_band(e: &ListEntry) -> Option<u32> {
    e.fire
        .keys()
        .filter_map(|k| k.strip_suffix('H')?.parse().ok())
        .max()
}

/// A stand that may shoot from a hex, with the facing its set-up line gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Candidate {
    /// Its side.
    pub side: usize,
    /// Its unit.
    pub unit: usize,
    /// The point of the hex it faces (§3.0), when its line gives one.
    pub corner: Option<Corner>,
    /// Moves it made before firing (`query fire --moved N`): each may have turned it one
    /// hex face (§3.1), so the arc is judged for every facing within that many faces of its
    /// set-up facing (any facing for Sk and LC, which "finish their move facing any
    /// direction").
    pub moved: u32,
}

/// The stands that may be the shooter in `hex`: the stand certainly set up there (every
/// type of its line when the line mixes types), or else every stand of every line that may
/// put one there. Generals are not stands (§1.2) and never shoot.
pub fn stands_at(s: &Scenario, hex: Hex) -> Vec<Candidate> {
    let p = &s.placements;
    let certain: Vec<_> = p
        .certainly_held(hex)
        .into_iter()
        .filter(|o| !o.free)
        .collect();
    let lines: Vec<usize> = match certain.first() {
        Some(o) => match o.unit {
            Some(unit) => {
                let corner = p.lines().get(o.line).and_then(|l| l.corner);
                return vec![Candidate {
                    side: o.side,
                    unit,
                    corner,
                    moved: 0,
                }];
            }
            // A line of several types, or lines that may swap in the hex: each of theirs.
            None => p.lines_holding(hex),
        },
        None => p.who_could_be(hex).to_vec(),
    };
    let mut out: Vec<Candidate> = Vec::new();
    for li in lines {
        let l = p.line(li);
        for c in l.counters.iter().filter(|c| !c.free && c.count > 0) {
            let k = Candidate {
                side: l.side,
                unit: c.unit,
                corner: l.corner,
                moved: 0,
            };
            if !out.contains(&k) {
                out.push(k);
            }
        }
    }
    out
}

/// The stand certainly set up in `hex` as `(side, unit)`, with its line's facing.
pub fn candidate_of(s: &Scenario, side: usize, unit: usize, hex: Hex) -> Candidate {
    let corner = s
        .placements
        .lines()
        .iter()
        .find(|l| {
            l.side == side && l.hexes.contains(&hex) && l.counters.iter().any(|c| c.unit == unit)
        })
        .and_then(|l| l.corner);
    Candidate {
        side,
        unit,
        corner,
        moved: 0,
    }
}

/// The hexes certainly holding a stand, which block sight (§6.0); generals are not stands
/// (§1.2).
pub fn blocking_stands(s: &Scenario) -> Vec<Hex> {
    let p = &s.placements;
    p.certain_hexes()
        .filter(|h| p.certainly_held(*h).iter().any(|o| !o.free))
        .collect()
}

/// One stand's judgement of a shot: sight, firing arc and range together.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Judged {
    /// The stand's unit id.
    pub id: String,
    /// Whether this stand can make the shot.
    pub clear: bool,
    /// Why: what stops it first, then what was found.
    pub reason: String,
    /// Its longest range column (§16).
    pub longest: Option<u32>,
    /// The hexes of the line.
    pub path: Vec<Hex>,
}

/// Whether stand `c` in `from` can shoot at `to` (§6.0, §16): it sees the target (a stand
/// between blocks unless it is an archer), the target is in its firing arc ("along the
/// lines of the wide frontal H lines", artillery "along the narrow 2H front") and within
/// its longest range column. `stands`: hexes holding stands.
pub fn judge(s: &Scenario, from: Hex, to: Hex, c: &Candidate, stands: &[Hex]) -> Judged {
    let grid = &s.world.grid;
    let id = s.file.sides[c.side].units[c.unit].id.clone();
    let entry = s.list_entry(c.side, c.unit);
    let v = sight(s, from, to, entry.is_some_and(fires_overhead), stands);
    let (mut fails, mut notes) = (Vec::new(), Vec::new());
    if v.clear {
        notes.push(v.reason);
    } else {
        fails.push(v.reason);
    }
    let artillery = entry.is_some_and(|e| e.has("Art"));
    let target = grid.to_printed(to);
    match c.corner {
        Some(k) if c.moved > 0 => {
            let any = entry.is_some_and(|e| e.has("Sk") || e.has("LC"));
            let faces = if any { 3 } else { c.moved.min(3) };
            let facing = k.name(grid.orientation());
            let turned = (0..=faces)
                .flat_map(|n| [k.index() + n as u8, k.index() + 6 - n as u8])
                .map(Corner::new)
                .find(|t| in_arc(grid, from, *t, to, artillery));
            let how = if any {
                "Sk and LC finish their move facing any direction, §3.1".to_string()
            } else {
                format!("turning 1 hex face requires 1MP, §3.1; ours: one face a move, {} before firing; §3.1's further change of face, which disorders the stand, is not counted", c.moved)
            };
            match turned {
                Some(t) => notes.push(format!(
                    "{target} is in the firing arc of `{id}` turned to face {} from its set-up facing {facing} ({how})",
                    t.name(grid.orientation())
                )),
                None => fails.push(format!(
                    "{target} is outside the firing arc of `{id}` facing {facing} or any facing it may turn to without disorder before firing ({how}; §6.0)"
                )),
            }
        }
        Some(k) => {
            let facing = k.name(grid.orientation());
            if in_arc(grid, from, k, to, artillery) {
                notes.push(format!(
                    "{target} is in the firing arc of `{id}` facing {facing}"
                ));
            } else if artillery {
                fails.push(format!("{target} is off the narrow 2H front of the artillery `{id}` facing {facing} (§6.0; ours: a corridor two hexes wide straight ahead)"));
            } else {
                fails.push(format!("{target} is outside the firing arc of `{id}` facing {facing}: it fires along its wide frontal lines (§6.0; ours: the wedge between the two lines out of its front hexsides)"));
            }
        }
        None => notes.push(format!(
            "firing arc not checked: the set-up line of `{id}` gives no facing"
        )),
    }
    let d = muster_hex::distance(from, to);
    let longest = entry.and_then(longest_band);
    match (entry, longest) {
        (None, _) => notes.push(format!(
            "range not checked: `{id}` has no army-list line"
        )),
        (Some(_), None) => fails.push(format!(
            "`{id}` has no range columns in its army list: it does not fire (§16)"
        )),
        (Some(_), Some(r)) if r < d => fails.push(format!(
            "out of range: the target is {d} hexes away and `{id}` fires at most {r} (§16)"
        )),
        (Some(_), Some(r)) if d <= 1 => notes.push(format!(
            "in range: 1 hex, within `{id}`'s {r}H (ours: a target 1 hex away is in the first column; §16's columns start at 2H)"
        )),
        (Some(_), Some(r)) => notes.push(format!(
            "in range: {d} hexes, within `{id}`'s {r}H (§16)"
        )),
    }
    let clear = fails.is_empty();
    fails.extend(notes);
    Judged {
        id,
        clear,
        reason: fails.join("; "),
        longest,
        path: v.path,
    }
}

/// The line of fire from `from` to `to` (§6.0, §16). The stand certainly in `from` is
/// judged; with an owner's choice or a hidden line, every stand that may be there is
/// judged on its own, and the line is clear when one of them can make the shot (ours: an
/// owner's choice is taken at its most favourable — the best single stand, never the best
/// sight of one with the arc or range of another); the reason names which.
pub fn line_of_fire(s: &Scenario, from: Hex, to: Hex) -> LineOfFire {
    let stands = blocking_stands(s);
    let at = s.world.grid.to_printed(from);
    let d = muster_hex::distance(from, to);
    let judged: Vec<Judged> = stands_at(s, from)
        .iter()
        .map(|c| judge(s, from, to, c, &stands))
        .collect();
    let mut l = LineOfFire {
        clear: false,
        cover: None,
        one_sided: false,
        face: None,
        path: vec![],
        levels: None,
        steps: vec![],
        reason: String::new(),
        uncertain: vec![],
        range: None,
    };
    match judged.as_slice() {
        [] => {
            let v = sight(s, from, to, false, &stands);
            l.clear = v.clear;
            l.path = v.path;
            l.reason = format!(
                "{}; firing arc not checked: no stand with a facing is certainly set up in {at}; range not checked: no stand with an army-list line may be set up in {at}",
                v.reason
            );
        }
        [one] => {
            l.clear = one.clear;
            l.path = one.path.clone();
            l.reason = one.reason.clone();
            l.range = one.longest.map(|r| (d, r));
        }
        many => {
            const OURS: &str = "ours: an owner's choice is taken at its most favourable, the best single stand judged for sight, arc and range together";
            let others = |keep: bool| {
                many.iter()
                    .filter(|j| j.clear == keep)
                    .map(|j| format!("`{}`: {}", j.id, j.reason))
                    .collect::<Vec<_>>()
                    .join(" — ")
            };
            match many.iter().find(|j| j.clear) {
                Some(best) => {
                    l.clear = true;
                    l.path = best.path.clone();
                    l.range = best.longest.map(|r| (d, r));
                    l.reason = if many.iter().all(|j| j.clear) {
                        format!(
                            "clear for every stand that may be set up in {at}, `{}` among them: {} ({OURS})",
                            best.id, best.reason
                        )
                    } else {
                        format!(
                            "clear only if `{}` shoots, of the stands that may be set up in {at}: {} ({OURS}); not for the others — {}",
                            best.id,
                            best.reason,
                            others(false)
                        )
                    };
                }
                None => {
                    l.path = many.first().map(|j| j.path.clone()).unwrap_or_default();
                    let longest: Vec<Option<u32>> = many.iter().map(|j| j.longest).collect();
                    if longest.windows(2).all(|w| w[0] == w[1]) {
                        l.range = longest.first().copied().flatten().map(|r| (d, r));
                    }
                    l.reason = format!(
                        "no single stand that may be set up in {at} can make the shot ({OURS}) — {}",
                        others(false)
                    );
                }
            }
        }
    }
    l
}

//! Who may stand between or beside: characters hidden or placed by the owner's choice on
//! the line, and a friend of the shooter next to the target (1.44 as 2.43 restates it).

use super::super::cite;
use super::super::field::Field;
use super::Eval;
use muster_hex::{distance, Hex};

/// A hex of the line that a hidden character or an owner's-choice line may fill at a level
/// that would block (`at_least`), and that no laid-out character fills: uncertain.
pub(super) fn unseen_between(f: &Field, h: Hex, at_least: i32, e: &mut Eval) {
    if f.characters_at(h).next().is_some() {
        return;
    }
    let p = &f.s.placements;
    let may = p.who_could_be(h).iter().any(|&li| {
        let l = p.line(li);
        (l.hidden() || !l.laid_out())
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
/// counts by either hex of his horse (3.31), and a mounted target (or a riderless horse) is
/// next to him by either hex of its horse, `horse` the second (3.31: "a character on
/// horseback occupies two hexes"). Blocks (true) when a friend of every side the
/// shooter may be on certainly stands next to the target at its level; names as uncertain
/// the hexes next to the target that a hidden or owner's-choice friend may fill.
pub(super) fn friend_next_to_target(
    f: &Field,
    a: Hex,
    (b, horse): (Hex, Option<Hex>),
    lt: i32,
    e: &mut Eval,
) -> bool {
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
    let target = |h: Hex| h == b || horse == Some(h);
    let touches =
        |h: Hex| !target(h) && (distance(h, b) == 1 || horse.is_some_and(|t| distance(h, t) == 1));
    let next_to = |h: Hex, upper: bool| touches(h) && f.level(h, upper) == lt;
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
        let by = if touches(c.hex) {
            id(c.hex)
        } else {
            format!("{} (his horse's second hex)", id(c.tail.unwrap_or(c.hex)))
        };
        e.block(format!(
            "a character of the shooter's side in {by} is next to the target at its level{} ({}; the optional rule 6.21 `aiming` lifts this){}",
            horse
                .map(|t| format!(
                    " (the target's horse covers {} and {}: next to either hex counts, {})",
                    id(b),
                    id(t),
                    cite("3.31")
                ))
                .unwrap_or_default(),
            cite("1.44 as restated in 2.43"),
            if chosen { "; the shooter's side is that of every line that may stand in his hex" } else { "" }
        ));
        return true;
    }
    // Friends the set-up may put next to the target: the verdict assumes they are not.
    let g = &f.world().grid;
    let mut around: Vec<Hex> = g.neighbors_on_map(b).collect();
    if let Some(t) = horse {
        for n in g.neighbors_on_map(t) {
            if !around.contains(&n) {
                around.push(n);
            }
        }
    }
    for n in around.into_iter().filter(|n| *n != a && !target(*n)) {
        let laid_out = friends
            .iter()
            .flatten()
            .any(|c| c.hex == n || c.tail == Some(n));
        let may = p.who_could_be(n).iter().any(|&li| {
            let l = p.line(li);
            let shooter_himself = p.who_could_be(a).contains(&li) && l.bound <= 1;
            sides.contains(&l.side)
                && !shooter_himself
                && (l.hidden() || !l.laid_out())
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

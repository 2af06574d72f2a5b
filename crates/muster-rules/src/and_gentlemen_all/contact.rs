//! Contact between regiments of the set-up (§6, §8): contact is being in adjacent hexes
//! (ours, on hexes), read through the placement model, with the enemies an owner's choice or
//! a hidden line may put there named apart. Who touches a regiment where (front, flank,
//! rear) is [`super::arcs`]'s geometry on the facing its set-up line gives.

use super::arcs::{behind_flank, quarter, Quarter};
use super::tables::UnitType;
use crate::and_gentlemen_all::fields;
use crate::placement::Assume;
use crate::scenario::Scenario;
use muster_hex::{Direction, Hex};

/// Whether a unit of the set-up is a foot or horse regiment (not artillery, §8's "foot or
/// horse unit").
fn foot_or_horse(s: &Scenario, side: usize, u: usize) -> bool {
    let def = &s.file.sides[side].units[u];
    fields::unit(def).regiment.as_ref().is_some_and(|r| {
        matches!(
            UnitType::of(&def.kind, r.mounted.unwrap_or(false)),
            Some(UnitType::Foot | UnitType::Horse)
        )
    })
}

/// Whether a unit of the set-up is a regiment (any type; a general is not).
fn regiment(s: &Scenario, side: usize, u: usize) -> bool {
    fields::unit(&s.file.sides[side].units[u])
        .regiment
        .is_some()
}

/// The hexes next to `hex` where an enemy of `side` that `counts` certainly stands (and is
/// not hidden), and those where an owner's choice or a hidden one may.
fn enemies_next_to(
    s: &Scenario,
    side: usize,
    hex: Hex,
    counts: impl Fn(&Scenario, usize, usize) -> bool,
) -> (Vec<Hex>, Vec<Hex>) {
    enemies_in(s, side, s.world.grid.neighbors_on_map(hex), counts)
}

/// Of `hexes`, those where an enemy of `side` that `counts` certainly stands (and is not
/// hidden), and those where an owner's choice or a hidden one may.
fn enemies_in(
    s: &Scenario,
    side: usize,
    hexes: impl IntoIterator<Item = Hex>,
    counts: impl Fn(&Scenario, usize, usize) -> bool,
) -> (Vec<Hex>, Vec<Hex>) {
    let p = &s.placements;
    let (mut certain, mut maybe) = (Vec::new(), Vec::new());
    for n in hexes {
        let sure = p.certainly_held(n).iter().any(|o| {
            o.side != side
                && !o.free
                && !p.line(o.line).hidden()
                && o.unit.is_some_and(|u| counts(s, o.side, u))
        });
        if sure {
            certain.push(n);
            continue;
        }
        let may = p.who_could_be(n).iter().any(|&li| {
            let l = p.line(li);
            l.side != side
                && l.counters
                    .iter()
                    .any(|c| !c.free && c.count > 0 && counts(s, l.side, c.unit))
        });
        if may {
            maybe.push(n);
        }
    }
    (certain, maybe)
}

/// The hexes next to `hex` where an enemy of `side` foot or horse regiment certainly
/// stands, and those where one may (§8's "in contact with more than one enemy foot or horse
/// unit").
pub fn foot_or_horse_contacts(s: &Scenario, side: usize, hex: Hex) -> (Vec<Hex>, Vec<Hex>) {
    enemies_next_to(s, side, hex, foot_or_horse)
}

/// The hexes behind the flank of a regiment of `side` at `hex` facing `facing` and within
/// `within` hexes ([`super::arcs::behind_flank`]) where an enemy foot or horse regiment
/// certainly stands, and those where an owner's choice or a hidden one may (§9 "+3 Enemy
/// foot or horse behind flank and within 4" (6")").
pub fn foot_or_horse_behind_flank(
    s: &Scenario,
    side: usize,
    hex: Hex,
    facing: Direction,
    within: u32,
) -> (Vec<Hex>, Vec<Hex>) {
    let (p, g) = (&s.placements, &s.world.grid);
    let candidates = (0..p.lines().len()).flat_map(|l| p.candidates(l).iter().copied());
    let mut near: Vec<Hex> = p
        .certain_hexes()
        .chain(candidates)
        .filter(|h| muster_hex::distance(hex, *h) <= within && behind_flank(g, hex, facing, *h))
        .collect();
    near.sort_by_cached_key(|h| g.to_printed(*h));
    near.dedup();
    enemies_in(s, side, near, foot_or_horse)
}

/// How a regiment of `side` at `hex` facing `facing` is contacted (§8): in flank if an
/// enemy regiment certainly touches a flank, else in rear if one touches its rear ("a unit
/// contacted in Flank and Rear applies the negative modifier for Flank contact only"); and
/// the hexes where an enemy the set-up may put there would make it worse.
pub fn contacted(
    s: &Scenario,
    side: usize,
    hex: Hex,
    facing: Direction,
) -> (Option<Quarter>, Vec<Hex>) {
    let g = &s.world.grid;
    let (certain, maybe) = enemies_next_to(s, side, hex, regiment);
    let rank = |q: Option<Quarter>| match q {
        Some(Quarter::Flank) => 2,
        Some(Quarter::Rear) => 1,
        _ => 0,
    };
    let worst = certain
        .iter()
        .map(|n| quarter(g, hex, facing, *n))
        .max_by_key(|q| rank(*q))
        .filter(|q| rank(*q) > 0)
        .flatten();
    let worse = maybe
        .into_iter()
        .filter(|n| rank(quarter(g, hex, facing, *n)) > rank(worst))
        .collect();
    (worst, worse)
}

/// The hexes in contact with an enemy regiment of `side` under an assumption: those next
/// to a hex where one stands (§6 "halt upon contact"; generals are not regiments).
pub fn contact_hexes(s: &Scenario, side: usize, assume: Assume) -> crate::FastSet<Hex> {
    let p = &s.placements;
    let mut out = crate::FastSet::default();
    for h in p.held_hexes(assume) {
        let enemy = p
            .held(h, assume)
            .iter()
            .any(|o| o.side != side && !o.free && o.unit.is_none_or(|u| regiment(s, o.side, u)));
        if enemy {
            out.extend(s.world.grid.neighbors_on_map(h));
        }
    }
    out
}

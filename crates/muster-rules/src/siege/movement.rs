//! Movement costs for characters on foot and horses (2.1, 2.33, 2.42, 2.45, 3.1, 3.32,
//! 3.43, 3.54, 4.3, 5.2), and the reach of a character from its set-up hex.
//!
//! A horse covers two hexes (3.31); reach follows its head and prices each step by the
//! horse column, a simplification the answer states.

use super::cite;
use super::field::Field;
use crate::movement::Reach;
use crate::placement::Assume;
use crate::siege::vocabulary::{markers, options, side_traits, traits};
use muster_hex::Hex;
use std::collections::HashMap;

/// Who moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mover {
    /// A character on foot.
    Foot,
    /// A horse: mounted character, riderless horse, draft animal.
    Horse,
}

/// A position: a hex, and whether on the upper level of a siege tower there.
pub type Spot = (Hex, bool);

/// The cost of one step, or why it cannot be made.
pub fn step_cost(f: &Field, from: Spot, to: Spot, mover: Mover) -> Result<u32, String> {
    let w = f.world();
    let r = f.ruleset();
    let id = |h: Hex| w.grid.to_printed(h);
    let (a, a_up) = from;
    let (b, b_up) = to;
    if a == b {
        // Climbing or descending inside a siege tower (2.42).
        let tower = f.standing_at(a).any(|p| p.def.above > 0);
        return if tower && mover == Mover::Foot {
            Ok(2)
        } else {
            Err(format!("no levels to change in {}", id(a)))
        };
    }
    let mut extra = 0;
    let breach = f.demolished(a) || f.demolished(b);
    for feat in w.features_between(a, b) {
        match r.hexside_features.iter().find(|d| d.id == feat) {
            // A parapet is crossed from a tower's upper level (2.45) and is gone where the
            // wall lies in rubble; other intact walls still block (2.33).
            Some(d)
                if d.traits.iter().any(|t| t == side_traits::BATTLEMENT)
                    && (a_up || b_up || breach) => {}
            // A tower's arrow-slits are gone with its wall (2.33: only an intact wall blocks).
            Some(d) if d.traits.iter().any(|t| t == side_traits::SLIT) && breach => {}
            Some(d) => match d.crossing_mp {
                Some(n) => extra += n,
                None => return Err(format!("{} cannot be crossed ({})", d.name, d.rule)),
            },
            None => return Err(format!("unknown hexside feature `{feat}`")),
        }
    }
    if f.marked(b, markers::FIRE) {
        return Err(format!("{} is on fire ({})", id(b), cite("3.54")));
    }
    if f.marked(b, markers::DRAWBRIDGE_UP) {
        return Err(format!(
            "the drawbridge at {} is raised ({})",
            id(b),
            cite("6.11")
        ));
    }
    let t = f
        .terrain(b)
        .ok_or_else(|| format!("unknown terrain in {}", id(b)))?;
    // Terrain no one enters (a solid castle wall) stays closed whatever the way in, until
    // it lies in rubble (2.33).
    if t.mp.is_none() && !f.demolished(b) {
        return Err(format!(
            "{} is {}: impassable ({})",
            id(b),
            t.name.to_lowercase(),
            t.rule
        ));
    }
    let pieces: Vec<_> = f.standing_at(b).collect();
    if let Some(p) = pieces.iter().find(|p| p.def.no_entry) {
        return Err(format!(
            "{} holds a {} ({})",
            id(b),
            p.def.name.to_lowercase(),
            cite("3.43")
        ));
    }
    if mover == Mover::Horse {
        if let Some(p) = pieces.iter().find(|p| !p.def.animal) {
            return Err(format!(
                "horses cannot enter the {} in {} ({})",
                p.def.name.to_lowercase(),
                id(b),
                cite("3.32, 5.23")
            ));
        }
        for m in [markers::FILLED_MOAT, markers::RUBBLE] {
            if f.marked(b, m) {
                return Err(format!("horses cannot enter {m} ({})", cite("3.32")));
            }
        }
    }
    if pieces.iter().any(|p| p.def.below > 0 || p.def.above > 0) {
        // Siege tower or ram: 2 to enter; the upper level from a battlement also 2 (2.42,
        // 2.45, 4.3); climbing is a separate step.
        let from_battlement = f.has(a, traits::BATTLEMENT) && !f.demolished(a);
        if b_up && !(a_up || from_battlement) {
            return Err("the upper level is reached by climbing inside the tower, or from a battlement (2.45)".into());
        }
        // "Each hex on the lower level also connects to the hex immediately above it on
        // the upper level, and vice versa" (2.42): the levels meet only hex over hex, so
        // from the upper level one comes down in one's own hex (2), then steps on (1).
        if a_up && !b_up {
            return Err(format!(
                "from the upper level of the siege tower one comes down only to the hex below ({}): the levels connect hex to hex above and below",
                cite("2.42")
            ));
        }
        let same_engine = f
            .standing_at(a)
            .any(|q| pieces.iter().any(|p| p.index == q.index));
        return Ok(extra + if same_engine && a_up == b_up { 1 } else { 2 });
    }
    let onto_battlement = f.has(b, traits::BATTLEMENT) && !f.demolished(b);
    if a_up && !onto_battlement {
        return Err(format!(
            "from a siege tower's upper level one steps only onto battlements ({})",
            cite("2.45")
        ));
    }
    if a_up {
        return Ok(extra + 2); // 2.45
    }
    if f.marked(b, markers::FILLED_MOAT) {
        return Ok(extra + 2); // 2.1
    }
    if f.demolished(b) {
        return Ok(extra + 2); // 2.33
    }
    if f.demolished(a) && (t.has(traits::RAISED)) {
        return Ok(extra + 3); // 2.33
    }
    // Up onto the wall-walk (battlements, arrow-slits) from the ground only by a stairway
    // (3.32 names stairways; section 1, which would give the way up, is missing: ours),
    // from rubble (2.33, above) or from a siege tower's upper level (2.45, above); and
    // down the same ways (ours). A castle tower or the keep is entered on foot from the
    // ground through its door (3.1 note 5: "Horses can never enter tower doorways", so men
    // on foot do; 6.72: the defenders withdraw "in the keep"); ours: the doors open into
    // the castle, so from and to a hex inside it (a courtyard), and a stair inside takes
    // the man up to the tower's level and on to the walls.
    let raised = |h: Hex| f.has(h, traits::RAISED) && !f.demolished(h);
    let wall_walk = |h: Hex| raised(h) && f.has(h, traits::WALL);
    let ground = |h: Hex| !raised(h) && !f.has(h, traits::STAIRWAY) && !f.demolished(h);
    let by_door = |outside: Hex, building: Hex| !wall_walk(building) && f.inside_castle(outside);
    if raised(b) && ground(a) && !by_door(a, b) {
        return Err(format!(
            "{} is {}, raised ground: from the ground one climbs onto the walls only by a stairway, rubble, a siege tower or through a castle tower, and enters a castle tower or the keep through its door from inside the castle (our reading of {}; section 1 is missing)",
            id(b),
            t.name.to_lowercase(),
            cite("3.1 note 5, 3.32, 6.72")
        ));
    }
    if raised(a) && ground(b) && !by_door(b, a) {
        return Err(format!(
            "{} is below the walls: from the walls one comes down only by a stairway, rubble or through a castle tower, and out of a castle tower or the keep through its door into the castle (our reading of {}, as the way up; section 1 is missing)",
            id(b),
            cite("3.1 note 5, 3.32, 6.72")
        ));
    }
    let cost = match mover {
        Mover::Foot => t.mp,
        Mover::Horse if t.no_horses => None,
        Mover::Horse => {
            let slope_variant =
                f.s.file
                    .options
                    .iter()
                    .any(|o| o == options::VIKINGS_SLOPES)
                    && t.has(traits::SLOPE)
                    && !t.has(traits::STEEP);
            if slope_variant {
                Some(4)
            } else {
                t.horse_mp.or(t.mp)
            }
        }
    };
    match cost {
        Some(n) => Ok(extra + n),
        None => Err(format!(
            "{} is {}: {} ({})",
            id(b),
            t.name.to_lowercase(),
            if mover == Mover::Horse {
                "impassable to horses"
            } else {
                "impassable"
            },
            t.rule
        )),
    }
}

/// What a character carries as he moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Load {
    /// Nothing.
    None,
    /// A screen: 2 MP less, and only where screens go (5.21).
    Screen,
    /// A barrel of oil: 2 MP less (5.32).
    Barrel,
}

/// Every spot reachable within `mp`, with its cost, taking as standing the placements
/// `assume` says (living enemy characters cannot be passed through).
pub fn costs(
    f: &Field,
    start: Spot,
    mp: u32,
    mover: Mover,
    side: usize,
    load: Load,
    assume: Assume,
) -> HashMap<Spot, u32> {
    let w = f.world();
    let enemy = |h: Hex| {
        f.characters_at(h).any(|c| c.side != side)
            || f.s
                .placements
                .held(h, assume)
                .iter()
                .any(|o| o.side != side)
    };
    crate::movement::cheapest(start, mp, |spot: Spot| {
        let mut next: Vec<Spot> = w
            .grid
            .neighbors_on_map(spot.0)
            .flat_map(|n| [(n, false), (n, true)])
            .collect();
        next.push((spot.0, !spot.1));
        next.into_iter()
            .filter(|to| !to.1 || f.standing_at(to.0).any(|p| p.def.above > 0))
            .filter(|to| {
                // Mounted characters may cross occupied trenches (3.32); otherwise living
                // enemy characters cannot be passed through (1.61, cited by 3.32).
                let trench_jump = mover == Mover::Horse && f.has(to.0, traits::TRENCH);
                !(to.0 != spot.0 && enemy(to.0) && !trench_jump)
            })
            .filter(|to| {
                // "All the terrain types that are impassable to horses are also impassable
                // to screens, with the exception of Filled Moat hexes" (5.21).
                let screen_barred = load == Load::Screen
                    && to.0 != spot.0
                    && !f.marked(to.0, markers::FILLED_MOAT)
                    && (f.terrain(to.0).is_some_and(|t| t.no_horses)
                        || f.demolished(to.0)
                        || f.standing_at(to.0).any(|p| !p.def.faced_on_hexside));
                !(screen_barred || (load == Load::Screen && to.1))
            })
            .filter_map(|to| step_cost(f, spot, to, mover).ok().map(|c| (to, c)))
            .collect::<Vec<_>>()
    })
}

/// The reach of unit `unit` of side `side` from `from`.
pub fn reach(f: &Field, side: usize, unit: usize, from: Hex) -> Reach {
    reach_carrying(f, side, unit, from, Load::None)
}

/// The reach of a character carrying a screen or a barrel of oil (2 MP less, 5.21, 5.32),
/// with the hexes an owner's choice or a hidden character may close marked uncertain.
pub fn reach_carrying(f: &Field, side: usize, unit: usize, from: Hex, load: Load) -> Reach {
    crate::movement::with_uncertain(f.s, |assume| {
        reach_assuming(f, side, unit, from, load, assume)
    })
}

fn reach_assuming(
    f: &Field,
    side: usize,
    unit: usize,
    from: Hex,
    load: Load,
    assume: Assume,
) -> Reach {
    let s = f.s;
    let (u, kind) = s.unit(side, unit);
    let full =
        u.mp.or_else(|| u.steps.first().map(|st| st.mp))
            .unwrap_or(0);
    let mp = match load {
        Load::None => full,
        Load::Screen | Load::Barrel => full.saturating_sub(2),
    };
    let mover = if kind.is_some_and(|k| k.mounted) {
        Mover::Horse
    } else {
        Mover::Foot
    };
    let upper = f.characters.iter().any(|c| {
        c.side == side
            && c.unit == unit
            && c.hex == from
            && c.level == Some(muster_model::Level::Upper)
    });
    let all = costs(f, (from, upper), mp, mover, side, load, assume);
    let mut hexes: HashMap<Hex, u32> = HashMap::new();
    for ((h, up), c) in all {
        if h == from {
            continue;
        }
        // Horses cannot end on a trench (3.32); no two characters end in one hex, one a
        // level in a siege tower (2.46).
        if mover == Mover::Horse && f.has(h, traits::TRENCH) {
            continue;
        }
        // Nor on a riderless horse, mule or draft animal (ours, as SI410).
        let taken = f
            .characters_at(h)
            .any(|o| (o.level == Some(muster_model::Level::Upper)) == up)
            || f.standing_at(h)
                .any(|p| p.def.animal && p.piece.rider.is_none());
        if taken {
            continue;
        }
        let e = hexes.entry(h).or_insert(c);
        *e = (*e).min(c);
    }
    let mut hexes: Vec<(Hex, u32)> = hexes.into_iter().collect();
    hexes.sort_by_cached_key(|(h, _)| s.world.grid.to_printed(*h));
    Reach {
        mp,
        uncertain: vec![],
        hexes,
        moves_with: None,
        restricted: match (mp, load) {
            (0, Load::None) => Some("the unit has no movement allowance".into()),
            (0, _) => Some(format!(
                "carrying costs 2 MP of the {full} it has ({})",
                super::cite("5.21, 5.32")
            )),
            _ => None,
        },
    }
}

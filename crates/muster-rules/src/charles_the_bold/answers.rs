//! Charles the Bold's answers to `fire` and `morale`: the dice a stand throws at a target
//! (§6.0, §6.1, §16) when its line of fire is clear (the engine of `query los`), and its
//! morale test (§7), read off the set-up and its army list.

use super::morale::{adjusted_morale, fire_dice, test, Outcome, Test};
use crate::charles_the_bold::fields;
use crate::queries::{After, EngageAsk, MoraleAsk};
use crate::scenario::Scenario;
use crate::system::QueryError;
use muster_hex::Hex;

/// The dice one rank of a firing stand throws.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RankFire {
    /// 1 for the front rank, 2 for the rear (§6.1).
    pub rank: usize,
    /// The rank's strength points (the army list's SP column).
    pub sp: u32,
    /// The range band's column of the list.
    pub band_modifier: i32,
    /// The dice thrown (never below 0).
    pub dice: i32,
}

/// The dice a stand throws at a target.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StandFire {
    /// The firing stand's unit id.
    pub firer: String,
    /// Its army-list line.
    pub list_entry: String,
    /// Its hex.
    pub from: Hex,
    /// The target's hex.
    pub to: Hex,
    /// The target's unit id, when a stand is named or certainly there.
    pub target: Option<String>,
    /// Hexes from firer to target.
    pub distance: u32,
    /// The range band of the list fired at (`"4H"`): the shortest that reaches.
    pub band: String,
    /// Moves made before firing (−1D6 each).
    pub moves_before: i32,
    /// The stand will move after firing (−1D6).
    pub move_after: bool,
    /// Each rank's dice, front first.
    pub ranks: Vec<RankFire>,
    /// The line of fire as `query los` judges it for this stand: sight, arc (turned, after
    /// a move) and range, with the readings that are ours named.
    pub line: String,
}

/// One term of a stand's adjusted morale.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Term {
    /// What it is ("Hits just taken").
    pub what: &'static str,
    /// Its value.
    pub value: i32,
}

/// A stand's morale test.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StandMorale {
    /// The stand's unit id.
    pub unit: String,
    /// Its army-list line.
    pub list_entry: String,
    /// The terms of its adjusted morale, starting strength points first.
    pub terms: Vec<Term>,
    /// The adjusted morale (never below 1).
    pub morale: i32,
    /// The die, when given.
    pub roll: Option<i32>,
    /// What the test did, when the die is given.
    pub outcome: Option<Outcome>,
}

fn refused(why: String) -> QueryError {
    QueryError::Refused(why)
}

/// The dice the first party's stand throws at the second (§6.0, §6.1, §16).
pub fn fire(s: &Scenario, ask: &EngageAsk) -> Result<StandFire, QueryError> {
    let m = &ask.moment;
    if m.rolls.is_some() || m.flank || m.rear || m.charging {
        return Err(refused(
            "a Charles the Bold stand's fire is its dice (§16): the dice rolled, flank, rear and charging are not read; it hits on each 6 or double 5 (§6.4)".into(),
        ));
    }
    let grid = &s.world.grid;
    let (side, unit) = ask
        .first
        .unit_in(s)
        .ok_or_else(|| refused("no stand is certainly set up in the firer's hex".into()))?;
    let def = &s.file.sides[side].units[unit];
    let from = ask.first.hex_in(s).ok_or_else(|| {
        refused(format!(
            "`{}` is not certainly set up in one hex: name the hex it fires from",
            def.id
        ))
    })?;
    let to = ask.second.hex_in(s).ok_or_else(|| {
        refused("the target is not certainly set up in one hex: name its hex".into())
    })?;
    let target = ask
        .second
        .unit_in(s)
        .map(|(ts, tu)| s.file.sides[ts].units[tu].id.clone());
    let entry = s.list_entry(side, unit).ok_or_else(|| {
        refused(format!(
            "`{}` has no army-list line: only stands fire (§16)",
            def.id
        ))
    })?;
    let distance = muster_hex::distance(from, to);
    if distance == 0 {
        return Err(refused("the firer and the target are in one hex".into()));
    }
    // The list's range columns ("2H" … "6H"): the shortest that reaches the target (ours:
    // a target 1 hex away is in the first column).
    let mut bands: Vec<(u32, &str)> = entry
        .fire
        .keys()
        .filter_map(|k| Some((k.strip_suffix('H')?.parse().ok()?, k.as_str())))
        .collect();
    bands.sort();
    let Some(&(_, band)) = bands.iter().find(|(n, _)| *n >= distance) else {
        return Err(refused(match bands.last() {
            None => format!(
                "`{}` ({}) has no range columns in its army list: it does not fire (§16)",
                def.id, entry.name
            ),
            Some((n, _)) => format!(
                "out of range: {} is {distance} hexes from {} and `{}` fires at most {n} (§16)",
                grid.to_printed(to),
                grid.to_printed(from),
                def.id
            ),
        }));
    };
    if ask.moves_before < 0 {
        return Err(refused("moves before firing are counted from 0".into()));
    }
    // "In a turn a stand may do one of the following: move; fire then move once; move then
    // fire; fire" (§3.0): never move, fire and move again.
    if ask.moves_before > 0 && ask.move_after {
        return Err(refused(
            "a stand may move then fire, or fire then move once, not both in one turn (§3.0: \"move; fire then move once; move then fire; fire\"; §6.0)".into(),
        ));
    }
    // "Artillery can never move and fire in the one turn" (§6.0), whatever its list line
    // says (CB307 reports a line that says otherwise).
    if (!entry.moves_and_fires || entry.has("Art")) && (ask.moves_before > 0 || ask.move_after) {
        return Err(refused(format!(
            "`{}` ({}) can never move and fire in one turn (§6.0{})",
            def.id,
            entry.name,
            if entry.has("Art") {
                ": \"Artillery can never move and fire in the one turn\""
            } else {
                ""
            }
        )));
    }
    // A stand that moved before firing may have turned (§3.1): its set-up facing does not
    // decide the arc then.
    let shooter = super::shooter::Candidate {
        moved: u32::try_from(ask.moves_before).unwrap_or(0),
        ..super::shooter::candidate_of(s, side, unit, from)
    };
    // The line of fire through the same engine as `query los`: sight (a stand between
    // blocks unless the firer is an archer), the firing arc of its facing and its range
    // (§6.0, §16).
    let line = super::shooter::judge(s, from, to, &shooter, &super::shooter::blocking_stands(s));
    if !line.clear {
        return Err(refused(format!(
            "`{}` cannot fire from {} at {}: the line of fire is not clear ({}), as `query los` answers",
            def.id,
            grid.to_printed(from),
            grid.to_printed(to),
            line.reason
        )));
    }
    let sp = entry.sp_ranks();
    let ranks_in_hex = 1 + fields::unit(def).ranks.unwrap_or(0) as usize;
    let ranks = (0..ranks_in_hex)
        .filter_map(|rank| {
            let dice = fire_dice(entry, rank, band, ask.moves_before, ask.move_after)?;
            Some(RankFire {
                rank: rank + 1,
                sp: *sp.get(rank)?,
                band_modifier: *entry.fire.get(band)?,
                dice,
            })
        })
        .collect();
    Ok(StandFire {
        firer: def.id.clone(),
        list_entry: entry.id.clone(),
        from,
        to,
        target,
        distance,
        band: band.to_string(),
        moves_before: ask.moves_before,
        move_after: ask.move_after,
        ranks,
        line: line.reason,
    })
}

/// A stand's morale test (§7): its adjusted morale and, with the die, what it cost.
pub fn morale(s: &Scenario, ask: &MoraleAsk) -> Result<StandMorale, QueryError> {
    let (side, unit) = ask.unit;
    let def = &s.file.sides[side].units[unit];
    if ask.shock != 0 || ask.enemy_behind_flank || ask.demoralised {
        return Err(refused(
            "a Charles the Bold morale test counts hits, losses, disorder and an attached general (§7.0); shock points, an enemy behind the flank and a demoralised army are not read".into(),
        ));
    }
    let entry = s.list_entry(side, unit).ok_or_else(|| {
        refused(format!(
            "`{}` has no army-list line: only stands test morale (§7)",
            def.id
        ))
    })?;
    let hits = ask.hits.ok_or_else(|| {
        refused(
            "give the hits just taken: the 6s and double 5s rolled against the stand (§7.0)".into(),
        )
    })?;
    if hits < 0 || ask.losses < 0 {
        return Err(refused("hits and losses are counted from 0".into()));
    }
    if let Some(r) = ask.roll.filter(|r| !(1..=6).contains(r)) {
        return Err(refused(format!(
            "the morale test rolls one D6: {r} is not a face of it"
        )));
    }
    // §7.4: the front stand's SP are the starting point.
    let starting_sp = entry.sp_ranks().first().copied().unwrap_or(0);
    let t = Test {
        starting_sp: i32::try_from(starting_sp).unwrap_or(i32::MAX),
        hits,
        losses: ask.losses,
        disordered: ask.disordered,
        general: ask.general,
        shooting: ask.after == After::Shooting,
        lost_melee: ask.after == After::LostMelee,
    };
    let mut terms = vec![
        Term {
            what: "Starting strength points",
            value: t.starting_sp,
        },
        Term {
            what: "Hits just taken",
            value: hits.saturating_neg(),
        },
    ];
    if t.losses != 0 {
        terms.push(Term {
            what: "Permanent losses",
            value: t.losses.saturating_neg(),
        });
    }
    if t.disordered {
        terms.push(Term {
            what: "Disordered",
            value: -1,
        });
    }
    if t.general {
        terms.push(Term {
            what: "General attached",
            value: 1,
        });
    }
    Ok(StandMorale {
        unit: def.id.clone(),
        list_entry: entry.id.clone(),
        terms,
        morale: adjusted_morale(&t),
        roll: ask.roll,
        outcome: ask.roll.map(|r| test(&t, r)),
    })
}

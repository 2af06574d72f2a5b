//! Fire (§7), melee (§8) and morale (§9) between regiments of the set-up: the modifiers
//! each side adds, read from the map (range in hexes at the scenario's scale, cover,
//! obstacles, earthworks), the regiments (type, troop rating, formation), their facings
//! (§7's arc and line of sight through the system's line of fire, [`super::sight`]; front,
//! flank and rear contact, [`super::arcs`]) and what the query says of the moment (a charge,
//! the rolls). The sums and the comparison are [`super::combat`]'s; this module only reads
//! the scenario and names every modifier with where it comes from.

use super::arcs::{facing_name, facing_of, quarter, Quarter};
use super::combat::{self, Band, Fire, Melee, MoraleResult};
use super::contact::{contacted, foot_or_horse_behind_flank, foot_or_horse_contacts};
use super::fields::{Formation, HorseKind, Regiment, TroopRating};
use super::sight::{cover_rank, target_cover};
use super::tables::{
    behind_flank_hexes, behind_flank_inches, range_hexes, rating_combat, rating_morale,
    rating_target, unit_type_modifiers, Source, UnitType,
};
use crate::and_gentlemen_all::fields;
use crate::and_gentlemen_all::vocabulary::{features, terrain};
use crate::fire::FireEnd;
use crate::scenario::Scenario;
use muster_hex::{Direction, Hex};

/// One modifier to a roll.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Modifier {
    /// What it is ("Regular", "Long range").
    pub what: String,
    /// Its value.
    pub value: i32,
    /// Printed in the text (a table or a worked example); otherwise supplied by us.
    pub printed: bool,
}

fn printed(what: impl Into<String>, value: i32) -> Modifier {
    Modifier {
        what: what.into(),
        value,
        printed: true,
    }
}

fn sourced(what: impl Into<String>, (value, source): (i32, Source)) -> Modifier {
    Modifier {
        what: what.into(),
        value,
        printed: source == Source::Printed,
    }
}

/// One side of an engagement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Party {
    /// The regiment.
    pub unit: String,
    /// Its hex.
    pub hex: Hex,
    /// The modifiers to its roll.
    pub modifiers: Vec<Modifier>,
    /// Its roll, when the query gives one, and its score (never below 1).
    pub score: Option<(i32, i32)>,
}

impl Party {
    /// The sum of the modifiers.
    pub fn total(&self) -> i32 {
        self.modifiers.iter().map(|m| m.value).sum()
    }
}

/// A fire or melee combat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Engagement {
    /// The firer or attacker.
    pub first: Party,
    /// The target or defender.
    pub second: Party,
    /// Hexes between them.
    pub distance: u32,
    /// The range band (fire).
    pub band: Option<Band>,
    /// Shock points to (first, second), when both rolls are given.
    pub shock: Option<(i32, i32)>,
    /// Hexes an owner's-choice or hidden regiment may fill, which would change the answer,
    /// and the answer assumes it does not: in melee, next to either party ("in contact with
    /// more than one enemy", −2; contacted in flank or rear); in fire, between the ends (a
    /// regiment there blocks the line of sight).
    pub uncertain: Vec<Hex>,
}

/// What the query says of the moment.
#[derive(Debug, Clone, Copy, Default)]
pub struct Moment {
    /// The two rolls (first, second).
    pub rolls: Option<(i32, i32)>,
    /// The asker says the firer is in the target's flank (+2), or the defender is contacted
    /// in flank (−4). The set-up's facings decide; a claim they contradict is refused.
    pub flank: bool,
    /// The asker says the defender is contacted in rear (−3). As for `flank`.
    pub rear: bool,
    /// The attacker moved into contact (§8: "assumed to have charged").
    pub charging: bool,
}

struct Unit<'a> {
    id: &'a str,
    kind: &'a str,
    hex: Hex,
    reg: &'a Regiment,
    t: UnitType,
}

fn unit<'a>(s: &'a Scenario, side: usize, u: usize) -> Result<Unit<'a>, String> {
    let def = &s.file.sides[side].units[u];
    let reg = fields::unit(def)
        .regiment
        .as_ref()
        .ok_or_else(|| format!("`{}` is not a regiment (no `regiment`)", def.id))?;
    let t = UnitType::of(&def.kind, reg.mounted.unwrap_or(false))
        .ok_or_else(|| format!("`{}` is of no unit type of the tables", def.id))?;
    let mut hexes = s.placements.hexes_of(side, u);
    hexes.sort_by_cached_key(|h| s.world.grid.to_printed(*h));
    let hex = *hexes
        .first()
        .ok_or_else(|| format!("`{}` is not certainly set up in one hex", def.id))?;
    Ok(Unit {
        id: &def.id,
        kind: &def.kind,
        hex,
        reg,
        t,
    })
}

fn rating_name(r: TroopRating) -> &'static str {
    match r {
        TroopRating::Green => "Green",
        TroopRating::Regular => "Regular",
        TroopRating::Veteran => "Veteran",
    }
}

fn column(u: &Unit) -> bool {
    u.reg.formation == Formation::MarchColumn
}

fn cuirassier(u: &Unit) -> bool {
    u.reg.horse == Some(HorseKind::Cuirassier)
}

fn is_foot(u: &Unit) -> bool {
    u.t == UnitType::Foot
}

/// The facing the set-up gives a party: §7's arc and §8's front, flanks and rear are read
/// from it.
fn facing(s: &Scenario, who: (usize, usize), u: &Unit) -> Result<Direction, String> {
    facing_of(s, who, u.hex).ok_or_else(|| {
        format!(
            "the set-up gives `{}` no facing: its front, flanks and rear (§7, §8) come from its set-up line's `facing`",
            u.id
        )
    })
}

/// Refuses a `--flank` or `--rear` the set-up's facings contradict.
fn claim(said: bool, what: &str, is: bool, why: impl Fn() -> String) -> Result<(), String> {
    if said && !is {
        return Err(format!(
            "not {what}: {} (flank and rear come from the set-up's facings, §7, §8)",
            why()
        ));
    }
    Ok(())
}

fn scores(e: &mut Engagement, shock: impl Fn(i32, i32) -> (i32, i32), m: &Moment) {
    if let Some((a, b)) = m.rolls {
        let fa = (a + e.first.total()).max(1);
        let fb = (b + e.second.total()).max(1);
        e.first.score = Some((a, fa));
        e.second.score = Some((b, fb));
        e.shock = Some(shock(a, b));
    }
}

/// Fire from the regiment `(side, unit)` at `(tside, tunit)` (§7).
pub fn fire(
    s: &Scenario,
    (side, u): (usize, usize),
    (tside, tu): (usize, usize),
    m: &Moment,
) -> Result<Engagement, String> {
    let scale = fields::scenario(s.file)
        .scale
        .as_ref()
        .ok_or("the scenario declares no scale (AG209)")?;
    let (f, t) = (unit(s, side, u)?, unit(s, tside, tu)?);
    if side == tside {
        return Err(format!("`{}` and `{}` are on the same side", f.id, t.id));
    }
    let artillery = matches!(f.t, UnitType::LightArtillery | UnitType::HeavyArtillery);
    if artillery && column(&f) {
        return Err(format!(
            "`{}` is artillery in march column: artillery may only fire when deployed (§7)",
            f.id
        ));
    }
    let distance = muster_hex::distance(f.hex, t.hex);
    let limits = range_hexes(f.t, scale);
    let band = match distance {
        0 => return Err("the two regiments share a hex".into()),
        d if d <= limits[0] => Band::PointBlank,
        d if d <= limits[1] => Band::Effective,
        d if d <= limits[2] => Band::Long,
        d => {
            return Err(format!(
                "`{}` is {d} hexes away, beyond {} long range ({} hexes at {} inches a hex, §7)",
                t.id,
                f.t.name(),
                limits[2],
                scale.inches_per_hex
            ))
        }
    };
    facing(s, (side, u), &f)?;
    // Range, clear line of sight and the 45° arc of the front: the system's line of fire,
    // the one `query los` answers.
    let los = crate::system::line_of_fire(s, FireEnd::at(f.hex), FireEnd::at(t.hex))
        .map_err(|e| e.to_string())?;
    if !los.clear {
        return Err(format!(
            "`{}` cannot fire at `{}`: {}",
            f.id, t.id, los.reason
        ));
    }
    // "+2 Firing into Target's Flank": the firer in the target's flank quarter (ours: the
    // table prints no modifier for fire from the rear, so none is added). Only the firer's
    // arc needs a facing: a target the set-up gives none is answered, the flank term the
    // asker's word and named as not worked out.
    let tf = facing_of(s, (tside, tu), t.hex);
    let from = tf.and_then(|tf| quarter(&s.world.grid, t.hex, tf, f.hex));
    let flank = match tf {
        Some(_) => from == Some(Quarter::Flank),
        None => m.flank,
    };
    let said = || match tf {
        Some(tf) => format!(
            "`{}` is in the {} of `{}` facing {}",
            f.id,
            from.map_or("hex", Quarter::name),
            t.id,
            facing_name(s, tf)
        ),
        None => format!("the set-up gives `{}` no facing", t.id),
    };
    claim(m.flank, "into the target's flank", flank, said)?;
    claim(
        m.rear,
        "a fire modifier (§7 prints none for the rear)",
        false,
        said,
    )?;
    let mut fm = vec![
        sourced(rating_name(f.reg.rating), rating_combat(f.reg.rating)),
        sourced(
            format!("Unit type ({})", f.kind),
            unit_type_modifiers(f.kind, f.reg).0,
        ),
    ];
    match band {
        Band::PointBlank => fm.push(printed("Point blank range", 1)),
        Band::Effective => fm.push(printed("Effective range", 0)),
        Band::Long => fm.push(printed("Long range", -2)),
    }
    match (flank, tf) {
        (true, Some(_)) => fm.push(printed("Firing into target's flank", 2)),
        (true, None) => fm.push(Modifier {
            what: format!(
                "Firing into target's flank (the asker's word: the set-up gives `{}` no facing, AG213)",
                t.id
            ),
            value: 2,
            printed: true,
        }),
        (false, None) => fm.push(Modifier {
            what: format!(
                "Firing into target's flank not worked out: the set-up gives `{}` no facing (AG213)",
                t.id
            ),
            value: 0,
            printed: false,
        }),
        (false, Some(_)) => {}
    }
    if column(&f) {
        fm.push(printed("Firer in march column", -3));
    }
    if column(&t) {
        fm.push(printed("Target in march column", 2));
    }
    let dismounted_dragoons = t.kind == "dragoons" && !t.reg.mounted.unwrap_or(false);
    if dismounted_dragoons {
        fm.push(printed("Target is dismounted dragoons", -1));
    }
    if cuirassier(&t) {
        fm.push(printed("Target is cuirassier horse", -1));
    }
    let mut tm = vec![printed(
        rating_name(t.reg.rating),
        rating_target(t.reg.rating),
    )];
    // Cover: the target's hex, or a hedge or wall on the hexside the line enters it by.
    let cover = target_cover(s, f.hex, t.hex);
    if let Some(c) = cover {
        let (v, what) = cover_rank(c);
        tm.push(printed(what, v));
    }
    let target_hard = dismounted_dragoons || cuirassier(&t);
    let mut e = Engagement {
        first: Party {
            unit: f.id.to_string(),
            hex: f.hex,
            modifiers: fm,
            score: None,
        },
        second: Party {
            unit: t.id.to_string(),
            hex: t.hex,
            modifiers: tm,
            score: None,
        },
        distance,
        band: Some(band),
        shock: None,
        uncertain: los.uncertain,
    };
    let firer_type = unit_type_modifiers(f.kind, f.reg).0 .0;
    scores(
        &mut e,
        |a, b| {
            let sp = combat::fire(&Fire {
                firer_roll: a,
                firer_rating: f.reg.rating,
                firer_type,
                band,
                flank,
                firer_column: column(&f),
                target_column: column(&t),
                target_hard,
                target_roll: b,
                target_rating: t.reg.rating,
                cover,
            });
            (0, sp)
        },
        m,
    );
    Ok(e)
}

/// Melee by the regiment `(side, unit)` against `(dside, dunit)` in contact (§8).
pub fn melee(
    s: &Scenario,
    (side, u): (usize, usize),
    (dside, du): (usize, usize),
    m: &Moment,
) -> Result<Engagement, String> {
    let (a, d) = (unit(s, side, u)?, unit(s, dside, du)?);
    if side == dside {
        return Err(format!("`{}` and `{}` are on the same side", a.id, d.id));
    }
    let distance = muster_hex::distance(a.hex, d.hex);
    if distance != 1 {
        return Err(format!(
            "`{}` is {distance} hexes from `{}`: melee needs contact (adjacent hexes, §8)",
            a.id, d.id
        ));
    }
    let (af, df) = (facing(s, (side, u), &a)?, facing(s, (dside, du), &d)?);
    let g = &s.world.grid;
    // "Units in contact with enemy to their front may conduct melee combat" (§8).
    match quarter(g, a.hex, af, d.hex) {
        Some(Quarter::Front) => {}
        q => {
            return Err(format!(
                "`{}` is in the {} of `{}` facing {}, not to its front: a unit melees only an enemy in contact to its front (§8)",
                d.id,
                q.map_or("hex", Quarter::name),
                a.id,
                facing_name(s, af)
            ))
        }
    }
    // Flank and rear contact, each party's, from every enemy regiment touching it.
    let (a_contact, a_worse) = contacted(s, side, a.hex, af);
    let (d_contact, d_worse) = contacted(s, dside, d.hex, df);
    let frontal = quarter(g, d.hex, df, a.hex) == Some(Quarter::Front);
    let said = || match d_contact {
        Some(q) => format!(
            "`{}` facing {} is contacted in {}",
            d.id,
            facing_name(s, df),
            q.name()
        ),
        None => format!(
            "no enemy regiment touches the flank or rear of `{}` facing {}",
            d.id,
            facing_name(s, df)
        ),
    };
    claim(
        m.flank,
        "contacted in flank",
        d_contact == Some(Quarter::Flank),
        said,
    )?;
    claim(
        m.rear,
        "contacted in rear",
        d_contact == Some(Quarter::Rear),
        said,
    )?;
    let mut am = vec![
        sourced(rating_name(a.reg.rating), rating_combat(a.reg.rating)),
        sourced(
            format!("Unit type ({})", a.kind),
            unit_type_modifiers(a.kind, a.reg).1,
        ),
    ];
    let mut dm = vec![
        sourced(rating_name(d.reg.rating), rating_combat(d.reg.rating)),
        sourced(
            format!("Unit type ({})", d.kind),
            unit_type_modifiers(d.kind, d.reg).1,
        ),
    ];
    if m.charging {
        match a.t {
            UnitType::Horse if is_foot(&d) && frontal => {
                am.push(printed("Horse frontally charging foot", -2))
            }
            UnitType::Horse => am.push(printed("Horse charging", 2)),
            UnitType::Foot if d.t != UnitType::Horse => {
                am.push(printed("Foot charging enemy foot or artillery", 1))
            }
            _ => {}
        }
    }
    if column(&a) {
        am.push(printed("In march column", -4));
    }
    if column(&d) {
        dm.push(printed("In march column", -4));
    }
    if cuirassier(&d) {
        am.push(printed("Fighting cuirassier horse", -1));
    }
    if cuirassier(&a) {
        dm.push(printed("Fighting cuirassier horse", -1));
    }
    for (contact, mods) in [(a_contact, &mut am), (d_contact, &mut dm)] {
        match contact {
            Some(Quarter::Flank) => mods.push(printed("Contacted in flank", -4)),
            Some(Quarter::Rear) => mods.push(printed("Contacted in rear", -3)),
            _ => {}
        }
    }
    // "In contact with more than one enemy foot or horse unit" (−2), for either party.
    let mut uncertain: Vec<Hex> = a_worse.into_iter().chain(d_worse).collect();
    for (party_side, x, mods) in [(side, &a, &mut am), (dside, &d, &mut dm)] {
        let (certain, maybe) = foot_or_horse_contacts(s, party_side, x.hex);
        if certain.len() > 1 {
            mods.push(printed(
                "In contact with more than one enemy foot or horse unit",
                -2,
            ));
        } else if certain.len() + maybe.len() > 1 {
            uncertain.extend(maybe);
        }
    }
    let mut seen = crate::FastSet::default();
    uncertain.retain(|h| seen.insert(*h));
    if is_foot(&d) {
        let here = s.world.terrain(d.hex);
        let barrier = here == terrain::WOODS
            || s.world
                .features_between(a.hex, d.hex)
                .iter()
                .any(|f| matches!(*f, features::HEDGE | features::STONE_WALL));
        if barrier {
            dm.push(printed("Foot defending obstacle/barrier", 2));
        }
        if matches!(here, terrain::EARTHWORK | terrain::VILLAGE) {
            dm.push(printed("Foot defending earthwork or built-up area", 3));
        }
    }
    let mut e = Engagement {
        first: Party {
            unit: a.id.to_string(),
            hex: a.hex,
            modifiers: am,
            score: None,
        },
        second: Party {
            unit: d.id.to_string(),
            hex: d.hex,
            modifiers: dm,
            score: None,
        },
        distance,
        band: None,
        shock: None,
        uncertain,
    };
    let situation = |p: &Party| p.total() - p.modifiers[0].value - p.modifiers[1].value;
    let (sa, sd) = (situation(&e.first), situation(&e.second));
    let (ta, td) = (e.first.modifiers[1].value, e.second.modifiers[1].value);
    scores(
        &mut e,
        |ra, rd| {
            combat::melee(
                &Melee {
                    roll: ra,
                    rating: a.reg.rating,
                    unit_type: ta,
                    situation: sa,
                },
                &Melee {
                    roll: rd,
                    rating: d.reg.rating,
                    unit_type: td,
                    situation: sd,
                },
            )
        },
        m,
    );
    Ok(e)
}

/// A morale test of the regiment (§9): its modifiers, and with a roll the score and result.
/// "+3 Enemy foot or horse behind flank and within 4" (6")" comes from the set-up: an enemy
/// foot or horse regiment behind its flank ([`super::arcs::behind_flank`]) within the
/// distance at the scenario's scale; `behind_claimed` (the asker's word) is refused where
/// the set-up contradicts it, as `--flank` and `--rear` are, and taken where the set-up
/// cannot tell (an owner's-choice or hidden regiment, no facing).
pub fn morale(
    s: &Scenario,
    (side, u): (usize, usize),
    shock_points: i32,
    roll: Option<i32>,
    behind_claimed: bool,
    demoralised: bool,
) -> Result<(Party, Option<MoraleResult>), String> {
    let x = unit(s, side, u)?;
    let mut mods = vec![
        printed("Shock points so far", shock_points),
        sourced(rating_name(x.reg.rating), rating_morale(x.reg.rating)),
    ];
    if is_foot(&x) && s.world.terrain(x.hex) == terrain::EARTHWORK {
        mods.push(printed("Foot in earthworks or fortifications", -2));
    }
    if let Some(m) = behind_flank_term(s, (side, u), &x, behind_claimed)? {
        mods.push(m);
    }
    if demoralised {
        mods.push(printed("Army demoralised", 2));
    }
    let mut p = Party {
        unit: x.id.to_string(),
        hex: x.hex,
        modifiers: mods,
        score: None,
    };
    let extra: i32 = p.modifiers[2..].iter().map(|m| m.value).sum();
    let artillery = matches!(x.t, UnitType::LightArtillery | UnitType::HeavyArtillery);
    let result = roll.map(|r| {
        let (score, result) = combat::morale(r, shock_points, x.reg.rating, extra);
        p.score = Some((r, score));
        // "Artillery that routs is automatically destroyed" (§9, Rout).
        match result {
            MoraleResult::Rout if artillery => MoraleResult::Destroyed,
            other => other,
        }
    });
    Ok((p, result))
}

/// §9's "+3 Enemy foot or horse behind flank and within 4" (6")" for the regiment `x`:
/// the modifier, a note of no value where the set-up may put one there but does not say,
/// or nothing; a claim the set-up contradicts is refused.
fn behind_flank_term(
    s: &Scenario,
    who: (usize, usize),
    x: &Unit,
    claimed: bool,
) -> Result<Option<Modifier>, String> {
    const WHAT: &str = "Enemy foot or horse behind flank";
    let Some(scale) = &fields::scenario(s.file).scale else {
        return match claimed {
            true => Err(
                "the scenario declares no scale (AG209): \"within 4\" (6\")\" (§9) needs one"
                    .into(),
            ),
            false => Ok(Some(Modifier {
                what: format!(
                    "{WHAT} not worked out: the scenario declares no scale (AG209), and \"within 4\" (6\")\" (§9) needs one"
                ),
                value: 0,
                printed: false,
            })),
        };
    };
    let within = behind_flank_hexes(scale);
    let Some(f) = facing_of(s, who, x.hex) else {
        return Ok(Some(match claimed {
            true => Modifier {
                what: format!(
                    "{WHAT} (the asker's word: the set-up gives `{}` no facing, AG213)",
                    x.id
                ),
                value: 3,
                printed: true,
            },
            false => Modifier {
                what: format!(
                    "{WHAT} not worked out: the set-up gives `{}` no facing (AG213)",
                    x.id
                ),
                value: 0,
                printed: false,
            },
        }));
    };
    let (certain, maybe) = foot_or_horse_behind_flank(s, who.0, x.hex, f, within);
    let g = &s.world.grid;
    let names = |hs: &[Hex]| {
        hs.iter()
            .map(|h| g.to_printed(*h))
            .collect::<Vec<_>>()
            .join(", ")
    };
    if !certain.is_empty() {
        return Ok(Some(printed(WHAT, 3)));
    }
    if !maybe.is_empty() {
        return Ok(Some(match claimed {
            true => printed(WHAT, 3),
            false => Modifier {
                what: format!(
                    "{WHAT} not counted: an owner's-choice or hidden enemy regiment may stand in {} (the asker may say one does)",
                    names(&maybe)
                ),
                value: 0,
                printed: false,
            },
        }));
    }
    if claimed {
        return Err(format!(
            "not behind its flank: no enemy foot or horse regiment stands behind the flank of `{}` facing {} within {within} hexes ({} inches at {} inches a hex, ours: rounded to the nearest whole hex, at least 1; §9; ours: behind the flank is more than 90° off straight ahead; the set-up's facings decide, as for flank and rear, §7, §8)",
            x.id,
            facing_name(s, f),
            behind_flank_inches(scale.figures),
            scale.inches_per_hex
        ));
    }
    Ok(None)
}

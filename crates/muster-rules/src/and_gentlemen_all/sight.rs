//! Line of fire (§7: "Units may fire at enemy targets in range, clear line of sight, and
//! within a 45° arc of their front"): the one engine `muster query los` and `muster query
//! fire` both read, through the system table. Centre to centre; a terrain the ruleset marks
//! `blocks_fire` (woods, built-up areas) between the ends blocks (ours: §7 prints only "clear
//! line of sight", and woods and buildings only as cover), and so does a regiment
//! (ours: "clear" line of sight is read as nothing standing between; generals, which the
//! text does not have, never block); a line along a hexside follows the ruleset's
//! `line_policy`. The shooter certainly set up in the first hex must be able to fire
//! (artillery only when deployed, §7), and have the target in its fire arc
//! ([`super::arcs`]) and within its long range. Answers explain themselves hex by
//! hex.

use super::arcs::{facing_name, facing_of, in_fire_arc};
use super::fields::{Cover, Formation};
use super::tables::{range_hexes, UnitType};
use crate::and_gentlemen_all::fields;
use crate::fire::LineOfFire;
use crate::scenario::Scenario;
use muster_hex::{hex_line, Hex, LinePolicy, LineStep};

/// The ruleset's policy for a line along a hexside (`line_policy`), "blocked-if-both"
/// unless it says "blocked-if-either".
fn policy(s: &Scenario) -> LinePolicy {
    match s.ruleset.line_policy.as_str() {
        "blocked-if-either" => LinePolicy::BlockedIfEither,
        _ => LinePolicy::BlockedIfBoth,
    }
}

/// Why woods and built-up areas block: ours, said in every answer they decide.
const BLOCKS_OURS: &str = "ours: §7 prints only \"clear line of sight\" and names woods and buildings as cover for a unit in them, not as blocking; we read a wood or built-up area between the ends as hiding what stands beyond it";

/// The side of the regiment that fires from `from`: the one certainly set up there, else
/// the one side whose lines alone may put a regiment there (an owner's choice): whose hidden
/// regiments the shooter knows of. `None` when no regiment, or regiments of both sides, may
/// stand there.
fn shooter_side(s: &Scenario, from: Hex) -> Option<usize> {
    let p = &s.placements;
    if let Some(o) = p
        .certainly_held(from)
        .into_iter()
        .find(|o| !o.free && o.unit.is_some())
    {
        return Some(o.side);
    }
    let mut sides = p.who_could_be(from).iter().map(|&li| p.line(li).side);
    let first = sides.next()?;
    sides.all(|x| x == first).then_some(first)
}

/// Whether the shooter (of side `shooter`) knows of a regiment of a hidden line: its own
/// side's hidden regiments are known to it; the enemy's are not.
fn known(shooter: Option<usize>, side: usize, hidden: bool) -> bool {
    !hidden || shooter == Some(side)
}

/// Why `h` blocks a line passing through it, if it does: a terrain the ruleset marks as
/// blocking fire, or a regiment certainly standing there that the shooter knows of.
fn blocker(s: &Scenario, h: Hex, shooter: Option<usize>) -> Option<String> {
    let at = s.world.grid.to_printed(h);
    let t = s.world.terrain(h);
    if let Some(def) = s
        .ruleset
        .terrain
        .iter()
        .find(|d| d.id == t && d.blocks_fire)
    {
        return Some(format!(
            "{at} is {}, which the ruleset marks as blocking fire ({BLOCKS_OURS})",
            def.name.to_lowercase()
        ));
    }
    // A hidden enemy regiment is not known to the shooter: the hex is named uncertain
    // ([`hidden_between`]), as melee names a hidden enemy in contact. The shooter's own
    // hidden regiments are known to it and block like any other.
    let regiment = s
        .placements
        .certainly_held(h)
        .into_iter()
        .filter(|o| !o.free && known(shooter, o.side, s.placements.line(o.line).hidden()))
        .map(|o| {
            let side = &s.file.sides[o.side];
            match o.unit {
                Some(u) => format!("`{}`", side.units[u].id),
                // A line of several types, or choices that may swap: a regiment of the
                // side stands there, which one is the owner's choice.
                None if o.side_sure => format!("a regiment of {}", side.name),
                // Lines of both sides may swap there.
                None => "a regiment".to_string(),
            }
        })
        .next();
    regiment.map(|who| {
        format!("{who} stands in {at} (ours: a regiment between the ends blocks a clear line of sight, §7)")
    })
}

/// The hexes strictly between the ends of `path` where a hidden regiment the shooter does
/// not know of (an enemy's) stands and nothing else blocks: the verdict assumes them empty
/// and names them uncertain, one treatment with melee's (a hidden enemy in contact is
/// uncertain, [`super::contact`]).
fn hidden_between(s: &Scenario, path: &[Hex], shooter: Option<usize>) -> Vec<Hex> {
    let p = &s.placements;
    let inner = path.get(1..path.len().saturating_sub(1)).unwrap_or(&[]);
    inner
        .iter()
        .copied()
        .filter(|h| {
            let held = p.certainly_held(*h);
            let hidden = held.iter().any(|o| {
                !o.free && o.unit.is_some() && !known(shooter, o.side, p.line(o.line).hidden())
            });
            hidden && blocker(s, *h, shooter).is_none()
        })
        .collect()
}

/// The cover class the scenario gives a terrain or hexside feature.
fn cover_of(s: &Scenario, terrain: &str) -> Option<Cover> {
    fields::scenario(s.file)
        .terrain_classes
        .iter()
        .find(|c| c.terrain == terrain)
        .and_then(|c| c.cover)
}

/// The rank and name of a cover class (§7 target's modifiers: +2, +3, +4).
pub(super) fn cover_rank(c: Cover) -> (i32, &'static str) {
    match c {
        Cover::Light => (2, "In light cover"),
        Cover::Medium => (3, "In medium cover"),
        Cover::Heavy => (4, "In heavy cover"),
    }
}

/// The target's cover against fire from `from` (§7): its hex's class, or a hedge or wall on
/// the hexside the line enters it by, whichever is heavier.
pub fn target_cover(s: &Scenario, from: Hex, to: Hex) -> Option<Cover> {
    let line = hex_line(from, to);
    let mut cover = cover_of(s, s.world.terrain(to));
    if let Some(before) = line.len().checked_sub(2).and_then(|i| line.get(i)) {
        for b in before.hexes() {
            for feature in s.world.features_between(b, to) {
                let c = cover_of(s, feature);
                if c.map(|c| cover_rank(c).0) > cover.map(|c| cover_rank(c).0) {
                    cover = c;
                }
            }
        }
    }
    cover
}

/// The arc and range of the regiment certainly set up in `from`, if any: `(fails, notes,
/// range)`, what rules the shot out and what was checked or not.
fn shooter(s: &Scenario, from: Hex, to: Hex) -> (Vec<String>, Vec<String>, Option<(u32, u32)>) {
    let g = &s.world.grid;
    let who = s
        .placements
        .certainly_held(from)
        .into_iter()
        .filter(|o| !o.free)
        .find_map(|o| Some((o.side, o.unit?)));
    let Some((side, unit)) = who else {
        let note = format!(
            "fire arc and range not checked: no regiment is certainly set up in {}",
            g.to_printed(from)
        );
        return (vec![], vec![note], None);
    };
    let def = &s.file.sides[side].units[unit];
    let (mut fails, mut notes) = (Vec::new(), Vec::new());
    match facing_of(s, (side, unit), from) {
        Some(f) if in_fire_arc(g, from, f, to) => notes.push(format!(
            "{} is within the 45° arc of the front of `{}` facing {} (§7; ours: 45° either side of straight ahead)",
            g.to_printed(to),
            def.id,
            facing_name(s, f)
        )),
        Some(f) => {
            fails.push(format!(
                "{} is outside the 45° arc of the front of `{}` facing {} (§7; ours: 45° either side of straight ahead)",
                g.to_printed(to),
                def.id,
                facing_name(s, f)
            ));
        }
        None => notes.push(format!(
            "fire arc not checked: the set-up gives `{}` no facing",
            def.id
        )),
    }
    let kind = fields::unit(def)
        .regiment
        .as_ref()
        .and_then(|r| UnitType::of(&def.kind, r.mounted.unwrap_or(false)));
    // "Artillery may only fire when in deployed formation" (§7): a shooter that cannot
    // fire has no line of fire, whatever lies between.
    let artillery = matches!(
        kind,
        Some(UnitType::LightArtillery | UnitType::HeavyArtillery)
    );
    if artillery
        && fields::unit(def).regiment.as_ref().map(|r| r.formation) == Some(Formation::MarchColumn)
    {
        fails.push(format!(
            "`{}` is artillery in march column: artillery may only fire when in deployed formation (§7)",
            def.id
        ));
    }
    let range = match (kind, &fields::scenario(s.file).scale) {
        (Some(t), Some(scale)) => {
            let (d, long) = (muster_hex::distance(from, to), range_hexes(t, scale)[2]);
            if d > long {
                fails.push(format!(
                    "{} is {d} hexes away, beyond {} long range ({long} hexes, §7)",
                    g.to_printed(to),
                    t.name()
                ));
            }
            Some((d, long))
        }
        _ => None,
    };
    (fails, notes, range)
}

/// The line of fire from `from` to `to`.
pub fn line_of_fire(s: &Scenario, from: Hex, to: Hex) -> LineOfFire {
    let p = |h: Hex| s.world.grid.to_printed(h);
    let both = policy(s) == LinePolicy::BlockedIfBoth;
    let line = hex_line(from, to);
    let last = line.len().saturating_sub(1);
    let who = shooter_side(s, from);
    let blocker = |h: Hex| blocker(s, h, who);
    let (mut path, mut steps, mut blocked) = (Vec::new(), Vec::new(), Vec::new());
    for (i, step) in line.iter().enumerate() {
        let inner = i != 0 && i != last;
        match *step {
            LineStep::One(h) => {
                path.push(h);
                if let Some(why) = inner.then(|| blocker(h)).flatten() {
                    steps.push(format!("blocked: {why}"));
                    blocked.push(why);
                }
            }
            LineStep::Between(a, b) => {
                let (ba, bb) = (blocker(a), blocker(b));
                let side = |x: Hex, y: Hex| {
                    format!("the line runs between {} and {}; the shooter takes the clear side, {} (the ruleset's line policy: blocked only if both block)", p(x), p(y), p(y))
                };
                match (ba, bb) {
                    (Some(x), Some(y)) => {
                        path.push(a);
                        let why = format!(
                            "the line runs between {} and {}, and both block ({x}; {y})",
                            p(a),
                            p(b)
                        );
                        steps.push(format!("blocked: {why}"));
                        blocked.push(why);
                    }
                    (Some(x), None) | (None, Some(x)) if !both => {
                        path.push(a);
                        let why = format!("the line runs between {} and {}, and one blocks ({x}; the ruleset's line policy: blocked if either blocks)", p(a), p(b));
                        steps.push(format!("blocked: {why}"));
                        blocked.push(why);
                    }
                    (Some(_), None) => {
                        path.push(b);
                        steps.push(side(a, b));
                    }
                    (None, Some(_)) => {
                        path.push(a);
                        steps.push(side(b, a));
                    }
                    (None, None) => path.push(a),
                }
            }
        }
    }
    let (fails, notes, range) = shooter(s, from, to);
    steps.extend(fails.iter().chain(&notes).cloned());
    let clear = blocked.is_empty() && fails.is_empty();
    let reason = if !clear {
        let mut r = fails;
        if !blocked.is_empty() {
            r.push(format!(
                "no clear line of sight (§7): {}",
                blocked.join("; ")
            ));
        }
        r.join("; ")
    } else {
        let mut r = format!("nothing between {} and {} blocks fire", p(from), p(to));
        for n in &notes {
            r.push_str("; ");
            r.push_str(n);
        }
        r
    };
    let uncertain = hidden_between(s, &path, who);
    LineOfFire {
        clear,
        cover: target_cover(s, from, to).map(|c| cover_rank(c).1.to_string()),
        one_sided: false,
        face: None,
        path,
        levels: None,
        steps,
        reason,
        range,
        uncertain,
    }
}

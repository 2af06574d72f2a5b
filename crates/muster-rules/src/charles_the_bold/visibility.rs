//! Who can see whom (§6.0): one hex into woods and towns; from a plain, one hex into hill
//! tops, and not across them; from the hillside, a hill-top hex when the line climbs the
//! shooter's own hill to it (up the hillside, then over the top), and nothing past the crest
//! (ours); from a hill top down, what would see up to it (ours); only archers fire over
//! other stands.

use crate::charles_the_bold::vocabulary::terrain;
use crate::scenario::Scenario;
use muster_hex::{hex_line, Hex, LineStep};
use std::collections::HashSet;

/// The answer to a visibility query.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sight {
    /// Whether the target can be seen (and so shot).
    pub clear: bool,
    /// The hexes of the line.
    pub path: Vec<Hex>,
    /// Why.
    pub reason: String,
}

/// Whether `from` sees `to`. `archer`: the shooter may fire over stands (§6.0). `stands`:
/// hexes holding stands.
pub fn sight(s: &Scenario, from: Hex, to: Hex, archer: bool, stands: &[Hex]) -> Sight {
    let p = |h: Hex| s.world.grid.to_printed(h);
    let steps = hex_line(from, to);
    let path: Vec<Hex> = steps.iter().map(|st| st.hexes()[0]).collect();
    let inner: Vec<Hex> = steps
        .iter()
        .skip(1)
        .take(steps.len().saturating_sub(2))
        .flat_map(|st| st.hexes())
        .collect();
    let beside = beside_hexes(&steps);
    for h in &inner {
        let t = s.world.terrain(*h);
        if t == terrain::WOODS || t == terrain::TOWN {
            return Sight {
                clear: false,
                path,
                reason: format!(
                    "{} is {t}: you can only shoot one hex into woods and towns (§6.0){}",
                    p(*h),
                    along(&beside, *h)
                ),
            };
        }
        if !archer && stands.contains(h) {
            return Sight {
                clear: false,
                path,
                reason: format!(
                    "a stand in {} is in the way; only archers fire overhead (§6.0){}",
                    p(*h),
                    along(&beside, *h)
                ),
            };
        }
    }
    // Sight between a hill top and lower ground is the same both ways (ours: §6.0 prints
    // only the view from below): a shooter on the hill top sees down to a hex of the plain
    // or the hillside exactly when a stand there would see up to him.
    let reason = if s.world.terrain(from) == terrain::HILLTOP
        && s.world.terrain(to) != terrain::HILLTOP
    {
        let back = hex_line(to, from);
        let back_inner: Vec<Hex> = back
            .iter()
            .skip(1)
            .take(back.len().saturating_sub(2))
            .flat_map(|st| st.hexes())
            .collect();
        hill_blocks(s, to, from, &back, &back_inner).map(|why| {
            format!("{why}; and sight from the hill top down is the same (ours: §6.0 prints only the view from below)")
        })
    } else {
        hill_blocks(s, from, to, &steps, &inner)
    };
    if let Some(reason) = reason {
        return Sight {
            clear: false,
            path,
            reason,
        };
    }
    Sight {
        clear: true,
        path,
        reason: format!("{} can see {}", p(from), p(to)),
    }
}

/// The hexes of the hill `from` stands on: hillside and hill-top hexes joined to it. Bounded
/// by the map.
fn hill_of(s: &Scenario, from: Hex) -> HashSet<Hex> {
    let on_hill = |h: Hex| {
        let t = s.world.terrain(h);
        t == terrain::HILLSIDE || t == terrain::HILLTOP
    };
    let mut hill = HashSet::from([from]);
    let mut todo = vec![from];
    while let Some(h) = todo.pop() {
        for n in s.world.grid.neighbors_on_map(h) {
            if on_hill(n) && hill.insert(n) {
                todo.push(n);
            }
        }
    }
    hill
}

/// Why a shooter on the hillside at `from` does not see the hill-top hex `to`, if it does
/// not: the line must climb the shooter's own hill, every hex between on that hill's
/// hillside and then its top (ours: §6.0 prints only that "the crossbow on the hillside can
/// see both enemy stands" on the hill top). A hex off the hill (the plain, another hill)
/// hides the target; a hillside hex after a hill-top one is past the crest. Where the line
/// runs along a hexside, the shooter takes the side that climbs.
fn up_own_hill(s: &Scenario, from: Hex, to: Hex, steps: &[LineStep]) -> Option<String> {
    let p = |h: Hex| s.world.grid.to_printed(h);
    let hill = hill_of(s, from);
    let on = |h: &Hex, t: &str| hill.contains(h) && s.world.terrain(*h) == t;
    let mut over_top = false;
    for st in steps.iter().skip(1).take(steps.len().saturating_sub(2)) {
        let hexes = st.hexes();
        // Still climbing, a step with a hillside hex of the hill stays on the hillside (the
        // shooter takes that side where the line runs along a hexside beside the top).
        if !over_top && hexes.iter().any(|h| on(h, terrain::HILLSIDE)) {
            continue;
        }
        if hexes.iter().any(|h| on(h, terrain::HILLTOP)) {
            over_top = true;
            continue;
        }
        let first = hexes[0];
        let why = if over_top && hexes.iter().any(|h| on(h, terrain::HILLSIDE)) {
            "is hillside past the crest"
        } else {
            "is off the shooter's hill"
        };
        return Some(format!(
            "from the hillside only the hill top it climbs to is seen: {} lies between {} and the hill-top hex {} and {why} (§6.0; ours: the line must climb the shooter's own hill, its hillside and then its top, one of the two hexes where it runs along a hexside)",
            p(first),
            p(from),
            p(to)
        ));
    }
    None
}

/// Why the hills stop the line from `from` to `to` (`steps` its hex line, `inner` the hexes
/// between), if they do. "You can only shoot one hex into hill tops from a plain below":
/// from the plain, the first hill-top hex on the line may be the target, and no line passes
/// one (ours: a hill top hides what lies beyond it, as a wood does), so a line across two
/// hill-top hexes and a line into the second of them agree. From the hillside (§6.0's
/// crossbow on the hillside sees both stands on the hill top), the line climbs its own hill
/// to a hill-top target ([`up_own_hill`]); past the top it sees nothing (ours: the crest
/// hides the far side). From a hill top to a hill top, nothing of the hill stops it.
fn hill_blocks(
    s: &Scenario,
    from: Hex,
    to: Hex,
    steps: &[LineStep],
    inner: &[Hex],
) -> Option<String> {
    let p = |h: Hex| s.world.grid.to_printed(h);
    let from_t = s.world.terrain(from);
    let is_top = |h: &Hex| s.world.terrain(*h) == terrain::HILLTOP;
    if from_t == terrain::HILLSIDE {
        if is_top(&to) {
            // The hillside sees at least what the plain sees (ours: §6.0's hillside is
            // higher ground, "from here they can see both"): a line to a hill top with no
            // hill-top hex between is clear from either.
            let from_plain = inner.iter().any(&is_top);
            return up_own_hill(s, from, to, steps).filter(|_| from_plain);
        }
        return inner.iter().find(|h| is_top(h)).map(|h| {
            format!(
                "from the hillside the hill top is seen but not past its crest: {} is a hill-top hex before {}, which is off the hill top (§6.0; ours: the crest hides the far side)",
                p(*h),
                p(to)
            )
        });
    }
    if from_t != terrain::HILLTOP {
        let beside = beside_hexes(steps);
        return inner.iter().find(|h| is_top(h)).map(|h| {
            format!(
                "from the plain you can only shoot one hex into hill tops, and {} is a hill-top hex before {} (§6.0; ours: nor across them){}",
                p(*h),
                p(to),
                along(&beside, *h)
            )
        });
    }
    None
}

/// The hexes a line runs beside, along a hexside (both hexes of each such step).
fn beside_hexes(steps: &[LineStep]) -> HashSet<Hex> {
    steps
        .iter()
        .filter(|st| matches!(st, LineStep::Between(..)))
        .flat_map(|st| st.hexes())
        .collect()
}

/// The label of a verdict decided by a hex the line only runs beside.
fn along(beside: &HashSet<Hex>, h: Hex) -> &'static str {
    if beside.contains(&h) {
        " (the line runs along a hexside of it, and either hex beside such a line blocks: the ruleset's line policy, blocked-if-either; ours: §6.0 prints nothing about lines along a hexside)"
    } else {
        ""
    }
}

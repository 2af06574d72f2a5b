//! Line of fire for archery (§12.2): centre to centre, with the Saint Albans rules that
//! buildings block except straight down a road and the level-ground/slope/hilltop rule
//! (applied in Normans and Byzantines too, ours: N&B prints none of that terrain), and the
//! N&B translator's house rule that hills block (option `hills-block-fire`). Terrain the
//! ruleset marks as blocking fire blocks in both variants. Answers explain themselves
//! hex by hex.

use super::is_saint_albans;
use crate::a_la_charge::vocabulary::{options, paths, terrain};
use crate::scenario::Scenario;
use muster_hex::{hex_line, Hex, LineStep};

/// The answer to a line-of-fire query.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineOfFire {
    /// Whether the shot is possible.
    pub clear: bool,
    /// Defensive terrain of the target, if it shifts combat ("woods").
    pub cover: Option<String>,
    /// The hexes of the line, including both ends (where it runs along a hexside, the
    /// hex the shooter chose).
    pub path: Vec<Hex>,
    /// Why, hex by hex.
    pub reason: String,
}

fn terrain<'a>(s: &'a Scenario, h: Hex) -> &'a str {
    s.world.terrain(h)
}

/// Where a St Albans §12.2 sentence is applied in a Normans and Byzantines scenario: the
/// label of that reading (ours: N&B prints no building, slope or hilltop rule, and the
/// translator's note says its scenarios draw no village or road), else nothing.
fn in_normans(s: &Scenario) -> &'static str {
    if is_saint_albans(s) {
        ""
    } else {
        ", applied in Normans and Byzantines too, ours"
    }
}

/// Whether a hex between the ends blocks fire, and why. One rule in both variants: the
/// terrain the ruleset marks `blocks_fire` blocks (St Albans §12.2 prints it for
/// buildings, with its road exception, and both apply in Normans and Byzantines too,
/// ours; a village in either variant blocks because the ruleset supplies it so, ours),
/// and with the N&B translator's house rule (option `hills-block-fire`) hills too.
fn blocks(s: &Scenario, h: Hex, hills_block: bool) -> Option<String> {
    let t = terrain(s, h);
    let def = s.ruleset.terrain.iter().find(|d| d.id == t)?;
    if def.blocks_fire {
        let whose = if t == terrain::BUILDING {
            format!(
                "St Albans §12.2: \"archers cannot shoot through a building hex\"{}",
                in_normans(s)
            )
        } else {
            format!("{}; the ruleset's value, ours", def.rule)
        };
        return Some(format!(
            "{} is {} ({whose})",
            s.world.grid.to_printed(h),
            def.name.to_lowercase(),
        ));
    }
    if hills_block && t == terrain::HILL {
        return Some(format!(
            "{} is a hill (the translator's house rule, N&B §9, option hills-block-fire)",
            s.world.grid.to_printed(h)
        ));
    }
    None
}

/// The road a shot runs straight down (St Albans §12.2: "so long as they shoot in a
/// straight line of hexes along that road"), if any, with the hexes of the line on it:
/// every hex of the centre-to-centre line is joined to the next by one and the same road.
/// A line that changes road at a junction is not along "that road". Where the line runs
/// along a hexside it takes the hex of the two that is on the road (ours: on this
/// flat-top grid a road along a row zigzags, and the shot down it at an even distance runs
/// along the hexsides beside its hexes; it is still along the road, so every shot down
/// one road has one answer).
fn straight_down_road(s: &Scenario, steps: &[LineStep]) -> Option<(usize, Vec<Hex>)> {
    if steps.len() < 2 {
        return None;
    }
    s.world.paths.iter().enumerate().find_map(|(i, p)| {
        if p.kind != paths::ROAD {
            return None;
        }
        let on = |h: Hex| p.hexes.contains(&h);
        let hexes: Vec<Hex> = steps
            .iter()
            .map(|st| match *st {
                LineStep::One(h) => Some(h),
                LineStep::Between(a, b) => [a, b].into_iter().find(|h| on(*h)),
            })
            .collect::<Option<_>>()?;
        let joined = hexes.windows(2).all(|w| {
            p.hexes
                .windows(2)
                .any(|r| (r[0] == w[0] && r[1] == w[1]) || (r[0] == w[1] && r[1] == w[0]))
        });
        joined.then_some((i, hexes))
    })
}

/// How a road is named in an answer: its map name, else "the road".
fn road_name(s: &Scenario, i: usize) -> String {
    s.world
        .paths
        .get(i)
        .and_then(|p| p.name.clone())
        .unwrap_or_else(|| "the road".to_string())
}

fn hilltop_class(s: &Scenario, h: Hex) -> &'static str {
    match terrain(s, h) {
        terrain::SLOPE => "slope",
        terrain::HILLTOP => {
            if s.world
                .grid
                .neighbors_on_map(h)
                .any(|n| terrain(s, n) == terrain::SLOPE)
            {
                "hilltop by a slope"
            } else {
                "inner hilltop"
            }
        }
        // A Normans and Byzantines hill is raised ground, not St Albans' "level ground":
        // the sentence does not reach it (ours, with the sentence's use in N&B).
        terrain::HILL => "hill ground",
        _ => "level",
    }
}

/// Line of fire from `from` to `to`.
pub fn line_of_fire(s: &Scenario, from: Hex, to: Hex) -> LineOfFire {
    let steps = hex_line(from, to);
    // The N&B translator's house rule; the Saint Albans variant has its own slope and
    // hilltop rule instead (AC111 refuses the option there).
    let hills_block = !is_saint_albans(s)
        && s.file
            .options
            .iter()
            .any(|o| o == options::HILLS_BLOCK_FIRE);
    let cover = {
        let t = terrain(s, to);
        s.ruleset
            .terrain
            .iter()
            .find(|d| d.id == t && d.defence_shift > 0)
            .map(|d| d.id.clone())
    };
    let p = |h: Hex| s.world.grid.to_printed(h);
    let mut path = Vec::new();
    let mut reasons = Vec::new();
    let mut clear = true;
    let mut hill_note: Option<String> = None;
    // St Albans §12.2's slope and hilltop sentence, in Normans and Byzantines too (ours:
    // slope and hilltop hexes on an N&B map read as St Albans prints them).
    {
        let (a, b) = (hilltop_class(s, from), hilltop_class(s, to));
        if (a == "level" && b == "inner hilltop") || (a == "inner hilltop" && b == "level") {
            clear = false;
            reasons.push(format!("fire between level ground and a hilltop hex not adjacent to a slope is not possible ({} is {a}, {} is {b}; St Albans §12.2{})", p(from), p(to), in_normans(s)));
        }
        // Two units on level ground with hill-top hexes between: the sentence speaks of
        // where the units stand only (ours: a hill between is not said to block).
        let tops: Vec<String> = steps
            .iter()
            .skip(1)
            .take(steps.len().saturating_sub(2))
            .flat_map(|st| st.hexes())
            .filter(|h| terrain(s, *h) == terrain::HILLTOP)
            .map(p)
            .collect();
        if a == "level" && b == "level" && !tops.is_empty() {
            hill_note = Some(format!("the line crosses the hill top ({}) between two units on level ground: St Albans §12.2's slope and hilltop sentence speaks only of where the two units stand, and does not say a hill top between them blocks (ours{})", tops.join(", "), in_normans(s)));
        }
        if (a == "hill ground" && b == "inner hilltop")
            || (a == "inner hilltop" && b == "hill ground")
        {
            hill_note = Some(format!("{} is {a} and {} is {b}: a hill is raised ground, not the level ground of St Albans §12.2's slope and hilltop sentence, which does not refuse the shot (ours: Normans and Byzantines prints hills, Saint Albans slopes and hilltops, and neither text says how they meet)", p(from), p(to)));
        }
    }
    // The whole St Albans §12.2 building sentence, its road exception too, in both
    // variants (ours in Normans and Byzantines, with the building rule itself).
    let road = straight_down_road(s, &steps);
    if let Some((r, hexes)) = road {
        // Down the road: the buildings it runs through do not block (St Albans §12.2
        // excepts building hexes only; other terrain that blocks still does).
        for &h in &hexes[1..hexes.len() - 1] {
            let Some(why) = blocks(s, h, hills_block) else {
                continue;
            };
            if terrain(s, h) == terrain::BUILDING {
                reasons.push(format!(
                    "{why}, but the shot runs in a straight line of hexes along {} through it (St Albans §12.2{})",
                    road_name(s, r),
                    in_normans(s)
                ));
            } else {
                clear = false;
                reasons.push(format!(
                    "blocked: {why} (the road exception of St Albans §12.2 is for building hexes)"
                ));
            }
        }
        if steps.iter().any(|st| matches!(st, LineStep::Between(..))) {
            reasons.push(format!(
                "the line runs along the hexsides beside {}; it is still a shot down the road (our reading of St Albans §12.2)",
                road_name(s, r)
            ));
        }
        if reasons.is_empty() {
            reasons.push(format!(
                "nothing between {} and {} blocks fire",
                p(from),
                p(to)
            ));
        }
        reasons.extend(hill_note);
        return LineOfFire {
            clear,
            cover,
            path: hexes,
            reason: reasons.join("; "),
        };
    }
    let last = steps.len().saturating_sub(1);
    for (i, step) in steps.iter().enumerate() {
        let inner = i != 0 && i != last;
        match *step {
            LineStep::One(h) => {
                path.push(h);
                if inner {
                    if let Some(why) = blocks(s, h, hills_block) {
                        clear = false;
                        reasons.push(format!("blocked: {why}"));
                    }
                }
            }
            LineStep::Between(a, b) => {
                let (ba, bb) = (blocks(s, a, hills_block), blocks(s, b, hills_block));
                // Our policy (the texts are silent): the shooter chooses the clearer side.
                match (ba, bb) {
                    (Some(x), Some(y)) => {
                        clear = false;
                        path.push(a);
                        reasons.push(format!(
                            "blocked: the line runs between {} and {}, and both block ({x}; {y})",
                            p(a),
                            p(b)
                        ));
                    }
                    (Some(_), None) => {
                        path.push(b);
                        reasons.push(format!("the line runs between {} and {}; the shooter takes the clear side, {} (Muster's policy: the rules do not say)", p(a), p(b), p(b)));
                    }
                    (None, _) => path.push(a),
                }
            }
        }
    }
    if reasons.is_empty() {
        reasons.push(format!(
            "nothing between {} and {} blocks fire",
            p(from),
            p(to)
        ));
    }
    reasons.extend(hill_note);
    LineOfFire {
        clear,
        cover,
        path,
        reason: reasons.join("; "),
    }
}

//! Who can see whom (§6.0): one hex into woods and towns; from a plain, one hex into hill
//! tops, and not across them; from the hillside, a hill-top hex when every hex between is
//! on the hill top, and nothing past the crest (ours); only archers fire over other stands.

use crate::charles_the_bold::vocabulary::terrain;
use crate::scenario::Scenario;
use muster_hex::{hex_line, Hex};

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
    for h in &inner {
        let t = s.world.terrain(*h);
        if t == terrain::WOODS || t == terrain::TOWN {
            return Sight {
                clear: false,
                path,
                reason: format!(
                    "{} is {t}: you can only shoot one hex into woods and towns (§6.0)",
                    p(*h)
                ),
            };
        }
        if !archer && stands.contains(h) {
            return Sight {
                clear: false,
                path,
                reason: format!(
                    "a stand in {} is in the way; only archers fire overhead (§6.0)",
                    p(*h)
                ),
            };
        }
    }
    // "You can only shoot one hex into hill tops from a plain below": from the plain, the
    // first hill-top hex on the line may be the target, and no line passes one (ours: a
    // hill top hides what lies beyond it, as a wood does), so a line across two hill-top
    // hexes and a line into the second of them agree.
    let from_t = s.world.terrain(from);
    let is_top = |h: &Hex| s.world.terrain(*h) == terrain::HILLTOP;
    if from_t == terrain::HILLSIDE {
        // §6.0's crossbow on the hillside sees both stands on the hill top (ours: every
        // hex between the hillside and the target must be on that hill top); past the top
        // it sees nothing (ours: the crest hides the far side, as a hill top hides what
        // lies beyond it from the plain).
        if is_top(&to) {
            // A line along a hexside with the hill top on one side stays on the hill top.
            let off = steps
                .iter()
                .skip(1)
                .take(steps.len().saturating_sub(2))
                .find(|st| !st.hexes().iter().any(is_top))
                .and_then(|st| st.hexes().first().copied());
            if let Some(h) = off.as_ref() {
                return Sight {
                    clear: false,
                    path,
                    reason: format!(
                        "from the hillside only the hill top it climbs to is seen: {} lies between {} and the hill-top hex {} and is off the hill top (§6.0; ours: every hex between the hillside and the target must be on the hill top, one of the two where the line runs along a hexside)",
                        p(*h),
                        p(from),
                        p(to)
                    ),
                };
            }
        } else if let Some(h) = inner.iter().find(|h| is_top(h)) {
            return Sight {
                clear: false,
                path,
                reason: format!(
                    "from the hillside the hill top is seen but not past its crest: {} is a hill-top hex before {}, which is off the hill top (§6.0; ours: the crest hides the far side)",
                    p(*h),
                    p(to)
                ),
            };
        }
    } else if from_t != terrain::HILLTOP {
        if let Some(h) = inner.iter().find(|h| is_top(h)) {
            return Sight {
                clear: false,
                path,
                reason: format!(
                    "from the plain you can only shoot one hex into hill tops, and {} is a hill-top hex before {} (§6.0; ours: nor across them)",
                    p(*h),
                    p(to)
                ),
            };
        }
    }
    Sight {
        clear: true,
        path,
        reason: format!("{} can see {}", p(from), p(to)),
    }
}

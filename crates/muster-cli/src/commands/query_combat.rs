//! `muster query fire|melee`: fire and melee between units of the set-up, for the systems
//! that answer them: And Gentlemen All regiments (every modifier named with where it comes
//! from) and the dice a Charles the Bold stand throws (`query_stand`).

use super::query::{find_unit, hex, load, print};
use super::Format;
use anyhow::bail;
use muster_cli::render::clean;
use muster_rules::and_gentlemen_all::combat::Band;
use muster_rules::and_gentlemen_all::engage::{Moment, Party};
use muster_rules::queries::{self, EngageAsk, FireAnswer, Pick};
use muster_rules::{Query, Scenario};
use serde_json::{json, Value};
use std::path::PathBuf;

/// Two regiments and the moment of their combat.
#[derive(clap::Args)]
pub struct EngageArgs {
    /// The scenario file.
    scenario: PathBuf,
    /// The firer or attacker (unit id or unique name; `side/unit` when both sides have it),
    /// or the hex it stands in.
    first: String,
    /// The target or defender, or its hex.
    second: String,
    /// And Gentlemen All: the two dice, the firer's or attacker's, then the target's or
    /// defender's (`5,3`).
    #[arg(long, value_delimiter = ',', allow_negative_numbers = true)]
    rolls: Vec<i32>,
    /// And Gentlemen All: the firer is in the target's flank (+2); in melee, the defender is
    /// contacted in flank (−4). The set-up's facings decide both (ours: front the three hexes
    /// ahead, flanks the two beside the back, rear the one behind); a claim they contradict
    /// is refused.
    #[arg(long)]
    flank: bool,
    /// And Gentlemen All, melee: the defender is contacted in rear (−3); as for `--flank`.
    #[arg(long)]
    rear: bool,
    /// And Gentlemen All, melee: the attacker moved into contact this phase (§8: it charged).
    #[arg(long)]
    charging: bool,
    /// Charles the Bold: moves the stand made before firing (−1D6 each, §6.0).
    #[arg(long, default_value_t = 0)]
    moved: i32,
    /// Charles the Bold: the stand will move after firing (−1D6, §6.0).
    #[arg(long)]
    will_move: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Json)]
    format: Format,
}

/// A party named by unit, or else by the hex it stands in.
fn pick(s: &Scenario, name: &str) -> anyhow::Result<Pick> {
    match find_unit(s, name) {
        Ok(u) => Ok(Pick {
            unit: Some(u),
            hex: None,
        }),
        Err(e) => match hex(s, name) {
            Ok(h) => Ok(Pick {
                unit: None,
                hex: Some(h),
            }),
            Err(_) => Err(e),
        },
    }
}

/// A regiment's part: its modifiers, total, roll and score.
pub(super) fn party(s: &Scenario, p: &Party) -> Value {
    json!({
        "unit": p.unit,
        "hex": s.world.grid.to_printed(p.hex),
        "modifiers": p.modifiers.iter().map(|m| json!({
            "what": m.what,
            "value": m.value,
            "source": if m.printed { "printed" } else { "supplied" },
        })).collect::<Vec<_>>(),
        "total": p.total(),
        "roll": p.score.map(|(r, _)| r),
        "score": p.score.map(|(_, sc)| sc),
    })
}

/// A regiment's part on one line.
pub(super) fn human(p: &Party) -> String {
    let mods: Vec<String> = p
        .modifiers
        .iter()
        .map(|m| format!("{:+} {}", m.value, clean(&m.what.to_string())))
        .collect();
    let unit = clean(&p.unit.to_string());
    match p.score {
        Some((r, sc)) => format!("{unit}: {r} {} = {sc}", mods.join(" ")),
        None => format!("{unit}: {}", mods.join(" ")),
    }
}

pub fn engage(a: EngageArgs, melee: bool) -> anyhow::Result<()> {
    let loaded = load(&a.scenario)?;
    let s = loaded.resolve();
    muster_rules::answering(&s, if melee { Query::Melee } else { Query::Fire })
        .map_err(anyhow::Error::msg)?;
    let first = pick(&s, &a.first)?;
    let second = pick(&s, &a.second)?;
    let ask = EngageAsk {
        first,
        second,
        moment: Moment {
            rolls: match a.rolls.as_slice() {
                [] => None,
                [x, y] => Some((*x, *y)),
                _ => bail!(
                    "--rolls takes two dice, the {}'s then the {}'s: `--rolls 5,3`",
                    if melee { "attacker" } else { "firer" },
                    if melee { "defender" } else { "target" }
                ),
            },
            flank: a.flank,
            rear: a.rear,
            charging: a.charging,
        },
        moves_before: a.moved,
        move_after: a.will_move,
    };
    let e = if melee {
        queries::melee(&s, &ask)
    } else {
        match queries::fire(&s, &ask) {
            Ok(FireAnswer::Regiments(e)) => Ok(e),
            Ok(FireAnswer::Stand(f)) => return super::query_stand::fire(&s, &f, a.format),
            Err(e) => Err(e),
        }
    }
    .map_err(anyhow::Error::msg)?;
    let (one, two) = if melee {
        ("attacker", "defender")
    } else {
        ("firer", "target")
    };
    let mut v = json!({
        one: party(&s, &e.first),
        two: party(&s, &e.second),
        "distance": e.distance,
    });
    if let Some(b) = e.band {
        v["band"] = json!(match b {
            Band::PointBlank => "point blank",
            Band::Effective => "effective",
            Band::Long => "long",
        });
    }
    if let Some((to_first, to_second)) = e.shock {
        v["shock"] = json!({ one: to_first, two: to_second });
    }
    v["uncertain"] = json!(e
        .uncertain
        .iter()
        .map(|h| s.world.grid.to_printed(*h))
        .collect::<Vec<_>>());
    print(&v, a.format, || {
        let mut t = format!("{}\n{}", human(&e.first), human(&e.second));
        if let Some((x, y)) = e.shock {
            t.push_str(&format!("\nshock points: {x} to {one}, {y} to {two}"));
        }
        if !e.uncertain.is_empty() {
            let hexes: Vec<String> = e
                .uncertain
                .iter()
                .map(|h| s.world.grid.to_printed(*h))
                .collect();
            t.push_str(&format!(
                "\nuncertain: an owner's choice or a hidden regiment may stand in {} ({})",
                hexes.join(", "),
                if melee {
                    "then −2 for contact with more than one enemy, or contact in flank or rear"
                } else {
                    "then it blocks the line of sight"
                }
            ));
        }
        t
    })
}

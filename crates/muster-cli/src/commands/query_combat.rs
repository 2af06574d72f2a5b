//! `muster query fire|melee|morale`: And Gentlemen All combat between regiments of the
//! set-up, every modifier named with where it comes from.

use super::query::{find_unit, load, print};
use super::Format;
use anyhow::bail;
use muster_rules::and_gentlemen_all::combat::{Band, MoraleResult};
use muster_rules::and_gentlemen_all::engage::{self, Moment, Party};
use muster_rules::Scenario;
use muster_cli::render::clean;
use serde_json::{json, Value};
use std::path::PathBuf;

/// Two regiments and the moment of their combat.
#[derive(clap::Args)]
pub struct EngageArgs {
    /// The scenario file (And Gentlemen All).
    scenario: PathBuf,
    /// The firer or attacker (unit id or unique name; `side/unit` when both sides have it).
    first: String,
    /// The target or defender.
    second: String,
    /// The two dice: the firer's or attacker's, then the target's or defender's (`5,3`).
    #[arg(long, value_delimiter = ',', allow_negative_numbers = true)]
    rolls: Vec<i32>,
    /// Fire into the target's flank (+2); in melee, the defender is contacted in flank (−4).
    #[arg(long)]
    flank: bool,
    /// Melee: the defender is contacted in rear (−3).
    #[arg(long)]
    rear: bool,
    /// Melee: the attacker moved into contact this phase (§8: it charged).
    #[arg(long)]
    charging: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Json)]
    format: Format,
}

/// A regiment's morale test.
#[derive(clap::Args)]
pub struct MoraleArgs {
    /// The scenario file (And Gentlemen All).
    scenario: PathBuf,
    /// The regiment.
    unit: String,
    /// Shock points it has suffered so far in the game.
    #[arg(long, default_value_t = 0)]
    shock: i32,
    /// The die.
    #[arg(long)]
    roll: Option<i32>,
    /// Enemy foot or horse behind its flank and within 4 inches (+3).
    #[arg(long)]
    enemy_behind_flank: bool,
    /// Its army is demoralised (+2).
    #[arg(long)]
    demoralised: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Json)]
    format: Format,
}

fn and_gentlemen_all(s: &Scenario, path: &std::path::Path) -> anyhow::Result<()> {
    if s.file.ruleset != "and-gentlemen-all" {
        bail!(
            "fire, melee and morale are modelled here for And Gentlemen All; {} plays `{}`",
            path.display(),
            s.file.ruleset
        );
    }
    Ok(())
}

fn party(s: &Scenario, p: &Party) -> Value {
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

fn human(p: &Party) -> String {
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
    and_gentlemen_all(&s, &a.scenario)?;
    let first = find_unit(&s, &a.first)?;
    let second = find_unit(&s, &a.second)?;
    let moment = Moment {
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
    };
    let e = if melee {
        engage::melee(&s, first, second, &moment)
    } else {
        engage::fire(&s, first, second, &moment)
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
    if melee {
        v["uncertain"] = json!(e
            .uncertain
            .iter()
            .map(|h| s.world.grid.to_printed(*h))
            .collect::<Vec<_>>());
    }
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
                "\nuncertain: an owner's choice or a hidden regiment may stand in {} (then −2 for contact with more than one enemy)",
                hexes.join(", ")
            ));
        }
        t
    })
}

pub fn morale(a: MoraleArgs) -> anyhow::Result<()> {
    let loaded = load(&a.scenario)?;
    let s = loaded.resolve();
    and_gentlemen_all(&s, &a.scenario)?;
    let unit = find_unit(&s, &a.unit)?;
    let situation = engage::morale_situation(a.enemy_behind_flank, a.demoralised);
    let (p, result) =
        engage::morale(&s, unit, a.shock, a.roll, &situation).map_err(anyhow::Error::msg)?;
    let result = result.map(|r| match r {
        MoraleResult::Ok => "OK",
        MoraleResult::Halt => "Halt",
        MoraleResult::FallBack => "Fall Back",
        MoraleResult::Rout => "Rout",
        MoraleResult::Destroyed => "Destroyed",
    });
    let mut v = party(&s, &p);
    v["result"] = json!(result);
    print(&v, a.format, || match result {
        Some(r) => format!("{}: {r}", human(&p)),
        None => human(&p),
    })
}

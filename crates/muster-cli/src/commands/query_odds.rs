//! `muster query odds`: the odds of a combat between units of the set-up, for the systems
//! that answer it (A la Charge).

use super::query::{hex, load, print};
use super::Format;
use muster_rules::queries::{odds, OddsAsk as Ask, OddsPart as Part};
use muster_rules::Query;
use serde_json::json;
use std::path::PathBuf;

/// The combat to weigh.
#[derive(clap::Args)]
pub struct OddsArgs {
    /// The scenario file.
    scenario: PathBuf,
    /// The attackers' hexes, then the defender's hex last. In a melee, an archery unit
    /// out of contact adds its strength by shooting (§12.2; ours: one in contact fights).
    /// Every leader stacked with a unit adds his rating (§8); an attack on a defence of 0
    /// is 4-1 (§12.3, "or more"), an attack of 0 is 1-3 (ours).
    #[arg(required = true, num_args = 1.., value_name = "HEXES")]
    hexes: Vec<String>,
    /// Archery fire instead of melee (§12.2: archers only, in range, with a line of fire).
    #[arg(long)]
    fire: bool,
    /// An attacker's hex whose knights or cavalry charged (§10: +2, the leader not added).
    #[arg(long = "charging")]
    charging: Vec<String>,
    /// A hex whose unit is on its reduced side (§12.6).
    #[arg(long = "reduced")]
    reduced: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Json)]
    format: Format,
}

pub fn run(a: OddsArgs) -> anyhow::Result<()> {
    if a.hexes.len() < 2 {
        anyhow::bail!(
            "give at least two hexes: the attackers' hexes, then the defender's hex last"
        );
    }
    let loaded = load(&a.scenario)?;
    let s = loaded.resolve();
    muster_rules::answering(&s, Query::Odds).map_err(anyhow::Error::msg)?;
    let hexes = a
        .hexes
        .iter()
        .map(|h| hex(&s, h))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let (defender, attackers) = hexes.split_last().expect("two hexes, checked above");
    let ask = Ask {
        attackers: attackers.to_vec(),
        defender: *defender,
        fire: a.fire,
        charging: a
            .charging
            .iter()
            .map(|h| hex(&s, h))
            .collect::<anyhow::Result<_>>()?,
        reduced: a
            .reduced
            .iter()
            .map(|h| hex(&s, h))
            .collect::<anyhow::Result<_>>()?,
    };
    let o = odds(&s, &ask).map_err(anyhow::Error::msg)?;
    let grid = &s.world.grid;
    let part = |p: &Part| {
        json!({
            "hex": grid.to_printed(p.hex),
            "unit": p.unit,
            "strength": p.strength,
            "leaders": p.leaders.iter().map(|(id, r)| json!({"unit": id, "rating": r})).collect::<Vec<_>>(),
            "archer_in_melee": p.archer_in_melee,
            "charging": p.charging,
            "shooting": p.shooting,
            "total": p.total,
        })
    };
    let v = json!({
        "attack": o.attack,
        "defence": o.defence,
        "ratio": o.ratio_column,
        "shift": o.shift.as_ref().map(|(t, n)| json!({"terrain": t, "columns_left": n})),
        "column": o.column,
        "attackers": o.attackers.iter().map(part).collect::<Vec<_>>(),
        "defender": part(&o.defender),
    });
    print(&v, a.format, || {
        format!(
            "{} against {}: {}{} — roll on {}",
            o.attack,
            o.defence,
            o.ratio_column,
            o.shift
                .as_ref()
                .map(|(t, n)| format!(", {n} column(s) left for {t}"))
                .unwrap_or_default(),
            o.column
        )
    })
}

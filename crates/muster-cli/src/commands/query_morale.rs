//! `muster query morale`: a unit's morale test, for the systems that answer it: an And
//! Gentlemen All regiment's (§9) and a Charles the Bold stand's (§7, `query_stand`).

use super::query::{find_unit, load, print};
use super::query_combat::{human, party};
use super::Format;
use muster_rules::and_gentlemen_all::combat::MoraleResult;
use muster_rules::queries::{self, After, MoraleAnswer, MoraleAsk};
use muster_rules::Query;
use serde_json::json;
use std::path::PathBuf;

/// A unit's morale test.
#[derive(clap::Args)]
pub struct MoraleArgs {
    /// The scenario file.
    scenario: PathBuf,
    /// The unit (unit id or unique name; `side/unit` when both sides have it).
    unit: String,
    /// The die.
    #[arg(long, allow_negative_numbers = true)]
    roll: Option<i32>,
    /// And Gentlemen All: shock points it has suffered so far in the game.
    #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
    shock: i32,
    /// And Gentlemen All: enemy foot or horse behind its flank and within 4" (6" for 25 mm)
    /// (+3, §9). Worked out from the set-up's facings without it; a claim the set-up
    /// contradicts is refused, one it cannot tell (owner's choice, hidden, no facing) taken.
    #[arg(long)]
    enemy_behind_flank: bool,
    /// And Gentlemen All: its army is demoralised (+2).
    #[arg(long)]
    demoralised: bool,
    /// Charles the Bold: hits just taken, the 6s and double 5s rolled against it (§7.0).
    #[arg(long, allow_negative_numbers = true)]
    hits: Option<i32>,
    /// Charles the Bold: permanent losses already taken from its starting SP.
    #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
    losses: i32,
    /// Charles the Bold: disordered before the test (−1; at least 1 SP lost, §7.3).
    #[arg(long)]
    disordered: bool,
    /// Charles the Bold: a general is attached (+1).
    #[arg(long)]
    general: bool,
    /// Charles the Bold: what the test follows (§7.1: shooting and a melee not lost cost at
    /// most 1 SP, a lost melee 2).
    #[arg(long, value_enum, default_value_t = AfterArg::Shooting)]
    after: AfterArg,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Json)]
    format: Format,
}

/// What a Charles the Bold morale test follows.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum AfterArg {
    /// Hits from shooting.
    Shooting,
    /// A melee the stand did not lose.
    Melee,
    /// A lost melee.
    LostMelee,
}

pub fn morale(a: MoraleArgs) -> anyhow::Result<()> {
    let loaded = load(&a.scenario)?;
    let s = loaded.resolve();
    muster_rules::answering(&s, Query::Morale).map_err(anyhow::Error::msg)?;
    let ask = MoraleAsk {
        unit: find_unit(&s, &a.unit)?,
        roll: a.roll,
        shock: a.shock,
        enemy_behind_flank: a.enemy_behind_flank,
        demoralised: a.demoralised,
        hits: a.hits,
        losses: a.losses,
        disordered: a.disordered,
        general: a.general,
        after: match a.after {
            AfterArg::Shooting => After::Shooting,
            AfterArg::Melee => After::Melee,
            AfterArg::LostMelee => After::LostMelee,
        },
    };
    let (p, result) = match queries::morale(&s, &ask).map_err(anyhow::Error::msg)? {
        MoraleAnswer::Regiment(p, result) => (p, result),
        MoraleAnswer::Stand(m) => return super::query_stand::morale(&m, a.format),
    };
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

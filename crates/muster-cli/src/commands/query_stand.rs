//! The Charles the Bold answers of `muster query fire` and `morale`: the dice a stand
//! throws (§6.0, §6.1, §16) and its morale test (§7).

use super::query::print;
use super::Format;
use muster_cli::render::clean;
use muster_rules::charles_the_bold::answers::{StandFire, StandMorale};
use muster_rules::Scenario;
use serde_json::json;

/// A stand's fire: {"firer", "list_entry", "from", "to", "target", "distance", "band",
/// "moves_before", "move_after", "ranks": [{"rank", "sp", "band_modifier", "dice"}],
/// "line_of_fire": why the shot is possible, as `query los` says}.
pub fn fire(s: &Scenario, f: &StandFire, format: Format) -> anyhow::Result<()> {
    let grid = &s.world.grid;
    let v = json!({
        "firer": f.firer,
        "list_entry": f.list_entry,
        "from": grid.to_printed(f.from),
        "to": grid.to_printed(f.to),
        "target": f.target,
        "distance": f.distance,
        "band": f.band,
        "moves_before": f.moves_before,
        "move_after": f.move_after,
        "ranks": f.ranks.iter().map(|r| json!({
            "rank": r.rank,
            "sp": r.sp,
            "band_modifier": r.band_modifier,
            "dice": r.dice,
        })).collect::<Vec<_>>(),
        "line_of_fire": f.line,
    });
    print(&v, format, || {
        let ranks: Vec<String> = f
            .ranks
            .iter()
            .map(|r| {
                let which = if r.rank == 1 { "front" } else { "rear" };
                format!("{which} rank {}D6", r.dice)
            })
            .collect();
        let at = match &f.target {
            Some(t) => format!("`{}` in {}", clean(t), grid.to_printed(f.to)),
            None => grid.to_printed(f.to),
        };
        format!(
            "{} from {} at {at}, {} hexes ({} column): {}; each 6 or double 5 hits (§6.4)",
            clean(&f.firer),
            grid.to_printed(f.from),
            f.distance,
            f.band,
            ranks.join(", ")
        )
    })
}

/// A stand's morale test: {"unit", "list_entry", "terms": [{"what", "value"}], "morale",
/// "roll", "passed", "morale_loss", "sp_lost", "disordered"} (the last four null without a
/// roll).
pub fn morale(m: &StandMorale, format: Format) -> anyhow::Result<()> {
    let o = m.outcome.as_ref();
    let v = json!({
        "unit": m.unit,
        "list_entry": m.list_entry,
        "terms": m.terms.iter().map(|t| json!({"what": t.what, "value": t.value})).collect::<Vec<_>>(),
        "morale": m.morale,
        "roll": m.roll,
        "passed": o.map(|o| o.passed),
        "morale_loss": o.map(|o| o.morale_loss),
        "sp_lost": o.map(|o| o.sp_lost),
        "disordered": o.map(|o| o.disordered),
    });
    print(&v, format, || {
        let terms: Vec<String> = m
            .terms
            .iter()
            .enumerate()
            .map(|(i, t)| match i {
                0 => format!("{} {}", t.value, t.what.to_lowercase()),
                _ => format!("{:+} {}", t.value, t.what.to_lowercase()),
            })
            .collect();
        let head = format!(
            "{}: {} = morale {}",
            clean(&m.unit),
            terms.join(" "),
            m.morale
        );
        match (m.roll, o) {
            (Some(r), Some(o)) => format!(
                "{head}; roll {r}: {}, morale loss {}, {} SP lost{}",
                if o.passed { "passed" } else { "failed" },
                o.morale_loss,
                o.sp_lost,
                if o.disordered { ", disordered" } else { "" }
            ),
            _ => head,
        }
    })
}

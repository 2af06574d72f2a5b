//! CB309 — the break threshold from break points and the proportion (§14), computed and
//! reported.

use super::super::cite;
use crate::diagnostic::{Diagnostic, Location};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;

/// `CB309`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("CB309", "break-points", "charles-the-bold", "The army's break points and break threshold (reported; missing proportion is a warning).",
        "Adds each stand's break points (each rank of a multi-rank stand counts, §14) and applies the side's `break_proportion` (rounded up); reports the figures, and warns when the proportion is missing or outside a third to a half.",
        "The first side to lose its proportion of break points loses the battle.",
        "`break_proportion: \"2/3\"`: the scenarios usually use between a third and a half.",
        "Charles the Bold §14 Victory Points and Winning the Battle."),
    run,
};

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    for (si, side) in s.file.sides.iter().enumerate() {
        let total: u32 = side
            .units
            .iter()
            .enumerate()
            .filter_map(|(ui, u)| {
                s.list_entry(si, ui)
                    .map(|e| e.bp * u.count * (1 + u.ranks.unwrap_or(0)))
            })
            .sum();
        let loc = Location::here(format!("/sides/{si}/name"));
        let Some(p) = &side.break_proportion else {
            out.push(
                Diagnostic::warning(
                    CHECK.doc.code,
                    loc,
                    format!(
                        "{} has {total} break points but no `break_proportion`",
                        side.name
                    ),
                )
                .rule(cite("§14")),
            );
            continue;
        };
        let Some((n, d)) = p
            .split_once('/')
            .and_then(|(a, b)| Some((a.parse::<u32>().ok()?, b.parse::<u32>().ok()?)))
            .filter(|(_, d)| *d > 0)
        else {
            continue;
        };
        let threshold = (total * n).div_ceil(d);
        if n * 3 < d || n * 2 > d {
            out.push(Diagnostic::warning(CHECK.doc.code, Location::here(format!("/sides/{si}/break_proportion")), format!("{} breaks at {p} of its break points; the scenarios usually use between a third and a half", side.name)).rule(cite("§14")));
        }
        out.push(
            Diagnostic::note(
                CHECK.doc.code,
                loc,
                format!(
                    "{}: {total} break points; breaks after losing {threshold} ({p})",
                    side.name
                ),
            )
            .rule(cite("§14")),
        );
    }
}

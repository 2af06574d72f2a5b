//! CB306 — extra ranks allowed for the stand's type (§6.1, §7.4).

use super::super::cite;
use crate::diagnostic::{Diagnostic, Location};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;

/// `CB306`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("CB306", "ranks", "charles-the-bold", "A stand has more ranks than its type allows, or ranks its list line has no strength for.",
        "Extra ranks: pikes (Pk) up to 2, warbands (WB) up to 2 (our reading: §1.2 names them multi-base stands with pike blocks but gives no number), long spears (LSp) 1, heavy infantry (HI) a rear stand, longbows a double rank; other stands none. The list's SP column gives a value per rank; a stand whose line gives rear-rank strength but that sets up without `ranks` is a warning (its break points would silently drop).",
        "Large units are one stand with ranks behind; they cannot be split, and ranks change dice and losses.",
        "A knight stand with `ranks: 1`.",
        "Charles the Bold §6.1 Double Rank Shot, §7.4 Large Units."),
    run,
};

/// Extra ranks a list line allows.
pub fn allowed(e: &muster_model::ListEntry) -> u32 {
    // Warbands are multi-base stands with pike blocks (§1.2) but the text gives no number:
    // our reading allows them as many extra ranks as pikes.
    if e.has("Pk") || e.has("WB") {
        2
    } else if e.has("LSp") || e.has("HI") || e.has("Longbow") {
        1
    } else {
        0
    }
}

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    for (si, side) in s.file.sides.iter().enumerate() {
        for (ui, u) in side.units.iter().enumerate() {
            let Some(e) = s.list_entry(si, ui) else {
                continue;
            };
            // A list line with strength for rear ranks, set up without them: the stand loses
            // its ranks (and the side its break points) without the print saying so.
            let listed = e.sp_ranks().len().saturating_sub(1) as u32;
            if u.ranks.unwrap_or(0) == 0 && listed > 0 && allowed(e) > 0 {
                out.push(
                    Diagnostic::warning(
                        CHECK.doc.code,
                        Location::here(format!("/sides/{si}/units/{ui}")),
                        format!(
                            "`{}` sets up without extra ranks, but its list line gives strength for {listed} (`sp: \"{}\"`)",
                            u.id, e.sp
                        ),
                    )
                    .rule(cite("§7.4, §14"))
                    .help("write `ranks:` as the scenario sets the stand up; each rank counts its break points (§14)"),
                );
            }
            let Some(r) = u.ranks else {
                continue;
            };
            let loc = Location::here(format!("/sides/{si}/units/{ui}/ranks"));
            if r > allowed(e) {
                out.push(
                    Diagnostic::error(
                        CHECK.doc.code,
                        loc,
                        format!(
                            "`{}` ({}) has {r} extra ranks; its type allows {}",
                            u.id,
                            e.cat.join(", "),
                            allowed(e)
                        ),
                    )
                    .rule(cite("§7.4")),
                );
            } else if r > 0 && e.sp_ranks().len() < 2 {
                out.push(Diagnostic::error(CHECK.doc.code, loc, format!("`{}` has extra ranks but its list line gives SP for the front rank only (`sp: \"{}\"`)", u.id, e.sp)).rule(cite("§16")));
            }
        }
    }
}

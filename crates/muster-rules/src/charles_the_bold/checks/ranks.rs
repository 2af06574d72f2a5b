//! CB306 — extra ranks allowed for the stand's type (§6.1, §7.4).

use super::super::cite;
use crate::charles_the_bold::fields;
use crate::diagnostic::{Diagnostic, Location};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;

/// `CB306`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("CB306", "ranks", "charles-the-bold", "A stand has more ranks than its type allows, or ranks its list line has no strength for.",
        "Extra ranks (ours: §7.4 and §6.1 give examples — heavy infantry \"often\" a rear stand, pikes \"may have\" 2 — which we read as the maxima): pikes (Pk) up to 2, warbands (WB) up to 2 (our reading: §1.2 names them multi-base stands with pike blocks but gives no number), long spears (LSp) 1, heavy infantry (HI) a rear stand, bills (Bills) 1 (§7.4's example of a double Bill stand), longbows a double rank; other stands none. The list's SP column gives a value per rank; a stand that sets up with fewer extra ranks than its line gives rear-rank strength for (and its type allows) is a warning, without `ranks` or with too few (its break points would silently drop); more than the line gives strength for is an error.",
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
    } else if e.has("LSp") || e.has("HI") || e.has("Bills") || e.has("Longbow") {
        // Bills: §7.4's example of a "double Bill stand" with "4SP in the supporting rank"
        // (ours: read as the maximum, as for heavy infantry).
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
            // Rear ranks the list line gives strength for (its SP column, §16).
            let listed = e.sp_ranks().len().saturating_sub(1) as u32;
            let ranks = fields::unit(u).ranks.unwrap_or(0);
            let loc = Location::here(format!("/sides/{si}/units/{ui}/ranks"));
            if ranks > allowed(e) {
                let mut d = Diagnostic::error(
                    CHECK.doc.code,
                    loc,
                    format!(
                        "`{}` ({}) has {ranks} extra ranks; its type allows {} (ours: §7.4's examples read as the maxima)",
                        u.id,
                        e.cat.join(", "),
                        allowed(e)
                    ),
                )
                .rule(cite("§1.2, §7.4"));
                if e.has("WB") && !e.has("Pk") {
                    d = d.help("warbands: our reading allows 2 extra ranks, as for pikes; §1.2 names warbands multi-base stands but gives no number");
                }
                out.push(d);
            } else if ranks > listed {
                out.push(
                    Diagnostic::error(
                        CHECK.doc.code,
                        loc,
                        format!(
                            "`{}` has {ranks} extra ranks but its list line gives strength for {listed} (`sp: \"{}\"`)",
                            u.id, e.sp
                        ),
                    )
                    .rule(cite("§16"))
                    .help("each rank needs its SP in the list's SP column (`5/4/4`: a front and two rear ranks)"),
                );
            } else if ranks < listed.min(allowed(e)) {
                // Rear ranks the list gives strength for but the set-up leaves out: the stand
                // loses them (and the side their break points) without the print saying so.
                out.push(
                    Diagnostic::warning(
                        CHECK.doc.code,
                        Location::here(format!("/sides/{si}/units/{ui}")),
                        format!(
                            "`{}` sets up with {ranks} extra ranks, but its list line gives strength for {listed} (`sp: \"{}\"`)",
                            u.id, e.sp
                        ),
                    )
                    .rule(cite("§7.4, §14"))
                    .help("write `ranks:` as the scenario sets the stand up; each rank counts its break points (§14)"),
                );
            }
        }
    }
}

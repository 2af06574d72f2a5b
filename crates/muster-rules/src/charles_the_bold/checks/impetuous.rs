//! CB310 — impetuous flags consistent with the army list (§9).

use super::super::cite;
use crate::diagnostic::{Diagnostic, Location};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;

/// `CB310`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("CB310", "impetuous", "charles-the-bold", "A list line is tagged both poorly trained and steady impetuous.",
        "A list line is at most one of `Imp P` (poorly trained impetuous, §9.1) and `Imp T` (steady, trained impetuous, §9.2). The text ties impetuosity to the stand's list line (§9.0: \"some stands are identified as impetuous on the army lists\"), not to the army's training, so nothing else is checked. The §16 list prints only `Imp P`; the tag `Imp T` for a steady (§9.2) impetuous stand is ours.",
        "Poorly trained and steady impetuous stands obey different rules (§9.1, §9.2); a line that is both cannot be played.",
        "A knight line tagged both `Imp P` and `Imp T`.",
        "Charles the Bold §9 Impetuous Stands."),
    run,
};

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    for (si, side) in s.file.sides.iter().enumerate() {
        for (ui, u) in side.units.iter().enumerate() {
            let Some(e) = s.list_entry(si, ui) else {
                continue;
            };
            let (p, t) = (e.has("Imp P"), e.has("Imp T"));
            let loc = Location::here(format!("/sides/{si}/units/{ui}/list_entry"));
            if p && t {
                out.push(
                    Diagnostic::error(
                        CHECK.doc.code,
                        loc,
                        format!(
                            "`{}`'s list line is both poorly trained and trained impetuous",
                            u.id
                        ),
                    )
                    .rule(cite("§9")),
                );
            }
        }
    }
}

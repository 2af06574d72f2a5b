//! The one report of a unit whose `kind` the ruleset does not have, shared by the game
//! systems' checks (A la Charge's AC108, And Gentlemen All's AG215, Charles the Bold's
//! CB315, Siege's SI422), so that every system words it the same way, points at the same
//! field and suggests through the one suggester.

use crate::diagnostic::{Diagnostic, Location};
use crate::scenario::Scenario;

/// The error for unit `ui` of side `si` when its kind is none of the ruleset's: located
/// at the unit's `kind`, with the nearest of `candidates` (the kinds it may have; all of
/// them listed when none is close) and the rule `rule` that lists the kinds; `None` when
/// the kind is known.
pub(crate) fn unknown_kind(
    s: &Scenario,
    si: usize,
    ui: usize,
    code: &'static str,
    candidates: &[&str],
    rule: String,
) -> Option<Diagnostic> {
    let (def, kind) = s.unit(si, ui);
    if kind.is_some() {
        return None;
    }
    Some(
        Diagnostic::error(
            code,
            Location::here(format!("/sides/{si}/units/{ui}/kind")),
            format!("unknown unit kind `{}`", def.kind),
        )
        .rule(rule)
        .help(crate::suggest::did_you_mean(
            &def.kind, "kinds", candidates, "",
        )),
    )
}

/// [`unknown_kind`] for every unit of every side, the candidates all the ruleset's kinds:
/// for the systems whose kinds do not depend on the scenario's options.
pub(crate) fn unknown_kinds(
    s: &Scenario,
    code: &'static str,
    rule: &str,
    out: &mut Vec<Diagnostic>,
) {
    let kinds: Vec<&str> = s.ruleset.unit_kinds.iter().map(|k| k.id.as_str()).collect();
    for (si, side) in s.file.sides.iter().enumerate() {
        for ui in 0..side.units.len() {
            out.extend(unknown_kind(s, si, ui, code, &kinds, rule.to_string()));
        }
    }
}

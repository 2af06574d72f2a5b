//! CB309 — the break threshold from break points and the proportion (§14), computed and
//! reported.

use super::super::cite;
use crate::charles_the_bold::fields;
use crate::diagnostic::{Diagnostic, Location};
use crate::registry::ScenarioCheck;
use crate::scenario::Scenario;

/// `CB309`.
pub const CHECK: ScenarioCheck = ScenarioCheck {
    doc: doc!("CB309", "break-points", "charles-the-bold", "The army's break points and break threshold (reported; missing proportion is a warning).",
        "Adds each stand's break points (each rank of a multi-rank stand counts, §14) and applies the side's `break_proportion` (rounded up); reports the figures, and warns when the proportion is missing or outside a third to a half. A `break_proportion` that is not a fraction above 0 and at most 1 (`1/0`, `0/3`, `4/3`, words) is an error; fractions are reduced and the threshold computed exactly (no overflow on large numbers).",
        "The first side to lose its proportion of break points loses the battle.",
        "`break_proportion: \"2/3\"`: the scenarios usually use between a third and a half.",
        "Charles the Bold §14 Victory Points and Winning the Battle."),
    run,
};

fn run(s: &Scenario, out: &mut Vec<Diagnostic>) {
    for (si, side) in s.file.sides.iter().enumerate() {
        // Exact arithmetic: counts go to 10,000 and BP and ranks multiply them.
        let total: u64 = side
            .units
            .iter()
            .enumerate()
            .filter_map(|(ui, u)| {
                s.list_entry(si, ui).map(|e| {
                    u64::from(e.bp)
                        * u64::from(u.count)
                        * (1 + u64::from(fields::unit(u).ranks.unwrap_or(0)))
                })
            })
            .sum();
        let loc = Location::here(format!("/sides/{si}/name"));
        let Some(p) = &fields::side(side).break_proportion else {
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
        let Some((n, d)) = proportion(p) else {
            out.push(
                Diagnostic::error(
                    CHECK.doc.code,
                    Location::here(format!("/sides/{si}/break_proportion")),
                    format!("`{p}` is not a proportion of the break points"),
                )
                .rule(cite("§14"))
                .help("write a fraction between 0 and 1, numerator over a denominator that is not zero: `1/3`, `1/2`"),
            );
            continue;
        };
        let threshold = (u128::from(total) * u128::from(n)).div_ceil(u128::from(d));
        if u128::from(n) * 3 < u128::from(d) || u128::from(n) * 2 > u128::from(d) {
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

/// A proportion `n/d` with `0 < n <= d`, reduced to lowest terms, or `None`.
fn proportion(text: &str) -> Option<(u64, u64)> {
    let (a, b) = text.split_once('/')?;
    let (n, d): (u64, u64) = (a.trim().parse().ok()?, b.trim().parse().ok()?);
    if d == 0 || n == 0 || n > d {
        return None;
    }
    let g = gcd(n, d);
    Some((n / g, d / g))
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

#[cfg(test)]
mod tests {
    use super::proportion;

    #[test]
    fn proportions_are_checked_and_reduced_exactly() {
        assert_eq!(proportion("1/3"), Some((1, 3)));
        assert_eq!(proportion("1500000000/4000000000"), Some((3, 8)));
        assert_eq!(proportion("1/0"), None);
        assert_eq!(proportion("0/3"), None);
        assert_eq!(proportion("4/3"), None);
        assert_eq!(proportion("a third"), None);
    }
}

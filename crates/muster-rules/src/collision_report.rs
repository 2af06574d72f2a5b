//! One report of the placement model's collisions ([`Collision`]) for the game systems whose
//! stacking rule is one counter a hex: A la Charge (AC101, AC103), Charles the Bold (CB304)
//! and Siege (SI408). Each used to rebuild the findings itself, and they drifted (labels for
//! a third line and a rule citation in one system, not in another); now the findings, their
//! labels and their citation are built here, in the system's words ([`OneAHex`]).

use crate::diagnostic::{Diagnostic, Location};
use crate::placement::{squeezed_finding, Collision};
use crate::scenario::Scenario;

/// What a check reports for one kind of collision.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Finding<'a> {
    /// The check's code (the registry's value, `CHECK.doc.code`).
    pub code: &'static str,
    /// The help; `None` gives none, except that lines squeezed into too few hexes get the
    /// generic help of [`squeezed_finding`].
    pub help: Option<&'a str>,
}

/// How a system words its one-counter-a-hex rule, and which collisions a check reports.
#[derive(Debug, Clone, Copy)]
pub(crate) struct OneAHex<'a> {
    /// Lines that each fill their hexes name one hex ([`Collision::Shared`]); `None`: not
    /// this check's.
    pub shared: Option<Finding<'a>>,
    /// One line has more counters than hexes ([`Collision::Overfull`]).
    pub overfull: Option<Finding<'a>>,
    /// Lines with an owner's choice place more counters than their hexes
    /// ([`Collision::Squeezed`]).
    pub squeezed: Option<Finding<'a>>,
    /// The counter, singular and plural: `("stand", "stands")`.
    pub noun: (&'a str, &'a str),
    /// What some counters of an overfull line must do: `"stack"`, `"share"`.
    pub must: &'a str,
    /// The rule cited on every finding.
    pub rule: &'a str,
}

/// The findings for the set-up's collisions that `keep` keeps and `how` has a code for, in
/// the model's order. Two lines in one hex: at the second line, labelled "another … is set
/// up here" at the first and "and another here" at each further one. One line with more
/// counters than hexes: at its units, its hexes labelled with their count. Lines that cannot
/// all fit: [`squeezed_finding`], each colliding line labelled. Every finding cites `rule`.
pub(crate) fn report_collisions(
    s: &Scenario,
    how: &OneAHex<'_>,
    keep: impl Fn(&Collision) -> bool,
) -> Vec<Diagnostic> {
    let g = &s.world.grid;
    let (one, many) = how.noun;
    let mut out = Vec::new();
    for c in s.placements.collisions().iter().filter(|c| keep(c)) {
        let (d, help) = match c {
            Collision::Shared { hex, lines, upper } => {
                let (Some(f), [first, second, rest @ ..]) = (how.shared, lines.as_slice()) else {
                    continue;
                };
                let id = g.to_printed(*hex);
                let level = if *upper { " on the upper level" } else { "" };
                let mut d = Diagnostic::error(
                    f.code,
                    s.deployments[*second].hex_location(*hex),
                    format!("two {many} set up in {id}{level}"),
                )
                .at_hex(id)
                .label(
                    s.deployments[*first].hex_location(*hex),
                    format!("another {one} is set up here"),
                );
                for r in rest {
                    d = d.label(s.deployments[*r].hex_location(*hex), "and another here");
                }
                (d, f.help)
            }
            Collision::Overfull { line } => {
                let Some(f) = how.overfull else { continue };
                let l = s.placements.line(*line);
                let dep = &s.deployments[*line];
                // Hexes listed but off the map (reported as MU023) are said, so the count
                // matches the list the designer sees.
                let listed = match dep.zone {
                    muster_model::Zone::Hexes(v) => v.len().max(l.hexes.len()),
                    _ => l.hexes.len(),
                };
                let off = match listed - l.hexes.len() {
                    0 => String::new(),
                    n => format!(
                        " ({n} of the {listed} listed {} not on the map)",
                        if n == 1 { "is" } else { "are" }
                    ),
                };
                let message = match l.hexes.as_slice() {
                    [h] => format!(
                        "{} {many} set up in the one hex {}{off}",
                        l.bound,
                        g.to_printed(*h)
                    ),
                    hexes => format!(
                        "{} {many} set up over the {} hexes of this line{off}: some must {}",
                        l.bound,
                        hexes.len(),
                        how.must
                    ),
                };
                let mut d = Diagnostic::error(
                    f.code,
                    Location::here(format!("{}/units", dep.pointer)),
                    message,
                )
                .label(
                    Location::here(dep.zone_pointer.clone()),
                    match (l.hexes.len(), listed) {
                        (1, 1) => "1 hex here".to_string(),
                        (n, m) if n == m => format!("{n} hexes here"),
                        (n, m) => format!(
                            "{n} of these {m} hexes {} on the map",
                            if n == 1 { "is" } else { "are" }
                        ),
                    },
                );
                if let [h] = l.hexes.as_slice() {
                    d = d.at_hex(g.to_printed(*h));
                }
                (d, f.help)
            }
            Collision::Squeezed {
                lines,
                hexes,
                counters,
            } => {
                let Some(f) = how.squeezed else { continue };
                let d = squeezed_finding(s, f.code, many, lines, hexes, *counters);
                (d, f.help)
            }
        };
        let d = d.rule(how.rule);
        out.push(match help {
            Some(h) => d.help(h),
            None => d,
        });
    }
    out
}

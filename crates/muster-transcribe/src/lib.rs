//! Reads a printed set-up into Muster set-up lines: the printed forms of the scenarios in
//! the rules texts, pasted as they are.
//!
//! ```text
//! Rudolf: 0508; 6x “Chevaliers Italiens”: 0504, 0505, 0508, 0509, 0608, 0511
//! Turcs, force 2: 1001, 1105
//! **Lancastrians** : Somerset, 6 x Archers, 2 x (3-2) and 1 x (1-2) in hexes 1403, 1304 and 0404
//! Hex row 08xx : Warwick, 1 x archer, 1 x (3-2)
//! 10 x Archers and 2 x (1-2) enter east edge between 1401 and 0401.
//! Turc (force 3) is placed, secretly, anywhere on or south of row 09xx and west of row xx13
//! the unit named “Athanatoi (force 2) arrives on turn 2 between hexes 1201 and 1215.
//! ```
//!
//! Each name is matched to the side's units (by id, by counter name, by plural, then by the
//! one suggester, [`muster_rules::suggest`]); where several unit types share a printed name
//! ("Macedoniens" twice, at different values), each line takes the first that still has
//! counters left. A count not printed is the number of hexes of a one-unit line, as the
//! bundled transcriptions read it. Every line keeps the printed text as its `source`.
//! Nothing is dropped silently: an unknown name is an error finding, and a piece of text
//! that places nothing (a rule, a heading, "see special rule #1") is a note naming it.

mod names;
mod places;
mod text;

use muster_model::{Reinforcement, SetupEntry, UnitDef};

pub use names::Roster;

/// How serious a finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Severity {
    /// Something the print says was not transcribed or was transcribed wrongly: the lines
    /// are not the print until it is fixed.
    Error,
    /// A reading the designer should check, or text that places nothing.
    Note,
}

/// Something said about a piece of the pasted text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// How serious.
    pub severity: Severity,
    /// The line of the pasted text (1-based).
    pub line: usize,
    /// The piece of text it is about.
    pub piece: String,
    /// What was found.
    pub message: String,
}

/// What a pasted set-up reads as.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Transcript {
    /// The set-up lines, in printed order.
    pub setup: Vec<SetupEntry>,
    /// The units that enter later (or from off the map).
    pub reinforcements: Vec<Reinforcement>,
    /// What was found on the way.
    pub findings: Vec<Finding>,
}

impl Transcript {
    /// Whether any finding is an error.
    pub fn has_errors(&self) -> bool {
        self.findings.iter().any(|f| f.severity == Severity::Error)
    }
}

/// The most text read (a printed set-up is a few hundred bytes; a paste of a whole book is
/// a mistake, cut here rather than read for long).
pub const MAX_TEXT: usize = 256 * 1024;

/// Reads `text`, the printed set-up of one side, against that side's units and the map's
/// named zones (`(id, name)` pairs, for "enters by the three roads south of the river").
pub fn transcribe(
    text: &str,
    side_names: &[&str],
    units: &[UnitDef],
    zones: &[(&str, &str)],
) -> Transcript {
    let mut out = Transcript::default();
    let mut roster = Roster::new(units);
    let text = text::cut(text, MAX_TEXT, &mut out.findings);
    for (i, line) in text.lines().enumerate() {
        let line_no = i + 1;
        for piece in text::pieces(line) {
            let mut reader = places::Reader {
                line: line_no,
                side_names,
                zones,
                roster: &mut roster,
                out: &mut out,
            };
            reader.read(&piece);
        }
    }
    out
}

#[cfg(test)]
mod tests;

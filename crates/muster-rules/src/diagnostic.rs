//! Diagnostics: what a check found, where, which rule it enforces and how to fix it.

use serde::Serialize;

/// How serious a finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Informational: a known erratum, an allowed code, a computed figure.
    Note,
    /// Likely a mistake, but the file can be used.
    Warning,
    /// The file is wrong.
    Error,
}

impl Severity {
    /// Lower-case name.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Note => "note",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

/// Which file of a scenario a location is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase", tag = "role", content = "index")]
pub enum FileRole {
    /// The file being checked.
    This,
    /// The scenario's map.
    Map,
    /// The scenario's n-th overlay placement's overlay file.
    Overlay(usize),
}

/// A place in a file, named by JSON pointer (`/sides/1/setup/3/at`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Location {
    /// Which file.
    pub file: FileRole,
    /// JSON pointer into the file's value.
    pub pointer: String,
}

impl Location {
    /// A location in the file being checked.
    pub fn here(pointer: impl Into<String>) -> Self {
        Location {
            file: FileRole::This,
            pointer: pointer.into(),
        }
    }

    /// A location in the scenario's map.
    pub fn map(pointer: impl Into<String>) -> Self {
        Location {
            file: FileRole::Map,
            pointer: pointer.into(),
        }
    }

    /// The key that `pointer`'s last step names, in the file being checked, rather than
    /// its value (an unknown field: the key is what is wrong). Read back with
    /// [`key_pointer`].
    pub fn key(pointer: &str) -> Self {
        Location::here(format!("{KEY}{pointer}"))
    }
}

/// How a pointer made by [`Location::key`] is marked. Only [`Location::key`] writes it and
/// only [`key_pointer`] reads it.
const KEY: &str = "key:";

/// If `pointer` names a key ([`Location::key`]), the pointer of that key's value.
pub fn key_pointer(pointer: &str) -> Option<&str> {
    pointer.strip_prefix(KEY)
}

/// A secondary place with its own message ("the other unit is here").
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Label {
    /// Where.
    pub location: Location,
    /// What about it.
    pub message: String,
}

/// One finding.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    /// Stable code: a system prefix and three digits (`MU023`, `AC101`), never reused.
    pub code: &'static str,
    /// Severity.
    pub severity: Severity,
    /// What is wrong, worded as what to fix.
    pub message: String,
    /// The primary place.
    pub location: Location,
    /// The printed hex it is about, where there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hex: Option<String>,
    /// Other places that explain it.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub labels: Vec<Label>,
    /// The rule section it enforces, e.g. "A la Charge (Normans and Byzantines) §7".
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
    /// How to fix it, and where our rule comes from when it is not the publisher's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub help: Option<String>,
    /// Set when a recorded erratum covers this finding: what the erratum says.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub erratum: Option<String>,
    /// How many more findings of this code and severity were counted but not built, past
    /// [`MAX_ALIKE`] in one list of one file (a hostile map's 400,000 off-map entries
    /// would otherwise be 400,000 diagnostics in memory at once). Front ends that cap
    /// their output count them among those left out.
    #[serde(skip)]
    pub alike: usize,
}

/// Findings of one code and severity built for one list of a file; the rest are counted
/// on the last one built ([`Diagnostic::alike`]). Above what any front end shows.
pub const MAX_ALIKE: usize = 1000;

/// Bounds the diagnostics a loop over a list pushes onto `out` (see [`MAX_ALIKE`]): those
/// past the bound are not kept but counted on the last one kept of their code and
/// severity. Loops that build findings themselves use [`Alike::push`]; loops that call
/// code pushing onto `out` settle what it pushed with [`Alike::settle`].
#[derive(Debug, Default)]
pub struct Alike {
    /// Per code and severity: how many were kept, and where the last one kept is.
    kept: Vec<(&'static str, Severity, usize, usize)>,
    /// Room for what a step pushed, reused from step to step.
    scratch: Vec<Diagnostic>,
}

impl Alike {
    /// Keeps `d` on `out`, or counts it on the last one kept like it.
    pub fn push(&mut self, out: &mut Vec<Diagnostic>, d: Diagnostic) {
        let slot = self
            .kept
            .iter_mut()
            .find(|(c, s, _, _)| *c == d.code && *s == d.severity);
        match slot {
            Some((_, _, n, last)) if *n >= MAX_ALIKE => out[*last].alike += 1 + d.alike,
            Some((_, _, n, last)) => {
                *n += 1;
                *last = out.len();
                out.push(d);
            }
            None => {
                self.kept.push((d.code, d.severity, 1, out.len()));
                out.push(d);
            }
        }
    }

    /// Settles what was pushed onto `out` from index `from` on, as [`Alike::push`] would.
    pub fn settle(&mut self, out: &mut Vec<Diagnostic>, from: usize) {
        if out.len() <= from {
            return;
        }
        let mut pushed = std::mem::take(&mut self.scratch);
        pushed.extend(out.drain(from..));
        for d in pushed.drain(..) {
            self.push(out, d);
        }
        self.scratch = pushed;
    }
}

impl Diagnostic {
    /// A new diagnostic.
    pub fn new(
        code: &'static str,
        severity: Severity,
        location: Location,
        message: impl Into<String>,
    ) -> Self {
        Diagnostic {
            code,
            severity,
            message: message.into(),
            location,
            hex: None,
            labels: Vec::new(),
            rule: None,
            help: None,
            erratum: None,
            alike: 0,
        }
    }

    /// An error.
    pub fn error(code: &'static str, location: Location, message: impl Into<String>) -> Self {
        Self::new(code, Severity::Error, location, message)
    }

    /// A warning.
    pub fn warning(code: &'static str, location: Location, message: impl Into<String>) -> Self {
        Self::new(code, Severity::Warning, location, message)
    }

    /// A note.
    pub fn note(code: &'static str, location: Location, message: impl Into<String>) -> Self {
        Self::new(code, Severity::Note, location, message)
    }

    /// Sets the hex.
    pub fn at_hex(mut self, hex: impl Into<String>) -> Self {
        self.hex = Some(hex.into());
        self
    }

    /// Adds a secondary label.
    pub fn label(mut self, location: Location, message: impl Into<String>) -> Self {
        self.labels.push(Label {
            location,
            message: message.into(),
        });
        self
    }

    /// Sets the rule section.
    pub fn rule(mut self, rule: impl Into<String>) -> Self {
        self.rule = Some(rule.into());
        self
    }

    /// Sets the help text.
    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }
}

#[cfg(test)]
mod alike_tests {
    use super::*;

    fn off(i: usize) -> Diagnostic {
        Diagnostic::error("MU023", Location::here(format!("/hexes/{i}/hex")), "off")
    }

    #[test]
    fn past_the_bound_findings_are_counted_on_the_last_one_kept() {
        let mut out = vec![Diagnostic::warning("MU030", Location::here("/title"), "w")];
        let mut alike = Alike::default();
        for i in 0..MAX_ALIKE + 250 {
            let from = out.len();
            out.push(off(i));
            if i % 2 == 0 {
                out.push(Diagnostic::error(
                    "MU026",
                    Location::here("/hexes/0"),
                    "twice",
                ));
            }
            alike.settle(&mut out, from);
        }
        let count = |code| out.iter().filter(|d| d.code == code).count();
        assert_eq!(count("MU023"), MAX_ALIKE);
        assert_eq!(count("MU026"), (MAX_ALIKE + 250).div_ceil(2).min(MAX_ALIKE));
        assert_eq!(count("MU030"), 1, "what was there before is left alone");
        let counted: usize = out
            .iter()
            .filter(|d| d.code == "MU023")
            .map(|d| 1 + d.alike)
            .sum();
        assert_eq!(counted, MAX_ALIKE + 250, "none lost");
        assert_eq!(out.iter().filter(|d| d.alike > 0).count(), 1);
    }
}

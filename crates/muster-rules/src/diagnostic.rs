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

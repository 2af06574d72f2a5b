//! The optional pack manifest (`muster.pack.ron`): defaults for every file in its folder.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A pack manifest. A folder holding one is a pack; its settings apply to every file below.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    /// Name of the pack.
    pub name: String,
    /// Ruleset assumed by maps and overlays of the pack that do not name one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ruleset: Option<String>,
    /// Diagnostic codes reported as notes instead of findings (e.g. `"AC105"`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub allow: Vec<String>,
    /// Diagnostic codes raised to errors.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub deny: Vec<String>,
    /// Absolute URL where the pack's diagnostic codes are explained (e.g. the published
    /// docs/codes.md, `https://github.com/ORG/REPO/blob/main/docs/codes.md`): SARIF
    /// `helpUri` and the language server's code links are this plus `#` and the code in
    /// lower case. Without it, no links are given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub help_base: Option<String>,
}

//! Errata: known faults of the printed source, recorded instead of silently fixed.

use crate::common::HexId;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A known contradiction or misprint in the printed source. With a `code`, it waives that
/// diagnostic at the listed hexes (reported as a known erratum instead); without one, it
/// records how a misprint was read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Erratum {
    /// The diagnostic code this erratum waives, e.g. `"AC101"`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(pattern(r"^[A-Z]{1,4}[0-9]{3}$"))]
    pub code: Option<String>,
    /// The hexes at which the code is waived (all hexes if empty).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hexes: Vec<HexId>,
    /// What the source prints, quoted.
    pub printed: String,
    /// How the file reads it, where it had to read it some way (e.g. `"04xx"` for `"004xx"`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub read_as: Option<String>,
    /// Why this is an erratum.
    pub why: String,
}

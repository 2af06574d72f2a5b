//! Small types shared by every file: printed hex ids, provenance and source citations.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A hex as the map prints it: four digits `CCRR` (six past 99), e.g. `"0504"`.
#[derive(
    Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(transparent)]
pub struct HexId(#[schemars(pattern(r"^[0-9]{4}([0-9]{2})?$"))] pub String);

impl HexId {
    /// The id as written.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for HexId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<&str> for HexId {
    fn from(s: &str) -> Self {
        HexId(s.to_string())
    }
}

/// Where the content of a file comes from. Muster never passes its own reconstruction off
/// as the publisher's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
pub enum Provenance {
    /// Transcribed from the printed source.
    #[default]
    Printed,
    /// Rebuilt by us from clues in the source (e.g. a map the text describes but does not print).
    Reconstructed,
    /// Values the source does not give, supplied by us so that the engine can run.
    Supplied,
    /// An original example written for Muster, not the publisher's.
    Original,
}

/// The printed work a file transcribes, so that a reviewer can go back to the print.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Source {
    /// Title of the work, e.g. "A la Charge: Normans and Byzantines".
    pub work: String,
    /// Author(s) or designer(s).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub author: Option<String>,
    /// Publisher, magazine issue or website.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub publisher: Option<String>,
    /// Section or page of the work, e.g. "§13.1" or "p. 4".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub section: Option<String>,
}

//! Reading a file's text in a test as Muster reads it: through the positioned reader to
//! JSON, then into the type (a scenario keeps its game system's own fields beside the
//! shared ones, which `ron`'s own reader cannot do).

/// `text` (RON, as a pack file writes it) read as `T`.
pub fn parse<T: serde::de::DeserializeOwned>(text: &str) -> T {
    let json = muster_check::syntax::read(text)
        .expect("parses")
        .into_json();
    serde_json::from_value(json).expect("reads")
}

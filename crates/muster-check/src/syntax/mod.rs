//! Reading RON and JSON into a tree that remembers where every key and value was written,
//! so that schema errors and rule diagnostics can point at the offending text.

mod json_fast;
mod lines;
mod node;
mod reader;
mod wanted;

pub(crate) use json_fast::json_value;
pub use lines::LineIndex;
pub use node::{Key, Node, NodeKind, Span};
pub use reader::{read, read_wanted, read_with_comments, ReadError, MAX_DEPTH};
pub use wanted::Wanted;

//! Muster's validation pipeline, shared by the CLI and the editor.
//!
//! For each file: read (size and encoding checked) → parse RON or JSON keeping positions
//! → validate against the file kind's JSON Schema → deserialize → resolve references
//! (map, overlays) → generic and ruleset checks. The pipeline stops at the first stage
//! that fails for a file. Every diagnostic comes back located (file, line:column).
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod boundary;
pub use muster_io;
mod cache;
mod cap;
mod comments;
mod finding;
mod help_uri;
mod inspect;
mod load;
mod manifests;
mod memo;
mod numbers;
mod paths;
mod pipeline;
mod read;
mod schemas;
mod shard;
mod suggest;
pub mod syntax;
mod walk;
mod write;

pub use boundary::{load_in_pack, read_in_pack, Refusal};
pub use cache::{refuse_inside_pack, Cache, MAX_CACHE_BYTES};
pub use cap::{Suppressed, MAX_FINDINGS_PER_FILE};
pub use comments::keep_comments;
pub use finding::{FileReport, Finding, LocatedLabel, Report};
pub use help_uri::{help_base, help_uri, manifest_help_base};
pub use inspect::{inspect_json, INSPECT_VERSION};
pub use load::{load_value, parse_bytes, parse_text, LoadError, Loaded, MAX_FILE_BYTES};
pub use memo::{Memo, MAX_MEMO_BYTES, MAX_MEMO_FILES};
pub use paths::{display_path, lexical};
pub use pipeline::{Checker, LoadedList, LoadedScenario};
pub use read::{read_bytes, ReadError};
pub use shard::Shard;
pub use suggest::{allowed_fields, allowed_forms, nearest, schema};
pub use walk::{discover, discover_except, Discovered, Exclude, SKIPPED_FOLDERS};
pub use write::{pack_root_of, write_atomically};

pub use muster_rules::{Diagnostic, Severity};

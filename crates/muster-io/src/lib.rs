//! The pack boundary, by construction: one I/O layer that every front door of Muster reads,
//! walks and writes through.
//!
//! Pack files come from pull requests, so nothing a pack holds is trusted: not its
//! references, not its symlinks, not its file names. A [`Root`] is a folder opened once as
//! a directory handle; every path below it is resolved *by the kernel* beneath that handle
//! (`openat2` with `RESOLVE_BENEATH` on Linux, `cap-std`'s component-wise resolution
//! elsewhere), so there is no check-then-open to race: a symlink swapped in between a
//! check and a read, an absolute symlink or a `..` that climbs out fails at the open.
//!
//! - [`Root::read`] reads a regular file beneath the root, at most [`MAX_FILE_BYTES`],
//!   never opening a FIFO in a way that blocks, and never anything inside `.git`.
//! - [`Root::walk`] lists the files beneath a folder of the root; a folder symlink that
//!   leads out of the root is reported, never entered; every folder is walked once.
//! - [`Root::write`] replaces a file atomically through an exclusively created temporary
//!   file, keeping the old file's permissions; a symlink inside the root is written
//!   through to its target (a shared map does not fork).
//!
//! [`read_named`] and [`write_named`] serve the paths a user names on the command line
//! (an output file, a report to merge): the folder that holds the path is the root.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod read;
mod refusal;
mod root;
mod walk;
mod write;

pub use read::{describe, read_named, ReadError, MAX_FILE_BYTES};
pub use refusal::Refusal;
pub use root::{lexical, Root};
pub use walk::{Walked, MAX_WALK_ENTRIES};
pub use write::write_named;

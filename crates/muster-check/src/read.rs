//! Reading files the user named (see [`muster_io`], which owns every read): a regular
//! file, at most [`MAX_FILE_BYTES`], opened without blocking and checked on the handle.
//! Files of a pack are read through its root ([`crate::boundary`]).

pub use muster_io::{describe, ReadError, MAX_FILE_BYTES};

/// Reads a regular file the user named, at most [`MAX_FILE_BYTES`].
pub fn read_bytes(path: &std::path::Path) -> Result<Vec<u8>, ReadError> {
    muster_io::read_named(path)
}

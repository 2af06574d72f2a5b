//! Reading a file's bytes without trusting it: only regular files are opened (never a
//! folder, device, FIFO or socket), the open cannot block on a FIFO swapped in after the
//! check, and the read stops after [`MAX_FILE_BYTES`] + 1 bytes actually read, whatever
//! the file's metadata claims (`/dev/zero` reports a size of 0).

use std::fs::{File, FileType};
use std::io::Read;
use std::path::Path;

/// Largest file Muster reads (16 MiB): scenario files are kilobytes.
pub const MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;

/// Why a file's bytes could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The file could not be opened or read: check that it exists and is readable.
    #[error("cannot read this file: {0}")]
    Io(#[from] std::io::Error),
    /// The path names something other than a regular file: name a regular file.
    #[error("this is {0}, not a regular file; Muster reads only regular files")]
    NotRegular(&'static str),
    /// The file holds more than [`MAX_FILE_BYTES`]: split it or trim it.
    #[error("file is larger than {MAX_FILE_BYTES} bytes, the most Muster reads")]
    TooLarge,
}

/// What kind of thing a file type is, in words (`"a FIFO"`), for messages.
pub(crate) fn describe(file_type: FileType) -> &'static str {
    if file_type.is_file() {
        return "a regular file";
    }
    if file_type.is_dir() {
        return "a folder";
    }
    if file_type.is_symlink() {
        return "a symlink";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if file_type.is_fifo() {
            return "a FIFO";
        }
        if file_type.is_socket() {
            return "a socket";
        }
        if file_type.is_char_device() {
            return "a character device";
        }
        if file_type.is_block_device() {
            return "a block device";
        }
    }
    "a special file"
}

#[cfg(unix)]
fn open(path: &Path) -> std::io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    // O_NONBLOCK: if a FIFO replaced the file after the check, the open returns at once
    // instead of waiting for a writer; the handle's own type is checked next.
    std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
}

#[cfg(not(unix))]
fn open(path: &Path) -> std::io::Result<File> {
    File::open(path)
}

/// Reads a regular file, at most [`MAX_FILE_BYTES`].
pub fn read_bytes(path: &Path) -> Result<Vec<u8>, ReadError> {
    let before = std::fs::metadata(path)?;
    if !before.is_file() {
        return Err(ReadError::NotRegular(describe(before.file_type())));
    }
    let file = open(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(ReadError::NotRegular(describe(meta.file_type())));
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(ReadError::TooLarge);
    }
    // The size is a hint only: the cap is on bytes actually read.
    let mut bytes = Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(0));
    file.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(ReadError::TooLarge);
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn devices_are_refused_before_any_read() {
        let e = read_bytes(Path::new("/dev/zero")).unwrap_err();
        assert!(
            matches!(e, ReadError::NotRegular("a character device")),
            "{e}"
        );
    }

    #[test]
    fn folders_are_refused() {
        let e = read_bytes(Path::new(env!("CARGO_MANIFEST_DIR"))).unwrap_err();
        assert!(matches!(e, ReadError::NotRegular("a folder")), "{e}");
    }
}

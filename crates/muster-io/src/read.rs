//! Reading a file's bytes without trusting it: only regular files are read (never a
//! folder, device, FIFO or socket), the open cannot block on a FIFO, the handle's own type
//! is checked after the open (no check-then-open), and the read stops after
//! [`MAX_FILE_BYTES`] + 1 bytes actually read, whatever the metadata claims (`/dev/zero`
//! reports a size of 0).

use crate::refusal::Refusal;
use crate::root::{checked, is_escape, Root};
use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

/// Largest file Muster reads (16 MiB): scenario files are kilobytes.
pub const MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;

/// Why a file's bytes could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The file could not be opened or read: check that it exists and is readable.
    #[error("cannot read this file: {0}")]
    Io(#[from] io::Error),
    /// The path names something other than a regular file: name a regular file.
    #[error("this is {0}, not a regular file; Muster reads only regular files")]
    NotRegular(&'static str),
    /// The file holds more than Muster reads ([`MAX_FILE_BYTES`] for pack files): split
    /// it or trim it.
    #[error("file is larger than the most Muster reads ({MAX_FILE_BYTES} bytes for a pack file)")]
    TooLarge,
    /// The path is refused at the pack boundary; nothing was read.
    #[error("this file {0}; it was not read")]
    Refused(Refusal),
}

impl ReadError {
    /// Whether the file is simply not there (as opposed to unreadable or refused).
    pub fn is_missing(&self) -> bool {
        matches!(self, ReadError::Io(e) if e.kind() == io::ErrorKind::NotFound)
    }
}

/// What kind of thing a file type is, in words (`"a FIFO"`), for messages.
pub fn describe(file_type: std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    use std::os::unix::fs::FileTypeExt;
    kind_words(
        file_type.is_file(),
        file_type.is_dir(),
        file_type.is_symlink(),
        #[cfg(unix)]
        [
            file_type.is_fifo(),
            file_type.is_socket(),
            file_type.is_char_device(),
            file_type.is_block_device(),
        ],
        #[cfg(not(unix))]
        [false; 4],
    )
}

/// [`describe`] for cap-std's file type.
pub(crate) fn describe_cap(file_type: cap_std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    use cap_std::fs::FileTypeExt;
    kind_words(
        file_type.is_file(),
        file_type.is_dir(),
        file_type.is_symlink(),
        #[cfg(unix)]
        [
            file_type.is_fifo(),
            file_type.is_socket(),
            file_type.is_char_device(),
            file_type.is_block_device(),
        ],
        #[cfg(not(unix))]
        [false; 4],
    )
}

fn kind_words(file: bool, dir: bool, link: bool, special: [bool; 4]) -> &'static str {
    match (file, dir, link, special) {
        (true, ..) => "a regular file",
        (_, true, ..) => "a folder",
        (_, _, true, _) => "a symlink",
        (_, _, _, [true, ..]) => "a FIFO",
        (_, _, _, [_, true, ..]) => "a socket",
        (_, _, _, [_, _, true, _]) => "a character device",
        (_, _, _, [_, _, _, true]) => "a block device",
        _ => "a special file",
    }
}

/// Reads an opened handle: a regular file (checked on the handle itself), at most
/// [`MAX_FILE_BYTES`] actually read.
fn read_handle(file: File, max: u64) -> Result<Vec<u8>, ReadError> {
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(ReadError::NotRegular(describe(meta.file_type())));
    }
    if meta.len() > max {
        return Err(ReadError::TooLarge);
    }
    // The size is a hint only: the cap is on bytes actually read.
    let mut bytes = Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(0));
    file.take(max + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max {
        return Err(ReadError::TooLarge);
    }
    Ok(bytes)
}

/// Flags for every read-only open: `O_NONBLOCK` so a FIFO opens at once (its type is then
/// refused on the handle), `O_NOCTTY` so a terminal never becomes ours.
#[cfg(unix)]
const READ_FLAGS: i32 = libc::O_NONBLOCK | libc::O_NOCTTY;

impl Root {
    /// Reads the regular file at `rel` beneath the root. Symlinks are followed beneath the
    /// root only; one that leads out is refused at the open, by the kernel.
    pub fn read(&self, rel: &Path) -> Result<Vec<u8>, ReadError> {
        self.read_at_most(rel, MAX_FILE_BYTES)
    }

    /// [`Root::read`] with another cap on the bytes read (the findings cache's files).
    pub fn read_at_most(&self, rel: &Path, max: u64) -> Result<Vec<u8>, ReadError> {
        let rel = checked(rel).map_err(ReadError::Refused)?;
        let mut opts = cap_std::fs::OpenOptions::new();
        opts.read(true);
        #[cfg(unix)]
        {
            use cap_std::fs::OpenOptionsExt;
            opts.custom_flags(READ_FLAGS);
        }
        let file = self.dir.open_with(rel, &opts).map_err(|e| {
            if is_escape(&e) {
                ReadError::Refused(self.why_escape(rel))
            } else {
                ReadError::Io(e)
            }
        })?;
        read_handle(file.into_std(), max)
    }

    /// Reads the file at the absolute (or working-directory-relative) `path`, which must
    /// lie beneath the root.
    pub fn read_path(&self, path: &Path) -> Result<Vec<u8>, ReadError> {
        let rel = self.relative(path).map_err(ReadError::Refused)?;
        self.read(&rel)
    }
}

/// Reads a file the user named (a report to merge, a TMX to import): a regular file, at
/// most [`MAX_FILE_BYTES`], opened without blocking and checked on the handle.
pub fn read_named(path: &Path) -> Result<Vec<u8>, ReadError> {
    let mut opts = std::fs::OpenOptions::new();
    opts.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        opts.custom_flags(READ_FLAGS);
    }
    read_handle(opts.open(path)?, MAX_FILE_BYTES)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn devices_are_refused_before_any_read() {
        let e = read_named(Path::new("/dev/zero")).unwrap_err();
        assert!(
            matches!(e, ReadError::NotRegular("a character device")),
            "{e}"
        );
    }

    #[test]
    fn folders_are_refused() {
        let e = read_named(Path::new(env!("CARGO_MANIFEST_DIR"))).unwrap_err();
        assert!(matches!(e, ReadError::NotRegular("a folder")), "{e}");
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_is_refused_without_blocking() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("f.map.ron");
        assert!(std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success());
        let root = Root::open(dir.path()).unwrap();
        let e = root.read(Path::new("f.map.ron")).unwrap_err();
        assert!(matches!(e, ReadError::NotRegular("a FIFO")), "{e}");
        assert!(matches!(
            read_named(&fifo).unwrap_err(),
            ReadError::NotRegular("a FIFO")
        ));
    }
}

#[cfg(all(test, unix))]
mod boundary_tests {
    use super::*;
    use std::os::unix::fs::symlink;

    #[test]
    fn links_out_of_the_root_are_refused_at_the_open() {
        let t = tempfile::tempdir().unwrap();
        let pack = t.path().join("pack");
        std::fs::create_dir_all(pack.join("maps")).unwrap();
        std::fs::write(t.path().join("secret.map.ron"), "SECRET").unwrap();
        symlink("../../secret.map.ron", pack.join("maps/rel.map.ron")).unwrap();
        symlink(
            t.path().join("secret.map.ron"),
            pack.join("maps/abs.map.ron"),
        )
        .unwrap();
        symlink("/etc", pack.join("etc")).unwrap();
        std::fs::write(pack.join("maps/in.map.ron"), "inside").unwrap();
        symlink("in.map.ron", pack.join("maps/ok.map.ron")).unwrap();
        let root = Root::open(&pack).unwrap();
        let e = root.read(Path::new("maps/abs.map.ron")).unwrap_err();
        assert!(
            matches!(e, ReadError::Refused(Refusal::AbsoluteLink)),
            "{e}"
        );
        for rel in ["maps/rel.map.ron", "etc/passwd"] {
            let e = root.read(Path::new(rel)).unwrap_err();
            assert!(
                matches!(e, ReadError::Refused(Refusal::LinkOutside)),
                "{rel}: {e}"
            );
        }
        assert_eq!(root.read(Path::new("maps/ok.map.ron")).unwrap(), b"inside");
        assert!(root
            .read(Path::new("maps/none.map.ron"))
            .unwrap_err()
            .is_missing());
        let e = root.read(Path::new(".git/config")).unwrap_err();
        assert!(matches!(e, ReadError::Refused(Refusal::Git)), "{e}");
    }
}

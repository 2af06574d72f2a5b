//! Why a path is refused at the pack boundary. Worded to follow "the map `X` …"; no variant
//! carries anything read from the target.

/// Why a path beneath a root is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The path leads outside the pack root: use a path inside the pack.
    #[error("leads outside the pack")]
    Outside,
    /// The path is a symlink (or passes through one) whose target lies outside the pack
    /// root: copy the file into the pack instead.
    #[error("is a symlink that leads outside the pack")]
    LinkOutside,
    /// The path is (or passes through) an absolute symlink, which is never followed even
    /// when it names a place inside the pack: make the link relative.
    #[error(
        "is an absolute symlink; Muster follows only relative links that stay inside the pack"
    )]
    AbsoluteLink,
    /// The path names a folder, device, FIFO or socket: name a regular file.
    #[error("is {0}, not a regular file")]
    NotRegular(&'static str),
    /// The path lies inside a `.git` folder, which holds credentials and is never read as
    /// a pack file: name a file of the pack.
    #[error("lies inside a `.git` folder, which Muster never reads")]
    Git,
}

//! Paths made absolute and normalised lexically, so that one file has one name: caches
//! are keyed by it, `X` and `./X` are checked once, and reports never show
//! `scenarios/x/../../maps/…`.

use std::path::Path;

pub use muster_io::lexical;

/// A path as shown to the user: normalised lexically (no `x/../`), relative to `base`
/// when it lies under it.
pub fn display_path(path: &Path, base: Option<&Path>) -> String {
    let Some(base) = base else {
        return path.display().to_string().replace('\\', "/");
    };
    let path = lexical(path);
    let shown = path.strip_prefix(lexical(base)).unwrap_or(&path);
    shown.display().to_string().replace('\\', "/")
}

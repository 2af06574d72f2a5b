//! Paths made absolute and normalised lexically, so that one file has one name: caches
//! are keyed by it, `X` and `./X` are checked once, and reports never show
//! `scenarios/x/../../maps/…`.

use std::path::{Component, Path, PathBuf};

/// A path made absolute (against the working directory), with `.` and `..` resolved
/// lexically: no file-system calls, so `a/../maps/x` and `maps/x` are the same key.
pub fn lexical(path: &Path) -> PathBuf {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let mut out = PathBuf::new();
    for c in absolute.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dot_and_dot_dot_are_resolved_without_the_file_system() {
        let a = lexical(Path::new("scenarios/x/../../maps/./m.map.ron"));
        assert_eq!(a, lexical(Path::new("maps/m.map.ron")));
        assert!(a.is_absolute());
        assert_eq!(lexical(Path::new("./X")), lexical(Path::new("X")));
    }
}

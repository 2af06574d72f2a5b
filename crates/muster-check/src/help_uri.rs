//! Where a code's explanation is published, for every front end that links to it (SARIF
//! `helpUri`, the language server's `codeDescription`).
//!
//! A link is always absolute or absent: SARIF 2.1.0 wants an absolute `helpUri` and LSP's
//! `codeDescription.href` is a URI. Its base is configured (`validate --help-base URL`, or
//! `help_base` in the pack manifest), e.g. the address of docs/codes.md as published;
//! without one there is no link.

use crate::load::parse_bytes;
use crate::manifests::MANIFEST_NAMES;
use crate::paths::lexical;
use muster_model::{FileKind, Manifest};
use std::path::Path;

/// Checks that `base` is an absolute URL without a fragment (`https://…/docs/codes.md`),
/// returning it trimmed; the error says why not, in words.
pub fn help_base(base: &str) -> Result<String, String> {
    let base = base.trim();
    let scheme_end = base.find(':').unwrap_or(0);
    let scheme = &base[..scheme_end];
    let scheme_ok = scheme
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic())
        && scheme
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
    if !scheme_ok || !base[scheme_end..].starts_with("://") || base.len() <= scheme_end + 3 {
        return Err(format!(
            "`{base}` is not an absolute URL; write it with its scheme and host, e.g. `https://example.org/pack/docs/codes.md`"
        ));
    }
    if base.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(format!("`{base}` is not a URL: it contains a space"));
    }
    if base.contains('#') {
        return Err(format!(
            "`{base}` has a fragment (`#…`); the code's anchor is added to it"
        ));
    }
    Ok(base.to_string())
}

/// The address of a code's explanation under `base` (an absolute URL, see [`help_base`]):
/// the base plus the code's anchor (`#mu013`, GitHub's anchor for the heading `## MU013`
/// in docs/codes.md). `None` without a valid base: never a relative link.
pub fn help_uri(base: Option<&str>, code: &str) -> Option<String> {
    let base = help_base(base?).ok()?;
    Some(format!("{base}#{}", code.to_ascii_lowercase()))
}

/// The `help_base` of the pack manifest governing `path` (a file, or a folder: its own
/// manifest or the nearest above), as written; `None` when there is none.
pub fn manifest_help_base(path: &Path) -> Option<String> {
    let abs = lexical(path);
    let mut cur = if abs.is_dir() {
        Some(abs.as_path())
    } else {
        abs.parent()
    };
    while let Some(dir) = cur {
        for name in MANIFEST_NAMES {
            let file = dir.join(name);
            if file.is_file() {
                let bytes = std::fs::read(&file).ok()?;
                let loaded = parse_bytes::<Manifest>(&file, bytes, FileKind::Manifest).ok()?;
                return loaded.value.help_base;
            }
        }
        cur = dir.parent();
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_are_absolute_or_absent() {
        assert_eq!(help_uri(None, "MU013"), None);
        assert_eq!(help_uri(Some("/blob/main/docs/codes.md"), "MU013"), None);
        assert_eq!(help_uri(Some("docs/codes.md"), "MU013"), None);
        assert_eq!(
            help_uri(Some("https://example.org/p/docs/codes.md"), "MU013").as_deref(),
            Some("https://example.org/p/docs/codes.md#mu013")
        );
        assert!(help_base("https://x.org/a b").is_err());
        assert!(help_base("https://x.org/codes.md#top").is_err());
        assert!(help_base("https://").is_err());
    }
}

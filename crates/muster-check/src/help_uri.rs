//! Where a code's explanation is published, for every front end that links to it (SARIF
//! `helpUri`, the language server's `codeDescription`).

/// The address of a code's heading in docs/codes.md (GitHub's anchor for `## MU013` is
/// `#mu013`).
pub fn help_uri(code: &str) -> String {
    format!(
        "{}/blob/main/docs/codes.md#{}",
        env!("CARGO_PKG_REPOSITORY"),
        code.to_ascii_lowercase()
    )
}

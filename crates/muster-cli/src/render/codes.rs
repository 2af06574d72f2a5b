//! The published explanation of every code (docs/codes.md) and where each one is.

/// Every code's explanation as Markdown, one `## CODE` heading each (so that GitHub's
/// anchor for a code is its lower-case name, `#mu013`).
pub fn codes_markdown() -> String {
    let mut out = String::from(
        "# Diagnostic codes\n\nWritten by `muster explain --markdown`; a test fails when it drifts from the code.\n",
    );
    for d in muster_rules::registry::all_codes() {
        out.push_str(&format!(
            "\n## {}\n\n**{}** ({}): {}\n\n{}\n",
            d.code,
            d.name,
            d.system,
            d.summary,
            demote(d.doc.trim_end())
        ));
    }
    out
}

/// Where a code's explanation is published: `base` (an absolute URL, e.g. of
/// docs/codes.md) plus the code's anchor; `None` without a base (never a relative link).
pub fn help_uri(base: Option<&str>, code: &str) -> Option<String> {
    muster_check::help_uri(base, code)
}

/// An explanation's own `##` headings one level down, under its code's heading.
fn demote(doc: &str) -> String {
    doc.lines()
        .map(|l| {
            if l.starts_with('#') {
                format!("#{l}")
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

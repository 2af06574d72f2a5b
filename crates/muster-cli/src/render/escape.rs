//! Text from files made safe to print, in every output format.
//!
//! - [`escape_controls`]: control characters (newline, CR, NEL and escape sequences among
//!   them), the line and paragraph separators U+2028/U+2029 and bidirectional controls
//!   are shown as `\u{a}` instead of reaching the terminal or the CI log. Only the tab is
//!   kept. No line of output can therefore begin with text a file chose (a GitHub
//!   workflow command such as `::error ...` included): every line break Muster prints is
//!   its own.
//! - [`bound`]: a message quoting a file (a 100 KB reference, a 100,000-digit number) is
//!   cut: each backtick-quoted span to [`QUOTED`] characters, the whole to [`MESSAGE`],
//!   each cut marked with `…`.
//! - [`shown`]: a report with both applied to every string of every finding; every
//!   renderer starts from it, so no format can miss a field.

use muster_check::{Finding, Report};
use std::borrow::Cow;
use std::path::Path;

/// Characters of a backtick-quoted span of a message that are shown.
pub const QUOTED: usize = 200;

/// Characters of a whole message (or help, rule, label) that are shown.
pub const MESSAGE: usize = 1000;

/// Whether a character must not be printed as is.
fn hostile(c: char) -> bool {
    (c.is_control() && c != '\t')
        || matches!(
            c,
            '\u{2028}'
                | '\u{2029}'
                | '\u{200e}'
                | '\u{200f}'
                | '\u{061c}'
                | '\u{202a}'..='\u{202e}'
                | '\u{2066}'..='\u{2069}'
        )
}

/// The visible form of a character that must not be printed as is (`None`: print it).
pub fn escape_char(c: char) -> Option<String> {
    hostile(c).then(|| format!("\\u{{{:x}}}", c as u32))
}

/// `s` with its hostile characters made visible (tabs kept; newlines escaped).
pub fn escape_controls(s: &str) -> Cow<'_, str> {
    if !s.chars().any(hostile) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        match escape_char(c) {
            Some(e) => out.push_str(&e),
            None => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// A path as shown (relative to `base` when under it), made safe to print.
pub fn shown_path(path: &Path, base: Option<&Path>) -> String {
    escape_controls(&muster_check::display_path(path, base)).into_owned()
}

/// `s` cut: each backtick-quoted span to `QUOTED` characters and the whole to
/// `MESSAGE` characters, each cut marked with `…`.
pub fn bound(s: &str) -> Cow<'_, str> {
    let long_quote = s
        .split('`')
        .skip(1)
        .step_by(2)
        .any(|q| q.len() > QUOTED && q.chars().nth(QUOTED).is_some());
    if !long_quote && (s.len() <= MESSAGE || s.chars().nth(MESSAGE).is_none()) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len().min(4 * MESSAGE));
    for (i, part) in s.split('`').enumerate() {
        if i > 0 {
            out.push('`');
        }
        match part.char_indices().nth(QUOTED) {
            Some((cut, _)) if i % 2 == 1 => {
                out.push_str(&part[..cut]);
                out.push('…');
            }
            _ => out.push_str(part),
        }
    }
    if let Some((cut, _)) = out.char_indices().nth(MESSAGE) {
        out.truncate(cut);
        out.push('…');
    }
    Cow::Owned(out)
}

/// `s` bounded and escaped: how every string of a finding is printed.
pub fn clean(s: &str) -> String {
    escape_controls(&bound(s)).into_owned()
}

fn clean_in_place(s: &mut String) {
    let bounded = bound(s);
    let changed = matches!(bounded, Cow::Owned(_));
    if let Cow::Owned(c) = escape_controls(&bounded) {
        *s = c;
    } else if changed {
        *s = bounded.into_owned();
    }
}

/// A finding with its message, hex, rule, help, erratum and label messages bounded and
/// escaped.
fn shown_finding(f: &Finding) -> Finding {
    let mut f = f.clone();
    let d = &mut f.diagnostic;
    clean_in_place(&mut d.message);
    for v in [&mut d.hex, &mut d.rule, &mut d.help, &mut d.erratum]
        .into_iter()
        .flatten()
    {
        clean_in_place(v);
    }
    for l in &mut d.labels {
        clean_in_place(&mut l.message);
    }
    for l in &mut f.labels {
        clean_in_place(&mut l.message);
    }
    f
}

/// The report as every renderer prints it: each finding's strings bounded and escaped
/// (see the module documentation). Paths stay as they are, to find the sources; the
/// renderers print them through [`shown_path`].
pub fn shown(report: &Report) -> Report {
    let mut out = Report {
        files: Vec::with_capacity(report.files.len()),
        sources: report.sources.clone(),
    };
    for file in &report.files {
        out.files.push(muster_check::FileReport {
            path: file.path.clone(),
            findings: file.findings.iter().map(shown_finding).collect(),
            suppressed: file.suppressed.clone(),
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_sequences_and_line_breaks_are_made_visible() {
        assert_eq!(escape_controls("a\u{1b}[31mb"), "a\\u{1b}[31mb");
        assert_eq!(escape_controls("x\u{202e}y"), "x\\u{202e}y");
        assert_eq!(escape_controls("plain\ttext\n"), "plain\ttext\\u{a}");
        assert_eq!(
            escape_controls("a\r\u{85}\u{2028}\u{2029}b"),
            "a\\u{d}\\u{85}\\u{2028}\\u{2029}b"
        );
    }

    #[test]
    fn long_quotes_and_long_messages_are_cut() {
        let long = "9".repeat(100_000);
        let m = format!("`{long}` is not a number of this range");
        let b = bound(&m);
        assert_eq!(
            b,
            format!("`{}…` is not a number of this range", &long[..QUOTED])
        );
        assert_eq!(bound("short `x` text"), "short `x` text");
        let whole = "é".repeat(5000);
        let b = bound(&whole);
        assert_eq!(b.chars().count(), MESSAGE + 1);
        assert!(b.ends_with('…'));
        // An unclosed quote is cut too.
        let open = format!("see `{long}");
        assert!(bound(&open).chars().count() <= QUOTED + 7);
    }
}

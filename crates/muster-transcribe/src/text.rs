//! The pasted text made plain: typographic quotes and apostrophes, Markdown emphasis, and
//! the pieces a line holds (entries parted by `;`, sentences).

use crate::{Finding, Severity};

/// `text`, cut at `max` bytes (on a character boundary) with a note when it was longer.
pub fn cut<'t>(text: &'t str, max: usize, findings: &mut Vec<Finding>) -> &'t str {
    if text.len() <= max {
        return text;
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    findings.push(Finding {
        severity: Severity::Error,
        line: text[..end].lines().count(),
        piece: String::new(),
        message: format!(
            "the text is {} bytes; only the first {max} were read (a printed set-up is a few hundred)",
            text.len()
        ),
    });
    &text[..end]
}

/// A line made plain: curly apostrophes become `'`, double quotes of any kind and
/// Markdown's `*` and `#` are removed (a name is matched without its quotes), runs of
/// spaces become one.
pub fn plain(line: &str) -> String {
    let mut s = String::with_capacity(line.len());
    for c in line.chars() {
        match c {
            '’' | '‘' | '`' => s.push('\''),
            '“' | '”' | '"' | '«' | '»' | '*' => {}
            '\t' | '\u{a0}' => s.push(' '),
            c if c.is_control() => {}
            c => s.push(c),
        }
    }
    // Markdown's heading marks, at the start only ("special rule #1" keeps its `#`).
    let s = s.trim_start().trim_start_matches('#');
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The pieces of a line: entries parted by `;`, and sentences (a full stop followed by a
/// space and a capital letter; "Cav.: 0407" is no sentence end).
pub fn pieces(line: &str) -> Vec<String> {
    let line = plain(line);
    let mut out = Vec::new();
    for entry in line.split(';') {
        let mut start = 0;
        let b = entry.as_bytes();
        for i in 0..b.len() {
            // "1. Ambush: …" is a numbered heading, not a sentence.
            let end_here = b[i] == b'.'
                && !b[start..i].iter().all(u8::is_ascii_digit)
                && b.get(i + 1) == Some(&b' ')
                && b.get(i + 2).is_some_and(|c| c.is_ascii_uppercase());
            if end_here {
                out.push(entry[start..=i].to_string());
                start = i + 2;
            }
        }
        out.push(entry[start..].to_string());
    }
    out.into_iter()
        .map(|p| p.trim().to_string())
        .filter(|p| !p.is_empty())
        .collect()
}

/// `s` without a final full stop and spaces.
pub fn no_stop(s: &str) -> &str {
    s.trim().trim_end_matches('.').trim_end()
}

/// Whether `s` begins with `prefix`, case ignored; the rest if it does.
pub fn strip_prefix_ci<'s>(s: &'s str, prefix: &str) -> Option<&'s str> {
    let head = s.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix)
        .then(|| &s[prefix.len()..])
}

/// The byte offset of `needle` in `hay`, case ignored (ASCII).
pub fn find_ci(hay: &str, needle: &str) -> Option<usize> {
    hay.to_ascii_lowercase().find(&needle.to_ascii_lowercase())
}

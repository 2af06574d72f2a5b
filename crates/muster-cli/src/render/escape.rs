//! Text from files made safe to print: control characters (escape sequences among them)
//! and bidirectional overrides are shown as `\u{1b}` instead of reaching the terminal or
//! the CI log. Tabs and newlines are kept.

use std::borrow::Cow;

/// Whether a character must not be printed as is.
fn hostile(c: char) -> bool {
    (c.is_control() && c != '\t' && c != '\n')
        || matches!(c, '\u{200e}' | '\u{200f}' | '\u{061c}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// The visible form of a character that must not be printed as is (`None`: print it).
pub fn escape_char(c: char) -> Option<String> {
    (hostile(c) || c == '\n').then(|| format!("\\u{{{:x}}}", c as u32))
}

/// `s` with its hostile characters made visible (newlines and tabs kept).
pub fn escape_controls(s: &str) -> Cow<'_, str> {
    if !s.chars().any(hostile) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        if hostile(c) {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_sequences_are_made_visible() {
        assert_eq!(escape_controls("a\u{1b}[31mb"), "a\\u{1b}[31mb");
        assert_eq!(escape_controls("x\u{202e}y"), "x\\u{202e}y");
        assert_eq!(escape_controls("plain\ttext\n"), "plain\ttext\n");
    }
}

//! The sanitiser: what XML 1.0 cannot hold is dropped, markup is escaped.

use std::borrow::Cow;

/// Where a value is written: the rules differ for whitespace and quotes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// Character data between tags.
    Text,
    /// An attribute value, written between double quotes.
    Attribute,
}

/// Which quote characters are written as entities.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Quotes {
    /// Only where XML needs it: `"` in attribute values (VASSAL's files).
    Needed,
    /// `'` and `"` wherever they occur, as `&apos;` and `&quot;` (quick-xml's default
    /// escaping, which the TMX files Muster wrote before have).
    Everywhere,
}

/// Whether XML 1.0 forbids `c` in a document: the C0 controls other than tab, line feed
/// and carriage return, and U+FFFE and U+FFFF (`Char` of XML 1.0 §2.2; lone surrogates
/// cannot occur in a Rust string).
pub fn is_forbidden(c: char) -> bool {
    matches!(c, '\u{0}'..='\u{8}' | '\u{B}' | '\u{C}' | '\u{E}'..='\u{1F}' | '\u{FFFE}' | '\u{FFFF}')
}

/// `s` without the characters XML 1.0 forbids ([`is_forbidden`]); borrowed when it has none.
pub fn sanitize(s: &str) -> Cow<'_, str> {
    if s.chars().any(is_forbidden) {
        Cow::Owned(s.chars().filter(|c| !is_forbidden(*c)).collect())
    } else {
        Cow::Borrowed(s)
    }
}

/// `s` ready to be written at `place`: forbidden characters dropped, `&`, `<` and `>`
/// escaped, `"` escaped in attribute values, tab and line feed in attribute values and
/// carriage return anywhere written as character references, and quotes as `quotes` says.
/// Borrowed when nothing changes.
pub fn escape(s: &str, place: Place, quotes: Quotes) -> Cow<'_, str> {
    let attribute = place == Place::Attribute;
    let everywhere = quotes == Quotes::Everywhere;
    let replacement = |c: char| -> Option<&'static str> {
        Some(match c {
            '&' => "&amp;",
            '<' => "&lt;",
            '>' => "&gt;",
            '"' if attribute || everywhere => "&quot;",
            '\'' if everywhere => "&apos;",
            '\t' if attribute => "&#9;",
            '\n' if attribute => "&#10;",
            '\r' => "&#13;",
            c if is_forbidden(c) => "",
            _ => return None,
        })
    };
    let Some(first) = s.char_indices().find(|(_, c)| replacement(*c).is_some()) else {
        return Cow::Borrowed(s);
    };
    let mut out = String::with_capacity(s.len() + 8);
    out.push_str(&s[..first.0]);
    for c in s[first.0..].chars() {
        match replacement(c) {
            Some(r) => out.push_str(r),
            None => out.push(c),
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forbidden_characters_are_dropped_in_text_and_attributes() {
        let title = "Bell\u{7}map\u{1b}[31m \u{1}\u{FFFE}\u{FFFF}\u{0}";
        for place in [Place::Text, Place::Attribute] {
            for quotes in [Quotes::Needed, Quotes::Everywhere] {
                assert_eq!(escape(title, place, quotes), "Bellmap[31m ");
            }
        }
        assert_eq!(sanitize("A\u{1}B"), "AB");
    }

    #[test]
    fn allowed_controls_and_the_rest_of_unicode_are_kept() {
        assert!(!is_forbidden('\t') && !is_forbidden('\n') && !is_forbidden('\r'));
        assert!(!is_forbidden('\u{7F}') && !is_forbidden('\u{FFFD}') && !is_forbidden('\u{10000}'));
        assert!(matches!(sanitize("Crécy ⚔ 1346"), Cow::Borrowed(_)));
        assert_eq!(escape("a\tb\nc", Place::Text, Quotes::Needed), "a\tb\nc");
    }

    #[test]
    fn markup_and_whitespace_are_escaped_by_place() {
        let s = "x\"<&>'\ty\r\n";
        assert_eq!(
            escape(s, Place::Attribute, Quotes::Needed),
            "x&quot;&lt;&amp;&gt;'&#9;y&#13;&#10;"
        );
        assert_eq!(
            escape(s, Place::Text, Quotes::Needed),
            "x\"&lt;&amp;&gt;'\ty&#13;\n"
        );
        assert_eq!(
            escape(s, Place::Text, Quotes::Everywhere),
            "x&quot;&lt;&amp;&gt;&apos;\ty&#13;\n"
        );
    }

    #[test]
    fn plain_values_are_borrowed() {
        assert!(matches!(
            escape("Saint-Aubin", Place::Attribute, Quotes::Everywhere),
            Cow::Borrowed(_)
        ));
    }
}

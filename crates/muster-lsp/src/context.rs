//! Where the cursor is, read from the text before it rather than from a tree, because
//! the text being typed rarely parses: inside a string or not, the partial word typed,
//! and the fields and variants that enclose the cursor, innermost first.

use crate::handlers::is_word;

/// What encloses the cursor, innermost first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Around {
    /// The value of this field (`terrain: "|`).
    Field(String),
    /// A `(`, `[` or `{`, with the variant name written before it (`Hexes(`), if any.
    Open(Option<String>),
}

/// The cursor's context.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Context {
    /// The offset where the string under the cursor starts (just after its quote).
    pub string_start: Option<usize>,
    /// The offset where the identifier being typed starts (outside strings).
    pub word_start: usize,
    /// What encloses the cursor.
    pub around: Vec<Around>,
}

impl Context {
    /// The innermost field whose value holds the cursor, looking through variants and
    /// lists (`at: Hexes(["|` → `at`), with the variants passed on the way.
    pub fn field(&self) -> Option<&str> {
        self.around.iter().find_map(|a| match a {
            Around::Field(f) => Some(f.as_str()),
            Around::Open(_) => None,
        })
    }

    /// The innermost variant name (`Hexes`).
    pub fn variant(&self) -> Option<&str> {
        self.around.iter().find_map(|a| match a {
            Around::Open(Some(v)) => Some(v.as_str()),
            _ => None,
        })
    }

    /// Whether the cursor is where a field name goes: inside a struct, not after `:`.
    pub fn at_key(&self) -> bool {
        self.string_start.is_none() && matches!(self.around.first(), Some(Around::Open(None)))
    }

    /// Whether a field encloses the cursor anywhere.
    pub fn within(&self, field: &str) -> bool {
        self.around
            .iter()
            .any(|a| matches!(a, Around::Field(f) if f == field))
    }
}

fn ident_before(text: &str, end: usize) -> Option<(usize, &str)> {
    let trimmed = text.get(..end)?.trim_end();
    let start = word_start(trimmed, trimmed.len());
    let ident = trimmed.get(start..)?;
    (!ident.is_empty()).then_some((start, ident))
}

/// Where the word (ASCII letters, digits, `_`) ending at `end` starts, scanned by bytes
/// so that it is a character boundary after `é` too (review F15).
fn word_start(text: &str, end: usize) -> usize {
    let b = &text.as_bytes()[..end.min(text.len())];
    b.len() - b.iter().rev().take_while(|&&c| is_word(c)).count()
}

/// Reads the context of the cursor at `offset` (a char boundary of `text`).
pub fn of(text: &str, offset: usize) -> Context {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    // Strings do not span lines in these files: an odd count of unescaped quotes on the
    // line so far means the cursor is inside one.
    let mut quotes = Vec::new();
    let bytes = before.as_bytes();
    let mut i = line_start;
    while i < offset {
        match bytes[i] {
            b'\\' => i += 1,
            b'"' => quotes.push(i),
            b'/' if bytes.get(i + 1) == Some(&b'/') => break,
            _ => {}
        }
        i += 1;
    }
    let string_start = (quotes.len() % 2 == 1).then(|| quotes[quotes.len() - 1] + 1);
    let word_start = word_start(text, offset);
    let scan_from = string_start.map_or(word_start, |s| s - 1);
    let mut around = Vec::new();
    let mut depth = 0usize;
    let mut sibling = false;
    let mut in_string = false;
    let b = text.as_bytes();
    let mut j = scan_from;
    while j > 0 {
        j -= 1;
        let c = b[j];
        if in_string {
            if c == b'"' && (j == 0 || b[j - 1] != b'\\') {
                in_string = false;
            }
            continue;
        }
        match c {
            b'"' => in_string = true,
            b')' | b']' | b'}' => depth += 1,
            b'(' | b'[' | b'{' if depth > 0 => depth -= 1,
            b'(' | b'[' | b'{' => {
                let variant = if c == b'(' {
                    ident_before(text, j).map(|(_, v)| v.to_string())
                } else {
                    None
                };
                around.push(Around::Open(variant));
                sibling = false;
            }
            b',' if depth == 0 => sibling = true,
            b':' if depth == 0 && !sibling => {
                if let Some((start, key)) = ident_before(text, j) {
                    around.push(Around::Field(key.to_string()));
                    j = start;
                }
                sibling = true;
            }
            _ => {}
        }
    }
    Context {
        string_start,
        word_start,
        around,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at_bar(s: &str) -> (String, usize) {
        let i = s.find('|').unwrap();
        (s.replace('|', ""), i)
    }

    #[test]
    fn a_hex_inside_a_zone_of_a_setup_line() {
        let (t, i) = at_bar("(sides: [(setup: [(units: [\"A\"], at: Hexes([\"05|");
        let c = of(&t, i);
        assert_eq!(c.string_start, Some(t.len() - 2));
        assert_eq!(c.variant(), Some("Hexes"));
        assert_eq!(c.field(), Some("at"));
        assert!(c.within("setup"));
    }

    #[test]
    fn a_unit_reference_and_a_field_name() {
        let (t, i) = at_bar("(sides: [(setup: [(units: [\"6x Ch|");
        assert_eq!(of(&t, i).field(), Some("units"));
        let (t, i) = at_bar("(sides: [(id: \"a\", na|");
        let c = of(&t, i);
        assert!(c.at_key());
        assert_eq!(c.field(), Some("sides"));
        assert_eq!(&t[c.word_start..], "na");
    }

    #[test]
    fn words_after_non_ascii_characters_start_at_a_character_boundary() {
        // Review F15: `rfind(..) + 1` landed inside `é` and `🂡`.
        let (t, i) = at_bar("(sides: [(é|");
        assert_eq!(of(&t, i).word_start, i);
        let (t, i) = at_bar("(sides: [(🂡na|");
        assert_eq!(&t[of(&t, i).word_start..i], "na");
        let (t, i) = at_bar("(at: éHexes([\"05|");
        assert_eq!(of(&t, i).variant(), Some("Hexes"));
        assert_eq!(of("é", 1).word_start, 0, "an offset inside a character");
    }

    #[test]
    fn siblings_before_the_cursor_are_not_its_field() {
        let (t, i) = at_bar("(terrain: \"x\", label: \"y\", |");
        let c = of(&t, i);
        assert!(c.at_key());
        assert_eq!(c.field(), None);
    }
}

//! An error-tolerant read of a document for completion: the line being typed rarely
//! parses (`(units: ["Red Kn` has no closing quote or brackets), and yet the rest of the
//! document says which map, units and ruleset the cursor is among. The document is read
//! as it is; failing that, with the cursor's line blanked (a line typed into the middle of
//! a file); failing that, the text before the cursor's line with its open brackets
//! closed (a file typed from the top). Every repair keeps byte offsets up to the cursor,
//! so spans in the tree still say which side or list holds the cursor.

use muster_check::syntax::{read, Node};

/// A tree of the document, or of the nearest repair of it that reads, and the text it was
/// read from.
pub struct Tolerant {
    /// The text read: the document itself or its repair.
    pub text: String,
    /// Its tree.
    pub tree: Node,
}

/// Reads `text` with the cursor at byte `offset`, repairing the unfinished line.
pub fn read_around(text: &str, offset: usize) -> Option<Tolerant> {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    if let Ok(tree) = read(text) {
        return Some(Tolerant {
            text: text.to_string(),
            tree,
        });
    }
    let line_start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    // 1. The cursor's line blanked.
    let blanked = blank_line(text, offset);
    if let Ok(tree) = read(&blanked) {
        return Some(Tolerant {
            text: blanked,
            tree,
        });
    }
    // 2. The text before the cursor's line, closed; the cursor's line up to the cursor
    //    blanked, so the closing brackets come after the cursor.
    let mut closed = String::with_capacity(offset + 64);
    closed.push_str(&text[..line_start]);
    if let Some(last) = closed.trim_end().len().checked_sub(1) {
        if closed.as_bytes()[last] == b',' {
            closed.replace_range(last..=last, " ");
        }
    }
    closed.extend(std::iter::repeat_n(' ', offset - line_start));
    for c in open_brackets(&text[..line_start]).into_iter().rev() {
        closed.push(match c {
            b'(' => ')',
            b'[' => ']',
            _ => '}',
        });
    }
    read(&closed)
        .ok()
        .map(|tree| Tolerant { text: closed, tree })
}

/// `text` with the line holding byte `offset` blanked, byte for byte (spaces keep every
/// offset): a document that reads but whose line being typed does not validate yet
/// (`(hex: "", terrain: "woods")`) still loads without it.
pub fn blank_line(text: &str, offset: usize) -> String {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let line_start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[offset..].find('\n').map_or(text.len(), |i| offset + i);
    let mut blanked = String::with_capacity(text.len());
    blanked.push_str(&text[..line_start]);
    blanked.extend(std::iter::repeat_n(' ', line_end - line_start));
    blanked.push_str(&text[line_end..]);
    blanked
}

/// The brackets left open in `text`, outermost first, outside strings and comments.
fn open_brackets(text: &str) -> Vec<u8> {
    let b = text.as_bytes();
    let mut stack = Vec::new();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    if b[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
            }
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i += 2;
                while i + 1 < b.len() && !(b[i] == b'*' && b[i + 1] == b'/') {
                    i += 1;
                }
                i += 1;
            }
            c @ (b'(' | b'[' | b'{') => stack.push(c),
            b')' | b']' | b'}' => {
                stack.pop();
            }
            _ => {}
        }
        i += 1;
    }
    stack
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_typed_into_a_document_is_blanked() {
        let text = "(a: [\n  (units: [\"Red Kn\n  (b: 1),\n])";
        let at = text.find("Kn").unwrap() + 2;
        let t = read_around(text, at).expect("a tree");
        assert_eq!(t.text.len(), text.len());
        assert!(!t.text.contains("Red"));
    }

    #[test]
    fn a_document_typed_from_the_top_is_closed_after_the_cursor() {
        let text = "(a: [ // [ (\n  (b: \"(\"),\n  (units: [\"Red Kn";
        let t = read_around(text, text.len()).expect("a tree");
        assert!(t.tree.span.end >= text.len(), "{}", t.text);
        assert!(t.text.ends_with("])"), "{}", t.text);
    }

    #[test]
    fn nothing_readable_gives_none() {
        assert!(read_around("(a: ]]]\n(", 9).is_none());
    }
}

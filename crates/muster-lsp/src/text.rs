//! Positions and addresses: LSP counts columns in UTF-16 code units and names files by
//! `file://` URI, Muster counts bytes and names files by path. Every conversion between
//! the two lives here.

use lsp_types::{Position, Range, Uri};
use std::path::{Path, PathBuf};
use std::str::FromStr;

/// The LSP position of a byte offset in `text` (clamped to the text, and back to the
/// start of a character when it falls inside one).
pub fn position(text: &str, offset: usize) -> Position {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let line = before.matches('\n').count();
    let character: usize = before[line_start..].chars().map(char::len_utf16).sum();
    Position::new(
        u32::try_from(line).unwrap_or(u32::MAX),
        u32::try_from(character).unwrap_or(u32::MAX),
    )
}

/// The LSP range of a byte range in `text`.
pub fn range(text: &str, start: usize, end: usize) -> Range {
    Range::new(position(text, start), position(text, end.max(start)))
}

/// The byte offset of an LSP position in `text`: a line past the end is the end of the
/// text, a column past the end of its line is the end of the line.
pub fn offset(text: &str, at: Position) -> usize {
    let mut line_start = 0;
    for _ in 0..at.line {
        match text[line_start..].find('\n') {
            Some(i) => line_start += i + 1,
            None => return text.len(),
        }
    }
    let line_end = text[line_start..]
        .find('\n')
        .map_or(text.len(), |i| line_start + i);
    let mut units = 0u32;
    for (i, c) in text[line_start..line_end].char_indices() {
        if units >= at.character {
            return line_start + i;
        }
        units += u32::try_from(c.len_utf16()).unwrap_or(2);
    }
    line_end
}

/// The path a `file://` URI names, percent-decoded; `None` for other schemes.
pub fn path_of(uri: &Uri) -> Option<PathBuf> {
    let rest = uri.as_str().strip_prefix("file://")?;
    // `file://host/path` is not a local file; `file:///path` has an empty host.
    let path = rest.strip_prefix("localhost").unwrap_or(rest);
    if !path.starts_with('/') {
        return None;
    }
    let decoded = percent_encoding::percent_decode_str(path)
        .decode_utf8()
        .ok()?;
    Some(PathBuf::from(decoded.as_ref()))
}

/// A URI string as a strict parser takes it: characters RFC 3986 does not allow (raw `[`
/// and `]` in a path, which some clients send, spaces, non-ASCII) percent-encoded, `%`
/// escapes already there kept. `None` when nothing needed encoding (review finding 14).
pub fn repair_uri(raw: &str) -> Option<String> {
    // The scheme and authority (`file://host`) stay as they are; only what follows does
    // not allow brackets.
    let path_from = raw
        .find("://")
        .map(|i| i + 3 + raw[i + 3..].find('/').unwrap_or(raw.len() - i - 3))
        .unwrap_or(0);
    let (head, rest) = raw.split_at(path_from);
    let allowed = |b: u8| b.is_ascii_alphanumeric() || b"-._~!$&'()*+,;=:@/?#%".contains(&b);
    if rest.bytes().all(allowed) {
        return None;
    }
    let mut out = String::with_capacity(raw.len() + 8);
    out.push_str(head);
    for b in rest.bytes() {
        if allowed(b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    Some(out)
}

/// Characters a path keeps unescaped in a URI: unreserved ones and the separator.
const PATH: &percent_encoding::AsciiSet = &percent_encoding::NON_ALPHANUMERIC
    .remove(b'/')
    .remove(b'-')
    .remove(b'_')
    .remove(b'.')
    .remove(b'~');

/// The `file://` URI of an absolute path.
pub fn uri_of(path: &Path) -> Option<Uri> {
    let text = path.to_str()?;
    let encoded = percent_encoding::utf8_percent_encode(text, PATH);
    Uri::from_str(&format!("file://{encoded}")).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_count_utf16_units_not_bytes() {
        // "é" is 2 bytes and 1 unit; "𝔄" is 4 bytes and 2 units.
        let text = "ab\n\"é𝔄\": x\n";
        let x = text.find('x').unwrap();
        assert_eq!(position(text, x), Position::new(1, 7));
        assert_eq!(offset(text, Position::new(1, 7)), x);
    }

    #[test]
    fn offsets_inside_a_character_or_past_the_end_are_clamped() {
        let text = "é\n";
        assert_eq!(position(text, 1), Position::new(0, 0));
        assert_eq!(position(text, 99), Position::new(1, 0));
        assert_eq!(offset(text, Position::new(0, 99)), 2);
        assert_eq!(offset(text, Position::new(9, 0)), text.len());
    }

    #[test]
    fn raw_brackets_in_a_uri_are_encoded_and_read_back() {
        // Review finding 14: `Uri` refuses a raw `[`, and the notification was dropped.
        let raw = "file:///p/drafts%20&%20wip,%20[v2]/civ:a,b.scenario.ron";
        assert!(Uri::from_str(raw).is_err());
        let fixed = repair_uri(raw).unwrap();
        assert_eq!(
            fixed,
            "file:///p/drafts%20&%20wip,%20%5Bv2%5D/civ:a,b.scenario.ron"
        );
        let uri = Uri::from_str(&fixed).unwrap();
        assert_eq!(
            path_of(&uri).unwrap(),
            Path::new("/p/drafts & wip, [v2]/civ:a,b.scenario.ron")
        );
        assert_eq!(repair_uri("file:///p/a%20b.map.ron"), None);
        assert_eq!(
            repair_uri("file:///p/a b é.map.ron").unwrap(),
            "file:///p/a%20b%20%C3%A9.map.ron"
        );
    }

    #[test]
    fn paths_round_trip_through_uris() {
        let p = Path::new("/tmp/a b/é.scenario.ron");
        let uri = uri_of(p).unwrap();
        assert_eq!(uri.as_str(), "file:///tmp/a%20b/%C3%A9.scenario.ron");
        assert_eq!(path_of(&uri).unwrap(), p);
        assert!(path_of(&Uri::from_str("untitled:1").unwrap()).is_none());
    }
}

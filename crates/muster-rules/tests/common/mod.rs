//! Reading product source for the tests that hold it to a rule (`codes.rs`,
//! `vocabulary.rs`): comments and unit tests left out, literals kept.

use std::path::{Path, PathBuf};

/// `text` with comments blanked (doc comments name codes as prose) and every item under
/// `#[cfg(test)]` removed (unit tests may name codes), string and char literals kept.
pub fn product_code(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = b.to_vec();
    // Pass 1: blank comments, skipping over string and char literals.
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    out[i] = b' ';
                    i += 1;
                }
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                let end = text[i + 2..].find("*/").map_or(b.len(), |e| i + 2 + e + 2);
                for o in &mut out[i..end] {
                    if *o != b'\n' {
                        *o = b' ';
                    }
                }
                i = end;
            }
            _ => i = skip_literal(b, i).unwrap_or(i + 1),
        }
    }
    // Pass 2: cut `#[cfg(test)]` items (to their `;` or matching `}`).
    let blanked = String::from_utf8(out).expect("ASCII edits keep UTF-8");
    let mut kept = String::new();
    let mut rest = blanked.as_str();
    while let Some(at) = rest.find("#[cfg(test)]") {
        kept.push_str(&rest[..at]);
        let item = &rest.as_bytes()[at..];
        let (mut j, mut depth) = ("#[cfg(test)]".len(), 0usize);
        while j < item.len() {
            if let Some(next) = skip_literal(item, j) {
                j = next;
                continue;
            }
            match item[j] {
                b'{' => depth += 1,
                b'}' => {
                    depth -= 1;
                    if depth == 0 {
                        j += 1;
                        break;
                    }
                }
                b';' if depth == 0 => {
                    j += 1;
                    break;
                }
                _ => {}
            }
            j += 1;
        }
        rest = &rest[at + j.min(item.len())..];
    }
    kept.push_str(rest);
    kept
}

/// If a string (plain, byte or raw) or char literal starts at `i`, the offset past it.
pub fn skip_literal(b: &[u8], i: usize) -> Option<usize> {
    let raw = b[i] == b'r' && (i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_'));
    if raw {
        let hashes = b[i + 1..].iter().take_while(|&&c| c == b'#').count();
        if b.get(i + 1 + hashes) == Some(&b'"') {
            let close: Vec<u8> = std::iter::once(b'"')
                .chain(std::iter::repeat_n(b'#', hashes))
                .collect();
            let body = i + 2 + hashes;
            let end = b[body..]
                .windows(close.len())
                .position(|w| w == close.as_slice())?;
            return Some(body + end + close.len());
        }
        return None;
    }
    match b[i] {
        b'"' => {
            let mut j = i + 1;
            while j < b.len() && b[j] != b'"' {
                j += if b[j] == b'\\' { 2 } else { 1 };
            }
            Some(j + 1)
        }
        // A char literal ('x', '\n', '{'), not a lifetime ('a).
        b'\'' if b.get(i + 1) == Some(&b'\\') => {
            let end = b[i + 2..].iter().position(|&c| c == b'\'')?;
            Some(i + 2 + end + 1)
        }
        b'\'' if b.get(i + 2) == Some(&b'\'') => Some(i + 3),
        _ => None,
    }
}

pub fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries {
        let path = e.expect("entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
}

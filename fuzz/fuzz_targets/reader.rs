//! The RON/JSON reader on any text: an error or a tree, never a panic; a tree becomes
//! JSON; the comments it reports lie inside the text, in order, each a comment.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if let Ok(node) = muster_check::syntax::read(text) {
        let _ = node.to_json();
    }
    if let Ok((_, comments)) = muster_check::syntax::read_with_comments(text) {
        let mut end = 0;
        for c in comments {
            assert!(c.start >= end && c.end <= text.len() && c.start < c.end);
            assert!(text[c.start..c.end].starts_with("//") || text[c.start..c.end].starts_with("/*"));
            end = c.end;
        }
    }
});

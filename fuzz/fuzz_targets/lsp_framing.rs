//! The language server's frame reader (issue 27, review F9) on any bytes, read whole and
//! through a small buffer: it never panics, never allocates from a header (libFuzzer's
//! `-rss_limit_mb` catches a body sized by Content-Length), each frame it returns consumed
//! input, and the two readings give the same frames.
#![no_main]
use libfuzzer_sys::fuzz_target;
use muster_lsp::frame::{Frame, FrameReader};
use std::io::{BufRead, BufReader};

/// Each frame in short: a message's JSON or a rejection's code.
fn frames(input: impl BufRead, len: usize) -> Vec<String> {
    let mut r = FrameReader::new(input);
    let mut out = Vec::new();
    // Every frame consumes at least one byte, so there are at most `len` of them.
    for _ in 0..=len {
        match r.next_frame().expect("reading a slice does not fail") {
            None => return out,
            Some(Frame::Message(m)) => out.push(serde_json::to_string(&m).expect("JSON")),
            Some(Frame::Rejected(e)) => out.push(format!("{}", e.code as i32)),
        }
    }
    panic!("more frames than bytes: a call consumed nothing");
}

fuzz_target!(|data: &[u8]| {
    let whole = frames(data, data.len());
    let cap = 1 + usize::from(data.first().copied().unwrap_or(0) % 7);
    let split = frames(BufReader::with_capacity(cap, data), data.len());
    assert_eq!(whole, split, "buffer of {cap}");
});

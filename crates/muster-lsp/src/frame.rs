//! Reading LSP's base protocol (`Content-Length: N` `\r\n\r\n`, then N bytes of JSON-RPC)
//! from the client, hostile input included (issue 27, review F9). lsp-server's reader
//! trusts the header: it allocates what `Content-Length` says before a byte of the body
//! arrives (2^64−1 panics, 2 GB aborts, 400 MB is zero-filled at once) and ends the session
//! on any malformed frame. This reader bounds each header line, the number of headers and
//! the body; grows the body only by the bytes that actually arrive; turns a frame that is
//! not a JSON-RPC message into the error response to send back; and then finds the next
//! frame by its `Content-Length:` header. It is a plain function of a [`BufRead`], so the
//! unit tests and the fuzz target (`fuzz/fuzz_targets/lsp_framing.rs`) drive it without
//! threads.

use lsp_server::{ErrorCode, Message};
use serde_json::Value;
use std::io::{self, BufRead, Write};

/// The longest header line read, terminator included; a longer one is malformed.
pub const MAX_HEADER_LINE: usize = 1024;

/// The most header lines in one frame (LSP defines two: `Content-Length`, `Content-Type`).
pub const MAX_HEADERS: usize = 16;

/// The largest body read: a document at the cap of [`muster_check::MAX_FILE_BYTES`] (16 MiB)
/// with room for its JSON escapes (quotes and line ends) and the message around it. A
/// larger frame is answered with an error and skipped.
pub const MAX_FRAME_BYTES: u64 = muster_check::MAX_FILE_BYTES + muster_check::MAX_FILE_BYTES / 2;

/// What starts a frame; after a rejected frame the reader skips to its next occurrence
/// (compared without regard to ASCII case, as header names are).
const CONTENT_LENGTH: &[u8] = b"content-length:";

/// One frame read from the client.
#[derive(Debug)]
pub enum Frame {
    /// A JSON-RPC message, for the server.
    Message(Message),
    /// Not a message: answer the client with this error and read on.
    Rejected(Rejected),
}

/// A frame that is not a JSON-RPC message, and the error response it gets.
#[derive(Debug, Clone)]
pub struct Rejected {
    /// The JSON-RPC error code: −32700 (parse error) or −32600 (invalid request).
    pub code: ErrorCode,
    /// The request's id when the frame was a JSON object with one, else `null`.
    pub id: Value,
    /// Why, for the client and the server's log.
    pub message: String,
}

impl Rejected {
    fn parse(message: impl Into<String>) -> Frame {
        Frame::Rejected(Rejected {
            code: ErrorCode::ParseError,
            id: Value::Null,
            message: message.into(),
        })
    }

    fn invalid(id: Value, message: impl Into<String>) -> Frame {
        Frame::Rejected(Rejected {
            code: ErrorCode::InvalidRequest,
            id,
            message: message.into(),
        })
    }

    /// The JSON-RPC error response, as the body of a frame.
    pub fn response(&self) -> String {
        serde_json::json!({
            "jsonrpc": "2.0",
            "id": self.id,
            "error": {"code": self.code as i32, "message": self.message},
        })
        .to_string()
    }
}

/// Writes one frame: its header, then `body`.
pub fn write_frame(w: &mut impl Write, body: &str) -> io::Result<()> {
    write!(w, "Content-Length: {}\r\n\r\n", body.len())?;
    w.write_all(body.as_bytes())?;
    w.flush()
}

/// Reads frames from a client's byte stream.
#[derive(Debug)]
pub struct FrameReader<R> {
    input: R,
    /// After a rejected frame: skip to the next `Content-Length:` before reading headers.
    resync: bool,
}

/// A header line as read.
enum Line {
    /// A whole line, without its `\n`.
    Whole(Vec<u8>),
    /// [`MAX_HEADER_LINE`] bytes without a `\n`; the rest of the line is still unread.
    TooLong,
    /// The input ended inside the line.
    Cut,
}

impl<R: BufRead> FrameReader<R> {
    /// A reader of `input`, at the start of a frame.
    pub fn new(input: R) -> Self {
        FrameReader {
            input,
            resync: false,
        }
    }

    /// The next frame; `None` once the input has ended (a frame cut short by the end of
    /// the input is rejected first). Never allocates more than the bytes received, never more
    /// than [`MAX_FRAME_BYTES`] for a body, and each call that returns a frame consumes
    /// at least one byte.
    pub fn next_frame(&mut self) -> io::Result<Option<Frame>> {
        let frame = self.read_frame()?;
        if matches!(frame, Some(Frame::Rejected(_))) {
            self.resync = true;
        }
        Ok(frame)
    }

    fn read_frame(&mut self) -> io::Result<Option<Frame>> {
        let mut length = None;
        let mut headers = 0;
        if self.resync {
            if !skip_to_content_length(&mut self.input)? {
                return Ok(None);
            }
            self.resync = false;
            let rest = match read_line(&mut self.input)? {
                Line::Whole(rest) => rest,
                Line::Cut => return Ok(None),
                Line::TooLong => return Ok(Some(Rejected::parse(too_long()))),
            };
            let mut line = b"Content-Length:".to_vec();
            line.extend_from_slice(&rest);
            let Some(line) = line.strip_suffix(b"\r") else {
                return Ok(Some(no_crlf(&line)));
            };
            if let Err(why) = header(line, &mut length) {
                return Ok(Some(Rejected::parse(why)));
            }
            headers = 1;
        }
        loop {
            let line = match read_line(&mut self.input)? {
                Line::Whole(line) => line,
                Line::Cut => return Ok(None),
                Line::TooLong => return Ok(Some(Rejected::parse(too_long()))),
            };
            let Some(line) = line.strip_suffix(b"\r") else {
                return Ok(Some(no_crlf(&line)));
            };
            if line.is_empty() {
                if headers == 0 {
                    continue; // a blank line between frames
                }
                break;
            }
            headers += 1;
            if headers > MAX_HEADERS {
                return Ok(Some(Rejected::parse(format!(
                    "more than {MAX_HEADERS} header lines in one message"
                ))));
            }
            if let Err(why) = header(line, &mut length) {
                return Ok(Some(Rejected::parse(why)));
            }
        }
        let Some(length) = length else {
            return Ok(Some(Rejected::parse(
                "a message without a Content-Length header",
            )));
        };
        let length = match length {
            Length::Bytes(n) if n <= MAX_FRAME_BYTES => n,
            Length::Bytes(n) => return Ok(Some(oversize(&n.to_string()))),
            Length::Overflow => return Ok(Some(oversize("more than 2^64-1"))),
        };
        let Some(body) = read_body(&mut self.input, length)? else {
            return Ok(Some(Rejected::parse(format!(
                "the input ended inside a message of {length} bytes"
            ))));
        };
        Ok(Some(message(&body)))
    }
}

/// A `Content-Length` value.
#[derive(Debug, Clone, Copy)]
enum Length {
    Bytes(u64),
    /// All digits, but more than a u64 holds.
    Overflow,
}

/// Reads one header line (without its `\r`) into `length` when it is `Content-Length`;
/// other well-formed headers (`Content-Type`) are ignored.
fn header(line: &[u8], length: &mut Option<Length>) -> Result<(), String> {
    let malformed = |why: &str| format!("malformed header {}: {why}", shown(line));
    let Some(colon) = line.iter().position(|&b| b == b':') else {
        return Err(malformed("no `:`"));
    };
    let (name, value) = (&line[..colon], &line[colon + 1..]);
    if name.is_empty() || !name.iter().all(|&b| is_token(b)) {
        return Err(malformed("not a header name"));
    }
    if !name.eq_ignore_ascii_case(b"Content-Length") {
        return Ok(());
    }
    if length.is_some() {
        return Err(malformed("a second Content-Length"));
    }
    let digits = value.trim_ascii();
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return Err(malformed("Content-Length is not a number of bytes"));
    }
    // All ASCII digits: the text is UTF-8, and a parse failure can only be overflow.
    let n = std::str::from_utf8(digits)
        .ok()
        .and_then(|d| d.parse::<u64>().ok());
    *length = Some(n.map_or(Length::Overflow, Length::Bytes));
    Ok(())
}

/// A header name's characters (RFC 9110's `tchar`).
fn is_token(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b)
}

fn no_crlf(line: &[u8]) -> Frame {
    Rejected::parse(format!(
        "malformed header {}: a header line ends with \\r\\n",
        shown(line)
    ))
}

fn too_long() -> String {
    format!("a header line longer than {MAX_HEADER_LINE} bytes")
}

fn oversize(length: &str) -> Frame {
    Rejected::invalid(
        Value::Null,
        format!(
            "a message of {length} bytes is larger than the {MAX_FRAME_BYTES} bytes muster lsp \
             reads (a document over {} bytes is not checked): skipped",
            muster_check::MAX_FILE_BYTES
        ),
    )
}

/// The start of a header line for a message, escaped and cut short.
fn shown(line: &[u8]) -> String {
    let text = String::from_utf8_lossy(&line[..line.len().min(40)]);
    let cut = if line.len() > 40 { "…" } else { "" };
    format!("{text:?}{cut}")
}

/// Reads a line of at most [`MAX_HEADER_LINE`] bytes.
fn read_line(r: &mut impl BufRead) -> io::Result<Line> {
    let mut line = Vec::new();
    loop {
        let buf = fill(r)?;
        if buf.is_empty() {
            return Ok(Line::Cut);
        }
        let room = MAX_HEADER_LINE - line.len();
        let window = &buf[..buf.len().min(room)];
        if let Some(i) = window.iter().position(|&b| b == b'\n') {
            line.extend_from_slice(&window[..i]);
            r.consume(i + 1);
            return Ok(Line::Whole(line));
        }
        let n = window.len();
        line.extend_from_slice(window);
        r.consume(n);
        if line.len() >= MAX_HEADER_LINE {
            return Ok(Line::TooLong);
        }
    }
}

/// Consumes the input up to and including the next `Content-Length:` (any case); false
/// when the input ends first. Holds nothing but its place in the pattern.
fn skip_to_content_length(r: &mut impl BufRead) -> io::Result<bool> {
    let mut matched = 0;
    loop {
        let buf = fill(r)?;
        if buf.is_empty() {
            return Ok(false);
        }
        let mut used = buf.len();
        for (i, &b) in buf.iter().enumerate() {
            // The pattern's first letter occurs nowhere else in it, so a mismatch restarts
            // at that letter or at nothing.
            matched = if b.eq_ignore_ascii_case(&CONTENT_LENGTH[matched]) {
                matched + 1
            } else {
                usize::from(b.eq_ignore_ascii_case(&CONTENT_LENGTH[0]))
            };
            if matched == CONTENT_LENGTH.len() {
                used = i + 1;
                break;
            }
        }
        r.consume(used);
        if matched == CONTENT_LENGTH.len() {
            return Ok(true);
        }
    }
}

/// Reads `length` bytes as they arrive; `None` when the input ends first.
fn read_body(r: &mut impl BufRead, length: u64) -> io::Result<Option<Vec<u8>>> {
    let mut body = Vec::new();
    let mut left = length;
    while left > 0 {
        let buf = fill(r)?;
        if buf.is_empty() {
            return Ok(None);
        }
        let n = buf.len().min(usize::try_from(left).unwrap_or(usize::MAX));
        body.extend_from_slice(&buf[..n]);
        r.consume(n);
        left -= n as u64;
    }
    Ok(Some(body))
}

/// `fill_buf`, retried when interrupted.
fn fill(r: &mut impl BufRead) -> io::Result<&[u8]> {
    loop {
        match r.fill_buf() {
            Ok(_) => break,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        }
    }
    r.fill_buf()
}

/// A body as a JSON-RPC 2.0 message, or the error it gets.
fn message(body: &[u8]) -> Frame {
    let Ok(text) = std::str::from_utf8(body) else {
        return Rejected::parse("the message is not UTF-8");
    };
    let value: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => return Rejected::parse(format!("the message is not JSON: {e}")),
    };
    let Value::Object(fields) = &value else {
        return Rejected::invalid(Value::Null, "the message is not a JSON-RPC object");
    };
    let id = match fields.get("id") {
        Some(id @ (Value::Number(_) | Value::String(_))) => id.clone(),
        _ => Value::Null,
    };
    if fields.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
        return Rejected::invalid(
            id,
            "the message is not JSON-RPC 2.0 (no \"jsonrpc\": \"2.0\")",
        );
    }
    let has_id = fields.get("id").is_some_and(|v| !v.is_null());
    match serde_json::from_value::<Message>(value) {
        // An id lsp-server cannot hold (not an i32 or a string) would make a request a
        // notification, and it would never be answered.
        Ok(Message::Notification(_)) if has_id => {
            Rejected::invalid(id, "a request id is a 32-bit integer or a string")
        }
        Ok(m) => Frame::Message(m),
        Err(e) => Rejected::invalid(
            id,
            format!("not a JSON-RPC request, response or notification: {e}"),
        ),
    }
}

#[cfg(test)]
mod tests;

//! The frame reader over byte slices: the malformed and lying frames of review F9, each
//! followed by a valid request that must still be read.

use super::*;
use std::io::BufReader;

/// A request frame with id 7.
const NEXT: &str = r#"{"jsonrpc":"2.0","id":7,"method":"shutdown"}"#;

fn frame(body: &[u8]) -> Vec<u8> {
    let mut f = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
    f.extend_from_slice(body);
    f
}

/// What the reader makes of `input`: `Ok(method or "response")` or `Err(code)` a frame.
fn read_all(input: impl BufRead) -> Vec<Result<String, i32>> {
    let mut r = FrameReader::new(input);
    let mut out = Vec::new();
    while let Some(f) = r.next_frame().expect("reading a slice does not fail") {
        out.push(match f {
            Frame::Message(Message::Request(q)) => Ok(format!("{}#{}", q.method, q.id)),
            Frame::Message(Message::Notification(n)) => Ok(n.method),
            Frame::Message(Message::Response(_)) => Ok("response".into()),
            Frame::Rejected(r) => Err(r.code as i32),
        });
    }
    out
}

/// Reads `input` whole and again through a 1-byte and a 3-byte buffer: the same frames.
fn read_split(input: &[u8]) -> Vec<Result<String, i32>> {
    let whole = read_all(input);
    for cap in [1, 3] {
        assert_eq!(
            read_all(BufReader::with_capacity(cap, input)),
            whole,
            "buffer of {cap}"
        );
    }
    whole
}

fn then_next(bad: &[u8]) -> Vec<u8> {
    let mut input = bad.to_vec();
    input.extend(frame(NEXT.as_bytes()));
    input
}

#[test]
fn a_valid_frame_is_a_message_and_the_end_of_input_ends() {
    let mut input = b"Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n".to_vec();
    input.extend(frame(NEXT.as_bytes()));
    input.extend(frame(br#"{"jsonrpc":"2.0","method":"exit"}"#));
    assert_eq!(
        read_split(&input),
        [Ok("shutdown#7".into()), Ok("exit".into())]
    );
    assert!(read_all(&b""[..]).is_empty());
}

#[test]
fn each_malformed_frame_is_rejected_and_the_next_request_is_read() {
    let request = br#"{"jsonrpc":"2.0","id":1,"method":"shutdown"}"#;
    let cases: [(&str, Vec<u8>, i32); 9] = [
        (
            "LF instead of CRLF",
            b"Content-Length: 10\n\n{\"a\": 123}".to_vec(),
            -32700,
        ),
        ("no colon", b"Content-Length 44\r\n\r\n".to_vec(), -32700),
        (
            "short Content-Length",
            [&b"Content-Length: 5\r\n\r\n"[..], request].concat(),
            -32700,
        ),
        (
            "Content-Length: abc",
            b"Content-Length: abc\r\n\r\n{}".to_vec(),
            -32700,
        ),
        (
            "no Content-Length",
            b"Content-Type: x\r\n\r\n{}".to_vec(),
            -32700,
        ),
        ("not JSON", frame(b"{not json"), -32700),
        ("not JSON-RPC", frame(br#"{"hello":1}"#), -32600),
        (
            "invalid UTF-8",
            frame(b"{\"jsonrpc\":\"2.0\",\"method\":\"\xff\xfe\"}"),
            -32700,
        ),
        (
            "header line too long",
            [&b"X-Pad: "[..], &[b'a'; 5000]].concat(),
            -32700,
        ),
    ];
    for (name, bad, code) in cases {
        assert_eq!(
            read_split(&then_next(&bad)),
            [Err(code), Ok("shutdown#7".into())],
            "{name}"
        );
    }
}

#[test]
fn huge_content_lengths_are_rejected_without_reading_a_body() {
    for n in [
        "18446744073709551615",
        "100000000000",
        "2000000000",
        "400000000",
        "99999999999999999999999999",
    ] {
        let bad = format!("Content-Length: {n}\r\n\r\n{{\"a\":1}}");
        assert_eq!(
            read_split(&then_next(bad.as_bytes())),
            [Err(-32600), Ok("shutdown#7".into())],
            "{n}"
        );
    }
    // At the cap the body is read; past it, it is not.
    let at_cap = format!("Content-Length: {MAX_FRAME_BYTES}\r\n\r\n");
    assert_eq!(
        read_all(at_cap.as_bytes()),
        [Err(-32700)],
        "cut short by the end"
    );
    let past = format!("Content-Length: {}\r\n\r\n", MAX_FRAME_BYTES + 1);
    assert_eq!(read_all(past.as_bytes()), [Err(-32600)]);
}

#[test]
fn error_responses_carry_the_id_when_there_is_one() {
    let bad = frame(br#"{"id":5,"method":"hover"}"#);
    let Some(Frame::Rejected(rej)) = FrameReader::new(&bad[..]).next_frame().ok().flatten() else {
        panic!("rejected")
    };
    let v: Value = serde_json::from_str(&rej.response()).expect("JSON");
    assert_eq!(v["id"], 5);
    assert_eq!(v["error"]["code"], -32600);
    // An id lsp-server cannot hold would turn the request into a notification.
    let big = frame(br#"{"jsonrpc":"2.0","id":1e3,"method":"hover"}"#);
    assert_eq!(read_all(&big[..]), [Err(-32600)]);
    let v: Value = serde_json::from_str(
        &Rejected {
            code: ErrorCode::ParseError,
            id: Value::Null,
            message: "x".into(),
        }
        .response(),
    )
    .expect("JSON");
    assert_eq!(
        v,
        serde_json::json!({"jsonrpc": "2.0", "id": null, "error": {"code": -32700, "message": "x"}})
    );
}

#[test]
fn garbage_and_blank_lines_between_frames_are_skipped() {
    let mut input = b"\r\n\r\n".to_vec();
    input.extend(frame(NEXT.as_bytes()));
    input.extend(b"Content-Length: 3\r\nX: \x01\r\n\r\n{}}garbage garbage CONTENT-LENGTH");
    input.extend(frame(NEXT.as_bytes()));
    assert_eq!(
        read_split(&input),
        [
            Ok("shutdown#7".into()),
            Err(-32700),
            Ok("shutdown#7".into())
        ]
    );
    let many = "A: b\r\n".repeat(MAX_HEADERS + 1);
    assert_eq!(
        read_split(&then_next(many.as_bytes())),
        [Err(-32700), Ok("shutdown#7".into())]
    );
}

//! The real server loop and transport (`serve_streams`, what `muster lsp` runs on stdio)
//! driven over OS pipes with the hostile frames of review F9 and the hover of F15 (issue
//! 27): each bad frame gets a JSON-RPC error and the requests after it their answers.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};

fn frame(body: &[u8]) -> Vec<u8> {
    let mut f = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
    f.extend_from_slice(body);
    f
}

fn msg(v: Value) -> Vec<u8> {
    frame(v.to_string().as_bytes())
}

/// Initializes, sends `middle`, then hover (id 2), shutdown (id 3) and exit; returns
/// every message the server wrote, once it has stopped.
fn session(middle: &[u8]) -> Vec<Value> {
    let mut input = msg(json!({"jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"processId": null, "rootUri": null, "capabilities": {},
                   "initializationOptions": {"debounceMs": 0}}}));
    input.extend(msg(
        json!({"jsonrpc": "2.0", "method": "initialized", "params": {}}),
    ));
    input.extend_from_slice(middle);
    input.extend(msg(
        json!({"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover",
        "params": {"textDocument": {"uri": "file:///nowhere/x.scenario.ron"},
                   "position": {"line": 0, "character": 4}}}),
    ));
    input.extend(msg(
        json!({"jsonrpc": "2.0", "id": 3, "method": "shutdown"}),
    ));
    input.extend(msg(json!({"jsonrpc": "2.0", "method": "exit"})));
    let (in_r, mut in_w) = std::io::pipe().expect("a pipe");
    let (out_r, out_w) = std::io::pipe().expect("a pipe");
    let server = std::thread::spawn(move || muster_lsp::serve_streams(BufReader::new(in_r), out_w));
    let feeder = std::thread::spawn(move || {
        // The server may stop reading early (at exit): a broken pipe is not a failure.
        let _ = in_w.write_all(&input);
    });
    let mut out = Vec::new();
    let mut r = BufReader::new(out_r);
    while let Some(v) = read_output(&mut r) {
        out.push(v);
    }
    let _ = feeder.join();
    let served = server.join().expect("the server does not panic");
    assert!(served.is_ok(), "the server ends cleanly: {served:?}");
    out
}

/// One frame the server wrote, as JSON (its error responses may have a null id, which
/// lsp-server's `Message` cannot hold, so not through `FrameReader`).
fn read_output(r: &mut impl BufRead) -> Option<Value> {
    let mut length = None;
    loop {
        let mut line = String::new();
        if r.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let line = line.strip_suffix("\r\n").expect("CRLF");
        if line.is_empty() {
            break;
        }
        if let Some(n) = line.strip_prefix("Content-Length: ") {
            length = n.parse::<usize>().ok();
        }
    }
    let mut body = vec![0; length.expect("a Content-Length")];
    r.read_exact(&mut body).expect("the whole body");
    Some(serde_json::from_slice(&body).expect("JSON"))
}

fn answer(out: &[Value], id: i64) -> &Value {
    out.iter()
        .find(|m| m["id"] == id && m.get("method").is_none())
        .unwrap_or_else(|| panic!("no answer to request {id}: {out:?}"))
}

fn errors(out: &[Value]) -> Vec<i64> {
    out.iter()
        .filter(|m| m["id"].is_null() && m.get("method").is_none())
        .filter_map(|m| m["error"]["code"].as_i64())
        .collect()
}

#[test]
fn each_malformed_frame_gets_an_error_and_the_next_request_its_answer() {
    let request = br#"{"jsonrpc":"2.0","id":9,"method":"shutdown"}"#;
    let cases: [(&str, Vec<u8>, i64); 7] = [
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
        ("not JSON", frame(b"{not json"), -32700),
        ("not JSON-RPC", frame(br#"{"hello":1}"#), -32600),
        (
            "invalid UTF-8",
            frame(b"{\"jsonrpc\":\"2.0\",\"method\":\"\xff\"}"),
            -32700,
        ),
    ];
    for (name, bad, code) in cases {
        let out = session(&bad);
        assert_eq!(errors(&out), [code], "{name}: {out:?}");
        assert!(answer(&out, 2).get("error").is_none(), "{name}");
        assert!(answer(&out, 3).get("error").is_none(), "{name}");
    }
}

#[test]
fn huge_content_lengths_are_answered_and_skipped() {
    for n in [
        "18446744073709551615",
        "100000000000",
        "2000000000",
        "400000000",
    ] {
        let bad = format!("Content-Length: {n}\r\n\r\n{{\"a\":1}}");
        let out = session(bad.as_bytes());
        assert_eq!(errors(&out), [-32600], "{n}: {out:?}");
        assert!(answer(&out, 2).get("error").is_none(), "{n}");
    }
    // Nothing was allocated from the header: the process never held 400 MB.
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let peak_kb: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0);
    assert!(peak_kb < 300_000, "peak {peak_kb} kB");
}

fn open(uri: &str, text: &str) -> Vec<u8> {
    msg(
        json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument":
        {"uri": uri, "languageId": "ron", "version": 1, "text": text}}}),
    )
}

fn hover(id: i64, uri: &str, character: u32) -> Vec<u8> {
    msg(
        json!({"jsonrpc": "2.0", "id": id, "method": "textDocument/hover",
        "params": {"textDocument": {"uri": uri}, "position": {"line": 0, "character": character}}}),
    )
}

#[test]
fn hover_after_a_non_ascii_character_answers() {
    // Review F15: -32603 "a bug: please report it" after `é` and after `🂡`.
    let uri = "file:///nowhere/x.scenario.ron";
    let mut middle = open(uri, "// é AC101\n// 🂡MU010\n");
    middle.extend(hover(10, uri, 4));
    let uri2 = "file:///nowhere/y.scenario.ron";
    middle.extend(open(uri2, "// 🂡MU010\n"));
    middle.extend(hover(11, uri2, 5));
    let out = session(&middle);
    for id in [10, 11] {
        let a = answer(&out, id);
        assert!(a.get("error").is_none(), "{a}");
    }
    let on_code = &answer(&out, 11)["result"];
    assert!(on_code.to_string().contains("MU010"), "{on_code}");
}

#[test]
fn a_document_over_16_mib_is_not_checked_and_the_client_is_told() {
    let uri = "file:///nowhere/big.map.ron";
    let cap = usize::try_from(muster_check::MAX_FILE_BYTES).expect("fits");
    let text = format!("// {}\n", "a".repeat(cap));
    let out = session(&open(uri, &text));
    let published = out
        .iter()
        .find(|m| m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri)
        .expect("diagnostics for the big document");
    let said = published["params"]["diagnostics"][0]["message"]
        .as_str()
        .unwrap_or_default();
    assert!(said.contains("not checked"), "{said}");
    assert!(out.iter().any(|m| m["method"] == "window/showMessage"));
}

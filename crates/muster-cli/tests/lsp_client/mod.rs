//! A small LSP client for tests: starts the real `muster lsp` and speaks JSON-RPC with
//! it over stdio, as an editor does. Waits are bounded only to fail a hung server, never
//! to assert a timing.

use serde_json::{json, Value};
use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::Duration;

/// How long to wait for a message before declaring the server hung.
const HUNG: Duration = Duration::from_secs(60);

/// A running server and what it sent that has not been read yet.
pub struct Client {
    child: Child,
    stdin: ChildStdin,
    rx: Receiver<Value>,
    queued: VecDeque<Value>,
    next_id: i64,
}

fn read_message(r: &mut impl BufRead) -> Option<Value> {
    let mut len = None;
    loop {
        let mut line = String::new();
        if r.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(v) = line.strip_prefix("Content-Length: ") {
            len = v.parse::<usize>().ok();
        }
    }
    let mut body = vec![0; len?];
    r.read_exact(&mut body).ok()?;
    serde_json::from_slice(&body).ok()
}

/// The `file://` URI of a path.
pub fn uri(path: &Path) -> String {
    format!("file://{}", path.display()).replace(' ', "%20")
}

/// A fresh folder under the system's temporary folder, holding copies of corpus cases.
pub fn workspace(name: &str, cases: &[&str]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("muster-lsp-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/cases");
    for case in cases {
        let to = dir.join(case);
        std::fs::create_dir_all(&to).unwrap();
        for e in std::fs::read_dir(corpus.join(case)).unwrap() {
            let e = e.unwrap();
            std::fs::copy(e.path(), to.join(e.file_name())).unwrap();
        }
    }
    dir
}

impl Client {
    /// Starts `muster lsp` on a workspace folder and initializes it (no debounce).
    pub fn start(root: &Path) -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_muster"))
            .arg("lsp")
            .current_dir(root)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("muster lsp starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            let mut r = BufReader::new(stdout);
            while let Some(m) = read_message(&mut r) {
                if tx.send(m).is_err() {
                    break;
                }
            }
        });
        let mut c = Client {
            child,
            stdin,
            rx,
            queued: VecDeque::new(),
            next_id: 1,
        };
        let init = c.request(
            "initialize",
            json!({
                "processId": null,
                "rootUri": uri(root),
                "capabilities": {},
                "initializationOptions": {"debounceMs": 0},
            }),
        );
        assert_eq!(init["serverInfo"]["name"], "muster", "{init}");
        c.notify("initialized", json!({}));
        c
    }

    fn send(&mut self, v: Value) {
        let body = v.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).unwrap();
        self.stdin.flush().unwrap();
    }

    fn next(&mut self) -> Value {
        self.rx
            .recv_timeout(HUNG)
            .expect("the server answers (or it hung or died)")
    }

    /// Sends a notification.
    pub fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// Sends a request and returns its result (panics on an error response).
    pub fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        loop {
            let m = self.next();
            if m.get("id") == Some(&json!(id)) && m.get("method").is_none() {
                assert!(m.get("error").is_none(), "{method} failed: {m}");
                return m["result"].clone();
            }
            self.queued.push_back(m);
        }
    }

    /// The next diagnostics published for `uri` (earlier ones for it are skipped).
    pub fn diagnostics(&mut self, uri: &str) -> Vec<Value> {
        let mut latest = None;
        self.queued.retain(|m| {
            let mine =
                m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri;
            if mine {
                latest = Some(m["params"]["diagnostics"].clone());
            }
            !mine
        });
        if let Some(Value::Array(d)) = latest {
            return d;
        }
        loop {
            let m = self.next();
            if m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri {
                return m["params"]["diagnostics"]
                    .as_array()
                    .cloned()
                    .unwrap_or_default();
            }
            self.queued.push_back(m);
        }
    }

    /// Opens a document with the given text.
    pub fn open(&mut self, path: &Path, text: &str) -> String {
        let u = uri(path);
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": u, "languageId": "ron", "version": 1, "text": text}}),
        );
        u
    }

    /// Replaces a document's text.
    pub fn change(&mut self, uri: &str, version: i32, text: &str) {
        self.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": text}]}),
        );
    }

    /// Shuts the server down and checks that it exits cleanly.
    pub fn shutdown(mut self) {
        self.request("shutdown", Value::Null);
        self.notify("exit", Value::Null);
        let status = self.child.wait().unwrap();
        assert!(status.success(), "muster lsp exited with {status}");
    }
}

/// The LSP position (line, UTF-16 column) of the `n`-th occurrence of `needle` in `text`,
/// plus `skip` characters.
pub fn position_of(text: &str, needle: &str, n: usize, skip: usize) -> Value {
    let offset = text.match_indices(needle).nth(n).expect("needle in text").0 + skip;
    let before = &text[..offset];
    let line = before.matches('\n').count();
    let col: usize = before[before.rfind('\n').map_or(0, |i| i + 1)..]
        .chars()
        .map(char::len_utf16)
        .sum();
    json!({"line": line, "character": col})
}

/// Applies a list of LSP text edits to a text (edits do not overlap).
pub fn apply(text: &str, edits: &[Value]) -> String {
    let offset = |t: &str, p: &Value| -> usize {
        let line = p["line"].as_u64().unwrap() as usize;
        let col = p["character"].as_u64().unwrap() as usize;
        let start: usize = t.split_inclusive('\n').take(line).map(str::len).sum();
        let mut units = 0;
        for (i, c) in t[start..].char_indices() {
            if units >= col || c == '\n' {
                return start + i;
            }
            units += c.len_utf16();
        }
        t.len()
    };
    let mut sorted: Vec<&Value> = edits.iter().collect();
    sorted.sort_by_key(|e| {
        std::cmp::Reverse((
            e["range"]["start"]["line"].as_u64(),
            e["range"]["start"]["character"].as_u64(),
        ))
    });
    let mut out = text.to_string();
    for e in sorted {
        let s = offset(&out, &e["range"]["start"]);
        let t = offset(&out, &e["range"]["end"]);
        out.replace_range(s..t, e["newText"].as_str().unwrap());
    }
    out
}

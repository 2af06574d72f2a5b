//! `muster-bench lsp FILE... [ROUNDS]`: how long the language server takes from a
//! `didChange` to the `publishDiagnostics` for it, on real files. The server runs
//! in-process on an in-memory connection (the same `serve` as `muster lsp`, without the
//! microseconds of a pipe), once with no debounce (the check itself) and once with the
//! default debounce (what a typist waits for).

use lsp_server::{Connection, Message, Notification, Request, RequestId};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

fn uri(path: &Path) -> String {
    format!("file://{}", path.display()).replace(' ', "%20")
}

fn notify(c: &Connection, method: &str, params: Value) -> anyhow::Result<()> {
    c.sender.send(Message::Notification(Notification::new(
        method.into(),
        params,
    )))?;
    Ok(())
}

/// Waits for the diagnostics of `uri` at `version`.
fn published(c: &Connection, uri: &str, version: i32) -> anyhow::Result<usize> {
    loop {
        let m = c.receiver.recv_timeout(Duration::from_secs(60))?;
        if let Message::Notification(n) = m {
            if n.method == "textDocument/publishDiagnostics"
                && n.params["uri"] == uri
                && n.params["version"] == version
            {
                return Ok(n.params["diagnostics"].as_array().map_or(0, Vec::len));
            }
        }
    }
}

/// Latencies of `rounds` edits of one file, the server set to `debounce_ms`.
fn measure(file: &Path, rounds: usize, debounce_ms: Option<u64>) -> anyhow::Result<Vec<Duration>> {
    let (client, server) = Connection::memory();
    let serving = std::thread::spawn(move || muster_lsp::serve(&server).map_err(|e| e.to_string()));
    let cwd = std::env::current_dir()?;
    let options = debounce_ms.map_or(Value::Null, |d| json!({"debounceMs": d}));
    client.sender.send(Message::Request(Request::new(
        RequestId::from(1),
        "initialize".into(),
        json!({"processId": null, "rootUri": uri(&cwd), "capabilities": {},
               "initializationOptions": options}),
    )))?;
    loop {
        if let Message::Response(_) = client.receiver.recv_timeout(Duration::from_secs(60))? {
            break;
        }
    }
    notify(&client, "initialized", json!({}))?;
    let path = std::fs::canonicalize(file)?;
    let u = uri(&path);
    let text = std::fs::read_to_string(&path)?;
    notify(
        &client,
        "textDocument/didOpen",
        json!({"textDocument": {"uri": u, "languageId": "ron", "version": 0, "text": text}}),
    )?;
    published(&client, &u, 0)?;
    let mut times = Vec::with_capacity(rounds);
    for round in 1..=rounds {
        // A real edit: the text changes every round, so nothing can be skipped.
        let edited = format!("{text}// edit {round}\n");
        let version = i32::try_from(round)?;
        let start = Instant::now();
        notify(
            &client,
            "textDocument/didChange",
            json!({"textDocument": {"uri": u, "version": version}, "contentChanges": [{"text": edited}]}),
        )?;
        published(&client, &u, version)?;
        times.push(start.elapsed());
    }
    client.sender.send(Message::Request(Request::new(
        RequestId::from(2),
        "shutdown".into(),
        Value::Null,
    )))?;
    notify(&client, "exit", Value::Null)?;
    drop(client);
    serving
        .join()
        .map_err(|_| anyhow::anyhow!("the server panicked"))?
        .map_err(anyhow::Error::msg)?;
    Ok(times)
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// Prints min, median, p95 and max per file, with no debounce and with the default.
pub fn run(files: &[PathBuf], rounds: usize) -> anyhow::Result<()> {
    println!(
        "didChange -> publishDiagnostics, {rounds} edits per file (default debounce {} ms)",
        muster_lsp::DEFAULT_DEBOUNCE.as_millis()
    );
    println!(
        "{:<56} {:>9} {:>8} {:>8} {:>8} {:>8}",
        "file", "debounce", "min", "median", "p95", "max"
    );
    for file in files {
        for debounce in [Some(0), None] {
            let mut t = measure(file, rounds, debounce)?;
            t.sort();
            let pick = |q: f64| t[((t.len() - 1) as f64 * q).round() as usize];
            println!(
                "{:<56} {:>9} {:>6.1}ms {:>6.1}ms {:>6.1}ms {:>6.1}ms",
                file.display(),
                debounce.map_or("default".to_string(), |d| format!("{d} ms")),
                ms(t[0]),
                ms(pick(0.5)),
                ms(pick(0.95)),
                ms(t[t.len() - 1])
            );
        }
    }
    Ok(())
}

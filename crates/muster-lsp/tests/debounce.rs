//! The debounce delays only changes that come within it of the document's previous one:
//! a change after a pause is checked at once (issue 28, review finding 16).

use lsp_server::{Connection, Message, Notification, Request, RequestId};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

fn notify(c: &Connection, method: &str, params: Value) {
    c.sender
        .send(Message::Notification(Notification::new(
            method.into(),
            params,
        )))
        .unwrap();
}

fn published(c: &Connection, uri: &str, version: i32) {
    loop {
        let m = c.receiver.recv_timeout(Duration::from_secs(30)).unwrap();
        if let Message::Notification(n) = m {
            if n.method == "textDocument/publishDiagnostics"
                && n.params["uri"] == uri
                && n.params["version"] == version
            {
                return;
            }
        }
    }
}

#[test]
fn a_change_after_a_pause_is_not_debounced_and_a_burst_is() {
    let (client, server) = Connection::memory();
    let serving = std::thread::spawn(move || muster_lsp::serve(&server).map_err(|e| e.to_string()));
    client
        .sender
        .send(Message::Request(Request::new(
            RequestId::from(1),
            "initialize".into(),
            json!({"processId": null, "rootUri": null, "capabilities": {},
                   "initializationOptions": {"debounceMs": 800}}),
        )))
        .unwrap();
    while !matches!(
        client
            .receiver
            .recv_timeout(Duration::from_secs(30))
            .unwrap(),
        Message::Response(_)
    ) {}
    notify(&client, "initialized", json!({}));
    let uri = "file:///nowhere/a.map.ron";
    let text = "(title: \"t\")\n";
    notify(
        &client,
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": "ron", "version": 0, "text": text}}),
    );
    published(&client, uri, 0);
    let change = |v: i32| {
        notify(
            &client,
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri, "version": v},
                   "contentChanges": [{"text": format!("{text}// {v}\n")}]}),
        )
    };
    // After a pause longer than the debounce: checked at once.
    std::thread::sleep(Duration::from_millis(900));
    let start = Instant::now();
    change(1);
    published(&client, uri, 1);
    assert!(
        start.elapsed() < Duration::from_millis(600),
        "{:?}",
        start.elapsed()
    );
    // Within the debounce of that change: waits for it.
    let start = Instant::now();
    change(2);
    published(&client, uri, 2);
    assert!(
        start.elapsed() >= Duration::from_millis(700),
        "{:?}",
        start.elapsed()
    );
    client
        .sender
        .send(Message::Request(Request::new(
            RequestId::from(2),
            "shutdown".into(),
            Value::Null,
        )))
        .unwrap();
    notify(&client, "exit", Value::Null);
    drop(client);
    serving.join().unwrap().unwrap();
}

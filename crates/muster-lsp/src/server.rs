//! The server loop: messages in, documents kept, checks debounced, answers out.

use crate::diagnostics::{self, ByFile};
use crate::docs::{kind_of, Doc, Docs};
use crate::{handlers, text, Options};
use crossbeam_channel::RecvTimeoutError;
use lsp_server::{Connection, Message, Notification, Request, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument, DidSaveTextDocument,
    LogMessage, Notification as _, PublishDiagnostics, ShowMessage,
};
use lsp_types::{PublishDiagnosticsParams, Uri};
use muster_model::FileKind;
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::time::Instant;

/// Why the server stopped other than by `shutdown` and `exit`.
pub type Error = Box<dyn std::error::Error + Send + Sync>;

/// The server's state.
pub struct Server<'c> {
    conn: &'c Connection,
    options: Options,
    docs: Docs,
    /// Documents changed and not yet checked, with when to check them.
    pending: BTreeMap<PathBuf, Instant>,
    /// The last check of each checked document, by the file each diagnostic is about.
    results: BTreeMap<PathBuf, ByFile>,
    /// URIs a client sent that a strict parser refuses (raw `[`, `]`), by the encoded
    /// form they are kept under: diagnostics go back under the client's own string.
    raw_uris: BTreeMap<String, String>,
    /// When each open document last changed.
    last_change: BTreeMap<PathBuf, Instant>,
}

impl<'c> Server<'c> {
    /// A server on a connection, its workspace folders bounding the pack.
    pub fn new(conn: &'c Connection, options: Options, roots: Vec<PathBuf>) -> Self {
        Server {
            conn,
            options,
            docs: Docs::new(roots),
            pending: BTreeMap::new(),
            results: BTreeMap::new(),
            raw_uris: BTreeMap::new(),
            last_change: BTreeMap::new(),
        }
    }

    /// Serves until the client asks to shut down or goes away.
    pub fn run(mut self) -> Result<(), Error> {
        loop {
            let next = self.pending.values().min().copied();
            let msg = match next {
                Some(at) => {
                    let wait = at.saturating_duration_since(Instant::now());
                    match self.conn.receiver.recv_timeout(wait) {
                        Ok(m) => Some(m),
                        Err(RecvTimeoutError::Timeout) => None,
                        Err(RecvTimeoutError::Disconnected) => return Ok(()),
                    }
                }
                None => match self.conn.receiver.recv() {
                    Ok(m) => Some(m),
                    Err(_) => return Ok(()),
                },
            };
            match msg {
                Some(Message::Request(req)) => {
                    if self.conn.handle_shutdown(&req)? {
                        return Ok(());
                    }
                    let resp = self.answer(req);
                    self.conn.sender.send(Message::Response(resp))?;
                }
                Some(Message::Notification(n)) => self.notified(n),
                Some(Message::Response(_)) | None => {}
            }
            self.flush_due()?;
        }
    }

    /// Answers a request; a handler that fails (or panics: bad input must not take the
    /// server down) answers with an error.
    fn answer(&mut self, req: Request) -> Response {
        let id = req.id.clone();
        let mut req = req;
        // A raw `[` or `]` in the document's URI, as in notifications (review finding 14).
        if let Some(fixed) = req.params["textDocument"]["uri"]
            .as_str()
            .and_then(text::repair_uri)
        {
            req.params["textDocument"]["uri"] = serde_json::Value::String(fixed);
        }
        let docs = &self.docs;
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            handlers::handle(docs, &req.method, req.params)
        }));
        match outcome {
            Ok(Ok(value)) => Response {
                id,
                result: Some(value),
                error: None,
            },
            Ok(Err(e)) => Response::new_err(id, e.code as i32, e.message),
            Err(_) => Response::new_err(
                id,
                lsp_server::ErrorCode::InternalError as i32,
                "muster: this request failed on this input (a bug: please report it)".into(),
            ),
        }
    }

    /// A notification's parameters. A document URI a strict parser refuses (raw `[` or
    /// `]`, review finding 14) is read percent-encoded and remembered; parameters that
    /// still do not read are logged to the client rather than dropped in silence.
    fn params<P: serde::de::DeserializeOwned>(&mut self, n: Notification) -> Option<P> {
        let first = match serde_json::from_value::<P>(n.params.clone()) {
            Ok(p) => return Some(p),
            Err(e) => e,
        };
        let mut params = n.params;
        let raw = params["textDocument"]["uri"].as_str().map(str::to_string);
        if let Some(fixed) = raw.as_deref().and_then(text::repair_uri) {
            params["textDocument"]["uri"] = serde_json::Value::String(fixed.clone());
            if let Ok(p) = serde_json::from_value::<P>(params) {
                self.raw_uris.insert(fixed, raw.unwrap_or_default());
                return Some(p);
            }
        }
        let message = lsp_types::LogMessageParams {
            typ: lsp_types::MessageType::ERROR,
            message: format!("muster: ignored `{}`: {first}", n.method),
        };
        let _ = self
            .conn
            .sender
            .send(Message::Notification(Notification::new(
                LogMessage::METHOD.into(),
                message,
            )));
        None
    }

    fn notified(&mut self, n: Notification) {
        match n.method.as_str() {
            DidOpenTextDocument::METHOD => {
                if let Some(p) = self.params::<lsp_types::DidOpenTextDocumentParams>(n) {
                    let d = p.text_document;
                    self.changed(d.uri, d.text, d.version, true);
                }
            }
            DidChangeTextDocument::METHOD => {
                if let Some(p) = self.params::<lsp_types::DidChangeTextDocumentParams>(n) {
                    // Full sync: the last change holds the whole text.
                    if let Some(c) = p.content_changes.into_iter().last() {
                        let d = p.text_document;
                        self.changed(d.uri, c.text, d.version, false);
                    }
                }
            }
            DidSaveTextDocument::METHOD => {
                // Saving flushes: what is pending is checked now.
                let now = Instant::now();
                for at in self.pending.values_mut() {
                    *at = now;
                }
            }
            DidCloseTextDocument::METHOD => {
                if let Some(p) = self.params::<lsp_types::DidCloseTextDocumentParams>(n) {
                    if let Some(path) = text::path_of(&p.text_document.uri) {
                        self.docs.close(&path);
                        self.pending.remove(&path);
                        self.last_change.remove(&muster_check::lexical(&path));
                        let old = self.results.remove(&muster_check::lexical(&path));
                        let mut touched: BTreeSet<PathBuf> =
                            old.into_iter().flat_map(|b| b.into_keys()).collect();
                        // Scenarios using it now read it from disk again.
                        touched.extend(self.recheck_users(&path));
                        let _ = self.publish(touched);
                    }
                }
            }
            _ => {}
        }
    }

    /// Records a new text and schedules its check (and that of open scenarios using it).
    fn changed(&mut self, uri: Uri, text: String, version: i32, opened: bool) {
        let Some(path) = text::path_of(&uri) else {
            return;
        };
        if let Err(why) = self.docs.admit(&path, text.len()) {
            self.refuse(uri, &path, version, why);
            return;
        }
        self.docs.set(
            path.clone(),
            Doc {
                uri,
                text: text.into(),
                version,
            },
        );
        // Debounced on the trailing edge only within a burst: a change after a quiet spell
        // of at least the debounce (a typist's pause, the first key after one) is checked
        // at once, so the debounce delays only changes that come faster than it (issue
        // 28, review finding 16: it was added to every change). A change within the
        // debounce of the previous one waits until the debounce has passed since that
        // one, not a whole debounce from now: a burst still gets one check, once its
        // changes stop coming faster than the debounce, and the last change of a burst
        // waits only what is left of the window.
        let now = Instant::now();
        let previous = self.last_change.insert(muster_check::lexical(&path), now);
        let at = match previous {
            Some(t) if !opened && now.duration_since(t) < self.options.debounce => {
                t + self.options.debounce
            }
            _ => now,
        };
        self.pending.insert(muster_check::lexical(&path), at);
        if kind_of(&path) != Some(FileKind::Scenario) {
            for p in self.scenarios() {
                self.pending.entry(p).or_insert(at);
            }
        }
    }

    /// Drops a text the caps refuse (and any older text of the document: checking it
    /// would mislead) and tells the client why, as the document's one diagnostic and as
    /// a message.
    fn refuse(&mut self, uri: Uri, path: &std::path::Path, version: i32, why: String) {
        let key = muster_check::lexical(path);
        self.docs.close(path);
        self.pending.remove(&key);
        let mut touched: BTreeSet<PathBuf> = self
            .results
            .remove(&key)
            .into_iter()
            .flat_map(|b| b.into_keys())
            .collect();
        touched.extend(self.recheck_users(path));
        touched.remove(&key);
        let _ = self.publish(touched);
        let diagnostic = lsp_types::Diagnostic {
            severity: Some(lsp_types::DiagnosticSeverity::ERROR),
            source: Some("muster".into()),
            message: why.clone(),
            ..Default::default()
        };
        let params = PublishDiagnosticsParams {
            uri,
            diagnostics: vec![diagnostic],
            version: Some(version),
        };
        let shown = lsp_types::ShowMessageParams {
            typ: lsp_types::MessageType::WARNING,
            message: why,
        };
        let _ = self
            .conn
            .sender
            .send(Message::Notification(Notification::new(
                PublishDiagnostics::METHOD.into(),
                params,
            )));
        let _ = self
            .conn
            .sender
            .send(Message::Notification(Notification::new(
                ShowMessage::METHOD.into(),
                shown,
            )));
    }

    /// The open scenarios.
    fn scenarios(&self) -> Vec<PathBuf> {
        self.docs
            .iter()
            .filter(|(p, _)| kind_of(p) == Some(FileKind::Scenario))
            .map(|(p, _)| p.clone())
            .collect()
    }

    /// Re-checks the open scenarios after a referenced file changed; returns the files
    /// whose diagnostics may have changed.
    fn recheck_users(&mut self, changed: &std::path::Path) -> BTreeSet<PathBuf> {
        if kind_of(changed) == Some(FileKind::Scenario) {
            return BTreeSet::new();
        }
        let scenarios = self.scenarios();
        self.check_now(scenarios)
    }

    /// Checks every document whose time has come and publishes what changed.
    fn flush_due(&mut self) -> Result<(), Error> {
        let now = Instant::now();
        let due: Vec<PathBuf> = self
            .pending
            .iter()
            .filter(|(_, at)| **at <= now)
            .map(|(p, _)| p.clone())
            .collect();
        if due.is_empty() {
            return Ok(());
        }
        for p in &due {
            self.pending.remove(p);
        }
        let touched = self.check_now(due);
        self.publish(touched)
    }

    /// Checks documents, keeping their results; returns the files their old and new
    /// diagnostics are about.
    fn check_now(&mut self, paths: Vec<PathBuf>) -> BTreeSet<PathBuf> {
        let mut touched = BTreeSet::new();
        for path in paths {
            if self.docs.get(&path).is_none() {
                continue;
            }
            let docs = &self.docs;
            let fresh = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                diagnostics::check(docs, &path)
            }))
            .unwrap_or_else(|_| crashed(&path));
            touched.extend(fresh.keys().cloned());
            if let Some(old) = self.results.insert(path, fresh) {
                touched.extend(old.into_keys());
            }
        }
        touched
    }

    /// Publishes, for each file, the union of what every kept check says about it.
    fn publish(&self, files: BTreeSet<PathBuf>) -> Result<(), Error> {
        for file in files {
            let mut all: Vec<lsp_types::Diagnostic> = Vec::new();
            for d in self.results.values().filter_map(|b| b.get(&file)).flatten() {
                if !all.contains(d) {
                    all.push(d.clone());
                }
            }
            let open = self.docs.get(&file);
            let Some(uri) = open.map(|d| d.uri.clone()).or_else(|| text::uri_of(&file)) else {
                continue;
            };
            let raw = self.raw_uris.get(uri.as_str()).cloned();
            let params = PublishDiagnosticsParams {
                uri,
                diagnostics: all,
                version: open.map(|d| d.version),
            };
            let mut n = Notification::new(PublishDiagnostics::METHOD.into(), params);
            if let Some(raw) = raw {
                n.params["uri"] = serde_json::Value::String(raw);
            }
            self.conn.sender.send(Message::Notification(n))?;
        }
        Ok(())
    }
}

/// What a check that panicked reports: one error at the top of the file, so the user
/// knows the file was not checked, instead of a dead server.
fn crashed(path: &std::path::Path) -> ByFile {
    let d = lsp_types::Diagnostic {
        severity: Some(lsp_types::DiagnosticSeverity::ERROR),
        source: Some("muster".into()),
        message: "muster could not check this file (an internal error; please report it)".into(),
        ..Default::default()
    };
    BTreeMap::from([(muster_check::lexical(path), vec![d])])
}

//! `muster lsp`: a language server over stdio, so that designers who transcribe scenarios
//! in a text editor get the rules engine as they type. It drives the same pipeline as
//! `muster validate` (read, schema, references, rules) on the editor's unsaved buffers,
//! held to the same pack boundary, and answers hovers, go to definition, references,
//! completion and code actions from the same loaded files.
//!
//! Built on `lsp-server` and `lsp-types` (rust-analyzer's): synchronous, one thread, with
//! our own reading of frames from the client ([`frame`]), bounded against hostile input.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod actions;
mod completion;
mod context;
mod definition;
pub mod diagnostics;
mod docs;
mod format;
pub mod frame;
mod handlers;
mod hover;
mod locate;
mod model;
mod server;
pub mod text;
mod tolerant;
mod transport;

pub use server::Error;

use lsp_server::Connection;
use std::time::Duration;

/// How the server behaves, from the client's `initializationOptions`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// How long after a change the document is checked (further changes restart the
    /// wait). `{"debounceMs": 0}` checks on every change.
    pub debounce: Duration,
}

/// The debounce when the client sets none: shorter than the gap between keystrokes of a
/// fast typist is pointless, longer is felt.
pub const DEFAULT_DEBOUNCE: Duration = Duration::from_millis(25);

impl Options {
    /// Reads `initializationOptions` (`{"debounceMs": N}`); anything else is ignored.
    pub fn from_init(value: Option<&serde_json::Value>) -> Options {
        let debounce = value
            .and_then(|v| v.get("debounceMs"))
            .and_then(serde_json::Value::as_u64)
            .map_or(DEFAULT_DEBOUNCE, Duration::from_millis);
        Options { debounce }
    }
}

/// What the server offers.
fn capabilities() -> lsp_types::ServerCapabilities {
    use lsp_types::*;
    ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Options(
            TextDocumentSyncOptions {
                open_close: Some(true),
                change: Some(TextDocumentSyncKind::FULL),
                save: Some(TextDocumentSyncSaveOptions::Supported(true)),
                ..Default::default()
            },
        )),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        definition_provider: Some(OneOf::Left(true)),
        references_provider: Some(OneOf::Left(true)),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(vec!["\"".into(), "(".into(), " ".into()]),
            ..Default::default()
        }),
        code_action_provider: Some(CodeActionProviderCapability::Options(CodeActionOptions {
            code_action_kinds: Some(vec![CodeActionKind::QUICKFIX, CodeActionKind::SOURCE]),
            ..Default::default()
        })),
        document_formatting_provider: Some(OneOf::Left(true)),
        ..Default::default()
    }
}

/// The workspace folders of `initialize`: they bound the pack like folders named on
/// `validate`'s command line.
fn roots(params: &lsp_types::InitializeParams) -> Vec<std::path::PathBuf> {
    let mut roots: Vec<_> = params
        .workspace_folders
        .iter()
        .flatten()
        .filter_map(|f| text::path_of(&f.uri))
        .collect();
    #[allow(deprecated)]
    if let Some(uri) = &params.root_uri {
        roots.extend(text::path_of(uri));
    }
    roots
}

/// Serves on a connection until the client shuts the server down.
pub fn serve(conn: &Connection) -> Result<(), Error> {
    let (id, params) = conn.initialize_start()?;
    let params: lsp_types::InitializeParams = serde_json::from_value(params)?;
    let result = serde_json::json!({
        "capabilities": capabilities(),
        "serverInfo": {"name": "muster", "version": env!("CARGO_PKG_VERSION")},
    });
    conn.initialize_finish(id, result)?;
    let options = Options::from_init(params.initialization_options.as_ref());
    server::Server::new(conn, options, roots(&params)).run()
}

/// Serves on stdin and stdout (`muster lsp`).
pub fn run_stdio() -> Result<(), Error> {
    let input = std::io::BufReader::with_capacity(64 * 1024, std::io::stdin());
    serve_streams(input, std::io::stdout())
}

/// Serves the client at the other end of two byte streams until it shuts the server
/// down or its input ends.
pub fn serve_streams<R, W>(input: R, output: W) -> Result<(), Error>
where
    R: std::io::BufRead + Send + 'static,
    W: std::io::Write + Send + 'static,
{
    let (conn, io) = transport::connect(input, output)?;
    serve(&conn)?;
    drop(conn);
    io.join()?;
    Ok(())
}

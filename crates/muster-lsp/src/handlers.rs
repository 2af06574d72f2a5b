//! Requests: routes each to its module, with the document and the cursor's place in it.

use crate::docs::{kind_of, Docs};
use crate::locate::{self, At};
use crate::text;
use lsp_server::ErrorCode;
use lsp_types::request::{
    CodeActionRequest, Completion, Formatting, GotoDefinition, HoverRequest, References,
    Request as _,
};
use lsp_types::{Position, Uri};
use muster_check::syntax::Node;
use muster_model::FileKind;
use serde::de::DeserializeOwned;
use std::path::PathBuf;
use std::sync::Arc;

/// A request that could not be answered.
#[derive(Debug)]
pub struct Failure {
    /// The JSON-RPC error code.
    pub code: ErrorCode,
    /// Why.
    pub message: String,
}

fn params<P: DeserializeOwned>(value: serde_json::Value) -> Result<P, Failure> {
    serde_json::from_value(value).map_err(|e| Failure {
        code: ErrorCode::InvalidParams,
        message: e.to_string(),
    })
}

fn reply<R: serde::Serialize>(r: R) -> Result<serde_json::Value, Failure> {
    serde_json::to_value(r).map_err(|e| Failure {
        code: ErrorCode::InternalError,
        message: e.to_string(),
    })
}

/// Answers one request.
pub fn handle(
    docs: &Docs,
    method: &str,
    value: serde_json::Value,
) -> Result<serde_json::Value, Failure> {
    match method {
        HoverRequest::METHOD => reply(crate::hover::hover(docs, params(value)?)),
        GotoDefinition::METHOD => reply(crate::definition::definition(docs, params(value)?)),
        References::METHOD => reply(crate::definition::references(docs, params(value)?)),
        Completion::METHOD => reply(crate::completion::complete(docs, params(value)?)),
        CodeActionRequest::METHOD => reply(crate::actions::actions(docs, params(value)?)),
        Formatting::METHOD => reply(crate::format::format(docs, params(value)?)),
        _ => Err(Failure {
            code: ErrorCode::MethodNotFound,
            message: format!("muster lsp does not answer `{method}`"),
        }),
    }
}

/// An open document at a position: its path, kind, text, tree (when it reads) and the
/// byte offset of the cursor.
pub struct Cursor {
    /// The document's URI.
    pub uri: Uri,
    /// Its path.
    pub path: PathBuf,
    /// Its kind.
    pub kind: FileKind,
    /// Its text.
    pub text: Arc<str>,
    /// Its tree, when it reads.
    pub tree: Option<Node>,
    /// The cursor's byte offset.
    pub offset: usize,
}

impl Cursor {
    /// The open Muster document a request names, at its position.
    pub fn of(docs: &Docs, uri: &Uri, at: Position) -> Option<Cursor> {
        let path = text::path_of(uri)?;
        let kind = kind_of(&path)?;
        let doc = docs.get(&path)?;
        let text = doc.text.clone();
        let offset = text::offset(&text, at);
        let tree = muster_check::syntax::read(&text).ok();
        Some(Cursor {
            uri: uri.clone(),
            path,
            kind,
            text,
            tree,
            offset,
        })
    }

    /// The innermost value at the cursor.
    pub fn at(&self) -> Option<At<'_>> {
        self.tree.as_ref().map(|t| locate::at(t, self.offset))
    }

    /// The word at the cursor (letters, digits, `_`), for codes written anywhere, even
    /// in comments.
    pub fn word(&self) -> &str {
        word_around(&self.text, self.offset)
    }

    /// The LSP range of a byte span of this document.
    pub fn range(&self, span: muster_check::syntax::Span) -> lsp_types::Range {
        text::range(&self.text, span.start, span.end)
    }
}

/// The run of word bytes (ASCII letters, digits, `_`) around byte `offset` of `text`.
/// Scanned by bytes: a word byte is ASCII, so both ends are character boundaries even
/// next to `é` or `🂡` (review F15), and an offset inside a character gives "".
pub fn word_around(text: &str, offset: usize) -> &str {
    let b = text.as_bytes();
    let offset = offset.min(b.len());
    let start = offset
        - b[..offset]
            .iter()
            .rev()
            .take_while(|&&c| is_word(c))
            .count();
    let end = offset + b[offset..].iter().take_while(|&&c| is_word(c)).count();
    text.get(start..end).unwrap_or_default()
}

/// Whether a byte belongs to a word: an ASCII letter or digit, or `_`.
pub fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

#[cfg(test)]
mod tests {
    use super::word_around;

    #[test]
    fn words_next_to_non_ascii_characters_are_cut_at_character_boundaries() {
        // Review F15: hover at 0:4 of "// é\n" panicked ("byte index 4 is not a char
        // boundary; it is inside 'é'").
        assert_eq!(word_around("// é\n", 5), "");
        assert_eq!(word_around("// éAC101 x", 5), "AC101");
        assert_eq!(word_around("🂡MU010🂡", 6), "MU010");
        assert_eq!(word_around("🂡MU010🂡", 9), "MU010");
        assert_eq!(word_around("é", 1), "", "an offset inside a character");
        assert_eq!(word_around("ab", 99), "ab");
    }
}

//! The positioned value tree.

use serde_json::{Map, Number, Value};

/// Byte range in the source.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

/// An object key and where it was written.
#[derive(Debug, Clone, PartialEq)]
pub struct Key {
    /// The key.
    pub name: String,
    /// Where.
    pub span: Span,
}

/// A value and where it was written.
#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    /// Where.
    pub span: Span,
    /// What.
    pub kind: NodeKind,
}

/// The shapes of value, in JSON terms (RON structs and maps become objects, enum variants
/// become serde's externally tagged form).
#[derive(Debug, Clone, PartialEq)]
pub enum NodeKind {
    /// `null` / `None` / `()`.
    Null,
    /// A boolean.
    Bool(bool),
    /// An integer.
    Int(i64),
    /// A float.
    Float(f64),
    /// A string (also RON chars and unit enum variants).
    Str(String),
    /// A list or tuple.
    Array(Vec<Node>),
    /// A struct, map or enum variant with data.
    Object(Vec<(Key, Node)>),
}

impl Node {
    /// The JSON value of the tree.
    pub fn to_json(&self) -> Value {
        match &self.kind {
            NodeKind::Null => Value::Null,
            NodeKind::Bool(b) => Value::Bool(*b),
            NodeKind::Int(i) => Value::Number((*i).into()),
            NodeKind::Float(f) => Number::from_f64(*f)
                .map(Value::Number)
                .unwrap_or(Value::Null),
            NodeKind::Str(s) => Value::String(s.clone()),
            NodeKind::Array(items) => Value::Array(items.iter().map(Node::to_json).collect()),
            NodeKind::Object(fields) => {
                let mut map = Map::with_capacity(fields.len());
                for (k, v) in fields {
                    map.insert(k.name.clone(), v.to_json());
                }
                Value::Object(map)
            }
        }
    }

    /// The JSON value of the tree, consuming it: strings move instead of being copied and
    /// the tree is freed as the value grows, so that a hostile file never holds two full
    /// copies.
    pub fn into_json(self) -> Value {
        match self.kind {
            NodeKind::Str(s) => Value::String(s),
            NodeKind::Array(items) => {
                Value::Array(items.into_iter().map(Node::into_json).collect())
            }
            NodeKind::Object(fields) => {
                let mut map = Map::with_capacity(fields.len());
                for (k, v) in fields {
                    map.insert(k.name, v.into_json());
                }
                Value::Object(map)
            }
            _ => self.to_json(),
        }
    }

    /// The node a JSON pointer (`/sides/0/setup/2`) leads to, and the key naming it when
    /// it is an object member. Stops at the deepest node that exists.
    pub fn locate(&self, pointer: &str) -> (&Node, Option<&Key>) {
        let mut node = self;
        let mut key = None;
        for raw in pointer.split('/').skip(1) {
            let part = raw.replace("~1", "/").replace("~0", "~");
            let next = match &node.kind {
                NodeKind::Object(fields) => fields
                    .iter()
                    .find(|(k, _)| k.name == part)
                    .map(|(k, v)| (v, Some(k))),
                NodeKind::Array(items) => part
                    .parse::<usize>()
                    .ok()
                    .and_then(|i| items.get(i))
                    .map(|v| (v, None)),
                _ => None,
            };
            match next {
                Some((v, k)) => {
                    node = v;
                    key = k;
                }
                None => break,
            }
        }
        (node, key)
    }

    /// The span of a member key of this object, if present.
    pub fn key_span(&self, name: &str) -> Option<Span> {
        match &self.kind {
            NodeKind::Object(fields) => fields
                .iter()
                .find(|(k, _)| k.name == name)
                .map(|(k, _)| k.span),
            _ => None,
        }
    }
}

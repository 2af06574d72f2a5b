//! What the cursor is on: the innermost value (or key) of a document's positioned tree at
//! an offset, and the path that leads to it.

use muster_check::syntax::{Key, Node, NodeKind};

/// One step of a path: a member name or a list index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// A member.
    Key(String),
    /// A list item.
    Index(usize),
}

/// The innermost node at an offset.
#[derive(Debug)]
pub struct At<'t> {
    /// The steps from the root.
    pub path: Vec<Step>,
    /// The node.
    pub node: &'t Node,
    /// The key when the offset is on a member's name rather than its value.
    pub key: Option<&'t Key>,
}

impl At<'_> {
    /// The path as a JSON pointer (`/sides/0/setup/2/units/0`).
    pub fn pointer(&self) -> String {
        pointer(&self.path)
    }

    /// The path's steps as text, for matching (`["sides", "0", "setup", ...]`).
    pub fn parts(&self) -> Vec<String> {
        self.path
            .iter()
            .map(|s| match s {
                Step::Key(k) => k.clone(),
                Step::Index(i) => i.to_string(),
            })
            .collect()
    }

    /// The string under the cursor, if it is on one.
    pub fn string(&self) -> Option<&str> {
        match (&self.node.kind, self.key) {
            (NodeKind::Str(s), None) => Some(s),
            _ => None,
        }
    }
}

/// A path as a JSON pointer.
pub fn pointer(path: &[Step]) -> String {
    path.iter()
        .map(|s| match s {
            Step::Key(k) => format!("/{}", k.replace('~', "~0").replace('/', "~1")),
            Step::Index(i) => format!("/{i}"),
        })
        .collect()
}

fn inside(span: muster_check::syntax::Span, offset: usize) -> bool {
    span.start <= offset && offset <= span.end
}

/// The innermost node of `root` at `offset` (the root itself when none is deeper).
pub fn at(root: &Node, offset: usize) -> At<'_> {
    let mut path = Vec::new();
    let mut node = root;
    loop {
        let next = match &node.kind {
            NodeKind::Object(fields) => {
                if let Some((k, _)) = fields.iter().find(|(k, _)| inside(k.span, offset)) {
                    path.push(Step::Key(k.name.clone()));
                    return At {
                        path,
                        node,
                        key: Some(k),
                    };
                }
                fields
                    .iter()
                    .find(|(_, v)| inside(v.span, offset))
                    .map(|(k, v)| (Step::Key(k.name.clone()), v))
            }
            NodeKind::Array(items) => items
                .iter()
                .enumerate()
                .find(|(_, v)| inside(v.span, offset))
                .map(|(i, v)| (Step::Index(i), v)),
            _ => None,
        };
        match next {
            Some((step, child)) => {
                path.push(step);
                node = child;
            }
            None => {
                return At {
                    path,
                    node,
                    key: None,
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_innermost_value_and_its_pointer() {
        let text = r#"(sides: [(id: "a", setup: [(units: ["2x Foot"], at: Hexes(["0101"]))])])"#;
        let root = muster_check::syntax::read(text).unwrap();
        let at_ = at(&root, text.find("Foot").unwrap());
        assert_eq!(at_.pointer(), "/sides/0/setup/0/units/0");
        assert_eq!(at_.string(), Some("2x Foot"));
        let hex = at(&root, text.find("0101").unwrap());
        assert_eq!(hex.pointer(), "/sides/0/setup/0/at/Hexes/0");
        let key = at(&root, text.find("setup").unwrap());
        assert_eq!(key.key.map(|k| k.name.as_str()), Some("setup"));
    }
}

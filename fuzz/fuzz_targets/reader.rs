//! The RON/JSON reader on any text: an error or a tree, never a panic; a tree becomes
//! JSON; the comments it reports lie inside the text, in order, each a comment; read for
//! a few pointers (as findings are located), it agrees with the whole tree on each of them.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if let Ok(node) = muster_check::syntax::read(text) {
        let _ = node.to_json();
        // Pointers to every item of every list (up to a few dozen), located both ways.
        let mut pointers = Vec::new();
        collect(&node, String::new(), &mut pointers);
        pointers.truncate(40);
        let keep: Vec<&str> = pointers.iter().step_by(3).map(String::as_str).collect();
        let wanted = muster_check::syntax::Wanted::new(keep.iter().copied());
        let part = muster_check::syntax::read_wanted(text, &wanted).expect("reads as the whole does");
        // What locating takes from the tree: the value's span and its key's.
        for p in keep {
            let ((a, ka), (b, kb)) = (part.locate(p), node.locate(p));
            assert_eq!(a.span, b.span, "{p}");
            assert_eq!(ka.map(|k| k.span), kb.map(|k| k.span), "{p}");
        }
    }
    if let Ok((_, comments)) = muster_check::syntax::read_with_comments(text) {
        let mut end = 0;
        for c in comments {
            assert!(c.start >= end && c.end <= text.len() && c.start < c.end);
            assert!(text[c.start..c.end].starts_with("//") || text[c.start..c.end].starts_with("/*"));
            end = c.end;
        }
    }
});

/// Pointers to the values in a tree, parents first.
fn collect(node: &muster_check::syntax::Node, at: String, out: &mut Vec<String>) {
    use muster_check::syntax::NodeKind;
    if out.len() > 200 {
        return;
    }
    match &node.kind {
        NodeKind::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                let p = format!("{at}/{i}");
                out.push(p.clone());
                collect(item, p, out);
            }
        }
        NodeKind::Object(fields) => {
            for (k, v) in fields {
                let p = format!("{at}/{}", k.name.replace('~', "~0").replace('/', "~1"));
                out.push(p.clone());
                collect(v, p, out);
            }
        }
        _ => {}
    }
}

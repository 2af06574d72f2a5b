//! The parts of a document some JSON pointers reach, so that locating a few findings in a
//! huge file does not build its whole tree (issue 15: a 16 MB map with 400,000 off-map
//! entries located its 200 shown findings in a tree of the whole file, while the map's
//! typed value and world were still held).

use std::collections::HashSet;

/// Every path that is a pointer of the set or leads to one (`""`, `/hexes`, `/hexes/12`,
/// `/hexes/12/hex` for `/hexes/12/hex`), in the pointers' own escaping. A key's pointer
/// ([`muster_rules::Location::key`]) wants the object that holds the key, and the key's value.
#[derive(Debug, Clone, Default)]
pub struct Wanted {
    prefixes: HashSet<String>,
}

impl Wanted {
    /// The paths the given pointers need.
    pub fn new<'a>(pointers: impl IntoIterator<Item = &'a str>) -> Self {
        let mut prefixes = HashSet::new();
        prefixes.insert(String::new());
        for p in pointers {
            let p = muster_rules::key_pointer(p).unwrap_or(p);
            let p = if p.is_empty() || p.starts_with('/') {
                p.to_string()
            } else {
                format!("/{p}")
            };
            for (i, c) in p.char_indices().skip(1) {
                if c == '/' {
                    prefixes.insert(p[..i].to_string());
                }
            }
            prefixes.insert(p);
        }
        Wanted { prefixes }
    }

    /// Whether the value at `path` (an escaped pointer) is needed.
    pub fn contains(&self, path: &str) -> bool {
        self.prefixes.contains(path)
    }

    /// Whether every path `other` needs is needed here too.
    pub fn covers(&self, other: &Wanted) -> bool {
        other.prefixes.is_subset(&self.prefixes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wants_each_pointer_and_the_way_to_it() {
        let w = Wanted::new(["/hexes/12/hex", "key:sides/0/units"]);
        for p in [
            "",
            "/hexes",
            "/hexes/12",
            "/hexes/12/hex",
            "/sides",
            "/sides/0",
            "/sides/0/units",
        ] {
            assert!(w.contains(p), "{p}");
        }
        for p in [
            "/hexes/1",
            "/hexes/120",
            "/hexes/12/terrain",
            "/sides/1",
            "/title",
        ] {
            assert!(!w.contains(p), "{p}");
        }
        assert!(w.covers(&Wanted::new(["/hexes/12"])));
        assert!(!w.covers(&Wanted::new(["/hexes/13/hex"])));
    }

    #[test]
    fn a_tree_read_for_pointers_keeps_what_they_reach_where_it_was() {
        use crate::syntax::{read, read_wanted, NodeKind};
        let text = r#"(
    title: "T",
    hexes: [
        (hex: "0101", terrain: "clear"),
        (hex: "9999", terrain: "woods"), // off the map
        (hex: "0102", terrain: "hill"),
    ],
    zones: [(name: "a", zone: Hexes(["0101", "0102"]))],
)"#;
        let whole = read(text).unwrap();
        let pointers = ["/hexes/1/hex", "/zones/0/zone/Hexes/1", "key:/title"];
        let part = read_wanted(text, &Wanted::new(pointers)).unwrap();
        for p in ["/hexes/1/hex", "/zones/0/zone/Hexes/1", "/title"] {
            assert_eq!(part.locate(p).0, whole.locate(p).0, "{p}");
        }
        // The other items keep their place and lose their content.
        let (first, _) = part.locate("/hexes/0");
        assert_eq!(first.span, whole.locate("/hexes/0").0.span);
        assert_eq!(first.kind, NodeKind::Null);
        assert!(matches!(
            whole.locate("/hexes/0").0.kind,
            NodeKind::Object(_)
        ));
        // A variant's list is kept whole: its pointers pass through the variant's name.
        assert_eq!(
            part.locate("/zones/0/zone").0,
            whole.locate("/zones/0/zone").0
        );
        // Items let go are still read: a syntax error in one is still an error.
        let broken = text.replace(r#"terrain: "hill""#, r#"terrain: "hill"#);
        assert!(read_wanted(&broken, &Wanted::new(pointers)).is_err());
    }
}

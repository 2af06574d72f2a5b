//! The span-keeping reader: RON and JSON read into the same JSON shape serde expects,
//! errors located, hostile input refused without panicking.

use muster_check::syntax::{read, LineIndex, MAX_DEPTH};
use proptest::prelude::*;
use serde_json::json;

#[test]
fn ron_forms_become_serde_json_shapes() {
    let ron = r##"
        #![enable(implicit_some)]
        Scenario( // a named top-level struct: the name is decoration
            title: "Civitate",
            turns: 5,
            at: Hexes(["0504", "0505"]),
            edge: Edge(side: East, from: "1401", to: "0401"),
            pair: Except(Row("08xx"), Named("town")),
            level: Major,
            maybe: Some(3),
            none: None,
            map: {"A": "0213"},
            raw: r#"a "quoted" word"#,
            c: 'x',
            /* nested /* comments */ are fine */
            neg: -2, float: 1.5, hex: 0x10,
        )
    "##;
    let v = read(ron).unwrap().to_json();
    assert_eq!(
        v,
        json!({
            "title": "Civitate", "turns": 5,
            "at": {"Hexes": ["0504", "0505"]},
            "edge": {"Edge": {"side": "East", "from": "1401", "to": "0401"}},
            "pair": {"Except": [{"Row": "08xx"}, {"Named": "town"}]},
            "level": "Major", "maybe": 3, "none": null, "map": {"A": "0213"},
            "raw": "a \"quoted\" word", "c": "x", "neg": -2, "float": 1.5, "hex": 16
        })
    );
}

#[test]
fn json_reads_as_itself() {
    let text = r#"{"title": "x", "list": [1, 2.5, true, null, {"k": "\u00e9\n"}]}"#;
    let expected: serde_json::Value = serde_json::from_str(text).unwrap();
    assert_eq!(read(text).unwrap().to_json(), expected);
}

#[test]
fn positions_point_at_keys_and_values() {
    let text = "(\n  title: \"a\",\n  turns: 5,\n)";
    let node = read(text).unwrap();
    let (value, key) = node.locate("/turns");
    let lines = LineIndex::new(text);
    assert_eq!(lines.line_col(text, value.span.start), (3, 10));
    assert_eq!(lines.line_col(text, key.unwrap().span.start), (3, 3));
}

#[test]
fn syntax_errors_say_what_to_fix_and_where() {
    let text = "(\n  title: \"a\"\n  turns: 5,\n)";
    let e = read(text).unwrap_err();
    assert!(e.message.contains("expected `,` or `)`"), "{}", e.message);
    assert_eq!(LineIndex::new(text).line_col(text, e.span.start), (3, 3));
    for bad in [
        "(title: \"unterminated)",
        "[1, 2",
        "(a: 1, a: 2)",
        "{\"k\": 1, \"k\": 2}",
        "(a: 1) trailing",
        "(a: inf)",
        "(a: 99999999999999999999999)",
        "/* open",
        "(a: \"\\q\")",
        "",
    ] {
        assert!(read(bad).is_err(), "{bad:?} should not read");
    }
}

#[test]
fn deep_nesting_is_refused_not_a_stack_overflow() {
    let deep = "[".repeat(100_000);
    let e = read(&deep).unwrap_err();
    assert!(e.message.contains(&format!("{MAX_DEPTH}")), "{}", e.message);
    let ok = format!("{}{}", "[".repeat(MAX_DEPTH), "]".repeat(MAX_DEPTH));
    assert!(read(&ok).is_ok());
}

proptest! {
    #[test]
    fn arbitrary_text_never_panics(s in "\\PC{0,200}") {
        let _ = read(&s);
    }

    #[test]
    fn arbitrary_ron_like_text_never_panics(s in "[()\\[\\]{}:,\"'a-zA-Z0-9_ #!/*rx.-]{0,120}") {
        if let Ok(node) = read(&s) {
            let _ = node.to_json();
        }
    }
}

#[test]
fn comments_are_found_outside_strings_once_each() {
    let text = "// head\r\n(a: \"x // not\", /* one /* nested */ c */ b: r#\"/* no */\"#, // tail\r\n c: V /* after variant */)";
    let (_, spans) = muster_check::syntax::read_with_comments(text).unwrap();
    let found: Vec<&str> = spans.iter().map(|s| &text[s.start..s.end]).collect();
    assert_eq!(
        found,
        [
            "// head",
            "/* one /* nested */ c */",
            "// tail",
            "/* after variant */"
        ]
    );
}

//! The comment-keeping canonical writer (issue 15 item 4, issue 16): every comment a
//! designer writes survives `muster fmt`, `convert --to ron` and the editor's save, beside
//! the value it annotates, and formatting twice changes nothing.

use muster_check::syntax::read_with_comments;
use muster_check::{keep_comments, parse_text};
use muster_model::canonical::{map_layout, Layout};
use muster_model::{FileKind, MapFile, ScenarioFile};
use muster_rules::canonical::scenario_layout;
mod common;
use common::bundled;
use std::path::Path;
use std::sync::Arc;

fn scenario(text: &str) -> ScenarioFile {
    parse_text::<ScenarioFile>(
        Path::new("t.scenario.ron"),
        Arc::from(text),
        FileKind::Scenario,
    )
    .unwrap_or_else(|(f, _)| panic!("does not load: {f:?}\n{text}"))
    .value
}

/// `muster fmt`: the layout read is the layout written.
fn fmt(text: &str) -> String {
    let layout = scenario_layout(&scenario(text)).unwrap();
    keep_comments(text, &layout, &layout).unwrap()
}

fn comments(text: &str) -> Vec<String> {
    let (_, spans) = read_with_comments(text).unwrap();
    spans
        .iter()
        .map(|s| text[s.start..s.end].to_string())
        .collect()
}

/// A scenario written by hand: comments before, after and inside values, before closing
/// brackets, after the file, a block comment over two lines, fields out of order, one
/// side on a single line.
const HAND_WRITTEN: &str = r#"
// Header line one.
// Header line two.

(
    // About the title.
    title: "Test", // trailing on title
    ruleset: "a-la-charge",
    map: "t.map.ron", /* block after map */
    provenance: Printed,
    turns: 5,
    first_side: "a",
    sides: [ // the two armies
        (
            // side a
            id: "a",
            name: "A",
            army_morale: 10,
            units: [
                // The knights.
                (id: "K", name: "K", kind: "knights",
                   // inside the unit
                   steps: [(strength: 3, mp: 6)], provenance: Supplied), // knight note
                (id: "F", name: "F", kind: "infantry", steps: [(strength: 2, mp: 4)], provenance: Supplied),

                // last before close
            ],
            setup: [
                (units: ["K"], at: Hexes(["0101"])),
                (units: ["F"], at: Hexes(["0102"])), /* multi
   line block */ // and a line
            ],
        ),
        (id: "b", name: "B", army_morale: 10, units: [(id: "G", name: "G", kind: "infantry", steps: [(strength: 2, mp: 4)], provenance: Supplied)], setup: [(units: ["G"], at: Hexes(["0305"]))]),
    ], // end sides
) // end of file
// footer
"#;

const CANONICAL: &str = r#"// Header line one.
// Header line two.
(
    // About the title.
    title: "Test", // trailing on title
    ruleset: "a-la-charge",
    provenance: Printed,
    map: "t.map.ron", /* block after map */
    turns: 5,
    first_side: "a",
    sides: [ // the two armies
        (
            // side a
            id: "a",
            name: "A",
            army_morale: 10,
            units: [
                // The knights.
                // inside the unit
                (id: "K", name: "K", kind: "knights", steps: [(strength: 3, mp: 6)], provenance: Supplied), // knight note
                (id: "F", name: "F", kind: "infantry", steps: [(strength: 2, mp: 4)], provenance: Supplied),

                // last before close
            ],
            setup: [
                (units: ["K"], at: Hexes(["0101"])),
                (units: ["F"], at: Hexes(["0102"])), /* multi
   line block */ // and a line
            ],
        ),
        (
            id: "b",
            name: "B",
            army_morale: 10,
            units: [
                (id: "G", name: "G", kind: "infantry", steps: [(strength: 2, mp: 4)], provenance: Supplied),
            ],
            setup: [
                (units: ["G"], at: Hexes(["0305"])),
            ],
        ),
    ], // end sides
) // end of file
// footer
"#;

#[test]
fn every_comment_is_written_back_beside_its_value() {
    let out = fmt(HAND_WRITTEN);
    assert_eq!(out, CANONICAL);
    assert_eq!(comments(&out), comments(HAND_WRITTEN), "no comment lost");
    assert_eq!(
        scenario(&out),
        scenario(HAND_WRITTEN),
        "the value is unchanged"
    );
}

#[test]
fn formatting_a_formatted_file_changes_nothing() {
    assert_eq!(fmt(CANONICAL), CANONICAL);
}

/// The editor's save: the layout it loaded and the one it writes differ.
fn save(text: &str, edit: impl FnOnce(&mut ScenarioFile)) -> String {
    let loaded = scenario(text);
    let before = scenario_layout(&loaded).unwrap();
    let mut edited = loaded;
    edit(&mut edited);
    let after = scenario_layout(&edited).unwrap();
    keep_comments(text, &before, &after).unwrap()
}

fn line_of<'t>(text: &'t str, needle: &str) -> &'t str {
    text.lines()
        .find(|l| l.contains(needle))
        .unwrap_or_else(|| panic!("no line with {needle} in\n{text}"))
}

fn line_after<'t>(text: &'t str, comment: &str) -> &'t str {
    let mut lines = text.lines().skip_while(|l| !l.contains(comment));
    lines.next();
    lines.next().unwrap_or_default()
}

#[test]
fn a_comment_follows_its_unit_when_a_unit_is_added_above_it() {
    let out = save(CANONICAL, |s| {
        let mut new = s.sides[0].units[1].clone();
        new.id = "N".into();
        new.name = "N".into();
        s.sides[0].units.insert(0, new);
    });
    assert!(line_of(&out, "knight note").contains("(id: \"K\""), "{out}");
    assert!(line_after(&out, "// inside the unit").contains("(id: \"K\""));
    assert_eq!(comments(&out), comments(CANONICAL));
}

#[test]
fn a_comment_follows_its_unit_when_the_unit_is_edited() {
    let out = save(CANONICAL, |s| s.sides[0].units[0].count = 2);
    assert!(
        line_of(&out, "knight note")
            .contains("(id: \"K\", name: \"K\", kind: \"knights\", count: 2"),
        "{out}"
    );
    assert_eq!(comments(&out), comments(CANONICAL));
}

#[test]
fn a_comment_on_a_deleted_value_moves_to_the_end_of_its_list_and_is_kept() {
    let out = save(CANONICAL, |s| {
        s.sides[0].units.remove(0);
        s.sides[0].setup.remove(0);
    });
    assert!(
        !line_of(&out, "(id: \"F\"").contains("knight note"),
        "the note on the deleted knight is not pinned on the next unit:\n{out}"
    );
    let (units, _) = out.split_once("setup:").unwrap();
    let tail = units.rsplit_once("(id: \"F\"").unwrap().1;
    assert!(
        tail.contains("\n                // knight note\n"),
        "the note is on a line of its own at the end of the units:\n{out}"
    );
    assert_eq!(comments(&out), comments(CANONICAL));
    // A whole list deleted: its comments go to the end of the side.
    let out = save(CANONICAL, |s| s.sides[0].setup.clear());
    assert_eq!(comments(&out), comments(CANONICAL), "{out}");
    assert!(out.contains("// and a line\n        ),"), "{out}");
}

#[test]
fn saving_an_unchanged_file_writes_the_same_text() {
    assert_eq!(save(CANONICAL, |_| {}), CANONICAL);
}

/// Every bundled file with a comment before and at the end of every line: each one is
/// kept, the value is unchanged and formatting again changes nothing.
fn commented_everywhere<T>(ext: &str, kind: FileKind, layout: fn(&T) -> Layout)
where
    T: serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
{
    for path in bundled(ext) {
        let text = std::fs::read_to_string(&path).unwrap();
        let mut noisy = String::new();
        for (i, line) in text.lines().enumerate() {
            noisy.push_str(&format!("// before {i}\n{line} /* after {i} */\n"));
        }
        let load = |t: &str| {
            parse_text::<T>(&path, Arc::from(t), kind)
                .unwrap_or_else(|(f, _)| panic!("{}: {f:?}", path.display()))
                .value
        };
        let value = load(&noisy);
        let lines = layout(&value);
        let once = keep_comments(&noisy, &lines, &lines).unwrap();
        assert_eq!(load(&once), value, "{}", path.display());
        let mut kept = comments(&once);
        let mut written = comments(&noisy);
        kept.sort();
        written.sort();
        assert_eq!(kept, written, "{}: every comment kept", path.display());
        let twice = keep_comments(&once, &lines, &lines).unwrap();
        assert_eq!(
            twice,
            once,
            "{}: formatting twice changes nothing",
            path.display()
        );
    }
}

#[test]
fn bundled_scenarios_keep_a_comment_on_every_line() {
    commented_everywhere::<ScenarioFile>("scenario", FileKind::Scenario, |s| {
        scenario_layout(s).unwrap()
    });
}

#[test]
fn bundled_maps_keep_a_comment_on_every_line() {
    commented_everywhere::<MapFile>("map", FileKind::Map, |m| map_layout(m).unwrap());
}

//! `inspect` reads set-up lines through the placement model's one arrangement (issue 30,
//! code review 1): a line that fills its hexes is certain whatever its unit types, and an
//! owner's choice stands where the other lines leave room, as `validate` reads it.

use muster_check::{inspect_json, Checker};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// [`muster_testkit::minimal_with`] in this test's own scratch folder `name`.
fn minimal_with(name: &str, red: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("arrangement")
        .join(name);
    muster_testkit::minimal_with(&dir, red)
}

fn inspect(path: &Path) -> Value {
    let loaded = Checker::new().load_scenario(path).expect("loads");
    let v = inspect_json(&loaded);
    assert_eq!(v["version"], 4, "inspect's contract version");
    v
}

/// A unit of a set-up line as inspect gives it: id, mode, and `at` as (hex, count).
type Unit = (String, String, Vec<(String, u64)>);

/// Every red unit, line by line.
fn red(v: &Value) -> Vec<Unit> {
    let text = |x: &Value| x.as_str().unwrap_or_default().to_string();
    v["placements"]
        .as_array()
        .expect("placements")
        .iter()
        .filter(|p| p["side"] == "red")
        .flat_map(|p| p["units"].as_array().expect("units").iter())
        .map(|u| {
            let at = u["at"]
                .as_array()
                .expect("at")
                .iter()
                .map(|a| (text(&a["hex"]), a["count"].as_u64().unwrap_or(0)))
                .collect();
            (text(&u["id"]), text(&u["mode"]), at)
        })
        .collect()
}

fn at(v: &[(&str, u64)]) -> Vec<(String, u64)> {
    v.iter().map(|(h, n)| (h.to_string(), *n)).collect()
}

#[test]
fn a_line_of_two_unit_types_filling_its_hexes_is_filled_not_a_choice() {
    // Code review 1, repro 1: the model (and `query reach`) holds all three hexes.
    let path = minimal_with(
        "repro-1",
        "                (units: [\"2x Red Knights\", \"Red Foot\"], at: Hexes([\"0202\", \"0203\", \"0204\"])),\n",
    );
    let v = inspect(&path);
    assert_eq!(
        red(&v),
        vec![
            (
                "Red Knights".into(),
                "filled".into(),
                at(&[("0202", 1), ("0203", 1)])
            ),
            ("Red Foot".into(), "filled".into(), at(&[("0204", 1)])),
        ]
    );
}

#[test]
fn an_owners_choice_stands_where_the_other_lines_leave_room() {
    // Code review 1, repro 2: the two Red Knights lines hold 0203 and 0202, so the Foot's
    // choice of 0203 or 0204 is 0204.
    let path = minimal_with(
        "repro-2",
        r#"                (units: ["Red Foot"], at: Hexes(["0203", "0204"])),
                (units: ["Red Knights"], at: Hexes(["0203"])),
                (units: ["Red Knights"], at: Hexes(["0202"])),
"#,
    );
    let v = inspect(&path);
    assert_eq!(
        red(&v),
        vec![
            ("Red Foot".into(), "choice".into(), at(&[("0204", 1)])),
            ("Red Knights".into(), "fixed".into(), at(&[("0203", 1)])),
            ("Red Knights".into(), "fixed".into(), at(&[("0202", 1)])),
        ]
    );
}

#[test]
fn an_owners_choice_stands_where_the_per_hex_rules_allow() {
    // A river hex no unit can enter (AC102) is the first of the Foot's choice: validate
    // tells the owner to avoid it, so the arrangement (inspect, VASSAL, render, the editor)
    // puts the Foot on the other hex.
    let path = minimal_with(
        "stand-rule",
        "                (units: [\"Red Foot\"], at: Hexes([\"0204\", \"0205\"])),\n",
    );
    let map = path.with_file_name("x.map.ron");
    let text = std::fs::read_to_string(&map).expect("map");
    let river =
        "    default_terrain: \"clear\",\n    hexes: [(hex: \"0204\", terrain: \"river\")],\n";
    assert!(text.contains("    default_terrain: \"clear\",\n"));
    std::fs::write(
        &map,
        text.replace("    default_terrain: \"clear\",\n", river),
    )
    .expect("map");
    let report = Checker::new().check_paths(std::slice::from_ref(&path));
    let codes: Vec<_> = report
        .findings()
        .map(|f| f.diagnostic.code.to_string())
        .collect();
    assert!(codes.contains(&"AC102".to_string()), "{codes:?}");
    let v = inspect(&path);
    assert_eq!(
        red(&v),
        vec![("Red Foot".into(), "choice".into(), at(&[("0205", 1)]))]
    );
}

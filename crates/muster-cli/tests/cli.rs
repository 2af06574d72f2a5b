//! Whole-program tests of `muster` on the bundled scenarios: exit codes, the `inspect`
//! contract, and engine queries, each parsed with a real JSON parser.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

mod common;
use common::{json, muster, root};
const CIVITATE: &str = "scenarios/a-la-charge/civitate-1053.scenario.ron";
const KALAVRYAI: &str = "scenarios/a-la-charge/kalavryai-1078.scenario.ron";
const ST_ALBANS_1: &str = "scenarios/a-la-charge/st-albans-1.scenario.ron";
const ST_ALBANS_2: &str = "scenarios/a-la-charge/st-albans-2.scenario.ron";
const ASSAULT: &str = "scenarios/siege/assault-on-roche-noire.scenario.ron";

#[test]
fn bundled_scenarios_validate_with_only_recorded_errata() {
    let (code, out, _) = muster(&["validate", "scenarios", "maps", "--color", "never"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("0 errors, 0 warnings"), "{out}");
    let report = json(&["validate", "scenarios", "maps", "--format", "json"]);
    let notes: Vec<&Value> = report["diagnostics"].as_array().unwrap().iter().collect();
    assert!(
        notes.iter().all(|d| d["severity"] == "note"),
        "only notes remain: {notes:?}"
    );
    let alc: Vec<_> = notes
        .iter()
        .filter(|d| d["code"].as_str().unwrap().starts_with("AC"))
        .collect();
    assert!(
        !alc.is_empty() && alc.iter().all(|d| d["erratum"].is_string()),
        "A la Charge notes are recorded errata: {alc:?}"
    );
    assert_eq!(report["summary"]["files"], 17);
}

#[test]
fn exit_codes_follow_ripgrep() {
    assert_eq!(
        muster(&["validate", "tests/cases/invalid-ac101-stacking"]).0,
        1,
        "errors found"
    );
    assert_eq!(muster(&["validate", "no/such/path"]).0, 2, "could not run");
    assert_eq!(muster(&["explain", "NOPE1"]).0, 2);
}

/// The entries of `unit` of `side` in inspect's set-up lines (contract version 3: one
/// per line, counted, with the arrangement's hexes), each with its line's `side`, `hexes`,
/// `turn` and `hidden`.
fn placements(v: &Value, side: &str, unit: &str) -> Vec<Value> {
    assert_eq!(v["version"], 4, "inspect's contract version");
    let mut out = Vec::new();
    for p in v["placements"].as_array().unwrap() {
        for u in p["units"].as_array().unwrap() {
            if p["side"] == side && u["unit"] == unit {
                let mut e = u.clone();
                for key in ["side", "hexes", "turn", "hidden"] {
                    if let Some(x) = p.get(key) {
                        e[key] = x.clone();
                    }
                }
                out.push(e);
            }
        }
    }
    out
}

/// How many counters the entries stand for.
fn count(entries: &[Value]) -> u64 {
    entries.iter().map(|e| e["count"].as_u64().unwrap()).sum()
}

/// How many counters inspect's set-up lines place (of one side, or of all).
fn counters_of(v: &Value, side: Option<&str>) -> u64 {
    v["placements"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| side.is_none_or(|s| p["side"] == s))
        .flat_map(|p| p["units"].as_array().unwrap())
        .map(|u| u["count"].as_u64().unwrap())
        .sum()
}

fn hexes(p: &Value) -> Vec<&str> {
    p["hexes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h.as_str().unwrap())
        .collect()
}

#[test]
fn inspect_civitate_matches_the_print() {
    let v = json(&["inspect", CIVITATE]);
    assert_eq!(v["title"], "Civitate 18 June 1053");
    assert_eq!(v["turns"], 5);
    assert_eq!(v["first_side"], "normans");
    assert_eq!(v["sides"][0]["id"], "papal");
    assert_eq!(v["sides"][0]["name"], "Papal Army");
    let chevaliers = placements(&v, "papal", "Chevaliers Italiens");
    assert_eq!(count(&chevaliers), 6, "6x Chevaliers Italiens");
    assert_eq!(chevaliers.len(), 1, "one line, counted");
    assert_eq!(
        hexes(&chevaliers[0]),
        ["0504", "0505", "0508", "0509", "0608", "0511"]
    );
    assert_eq!(hexes(&placements(&v, "papal", "Rudolf")[0]), ["0508"]);
    assert_eq!(hexes(&placements(&v, "normans", "Archers")[0]), ["0909"]);
    assert_eq!(count(&placements(&v, "normans", "Infanteries Normands")), 2);
    // 19 Papal combat units + Rudolf, 10 Norman combat units + Onfroy.
    assert_eq!(counters_of(&v, None), 20 + 11);
    assert!(
        v["placements"]
            .as_array()
            .unwrap()
            .iter()
            .all(|p| p.get("turn").is_none()),
        "no reinforcements at Civitate"
    );
}

#[test]
fn inspect_kalavryai_has_the_ambush_and_the_reinforcement() {
    let v = json(&["inspect", KALAVRYAI]);
    assert_eq!(
        (v["turns"].as_u64(), v["first_side"].as_str()),
        (Some(6), Some("rebels"))
    );
    let athanatoi = placements(&v, "byzantines", "Athanatoi");
    let late: Vec<_> = athanatoi.iter().filter(|p| p["turn"] == 2).collect();
    assert_eq!(late.len(), 1);
    let entry = hexes(late[0]);
    assert_eq!(late[0]["count"], 1);
    assert_eq!(
        (entry.first().copied(), entry.last().copied(), entry.len()),
        (Some("1201"), Some("1215"), 15)
    );
    let ambush: Vec<_> = placements(&v, "byzantines", "Turcs")
        .into_iter()
        .filter(|p| p["hidden"] == true)
        .collect();
    assert_eq!(ambush.len(), 1);
    let zone = hexes(&ambush[0]);
    assert!(
        zone.contains(&"0913")
            && zone.contains(&"1215")
            && !zone.contains(&"0912")
            && !zone.contains(&"0813"),
        "{zone:?}"
    );
    assert_eq!(
        v["overlays"][0]["rotation"], 240,
        "overlay 1 turned to fit A 0812, B 0914"
    );
}

#[test]
fn inspect_st_albans_1_matches_the_print() {
    let v = json(&["inspect", ST_ALBANS_1]);
    assert_eq!(
        (v["turns"].as_u64(), v["first_side"].as_str()),
        (Some(5), Some("yorkists"))
    );
    let line = [
        "1403", "1304", "1204", "1105", "1004", "0905", "0804", "0705", "0604", "0505", "0404",
    ];
    for unit in ["Somerset", "Archers", "(3-2)", "(2-2)", "(1-2)"] {
        for p in placements(&v, "lancastrians", unit) {
            assert_eq!(hexes(&p), line, "{unit}");
        }
    }
    assert_eq!(count(&placements(&v, "lancastrians", "Archers")), 6);
    assert_eq!(
        hexes(&placements(&v, "lancastrians", "King Henry")[0]),
        ["1006"]
    );
    let york = v["placements"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["side"] == "yorkists")
        .collect::<Vec<_>>();
    assert_eq!(
        counters_of(&v, Some("yorkists")),
        17,
        "10 archers, 2 (3-2), 3 (2-2), 2 (1-2)"
    );
    for p in york {
        assert_eq!(p["turn"], 1);
        let e = hexes(p);
        assert_eq!(
            (e[0], e[e.len() - 1], e.len()),
            ("0401", "1401", 11),
            "east edge between 1401 and 0401"
        );
    }
}

#[test]
fn inspect_st_albans_2_matches_the_print() {
    let v = json(&["inspect", ST_ALBANS_2]);
    assert_eq!(
        (v["turns"].as_u64(), v["first_side"].as_str()),
        (Some(7), Some("lancastrians"))
    );
    let lanc: Vec<_> = v["placements"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["side"] == "lancastrians")
        .collect();
    assert_eq!(counters_of(&v, Some("lancastrians")), 1 + 7 + 4 + 3 + 2);
    assert!(lanc
        .iter()
        .all(|p| p["turn"] == 1 && hexes(p) == ["1803", "1806", "1810"]));
    assert_eq!(
        hexes(&placements(&v, "yorkists", "King Henry")[0]),
        ["1006"]
    );
    let warwick = placements(&v, "yorkists", "Warwick");
    let warwick = hexes(&warwick[0]);
    assert!(
        warwick.iter().all(|h| h.starts_with("08")) && warwick.len() == 12,
        "hex row 08xx"
    );
    let york = counters_of(&v, Some("yorkists"));
    assert_eq!(
        york,
        1 + 1 + 1 + 5 + 4 + 5,
        "King, 1205, 1006, 08xx, 06xx, 04xx"
    );
    assert_eq!(v["sides"][0]["rout"]["units_lost"], 9);
    assert_eq!(v["sides"][1]["rout"]["units_lost"], 8);
}

#[test]
fn reach_on_the_bundled_scenarios() {
    let r = json(&["query", "reach", ST_ALBANS_2, "Cavalry", "--format", "json"]);
    assert_eq!(r["unit"], "Cavalry");
    assert_eq!(r["from"], "1803");
    let h: Vec<&str> = r["hexes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap())
        .collect();
    assert!(
        h.contains(&"1403"),
        "four road hexes over the bridge: {h:?}"
    );
    assert!(
        !h.iter().any(|x| x.starts_with("14") && *x != "1403"),
        "the Lancastrians cross only by the bridges: {h:?}"
    );
    let king = json(&["query", "reach", ST_ALBANS_1, "King Henry"]);
    assert_eq!(
        king["hexes"].as_array().unwrap().len(),
        0,
        "the King cannot move unless captured"
    );
    assert!(king["restricted"].is_string());
    let elite = json(&["query", "reach", CIVITATE, "Chevaliers Normands d'Elite"]);
    assert_eq!(elite["from"], "0905");
    let h: Vec<&str> = elite["hexes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap())
        .collect();
    assert!(
        !h.contains(&"0904") && !h.contains(&"0907"),
        "no stacking with friendly knights at the end"
    );
    assert!(!h.contains(&"0505"), "cannot enter an enemy hex");
}

#[test]
fn line_of_fire_on_st_albans() {
    let down_the_road = json(&["query", "los", ST_ALBANS_2, "1306", "0806"]);
    assert_eq!(down_the_road["clear"], true, "{down_the_road}");
    assert!(down_the_road["reason"].as_str().unwrap().contains("road"));
    // Down Holywell Hill into the town at an even distance: still down the road (ours).
    let down_the_hill = json(&["query", "los", ST_ALBANS_2, "1806", "1006"]);
    assert_eq!(down_the_hill["clear"], true, "{down_the_hill}");
    // Off the road, through the town's buildings.
    let through_town = json(&["query", "los", ST_ALBANS_2, "1806", "1007"]);
    assert_eq!(through_town["clear"], false);
    assert_eq!(through_town["cover"], "building");
    assert_eq!(through_town["path"][0], "1806");
    let hilltop = json(&["query", "los", ST_ALBANS_2, "0805", "0505"]);
    assert_eq!(
        hilltop["clear"], false,
        "level ground to an inner hilltop hex"
    );
    let slope = json(&["query", "los", ST_ALBANS_2, "0805", "0704"]);
    assert_eq!(slope["clear"], true, "level ground to a slope");
    let edge = json(&["query", "los", ST_ALBANS_2, "0805", "0306"]);
    assert_eq!(
        edge["clear"], true,
        "level ground to a hilltop hex beside a slope"
    );
}

#[test]
fn line_of_fire_on_the_siege_assault_with_levels() {
    // From the top of the west tower over the walls to a soldier on the battlement.
    let top = json(&[
        "query",
        "los",
        ASSAULT,
        "1020",
        "1011",
        "--from-level",
        "upper",
    ]);
    assert_eq!(top["clear"], true, "{top}");
    assert_eq!(top["cover"], "heavy", "behind the battlement: {top}");
    assert_eq!(top["from_level"], 1);
    assert_eq!(top["to_level"], 1);
    // The same hexes from the ground, inside the tower: no shooting (2.44).
    let inside = json(&["query", "los", ASSAULT, "1020", "1011"]);
    assert_eq!(inside["clear"], false, "{inside}");
    assert!(inside["reason"].as_str().unwrap().contains("2.44"));
    // The crossbowman in the trench sees the battlement soldier over the moat.
    let trench = json(&["query", "los", ASSAULT, "1116", "1011"]);
    assert_eq!(trench["clear"], true, "{trench}");
    assert!(trench["path"].as_array().unwrap().len() > 2);
    // The keep stops every line (2.43 note).
    let keep = json(&[
        "query",
        "los",
        ASSAULT,
        "1020",
        "1306",
        "--from-level",
        "upper",
    ]);
    assert_eq!(keep["clear"], false, "{keep}");
    // Reach of a character on foot, priced by the siege ruleset.
    let reach = json(&["query", "reach", ASSAULT, "Hugues"]);
    assert_eq!(reach["from"], "1211");
    assert!(
        reach["hexes"]
            .as_array()
            .unwrap()
            .iter()
            .any(|h| h == "1212"),
        "{reach}"
    );
}

#[test]
fn crossfire_at_a_building_corner_is_a_choice() {
    const CORNER: &str = "tests/rules-examples/siege-3.29-corner.scenario.ron";
    let v = json(&[
        "query",
        "crossfire",
        CORNER,
        "0604",
        "--from",
        "0602",
        "--from",
        "0306",
        "--from",
        "0806",
    ]);
    let fires = v["fires"].as_array().unwrap();
    assert_eq!(fires[0]["cover"], "medium", "{v}");
    assert_eq!(fires[1]["cover"], "medium", "{v}");
    assert_eq!(fires[2]["cover"], "none", "{v}");
    assert_eq!(v["choose_between"], serde_json::json!(["0602", "0306"]));
    // The choice is between faces: the two shooters see two different walls of the corner.
    let (a, b) = (fires[0]["face"].as_str(), fires[1]["face"].as_str());
    assert!(a.is_some() && b.is_some() && a != b, "{v}");
    assert!(fires[2]["face"].is_null(), "{v}");
    // Not a rule of the other systems: the refusal names what the system answers.
    let (code, _, err) = muster(&["query", "crossfire", CIVITATE, "0505", "--from", "0606"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("`crossfire` is not a question A la Charge answers; it answers: reach"),
        "{err}"
    );
}

#[test]
fn explain_prints_the_documented_headings() {
    let (code, out, _) = muster(&["explain", "AC101"]);
    assert_eq!(code, 0);
    for heading in ["## What it checks", "## Why", "## Example", "## Rule", "§7"] {
        assert!(out.contains(heading), "{heading} in {out}");
    }
    let (_, list, _) = muster(&["explain", "--list"]);
    assert!(list.lines().count() >= 40);
}

#[test]
fn schema_command_writes_the_committed_schemas() {
    let dir = std::env::temp_dir().join(format!("muster-schema-{}", std::process::id()));
    let (code, _, err) = muster(&["schema", "--out", dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    for name in ["map", "overlay", "scenario", "pack", "ruleset"] {
        let written = std::fs::read_to_string(dir.join(format!("{name}.schema.json"))).unwrap();
        let committed =
            std::fs::read_to_string(root().join(format!("schemas/{name}.schema.json"))).unwrap();
        assert_eq!(written, committed, "{name}");
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn sarif_output_is_valid_sarif_json() {
    let (code, out, _) = muster(&[
        "validate",
        "tests/cases/invalid-ac101-stacking",
        "--format",
        "sarif",
    ]);
    assert_eq!(code, 1);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["version"], "2.1.0");
    let run = &v["runs"][0];
    let rules = run["tool"]["driver"]["rules"].as_array().unwrap();
    assert!(rules.iter().any(|r| r["id"] == "AC101"));
    let result = run["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["ruleId"] == "AC101")
        .unwrap();
    assert_eq!(result["level"], "error");
    let region = &result["locations"][0]["physicalLocation"]["region"];
    assert!(
        region["startLine"].as_u64().unwrap() > 0 && region["startColumn"].as_u64().unwrap() > 0
    );
    let idx = result["ruleIndex"].as_u64().unwrap() as usize;
    assert_eq!(rules[idx]["id"], "AC101", "ruleIndex points at the rule");
}

#[test]
fn junit_output_parses_as_xml_with_one_case_per_file() {
    use quick_xml::events::Event;
    let (code, out, _) = muster(&[
        "validate",
        "tests/cases/invalid-ac101-stacking",
        "tests/cases/valid-minimal",
        "--format",
        "junit",
    ]);
    assert_eq!(code, 1);
    let mut reader = quick_xml::Reader::from_str(&out);
    let (mut cases, mut failures) = (0, 0);
    loop {
        match reader.read_event().unwrap() {
            Event::Start(e) | Event::Empty(e) if e.name().as_ref() == b"testcase" => cases += 1,
            Event::Start(e) | Event::Empty(e) if e.name().as_ref() == b"failure" => failures += 1,
            Event::Eof => break,
            _ => {}
        }
    }
    assert_eq!(cases, 4, "two maps and two scenarios: {out}");
    assert_eq!(failures, 1, "{out}");
}

#[test]
fn github_annotations_name_file_line_and_column() {
    let (code, out, _) = muster(&[
        "validate",
        "tests/cases/invalid-ac101-stacking",
        "--format",
        "github",
    ]);
    assert_eq!(code, 1);
    let line = out.lines().find(|l| l.starts_with("::error ")).unwrap();
    assert!(
        line.contains("file=tests/cases/invalid-ac101-stacking/x.scenario.ron,line="),
        "{line}"
    );
    assert!(
        line.contains(",col=") && line.contains("title=AC101"),
        "{line}"
    );
}

#[test]
fn allow_deny_and_quiet() {
    let (code, out, _) = muster(&[
        "validate",
        "tests/cases/invalid-ac101-stacking",
        "--allow",
        "AC101",
        "--color",
        "never",
    ]);
    assert_eq!(code, 0, "an allowed code is a note: {out}");
    assert!(out.contains("note[AC101]"));
    let (code, _, _) = muster(&[
        "validate",
        "tests/cases/invalid-ac105-unreachable-morale/x.scenario.ron",
        "--deny",
        "AC105",
    ]);
    assert_eq!(code, 1);
    let (code, out, _) = muster(&[
        "validate",
        "scenarios",
        "maps",
        "--quiet",
        "--color",
        "never",
    ]);
    assert_eq!((code, out.as_str()), (0, ""), "quiet prints only errors");
    let (code, _, _) = muster(&[
        "validate",
        "tests/cases/valid-erratum-waives-stacking",
        "--deny",
        "warnings",
    ]);
    assert_eq!(code, 0, "notes are not warnings");
}

#[test]
fn fmt_check_convert_and_new() {
    let (code, out, _) = muster(&["fmt", "--check", "scenarios", "maps"]);
    assert_eq!(code, 0, "the bundled files are canonical: {out}");
    let dir = std::env::temp_dir().join(format!("muster-cli-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let pack = dir.join("pack");
    let (code, _, err) = muster(&["new", "pack", pack.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let (code, out, _) = muster(&["validate", pack.to_str().unwrap(), "--color", "never"]);
    assert_eq!(code, 0, "a new pack validates: {out}");
    let siege = dir.join("siege-pack");
    let (code, _, err) = muster(&["new", "pack", siege.to_str().unwrap(), "--ruleset", "siege"]);
    assert_eq!(code, 0, "{err}");
    let (code, out, _) = muster(&["validate", siege.to_str().unwrap(), "--color", "never"]);
    assert_eq!(code, 0, "a new Siege pack validates: {out}");
    let json = dir.join("civitate.scenario.json");
    let (code, _, err) = muster(&[
        "convert",
        "--to",
        "json",
        CIVITATE,
        "-o",
        json.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let parsed: Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(parsed["turns"], 5);
    let (_, back, _) = muster(&["convert", "--to", "ron", json.to_str().unwrap()]);
    let original = std::fs::read_to_string(root().join(CIVITATE)).unwrap();
    assert!(
        original.ends_with(&(back.trim_end().to_string() + "\n")),
        "JSON back to RON gives the canonical text"
    );
    let (code, out, _) = muster(&["completions", "bash"]);
    assert!(code == 0 && out.contains("muster"));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn diff_reports_moves_in_game_terms() {
    let dir = std::env::temp_dir().join(format!("muster-diff-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("scenarios/a-la-charge")).unwrap();
    std::fs::create_dir_all(dir.join("maps")).unwrap();
    for f in [
        "maps/normans-byzantines.map.ron",
        "maps/nb-overlay-1.overlay.ron",
        "maps/nb-overlay-2.overlay.ron",
    ] {
        std::fs::copy(root().join(f), dir.join(f)).unwrap();
    }
    let text = std::fs::read_to_string(root().join(CIVITATE))
        .unwrap()
        .replace(
            "[\"Amalfi\"], at: Hexes([\"0306\"])",
            "[\"Amalfi\"], at: Hexes([\"0406\"])",
        );
    std::fs::write(dir.join(CIVITATE), text).unwrap();
    let map = std::fs::read_to_string(root().join("maps/normans-byzantines.map.ron")).unwrap().replace("default_terrain: \"clear\",", "default_terrain: \"clear\",\n    hexes: [\n        (hex: \"0606\", terrain: \"woods\"),\n    ],");
    std::fs::write(dir.join("maps/normans-byzantines.map.ron"), map).unwrap();
    let (code, out, err) = muster(&[
        "diff",
        root().to_str().unwrap(),
        dir.to_str().unwrap(),
        "--format",
        "markdown",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("- **Amalfi** (papal) moved from 0306 to 0406"),
        "{out}"
    );
    assert!(out.contains("terrain 0606: clear → woods"), "{out}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn diff_reports_siege_works_in_game_terms() {
    let dir = std::env::temp_dir().join(format!("muster-diff-siege-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("scenarios/siege")).unwrap();
    std::fs::create_dir_all(dir.join("maps")).unwrap();
    std::fs::copy(
        root().join("maps/roche-noire.map.ron"),
        dir.join("maps/roche-noire.map.ron"),
    )
    .unwrap();
    let text = std::fs::read_to_string(root().join(ASSAULT))
        .unwrap()
        .replace("at: \"1021\", facing: \"N\"", "at: \"1019\", facing: \"N\"")
        .replace(
            "(kind: \"rubble\", hex: \"1511\"),",
            "(kind: \"fire\", hex: \"1511\", value: 1),",
        );
    std::fs::write(dir.join(ASSAULT), text).unwrap();
    let old = dir.join("old");
    std::fs::create_dir_all(old.join("scenarios/siege")).unwrap();
    std::fs::create_dir_all(old.join("maps")).unwrap();
    std::fs::copy(
        root().join("maps/roche-noire.map.ron"),
        old.join("maps/roche-noire.map.ron"),
    )
    .unwrap();
    std::fs::copy(root().join(ASSAULT), old.join(ASSAULT)).unwrap();
    let new = dir.join("new");
    std::fs::create_dir_all(new.join("scenarios/siege")).unwrap();
    std::fs::create_dir_all(new.join("maps")).unwrap();
    std::fs::copy(
        root().join("maps/roche-noire.map.ron"),
        new.join("maps/roche-noire.map.ron"),
    )
    .unwrap();
    std::fs::copy(dir.join(ASSAULT), new.join(ASSAULT)).unwrap();
    let (code, out, err) = muster(&["diff", old.to_str().unwrap(), new.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("west-tower (siege-tower) moved from 1021 facing N to 1019 facing N"),
        "{out}"
    );
    assert!(out.contains("marker removed: rubble on 1511"), "{out}");
    assert!(out.contains("marker added: fire 1 on 1511"), "{out}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn and_gentlemen_all_example_reach_in_hexes_at_its_scale() {
    const BRAMPTON: &str = "scenarios/and-gentlemen-all/brampton-field.scenario.ron";
    let foot = json(&["query", "reach", BRAMPTON, "Blue Regiment"]);
    assert_eq!(
        (foot["from"].as_str(), foot["mp"].as_u64()),
        (Some("0812"), Some(3)),
        "6 inches at 2 inches a hex"
    );
    let column = json(&["query", "reach", BRAMPTON, "Sheffield's Horse"]);
    assert_eq!(column["mp"], 9, "18 inches in march column");
    let guns = json(&["query", "reach", BRAMPTON, "Demi-Culverins"]);
    assert!(guns["restricted"]
        .as_str()
        .unwrap()
        .contains("heavy artillery"));
    let horse = json(&["query", "reach", BRAMPTON, "Cromwell's Ironsides"]);
    let h: Vec<&str> = horse["hexes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap())
        .collect();
    let village = ["0908", "0909", "1007", "1008", "1009", "1108"];
    assert!(
        h.len() > 5 && h.iter().all(|x| !village.contains(x)),
        "deployed horse keeps out of the village: {h:?}"
    );
    let v = json(&["inspect", BRAMPTON]);
    assert_eq!(counters_of(&v, None), 22);
}

#[test]
fn charles_the_bold_example_command_range_and_sight() {
    const SAINT_AUBIN: &str = "scenarios/charles-the-bold/saint-aubin.scenario.ron";
    let c = json(&["query", "command", SAINT_AUBIN, "english/centre"]);
    assert_eq!(
        (
            c["general"].as_str(),
            c["from"].as_str(),
            c["range"].as_u64()
        ),
        (Some("Duke of Gloucester"), Some("0811"), Some(6))
    );
    let hexes: Vec<&str> = c["hexes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h.as_str().unwrap())
        .collect();
    assert!(
        hexes.contains(&"0812") && hexes.contains(&"0805") && !hexes.contains(&"0804"),
        "six hexes, not seven: {hexes:?}"
    );
    let (code, _, err) = muster(&["query", "command", SAINT_AUBIN, "centre"]);
    assert_eq!(code, 2, "both sides have a centre: {err}");
    let up = json(&["query", "los", SAINT_AUBIN, "0712", "0808"]);
    assert_eq!(
        up["clear"], false,
        "from the plain only one hex into the hill tops"
    );
    assert!(up["reason"].as_str().unwrap().contains("§6.0"));
    // The first hilltop hex can be seen; the English Foot in 0712 have no range columns,
    // so they do not fire there (§16, issue 29 item 21).
    let edge = json(&["query", "los", SAINT_AUBIN, "0712", "0809"]);
    let why = edge["reason"].as_str().unwrap_or("");
    assert!(
        why.contains("0712 can see 0809"),
        "the first hilltop hex can be seen: {edge}"
    );
    assert!(why.contains("does not fire"), "{edge}");
    let v = json(&["inspect", SAINT_AUBIN]);
    assert_eq!(v["sides"][1]["id"], "burgundians");
}

fn hexes_of(v: &Value, key: &str) -> Vec<String> {
    v[key]
        .as_array()
        .unwrap_or_else(|| panic!("`{key}` is an array: {v}"))
        .iter()
        .map(|x| x.as_str().unwrap().to_string())
        .collect()
}

/// Issue 12: reach reads who stands where from the placement model.
#[test]
fn reach_stops_at_a_line_that_fills_its_hexes() {
    // 1st St Albans: the Lancastrian line puts 11 combat units in 11 hexes (§13.1); a
    // Yorkist unit from 1303 may enter none of them, nor pass their zones of control.
    let line = [
        "1403", "1304", "1204", "1105", "1004", "0905", "0804", "0705", "0604", "0505", "0404",
    ];
    let r = json(&[
        "query",
        "reach",
        ST_ALBANS_1,
        "yorkists/Archers",
        "--from",
        "1303",
    ]);
    let h = hexes_of(&r, "hexes");
    assert!(!h.is_empty(), "{r}");
    for x in line {
        assert!(
            !h.contains(&x.to_string()),
            "{x} is filled by the line: {h:?}"
        );
    }
    // 1303 is in the zone of 1304 and 1403: no move straight into 1203 (zone of 1204),
    // it costs the way round through 1302.
    assert_eq!(r["cost"]["1203"], 2, "{r}");
    assert!(
        hexes_of(&r, "uncertain").is_empty(),
        "every Lancastrian hex is certain: {r}"
    );
}

#[test]
fn reach_enters_the_hex_of_a_king_alone() {
    // "The King is captured when an opposing (Yorkist) unit enters the hex he is in."
    let r = json(&[
        "query",
        "reach",
        ST_ALBANS_1,
        "yorkists/Archers",
        "--from",
        "1007",
    ]);
    assert!(hexes_of(&r, "hexes").contains(&"1006".to_string()), "{r}");
}

#[test]
fn reach_of_a_hidden_inactive_unit_asks_and_answers() {
    // Kalavryai special rule 1: the Turc is placed secretly in a zone and cannot act
    // before turn 2.
    let (code, _, err) = muster(&["query", "reach", KALAVRYAI, "Turc (force 3)"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("hidden") && err.contains("--from"), "{err}");
    let r = json(&[
        "query",
        "reach",
        KALAVRYAI,
        "Turc (force 3)",
        "--from",
        "0914",
    ]);
    assert!(hexes_of(&r, "hexes").is_empty(), "{r}");
    assert!(r["restricted"].as_str().unwrap().contains("turn 2"), "{r}");
    // An enemy moving near the ambush zone learns where the answer is uncertain.
    let m = json(&["query", "reach", KALAVRYAI, "Maniakatoi"]);
    let uncertain = hexes_of(&m, "uncertain");
    assert!(uncertain.contains(&"0914".to_string()), "{m}");
    let reach = hexes_of(&m, "hexes");
    assert!(uncertain.iter().all(|u| reach.contains(u)), "{m}");
}

// --- Hostile input (issue 15): the pack boundary, bounded output, closed pipes. ---

/// A fresh, empty folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("muster-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `muster` run in `dir`, killed after 60 s so that a read that blocks fails the test
/// instead of hanging it (exit 124 from `timeout`).
fn muster_in(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new("timeout")
        .arg("60")
        .arg(env!("CARGO_BIN_EXE_muster"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

/// A valid test scenario whose `map:` is `map`.
fn scenario_with_map(map: &str) -> String {
    let text = std::fs::read_to_string(
        root().join("tests/cases/invalid-mu010-missing-map/x.scenario.ron"),
    )
    .unwrap();
    let map = map.replace('\\', "\\\\").replace('"', "\\\"");
    text.replace("\"missing.map.ron\"", &format!("\"{map}\""))
}

/// Codes reported per file name in a JSON report.
fn codes_by_file(report: &Value) -> Vec<(String, String)> {
    report["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            let file = d["file"].as_str().unwrap();
            let name = file.rsplit('/').next().unwrap().to_string();
            (name, d["code"].as_str().unwrap().to_string())
        })
        .collect()
}

#[cfg(unix)]
#[test]
fn references_outside_the_pack_or_to_special_files_are_mu013_and_echo_nothing() {
    let dir = scratch("boundary");
    let pack = dir.join("pack");
    std::fs::create_dir_all(pack.join("maps")).unwrap();
    std::fs::create_dir_all(pack.join("scenarios")).unwrap();
    // A file outside the pack whose content must never appear in any output.
    std::fs::write(dir.join("secret.map.ron"), "SECRET-CONTENT root:x:0:0\n").unwrap();
    std::os::unix::fs::symlink(dir.join("secret.map.ron"), pack.join("maps/link.map.ron")).unwrap();
    assert!(Command::new("mkfifo")
        .arg(pack.join("maps/fifo.map.ron"))
        .status()
        .unwrap()
        .success());
    let _socket = std::os::unix::net::UnixListener::bind(pack.join("maps/socket.map.ron")).unwrap();
    let secret = dir.join("secret.map.ron");
    let cases = [
        ("passwd", "../../../../../../../../../../etc/passwd"),
        ("zero", "/dev/zero"),
        ("absolute", secret.to_str().unwrap()),
        ("up", "../../secret.map.ron"),
        ("link", "../maps/link.map.ron"),
        ("fifo", "../maps/fifo.map.ron"),
        ("socket", "../maps/socket.map.ron"),
        ("folder", "../maps"),
    ];
    for (name, map) in cases {
        std::fs::write(
            pack.join(format!("scenarios/{name}.scenario.ron")),
            scenario_with_map(map),
        )
        .unwrap();
    }
    // Run from the pack (the working directory is the root, as in CI).
    for format in ["json", "human", "github", "sarif", "junit"] {
        let (code, out, err) = muster_in(&pack, &["validate", ".", "--format", format]);
        assert_eq!(code, 1, "{format}: findings, no hang, no crash: {err}");
        for leaked in ["SECRET", "root:x:"] {
            assert!(!out.contains(leaked), "{format} echoes {leaked}: {out}");
            assert!(!err.contains(leaked), "{format} echoes {leaked}: {err}");
        }
    }
    let (_, out, _) = muster_in(&pack, &["validate", ".", "--format", "json"]);
    let report: Value = serde_json::from_str(&out).unwrap();
    let codes = codes_by_file(&report);
    for (name, _) in cases {
        let file = format!("{name}.scenario.ron");
        let on_it: Vec<_> = codes.iter().filter(|(f, _)| *f == file).collect();
        assert!(
            !on_it.is_empty() && on_it.iter().all(|(_, c)| c == "MU013"),
            "{file}: {on_it:?}"
        );
    }
    // The walk refuses the link leaving the pack, and reports the FIFO and the socket
    // without opening them.
    let code_of = |f: &str| codes.iter().find(|(n, _)| n == f).map(|(_, c)| c.as_str());
    assert_eq!(code_of("link.map.ron"), Some("MU013"), "{codes:?}");
    assert_eq!(code_of("fifo.map.ron"), Some("MU004"), "{codes:?}");
    assert_eq!(code_of("socket.map.ron"), Some("MU004"), "{codes:?}");
    // Named directly, a FIFO is a finding too, not a hang.
    let (code, out, _) = muster_in(
        &pack,
        &["validate", "maps/fifo.map.ron", "--format", "json"],
    );
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("MU004") && out.contains("FIFO"), "{out}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_nearest_manifest_sets_the_pack_root() {
    let dir = scratch("manifest");
    let pack = dir.join("pack");
    std::fs::create_dir_all(pack.join("scenarios")).unwrap();
    std::fs::write(pack.join("muster.pack.ron"), "(name: \"test pack\")\n").unwrap();
    std::fs::write(dir.join("outside.map.ron"), "SECRET-CONTENT\n").unwrap();
    std::fs::write(
        pack.join("scenarios/x.scenario.ron"),
        scenario_with_map("../../outside.map.ron"),
    )
    .unwrap();
    // The working directory holds both, but the manifest bounds the pack.
    let (code, out, _) = muster_in(&dir, &["validate", "pack", "--format", "json"]);
    assert_eq!(code, 1, "{out}");
    assert!(!out.contains("SECRET"), "{out}");
    let report: Value = serde_json::from_str(&out).unwrap();
    assert!(
        codes_by_file(&report)
            .iter()
            .any(|(f, c)| f == "x.scenario.ron" && c == "MU013"),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// A 6x6 map with `n` entries off the map, each a finding (MU023).
fn map_with_off_map_entries(n: usize) -> String {
    let mut text = String::from(
        "(\n    title: \"Hostile\",\n    ruleset: \"a-la-charge\",\n    provenance: Original,\n    \
         grid: (orientation: Flat, stagger: Even, numbering: ColumnRow, first_column: 1, \
         first_row: 1, columns: 6, rows: 6, north: Top),\n    default_terrain: \"clear\",\n    hexes: [\n",
    );
    for i in 0..n {
        text.push_str(&format!(
            "        (hex: \"{:02}{:02}\", terrain: \"clear\"),\n",
            10 + i % 90,
            10 + (i / 90) % 90
        ));
    }
    text.push_str("    ],\n)\n");
    text
}

#[test]
fn findings_per_file_are_capped_and_the_rest_counted() {
    let dir = scratch("cap");
    std::fs::write(dir.join("big.map.ron"), map_with_off_map_entries(2500)).unwrap();
    let (code, out, _) = muster_in(&dir, &["validate", "big.map.ron", "--format", "json"]);
    assert_eq!(code, 1);
    let report: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["diagnostics"].as_array().unwrap().len(), 200);
    // Past muster_rules::MAX_ALIKE (1000) the rules count findings without building
    // them; every one is still counted.
    assert_eq!(
        report["summary"]["errors"], 2500,
        "the summary counts them all"
    );
    assert_eq!(report["summary"]["suppressed"], 2300);
    assert_eq!(report["suppressed"][0]["count"], 2300);
    let (_, out, _) = muster_in(&dir, &["validate", "big.map.ron", "--format", "sarif"]);
    let sarif: Value = serde_json::from_str(&out).unwrap();
    let run = &sarif["runs"][0];
    assert_eq!(run["results"].as_array().unwrap().len(), 200);
    assert_eq!(run["properties"]["suppressedFindings"], 2300);
    let (code, out, _) = muster_in(&dir, &["validate", "big.map.ron", "--color", "never"]);
    assert_eq!(code, 1);
    assert_eq!(out.matches("error[MU023]").count(), 200);
    assert_eq!(out.matches("and 2300 more").count(), 1, "one closing line");
    // Findings left out are still rated by --allow: all 2500 become notes, exit 0.
    let (code, out, _) = muster_in(
        &dir,
        &[
            "validate",
            "big.map.ron",
            "--format",
            "json",
            "--allow",
            "MU023",
        ],
    );
    assert_eq!(code, 0, "{out}");
    let report: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["summary"]["errors"], 0);
    assert_eq!(report["summary"]["notes"], 2500);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn long_lines_are_cut_and_escape_sequences_escaped_in_human_output() {
    let dir = scratch("snippet");
    // One 1 MB line with an unknown field far along it, and an escape sequence in a key.
    let padding = " ".repeat(1 << 20);
    let text = format!(
        "(title: \"x\",{padding}bogus\u{1b}[31m: 1, ruleset: \"a-la-charge\", provenance: Original, \
         grid: (orientation: Flat, stagger: Even, numbering: ColumnRow, first_column: 1, \
         first_row: 1, columns: 6, rows: 6, north: Top), default_terrain: \"clear\")\n"
    );
    std::fs::write(dir.join("long.map.ron"), text).unwrap();
    for format in ["human", "github"] {
        let (code, out, _) = muster_in(
            &dir,
            &[
                "validate",
                "long.map.ron",
                "--format",
                format,
                "--color",
                "never",
            ],
        );
        assert_eq!(code, 1, "{out}");
        assert!(!out.contains('\u{1b}'), "{format}: raw escape in {out:?}");
        assert!(out.contains("\\u{1b}"), "{format}: shown escaped: {out}");
        assert!(out.len() < 4_000, "{format}: {} bytes", out.len());
    }
    let (_, out, _) = muster_in(&dir, &["validate", "long.map.ron", "--color", "never"]);
    // The column shown is the real one.
    assert!(out.contains("long.map.ron:1:"), "{out}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_closed_stdout_or_stderr_keeps_the_exit_status_and_does_not_panic() {
    use std::process::Stdio;
    let bad = "tests/cases/invalid-ac101-stacking";
    // stdout closed by the reader after one line: `muster validate bad | head -1`.
    let out = Command::new("bash")
        .arg("-c")
        .arg(format!(
            "'{}' validate {bad} scenarios maps --color never | head -1 >/dev/null; \
             exit ${{PIPESTATUS[0]}}",
            env!("CARGO_BIN_EXE_muster")
        ))
        .current_dir(root())
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut child = Command::new(env!("CARGO_BIN_EXE_muster"))
        .args(["validate", bad, "scenarios", "maps", "--color", "never"])
        .current_dir(root())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take()); // the reader goes away before anything is written
    let status = child.wait().unwrap();
    let mut err = String::new();
    use std::io::Read;
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert_eq!(status.code(), Some(1), "findings still fail the run: {err}");
    assert!(!err.contains("panicked"), "{err}");
    // stderr closed: an error that cannot be told is still exit 2, not a panic (101).
    let mut child = Command::new(env!("CARGO_BIN_EXE_muster"))
        .args(["validate", "no/such/path"])
        .current_dir(root())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stderr.take());
    assert_eq!(child.wait().unwrap().code(), Some(2));
}

#[test]
fn a_file_named_twice_or_reached_through_dot_dot_is_checked_once_under_one_name() {
    let (code, out, _) = muster(&[
        "validate",
        "--format",
        "json",
        CIVITATE,
        &format!("./{CIVITATE}"),
        "scenarios/a-la-charge/../a-la-charge/civitate-1053.scenario.ron",
    ]);
    assert_eq!(code, 0, "{out}");
    let report: Value = serde_json::from_str(&out).unwrap();
    // The scenario and its map and overlays, each once.
    let files = report["summary"]["files"].as_u64().unwrap();
    let (_, once, _) = muster(&["validate", "--format", "json", CIVITATE]);
    let once: Value = serde_json::from_str(&once).unwrap();
    assert_eq!(files, once["summary"]["files"].as_u64().unwrap());
    for d in report["diagnostics"].as_array().unwrap() {
        let file = d["file"].as_str().unwrap();
        assert!(!file.contains("..") && !file.starts_with('/'), "{file}");
    }
}

/// main.rs sets mimalloc's purge delay by the ordinal of `mi_option_purge_delay` in the
/// bundled mimalloc.h (15 in libmimalloc-sys 0.1.49, mimalloc v3). A new version may renumber
/// the options: this test fails on an update so that the ordinal is checked again.
#[test]
fn the_mimalloc_option_ordinal_matches_the_locked_version() {
    let lock = std::fs::read_to_string(root().join("Cargo.lock")).expect("Cargo.lock");
    assert!(
        lock.contains("name = \"libmimalloc-sys\"\nversion = \"0.1.49\""),
        "libmimalloc-sys changed: check MI_OPTION_PURGE_DELAY in crates/muster-cli/src/main.rs against its mimalloc.h"
    );
}

/// Issue 12: a line of sight across a hex that only an owner's choice may fill says so.
#[test]
fn line_of_sight_names_the_hexes_an_owners_choice_may_fill() {
    let dir = scratch("los-uncertain");
    for f in [
        "scenarios/charles-the-bold/english.armylist.ron",
        "scenarios/charles-the-bold/burgundian.armylist.ron",
        "maps/saint-aubin.map.ron",
    ] {
        std::fs::create_dir_all(dir.join(f).parent().unwrap()).unwrap();
        std::fs::copy(root().join(f), dir.join(f)).unwrap();
    }
    std::fs::write(dir.join("muster.pack.ron"), "(name: \"t\")\n").unwrap();
    let scenario = "scenarios/charles-the-bold/saint-aubin.scenario.ron";
    let text = std::fs::read_to_string(root().join(scenario))
        .unwrap()
        .replace(
            r#"(units: ["2x Mounted Crossbows"], at: Hexes(["1211", "1411"])"#,
            r#"(units: ["2x Mounted Crossbows"], at: Hexes(["1211", "1411", "0708"])"#,
        );
    assert!(text.contains("\"0708\"]"), "the line was rewritten");
    std::fs::write(dir.join(scenario), text).unwrap();
    let (code, out, err) = muster_in(
        &dir,
        &["query", "los", scenario, "0712", "0703", "--format", "json"],
    );
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(hexes_of(&v, "uncertain"), vec!["0708".to_string()], "{v}");
    // The bundled set-up, where every stand's hex is certain, has no uncertain hex.
    let bundled = json(&["query", "los", scenario, "0712", "0703", "--format", "json"]);
    assert!(hexes_of(&bundled, "uncertain").is_empty(), "{bundled}");
}

/// Charles the Bold §6.0 with §1.2: stands block sight, generals are not stands (issue 13).
#[test]
fn a_general_alone_does_not_block_sight_but_a_stand_does() {
    let scenario = "scenarios/charles-the-bold/saint-aubin.scenario.ron";
    // The Duke of Gloucester stands alone in 0811, between 0812 and 0810.
    // (The English Foot in 0812 have no range columns, so the line is not one of fire,
    // §16; the sight past the general is what is asked.)
    let past_general = json(&["query", "los", scenario, "0812", "0810", "--format", "json"]);
    let why = past_general["reason"].as_str().unwrap_or("");
    assert!(why.contains("0812 can see 0810"), "{past_general}");
    assert!(!why.contains("in the way"), "{past_general}");
    // English Foot fill 0812, between 0712 and 0912.
    let past_stand = json(&["query", "los", scenario, "0712", "0912", "--format", "json"]);
    assert_eq!(past_stand["clear"], false, "{past_stand}");
}

/// A la Charge §12.1: "the attacking unit must be within the range, in hexes, of that unit
/// as indicated on the counter" (issue 13: range was never checked).
#[test]
fn archery_says_whether_the_target_is_in_range() {
    // Civitate: the Norman Archers (range 3) set up in 0909.
    let near = json(&["query", "los", CIVITATE, "0909", "0911", "--format", "json"]);
    assert_eq!(
        (near["distance"].as_u64(), near["range"].as_u64()),
        (Some(2), Some(3)),
        "{near}"
    );
    assert_eq!(near["clear"], true, "{near}");
    let far = json(&["query", "los", CIVITATE, "0909", "0915", "--format", "json"]);
    assert_eq!(
        (far["distance"].as_u64(), far["range"].as_u64()),
        (Some(6), Some(3)),
        "{far}"
    );
    assert_eq!(far["clear"], false, "{far}");
    assert!(
        far["reason"].as_str().unwrap().contains("out of range"),
        "{far}"
    );
}

#[test]
fn fmt_and_convert_keep_every_comment() {
    let dir = scratch("comments");
    let original = std::fs::read_to_string(root().join(CIVITATE)).unwrap();
    let commented = original
        .replacen(
            "    turns: 5,\n",
            "    // Five turns, as printed.\n    turns: 5,\n",
            1,
        )
        .replacen("army_morale: 19,", "army_morale: 19, // the papal limit", 1)
        .replacen(
            "first_side: \"normans\",",
            "first_side: /* the Normans move first */ \"normans\",",
            1,
        );
    let file = dir.join("c.scenario.ron");
    std::fs::write(&file, &commented).unwrap();
    let (code, out, err) = muster_in(&dir, &["fmt", "c.scenario.ron"]);
    assert_eq!(code, 0, "{out}{err}");
    let formatted = std::fs::read_to_string(&file).unwrap();
    for comment in [
        "    // Five turns, as printed.\n    turns: 5,\n",
        "army_morale: 19, // the papal limit\n",
        "first_side: \"normans\", /* the Normans move first */\n",
        "// Civitate, 18 June 1053",
    ] {
        assert!(formatted.contains(comment), "{comment} kept:\n{formatted}");
    }
    let (code, out, _) = muster_in(&dir, &["fmt", "--check", "c.scenario.ron"]);
    assert_eq!(
        code, 0,
        "a canonical file with comments passes fmt --check: {out}"
    );
    let (code, back, _) = muster_in(&dir, &["convert", "--to", "ron", "c.scenario.ron"]);
    assert_eq!(code, 0);
    assert_eq!(
        back.trim_end(),
        formatted.trim_end(),
        "convert to RON keeps them too"
    );
    let (code, _, err) = muster_in(&dir, &["convert", "--to", "json", "c.scenario.ron"]);
    assert_eq!(code, 0);
    assert!(
        err.contains("4 comments;"),
        "JSON cannot hold them, and says so: {err}"
    );
}

#[test]
fn walks_skip_build_and_vcs_folders_and_honour_exclude() {
    let dir = scratch("exclude");
    let bad = "(title: 1)\n";
    for f in [
        ".git/x.map.ron",
        "target/x.map.ron",
        "node_modules/pkg/x.map.ron",
        "drafts/x.map.ron",
        "maps/y.draft.map.ron",
        "maps/old/z.map.ron",
    ] {
        std::fs::create_dir_all(dir.join(f).parent().unwrap()).unwrap();
        std::fs::write(dir.join(f), bad).unwrap();
    }
    let (code, out, _) = muster_in(&dir, &["validate", ".", "--format", "json"]);
    assert_eq!(code, 1, "{out}");
    let report: Value = serde_json::from_str(&out).unwrap();
    let mut files: Vec<&str> = report["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["file"].as_str().unwrap())
        .collect();
    files.dedup();
    assert_eq!(
        files,
        [
            "drafts/x.map.ron",
            "maps/old/z.map.ron",
            "maps/y.draft.map.ron"
        ],
        ".git, target and node_modules are skipped"
    );
    let (code, out, _) = muster_in(
        &dir,
        &[
            "validate",
            ".",
            "--exclude",
            "drafts",
            "--exclude",
            "*.draft.map.ron",
            "--exclude",
            "maps/old/**",
        ],
    );
    assert_eq!(code, 0, "everything left is excluded: {out}");
    let (code, _, _) = muster_in(
        &dir,
        &[
            "fmt",
            "--check",
            ".",
            "--exclude",
            "maps",
            "--exclude",
            "drafts",
        ],
    );
    assert_eq!(code, 0, "fmt honours --exclude too");
    let (code, _, err) = muster_in(&dir, &["validate", ".", "--exclude", "a[b"]);
    assert_eq!(code, 2, "a glob that does not parse stops the run: {err}");
    assert!(err.contains("a[b"), "{err}");
    // A file named on the command line is checked even inside a skipped folder.
    let (code, _, _) = muster_in(&dir, &["validate", "target/x.map.ron"]);
    assert_eq!(code, 1);
}

#[test]
fn sarif_uris_are_percent_encoded_with_code_point_columns_and_help_links() {
    let dir = scratch("sarif uris");
    let sub = dir.join("cartes é");
    std::fs::create_dir_all(&sub).unwrap();
    // `é` before the error: the column counts it as one code point.
    std::fs::write(
        sub.join("x y.map.ron"),
        "(title: \"é\", ruleset: \"a-la-charge\", provenance: Original, bogus: 1)\n",
    )
    .unwrap();
    let (code, out, _) = muster_in(&dir, &["validate", ".", "--format", "sarif"]);
    assert_eq!(code, 1, "{out}");
    let v: Value = serde_json::from_str(&out).unwrap();
    let run = &v["runs"][0];
    assert_eq!(run["columnKind"], "unicodeCodePoints");
    let root = run["originalUriBaseIds"]["%SRCROOT%"]["uri"]
        .as_str()
        .unwrap();
    assert!(
        root.starts_with("file:///") && root.ends_with("/") && root.contains("sarif%20uris"),
        "{root}"
    );
    let result = run["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["message"]["text"].as_str().unwrap().contains("bogus"))
        .unwrap();
    let location = &result["locations"][0]["physicalLocation"];
    assert_eq!(
        location["artifactLocation"]["uri"],
        "cartes%20%C3%A9/x%20y.map.ron"
    );
    assert_eq!(location["artifactLocation"]["uriBaseId"], "%SRCROOT%");
    let region = &location["region"];
    let line = "(title: \"é\", ruleset: \"a-la-charge\", provenance: Original, bogus: 1)";
    let column = line[..line.find("bogus").unwrap()].chars().count() as u64 + 1;
    assert_eq!(region["startColumn"], column, "{region}");
    assert_eq!(
        region["endColumn"],
        column + "bogus".len() as u64,
        "{region}"
    );
    // No help base configured: the rule carries its help text and no (relative) link;
    // tests/sarif_links.rs covers `--help-base` and the manifest's `help_base`.
    let rule = &run["tool"]["driver"]["rules"].as_array().unwrap()[0];
    assert!(rule.get("helpUri").is_none(), "{rule}");
    assert!(!rule["help"]["markdown"].as_str().unwrap().is_empty());
}

#[test]
fn docs_codes_md_is_what_explain_prints() {
    let (code, out, _) = muster(&["explain", "--markdown"]);
    assert_eq!(code, 0);
    let path = root().join("docs/codes.md");
    if std::env::var_os("MUSTER_BLESS").is_some() {
        std::fs::write(&path, format!("{}\n", out.trim_end())).unwrap();
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert_eq!(
        committed.trim_end(),
        out.trim_end(),
        "docs/codes.md is stale: run `MUSTER_BLESS=1 cargo test -p muster-cli --test cli docs_codes_md`"
    );
}

/// Regression: the defenders both Roche-Noire scenarios post in the castle towers and at
/// the arrow-slits could not shoot out (fire-blocking walls on the towers' outer sides).
/// Each now has a line out over the moat, with the castle's heavy cover against the reply.
#[test]
fn posted_siege_shooters_shoot_out_of_towers_and_arrow_slits() {
    const SIEGE: &str = "scenarios/siege/siege-of-roche-noire.scenario.ron";
    // (scenario, the posted shooter's hex, a hex outside the moat on his side)
    let posts = [
        (ASSAULT, "0807", "0507"),
        (ASSAULT, "1607", "1907"),
        (ASSAULT, "1204", "1201"),
        (SIEGE, "0807", "0507"),
        (SIEGE, "1607", "1907"),
        (SIEGE, "1204", "1201"),
        (SIEGE, "0810", "0914"),
    ];
    for (scenario, post, outside) in posts {
        let out = json(&["query", "los", scenario, post, outside]);
        assert_eq!(out["clear"], true, "{post} → {outside}: {out}");
        let back = json(&["query", "los", scenario, outside, post]);
        assert_eq!(back["clear"], true, "{outside} → {post}: {back}");
        assert_eq!(back["cover"], "heavy", "{outside} → {post}: {back}");
    }
}

/// Regression: the mill on Roche-Noire had no walls, so its inside was open from every
/// side. Its walls now block, and its window and door let shots in with medium cover.
#[test]
fn the_roche_noire_mill_is_shot_into_only_through_its_window_and_door() {
    for (from, to) in [("2020", "2018"), ("2318", "2117"), ("1716", "2017")] {
        let out = json(&["query", "los", ASSAULT, from, to]);
        assert_eq!(out["clear"], false, "{from} → {to}: {out}");
    }
    for (from, to) in [("1716", "1918"), ("2119", "2118")] {
        let out = json(&["query", "los", ASSAULT, from, to]);
        assert_eq!(out["clear"], true, "{from} → {to}: {out}");
        assert_eq!(out["cover"], "medium", "{from} → {to}: {out}");
    }
}

// --- Careless input gets help (issue 15 item 5). ---

#[test]
fn every_diagnostic_of_the_corpus_has_a_help_line() {
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(root().join("tests/cases")).unwrap() {
        let dir = entry.unwrap().path();
        let (_, out, _) = muster(&["validate", dir.to_str().unwrap(), "--format", "json"]);
        let v: Value = serde_json::from_str(&out).unwrap();
        for d in v["diagnostics"].as_array().unwrap() {
            if d["help"].as_str().is_none_or(str::is_empty) {
                missing.push(format!("{} {}", d["code"], d["message"]));
            }
        }
    }
    assert!(missing.is_empty(), "without help: {missing:#?}");
}

#[test]
fn unknown_codes_sizes_and_file_kinds_are_refused_with_a_suggestion() {
    let (code, _, err) = muster(&["validate", "scenarios", "--allow", "AC1O1"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("did you mean `AC101`?"), "{err}");
    let (code, _, err) = muster(&["validate", "scenarios", "--deny", "warnigns"]);
    assert_eq!(code, 2, "{err}");
    let (code, _, _) = muster(&[
        "validate",
        "scenarios",
        "--deny",
        "warnings",
        "--allow",
        "ac105",
    ]);
    assert_ne!(
        code, 2,
        "known codes in any case, and `warnings`, are accepted"
    );
    let dir = scratch("careless");
    for size in ["0x5", "5x1000"] {
        let (code, _, err) = muster_in(&dir, &["new", "map", "m", "--size", size]);
        assert_eq!(code, 2, "{size}: {err}");
        assert!(err.contains("1 to 999"), "{err}");
    }
    let (code, _, err) = muster_in(&dir, &["new", "scenario", "s", "--map", "nowhere.map.ron"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("nowhere.map.ron") && !dir.join("s.scenario.ron").exists(),
        "{err}"
    );
    let (code, _, _) = muster_in(&dir, &["new", "map", "m"]);
    assert_eq!(code, 0);
    let (code, _, err) = muster_in(&dir, &["new", "scenario", "s", "--map", "m.map.ron"]);
    assert_eq!(code, 0, "{err}");
    for args in [
        &["inspect", "m.map.ron"][..],
        &["query", "reach", "m.map.ron", "X"],
        &["query", "los", "m.map.ron", "0101", "0102"],
    ] {
        let (code, _, err) = muster_in(&dir, args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains("is a map, not a scenario"), "{args:?}: {err}");
    }
    let (code, _, err) = muster_in(
        &dir,
        &["render", "m.map.ron", "-o", "x.png", "--px-per-hex", "0"],
    );
    assert_eq!(code, 2, "{err}");
    assert!(!dir.join("x.png").exists());
}

/// Each game system's own fields reach `inspect` as the file writes them (contract 4,
/// issue 30): a scenario's at the top level, a side's on the side, none of another system's
/// and no `null` for a field a scenario does not set.
#[test]
fn inspect_lists_each_systems_own_fields_as_written() {
    let siege = json(&["inspect", ASSAULT]);
    assert_eq!(siege["siege"]["days"], 1);
    assert_eq!(siege["siege"]["defender"], "defenders");
    let aubin = json(&[
        "inspect",
        "scenarios/charles-the-bold/saint-aubin.scenario.ron",
    ]);
    assert_eq!(aubin["sides"][0]["training"], "Well");
    assert!(aubin.get("siege").is_none(), "no other system's field");
    let brampton = json(&[
        "inspect",
        "scenarios/and-gentlemen-all/brampton-field.scenario.ron",
    ]);
    assert_eq!(brampton["scale"]["figures"], "Mm15");
    let civitate = json(&["inspect", CIVITATE]);
    assert_eq!(civitate["sides"][0]["army_morale"], 19);
    assert!(civitate["sides"][0].get("rout").is_none(), "unset: absent");
}

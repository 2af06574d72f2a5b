//! `muster lsp` driven as an editor drives it: the real binary over stdio with JSON-RPC.
//! Each test copies corpus cases into a fresh workspace folder, so edits never touch the
//! repository. The server is started with `debounceMs: 0`, so no test sleeps.

mod lsp_client;

use lsp_client::{apply, position_of, workspace, Client};
use serde_json::{json, Value};

fn codes(diags: &[Value]) -> Vec<&str> {
    diags.iter().filter_map(|d| d["code"].as_str()).collect()
}

/// The stacking case: a broken scenario opened, its AC101 reported at the offending hex
/// with rule, related label and link, then fixed in the buffer (not on disk) and cleared.
#[test]
fn diagnostics_arrive_coded_at_the_right_range_and_clear_when_fixed() {
    let root = workspace("diag", &["invalid-ac101-stacking"]);
    let path = root.join("invalid-ac101-stacking/x.scenario.ron");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut c = Client::start(&root);
    let uri = c.open(&path, &text);
    let diags = c.diagnostics(&uri);
    assert_eq!(codes(&diags), ["AC101"], "{diags:?}");
    let d = &diags[0];
    assert_eq!(d["severity"], 1);
    assert_eq!(d["source"], "muster");
    // `"0203"` of the Red Foot line, 1-based 23:50 in `validate`'s output.
    let start = position_of(&text, "\"0203\"", 1, 0);
    assert_eq!(d["range"]["start"], start);
    assert_eq!(
        d["range"]["end"]["character"],
        start["character"].as_u64().unwrap() + 6
    );
    assert!(
        d["message"].as_str().unwrap().contains("rule: A la Charge"),
        "{d}"
    );
    // No `help_base` in a manifest: no link (never a relative one); tests/lsp_links.rs.
    assert!(d.get("codeDescription").is_none(), "{d}");
    let related = &d["relatedInformation"][0];
    assert_eq!(related["message"], "another combat unit is set up here");
    assert_eq!(
        related["location"]["range"]["start"],
        position_of(&text, "\"0203\"", 0, 0)
    );

    let fixed = text.replace(
        "(units: [\"Red Foot\"], at: Hexes([\"0203\"]))",
        "(units: [\"Red Foot\"], at: Hexes([\"0204\"]))",
    );
    assert_ne!(fixed, text);
    c.change(&uri, 2, &fixed);
    assert!(c.diagnostics(&uri).is_empty());
    c.shutdown();
}

/// A did-you-mean fix offered as a code action and applied: the unknown field `turn`
/// becomes `turns`, and both findings it caused clear.
#[test]
fn a_did_you_mean_code_action_applies_and_clears() {
    let root = workspace("action", &["invalid-mu002-unknown-field"]);
    let path = root.join("invalid-mu002-unknown-field/x.scenario.ron");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut c = Client::start(&root);
    let uri = c.open(&path, &text);
    let diags = c.diagnostics(&uri);
    let unknown = diags
        .iter()
        .find(|d| {
            d["message"]
                .as_str()
                .unwrap()
                .starts_with("unknown field `turn`")
        })
        .expect("the unknown field is reported");
    assert_eq!(unknown["range"]["start"], position_of(&text, "turn:", 0, 0));
    let actions = c.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri}, "range": unknown["range"],
               "context": {"diagnostics": [unknown]}}),
    );
    let fix = actions
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["title"] == "Replace with `turns`")
        .expect("a did-you-mean action");
    assert_eq!(fix["kind"], "quickfix");
    let edits = fix["edit"]["changes"][&uri].as_array().unwrap();
    let fixed = apply(&text, edits);
    assert!(fixed.contains("    turns: 5,"), "{fixed}");
    c.change(&uri, 2, &fixed);
    assert!(c.diagnostics(&uri).is_empty());
    c.shutdown();
}

/// Recording a finding as an erratum of the print waives it.
#[test]
fn the_erratum_action_waives_the_finding() {
    let root = workspace("erratum", &["invalid-ac101-stacking"]);
    let path = root.join("invalid-ac101-stacking/x.scenario.ron");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut c = Client::start(&root);
    let uri = c.open(&path, &text);
    let diags = c.diagnostics(&uri);
    let actions = c.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri}, "range": diags[0]["range"],
               "context": {"diagnostics": diags}}),
    );
    let record = actions
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["title"] == "Record AC101 as an erratum of the print")
        .expect("an erratum action");
    let edits = record["edit"]["changes"][&uri].as_array().unwrap();
    let waived = apply(&text, edits);
    // The quote is the finding's line as transcribed, never empty (review finding 15).
    assert!(
        waived.contains("(code: \"AC101\", hexes: [\"0203\"], printed: \"(units: "),
        "{waived}"
    );
    assert!(!waived.contains("printed: \"\""), "{waived}");
    c.change(&uri, 2, &waived);
    let after = c.diagnostics(&uri);
    assert!(after.iter().all(|d| d["severity"] != 1), "{after:?}");
    c.shutdown();
}

/// Hover on a hex, a unit reference and a code; definition of a unit reference and of
/// the map path; references of a unit.
#[test]
fn hover_definition_and_references() {
    let root = workspace("hover", &["invalid-ac101-stacking"]);
    let path = root.join("invalid-ac101-stacking/x.scenario.ron");
    let text =
        std::fs::read_to_string(&path)
            .unwrap()
            .replacen("// Red Foot", "// AC101: Red Foot", 1);
    let mut c = Client::start(&root);
    let uri = c.open(&path, &text);
    c.diagnostics(&uri);
    let hover = |c: &mut Client, needle: &str, n: usize, skip: usize| -> String {
        let r = c.request(
            "textDocument/hover",
            json!({"textDocument": {"uri": uri}, "position": position_of(&text, needle, n, skip)}),
        );
        r["contents"]["value"]
            .as_str()
            .unwrap_or_default()
            .to_string()
    };
    let hex = hover(&mut c, "\"0203\"", 1, 2);
    assert!(hex.contains("**Hex 0203**: clear"), "{hex}");
    assert!(hex.contains("2x Red Knights (Red Army; 2 hexes)"), "{hex}");
    assert!(hex.contains("Red Foot (Red Army; 1 hex)"), "{hex}");
    assert!(
        hex.contains("error `AC101`: two combat units set up in 0203"),
        "{hex}"
    );
    let unit = hover(&mut c, "2x Red Knights", 0, 5);
    assert!(unit.contains("**Red Knights**"), "{unit}");
    assert!(unit.contains("counters: 2"), "{unit}");
    assert!(unit.contains("step 1: strength 3, MP 6"), "{unit}");
    let code = hover(&mut c, "AC101", 0, 1);
    assert!(code.contains("**AC101** `stacking`"), "{code}");
    let zone = hover(&mut c, "Hexes([\"0202\", \"0203\"])", 0, 1);
    assert!(zone.contains("**2 hexes**: 0202, 0203"), "{zone}");

    let def = c.request(
        "textDocument/definition",
        json!({"textDocument": {"uri": uri}, "position": position_of(&text, "2x Red Knights", 0, 4)}),
    );
    assert_eq!(def["uri"], uri);
    assert_eq!(
        def["range"]["start"],
        position_of(&text, "\"Red Knights\"", 0, 0)
    );
    let map = c.request(
        "textDocument/definition",
        json!({"textDocument": {"uri": uri}, "position": position_of(&text, "x.map.ron", 0, 1)}),
    );
    assert_eq!(
        map["uri"],
        lsp_client::uri(&root.join("invalid-ac101-stacking/x.map.ron"))
    );
    let refs = c.request(
        "textDocument/references",
        json!({"textDocument": {"uri": uri}, "position": position_of(&text, "\"Red Knights\"", 0, 2),
               "context": {"includeDeclaration": true}}),
    );
    assert_eq!(refs.as_array().unwrap().len(), 2, "{refs}");
    c.shutdown();
}

/// Completion of unit ids in a set-up line being typed, hex ids in a zone, terrain ids of
/// the ruleset in a map, and zone forms.
#[test]
fn completion_of_units_hexes_terrain_and_forms() {
    let root = workspace("complete", &["invalid-ac101-stacking"]);
    let path = root.join("invalid-ac101-stacking/x.scenario.ron");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut c = Client::start(&root);
    let uri = c.open(&path, &text);
    c.diagnostics(&uri);
    let labels = |r: &Value| -> Vec<String> {
        r.as_array()
            .unwrap()
            .iter()
            .map(|i| i["label"].as_str().unwrap().to_string())
            .collect()
    };
    let at = |needle: &str, skip: usize| position_of(&text, needle, 0, skip);
    let units = c.request(
        "textDocument/completion",
        json!({"textDocument": {"uri": uri}, "position": at("\"2x Red Knights\"", 4)}),
    );
    let l = labels(&units);
    assert!(
        l.contains(&"Red Knights".to_string()) && l.contains(&"Red Foot".to_string()),
        "{l:?}"
    );
    // The count typed stays: the edit starts after `2x `.
    let item = units
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["label"] == "Red Knights")
        .unwrap();
    assert_eq!(item["textEdit"]["range"]["start"], at("Red Knights\"]", 0));
    let hexes = c.request(
        "textDocument/completion",
        json!({"textDocument": {"uri": uri}, "position": at("\"0503\"]", 1)}),
    );
    let l = labels(&hexes);
    assert_eq!(l.len(), 36, "{l:?}");
    assert!(l.contains(&"0606".to_string()));
    let forms = c.request(
        "textDocument/completion",
        json!({"textDocument": {"uri": uri}, "position": at("Hexes([\"0202\"]", 0)}),
    );
    let l = labels(&forms);
    assert!(
        l.contains(&"Hexes(..)".to_string()) && l.contains(&"Row(..)".to_string()),
        "{l:?}"
    );

    let map = root.join("invalid-ac101-stacking/x.map.ron");
    let map_text = std::fs::read_to_string(&map).unwrap();
    let map_uri = c.open(&map, &map_text);
    let terrain = c.request(
        "textDocument/completion",
        json!({"textDocument": {"uri": map_uri}, "position": position_of(&map_text, "\"clear\"", 0, 1)}),
    );
    let l = labels(&terrain);
    let ruleset = muster_rules::ruleset("a-la-charge").unwrap();
    let ids: Vec<String> = ruleset.terrain.iter().map(|t| t.id.clone()).collect();
    assert_eq!(l, ids);
    c.shutdown();
}

/// Changing the map in its buffer re-checks the open scenario that uses it: a map cut to
/// two columns puts the scenario's hexes off it.
#[test]
fn a_map_change_rechecks_open_scenarios() {
    let root = workspace("map", &["valid-minimal"]);
    let dir = root.join("valid-minimal");
    let scenario = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.to_string_lossy().ends_with(".scenario.ron"))
        .unwrap();
    let map = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.to_string_lossy().ends_with(".map.ron"))
        .unwrap();
    let s_text = std::fs::read_to_string(&scenario).unwrap();
    let m_text = std::fs::read_to_string(&map).unwrap();
    let mut c = Client::start(&root);
    let s_uri = c.open(&scenario, &s_text);
    assert!(c.diagnostics(&s_uri).is_empty());
    let m_uri = c.open(&map, &m_text);
    assert!(c.diagnostics(&m_uri).is_empty());
    // Opening the map re-checks the scenario against its buffer: still clean.
    assert!(c.diagnostics(&s_uri).is_empty());
    let cut = m_text.replace("columns: 6", "columns: 1");
    assert_ne!(cut, m_text);
    c.change(&m_uri, 2, &cut);
    let after = c.diagnostics(&s_uri);
    assert!(codes(&after).contains(&"MU023"), "{after:?}");
    c.shutdown();
}

/// Bad input is reported, never a crash: broken syntax, deep nesting, a map outside the
/// pack (refused, not followed), a non-Muster file; the server keeps answering.
#[test]
fn bad_input_gets_diagnostics_not_a_crash() {
    let root = workspace("bad", &["invalid-ac101-stacking"]);
    let path = root.join("invalid-ac101-stacking/x.scenario.ron");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut c = Client::start(&root);
    let uri = c.open(&path, "(((((");
    assert_eq!(codes(&c.diagnostics(&uri)), ["MU001"]);
    c.change(&uri, 2, &"[".repeat(100_000));
    assert_eq!(codes(&c.diagnostics(&uri)), ["MU001"]);
    let outside = text.replace(
        "map: \"x.map.ron\"",
        "map: \"../../../../../../etc/passwd\"",
    );
    c.change(&uri, 3, &outside);
    assert_eq!(codes(&c.diagnostics(&uri)), ["MU013"]);
    let def = c.request(
        "textDocument/definition",
        json!({"textDocument": {"uri": uri}, "position": position_of(&outside, "etc/passwd", 0, 1)}),
    );
    assert!(def.is_null(), "{def}");
    for (needle, n) in [("(", 0), ("units", 1), ("0203", 0)] {
        for method in [
            "textDocument/hover",
            "textDocument/completion",
            "textDocument/definition",
        ] {
            c.request(method, json!({"textDocument": {"uri": uri}, "position": position_of(&outside, needle, n, 0)}));
        }
    }
    let beyond = c.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": {"line": 9999, "character": 9999}}),
    );
    assert!(beyond.is_null());
    c.shutdown();
}

/// "Format document" rewrites through the canonical writer, keeping comments.
#[test]
fn formatting_uses_the_canonical_writer() {
    let root = workspace("fmt", &["invalid-ac101-stacking"]);
    let path = root.join("invalid-ac101-stacking/x.map.ron");
    let text = std::fs::read_to_string(&path).unwrap();
    let messy = text.replace("    title:", "title:");
    let mut c = Client::start(&root);
    let uri = c.open(&path, &messy);
    c.diagnostics(&uri);
    let edits = c.request(
        "textDocument/formatting",
        json!({"textDocument": {"uri": uri}, "options": {"tabSize": 4, "insertSpaces": true}}),
    );
    let formatted = apply(&messy, edits.as_array().unwrap());
    assert_eq!(formatted, text);
    c.shutdown();
}

/// A unit's `list_entry` leads to the army-list row that defines it, in another file.
#[test]
fn definition_of_a_list_entry_is_the_army_list_row() {
    let root = workspace("list", &["invalid-cb307-list-values"]);
    let dir = root.join("invalid-cb307-list-values");
    let files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    let scenario = files
        .iter()
        .find(|p| p.to_string_lossy().ends_with(".scenario.ron"))
        .unwrap();
    // The first side's list; the other side has its own.
    let list = &dir.join("english.armylist.ron");
    let text = std::fs::read_to_string(scenario).unwrap();
    let list_text = std::fs::read_to_string(list).unwrap();
    let entry = text
        .split("list_entry: \"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap()
        .to_string();
    let mut c = Client::start(&root);
    let uri = c.open(scenario, &text);
    c.diagnostics(&uri);
    let def = c.request(
        "textDocument/definition",
        json!({"textDocument": {"uri": uri}, "position": position_of(&text, &format!("list_entry: \"{entry}"), 0, 14)}),
    );
    assert_eq!(def["uri"], lsp_client::uri(list), "{def}");
    assert_eq!(
        def["range"]["start"],
        position_of(&list_text, &format!("(id: \"{entry}\""), 0, 5)
    );
    c.shutdown();
}

/// Issue 28 item 7 (review finding 5): unit ids of the line's own side, hex ids and zone
/// names complete inside a set-up line still being typed, the document not parsing.
#[test]
fn completion_inside_an_unfinished_line() {
    let root = workspace("complete-typing", &["invalid-ac101-stacking"]);
    let path = root.join("invalid-ac101-stacking/x.scenario.ron");
    let text = std::fs::read_to_string(&path).unwrap();
    let map = root.join("invalid-ac101-stacking/x.map.ron");
    let map_text = std::fs::read_to_string(&map).unwrap();
    let zoned = map_text.trim_end().strip_suffix(')').unwrap().to_string()
        + "    zones: [(id: \"ford\", name: \"The ford\", zone: Hexes([\"0303\"]))],\n)\n";
    std::fs::write(&map, zoned).unwrap();
    let mut c = Client::start(&root);
    let uri = c.open(&path, &text);
    c.diagnostics(&uri);
    let labels = |r: &Value| -> Vec<String> {
        r.as_array()
            .unwrap()
            .iter()
            .map(|i| i["label"].as_str().unwrap().to_string())
            .collect()
    };
    let anchor = "(units: [\"Blue Leader\"], at: Hexes([\"0503\"])),";
    let cut = text.find(anchor).unwrap() + anchor.len();
    let mut version = 2;
    let mut complete = |c: &mut Client, typed: &str| -> Vec<String> {
        let t = format!("{}\n                {typed}", &text[..cut]);
        c.change(&uri, version, &t);
        version += 1;
        let diags = c.diagnostics(&uri);
        assert_eq!(codes(&diags), ["MU001"], "the document does not parse");
        let end = position_of(&t, typed, 0, typed.len());
        labels(&c.request(
            "textDocument/completion",
            json!({"textDocument": {"uri": uri}, "position": end}),
        ))
    };
    assert_eq!(
        complete(&mut c, "(units: [\"Blue Kn"),
        ["Blue Leader", "Blue Knights", "Blue Archers"]
    );
    let hexes = complete(&mut c, "(units: [\"Blue Archers\"], at: Hexes([\"02");
    assert_eq!(hexes.len(), 36, "{hexes:?}");
    assert_eq!(
        complete(&mut c, "(units: [\"Blue Archers\"], at: Named(\""),
        ["ford"]
    );
    c.shutdown();
}

/// Review finding 14: a URI with raw `[` and `]` (as the `url` crate writes them) gets
/// its diagnostics, under the URI the client sent.
#[test]
fn a_uri_with_raw_brackets_gets_diagnostics() {
    let root = workspace("raw-brackets", &["invalid-ac101-stacking"]);
    let dir = root.join("drafts & wip, [v2]");
    std::fs::rename(root.join("invalid-ac101-stacking"), &dir).unwrap();
    let path = dir.join("x.scenario.ron");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut c = Client::start(&root);
    let uri = c.open(&path, &text);
    assert!(uri.contains("[v2]"), "{uri}");
    let diags = c.diagnostics(&uri);
    assert!(codes(&diags).contains(&"AC101"), "{diags:?}");
    let hover = c.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": position_of(&text, "\"0203\"", 0, 1)}),
    );
    assert!(hover.to_string().contains("0203"), "{hover}");
    c.shutdown();
}

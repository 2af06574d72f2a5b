//! Issue 28 (newcomer review, shared/reviews/2026-11-25/newcomer.md): scaffolds that
//! validate, one suggester for every unknown name, `diff` in game terms, and the odds and
//! ends a first-time user runs into.

use std::path::{Path, PathBuf};
use std::process::Command;

mod common;
use common::muster;

/// A fresh scratch folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("muster-newcomer-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `muster ARGS` run in `dir`: exit code, stdout, stderr.
fn muster_in(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_muster"))
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

const SYSTEMS: [&str; 4] = [
    "a-la-charge",
    "siege",
    "charles-the-bold",
    "and-gentlemen-all",
];

/// Finding 7: `muster new pack` makes a pack that validates with no error and no warning,
/// for every system, with one example unit and a commented set-up line.
#[test]
fn new_pack_validates_clean_for_every_system() {
    let dir = scratch("new-pack");
    for system in SYSTEMS {
        let name = format!("p-{system}");
        let (code, _, err) = muster_in(&dir, &["new", "pack", &name, "--ruleset", system]);
        assert_eq!(code, 0, "new pack {system}: {err}");
        let (code, out, err) = muster_in(&dir, &["validate", &name, "--color", "never"]);
        assert_eq!(code, 0, "validate {system}: {out}{err}");
        assert!(out.contains("0 errors, 0 warnings"), "{system}: {out}");
        let (code, out, err) = muster_in(&dir, &["fmt", "--check", &name]);
        assert_eq!(code, 0, "fmt --check {system}: {out}{err}");
        let text = std::fs::read_to_string(
            dir.join(&name)
                .join(format!("scenarios/{name}.scenario.ron")),
        )
        .unwrap();
        assert!(text.contains("setup: ["), "{system}: a set-up line\n{text}");
        assert!(text.contains("// "), "{system}: a comment\n{text}");
        assert!(text.contains("(id: "), "{system}: an example unit\n{text}");
    }
    // `new map` and `new scenario` on it validate too.
    for system in SYSTEMS {
        let sub = dir.join(format!("single-{system}"));
        std::fs::create_dir_all(&sub).unwrap();
        let (code, _, err) = muster_in(&sub, &["new", "map", "field", "--ruleset", system]);
        assert_eq!(code, 0, "{err}");
        let (code, _, err) = muster_in(&sub, &["new", "scenario", "field", "--ruleset", system]);
        assert_eq!(code, 0, "{err}");
        let (code, out, err) = muster_in(
            &sub,
            &[
                "validate",
                "field.scenario.ron",
                "field.map.ron",
                "--color",
                "never",
            ],
        );
        assert_eq!(code, 0, "validate {system}: {out}{err}");
        assert!(out.contains("0 errors, 0 warnings"), "{system}: {out}");
    }
    let _ = muster(&["--version"]);
}

/// A new A la Charge pack in a scratch folder, its scenario text edited by `edit`, its map
/// by `edit_map`; the human report of `validate`.
fn validate_edited(name: &str, edit: &[(&str, &str)], edit_map: &[(&str, &str)]) -> String {
    let dir = scratch(name);
    let (code, _, err) = muster_in(&dir, &["new", "pack", "p", "--ruleset", "a-la-charge"]);
    assert_eq!(code, 0, "{err}");
    for (file, edits) in [
        ("p/scenarios/p.scenario.ron", edit),
        ("p/maps/p.map.ron", edit_map),
    ] {
        let path = dir.join(file);
        let mut text = std::fs::read_to_string(&path).unwrap();
        for (from, to) in edits {
            assert!(text.contains(from), "{from} in {text}");
            text = text.replacen(from, to, 1);
        }
        std::fs::write(&path, text).unwrap();
    }
    let (_, out, err) = muster_in(&dir, &["validate", "p", "--color", "never"]);
    out + &err
}

/// Findings 10 and 11: one Damerau–Levenshtein suggester for unknown units (a
/// transposition), kinds, terrain, rulesets and map paths; hex ids in words.
#[test]
fn unknown_names_in_files_get_the_nearest_or_the_list() {
    let out = validate_edited("unit", &[("\"2x Knights\"", "\"2x Knigths\"")], &[]);
    assert!(
        out.contains("no unit `Knigths`") && out.contains("did you mean `Knights`?"),
        "{out}"
    );
    let out = validate_edited("unit-far", &[("\"2x Knights\"", "\"2x Pikemen\"")], &[]);
    assert!(
        out.contains("the unit ids of First side are `Knights`"),
        "{out}"
    );
    let out = validate_edited("kind", &[("kind: \"knights\"", "kind: \"knight\"")], &[]);
    assert!(out.contains("did you mean `knights`?"), "{out}");
    let out = validate_edited("terrain", &[], &[("\"clear\"", "\"claer\"")]);
    assert!(
        out.contains("unknown terrain `claer`") && out.contains("did you mean `clear`?"),
        "{out}"
    );
    let out = validate_edited("ruleset", &[("\"a-la-charge\"", "\"a-la-charg\"")], &[]);
    assert!(out.contains("did you mean `a-la-charge`?"), "{out}");
    let out = validate_edited("map", &[("../maps/p.map.ron", "../maps/pp.map.ron")], &[]);
    assert!(
        out.contains("`../maps/pp.map.ron` does not exist")
            && out.contains("did you mean `../maps/p.map.ron`?"),
        "{out}"
    );
    let out = validate_edited("hex", &[("\"0101\"", "\"01O1\"")], &[]);
    assert!(
        out.contains("`01O1` is not a hex id")
            && out.contains("write 4 digits, column then row, e.g. `0504`")
            && !out.contains("[0-9]"),
        "{out}"
    );
}

/// Finding 10: a map path outside the pack is not listed for suggestions (the folder is
/// read through the pack boundary only).
#[test]
fn missing_map_outside_the_pack_suggests_nothing_from_outside() {
    let dir = scratch("outside");
    let (code, _, err) = muster_in(&dir, &["new", "pack", "p", "--ruleset", "siege"]);
    assert_eq!(code, 0, "{err}");
    std::fs::write(dir.join("secret.map.ron"), "()").unwrap();
    let path = dir.join("p/scenarios/p.scenario.ron");
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(
        &path,
        text.replace("../maps/p.map.ron", "../../secrt.map.ron"),
    )
    .unwrap();
    let (_, out, err) = muster_in(&dir, &["validate", "p", "--color", "never"]);
    assert!(
        !out.contains("secret") && !err.contains("secret"),
        "{out}{err}"
    );
}

/// Findings 10 and 23: `explain` and the queries suggest the nearest code, unit or group,
/// list the candidates when nothing is close, and name every unit an ambiguous name means.
#[test]
fn unknown_codes_units_and_groups_on_the_command_line() {
    let (code, _, err) = muster(&["explain", "AC199"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("did you mean `AC109`?"), "{err}");
    let (_, _, err) = muster(&["explain", "AG2"]);
    assert!(err.contains("the AG codes are `AG201`"), "{err}");
    let st_albans = "scenarios/a-la-charge/st-albans-1.scenario.ron";
    let (_, _, err) = muster(&["query", "reach", st_albans, "Archers"]);
    assert!(
        err.contains("`lancastrians/Archers` and `yorkists/Archers`"),
        "{err}"
    );
    let (_, _, err) = muster(&["query", "reach", st_albans, "lancastrians/Archer"]);
    assert!(
        err.contains("did you mean `lancastrians/Archers`?"),
        "{err}"
    );
    let (_, _, err) = muster(&["query", "reach", st_albans, "Pikemen"]);
    assert!(err.contains("the units are `(1-2)`"), "{err}");
    let saint_aubin = "scenarios/charles-the-bold/saint-aubin.scenario.ron";
    let (_, _, err) = muster(&["query", "command", saint_aubin, "centr"]);
    assert!(err.contains("did you mean `centre`?"), "{err}");
    let (_, _, err) = muster(&["query", "command", saint_aubin, "centre"]);
    assert!(
        err.contains("`english/centre` and `burgundians/centre`"),
        "{err}"
    );
    let (_, _, err) = muster(&["query", "command", saint_aubin, "english/xyzzy"]);
    assert!(
        err.contains("the command groups are `english/left`"),
        "{err}"
    );
    let (_, _, err) = muster(&["new", "pack", "x", "--ruleset", "alacharge"]);
    assert!(err.contains("did you mean `a-la-charge`?"), "{err}");
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let target = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_dir(&e.path(), &target);
        } else {
            std::fs::copy(e.path(), target).unwrap();
        }
    }
}

/// The bundled pack copied twice into a scratch folder, `old` and `new`.
fn two_packs(name: &str) -> PathBuf {
    let dir = scratch(name);
    for side in ["old", "new"] {
        for part in ["scenarios", "maps"] {
            copy_dir(&common::root().join(part), &dir.join(side).join(part));
        }
        std::fs::copy(
            common::root().join("muster.pack.ron"),
            dir.join(side).join("muster.pack.ron"),
        )
        .unwrap();
    }
    dir
}

fn edit(path: &Path, edits: &[(&str, &str)]) {
    let mut text = std::fs::read_to_string(path).unwrap();
    for (from, to) in edits {
        assert!(text.contains(from), "{from} in {}", path.display());
        text = text.replacen(from, to, 1);
    }
    std::fs::write(path, text).unwrap();
}

const KALAVRYAI: &str = "scenarios/a-la-charge/kalavryai-1078.scenario.ron";

/// Finding 4: army morale, commanders, unit ratings and kinds, army lists and map zones are
/// compared (every field of the model); a counter moved twice is one `2x` line;
/// `--exit-code` says whether anything changed.
#[test]
fn diff_compares_every_field_in_game_terms() {
    let dir = two_packs("diff");
    edit(
        &dir.join("new").join(KALAVRYAI),
        &[
            ("army_morale: 13", "army_morale: 12"),
            ("commander: \"Alexios Kommenos\"", "commander: \"Francs\""),
            (
                "(id: \"Francs\", name: \"Francs\", kind: \"knights\", count: 2, steps: [(strength: 4,",
                "(id: \"Francs\", name: \"Francs\", kind: \"infantry\", count: 2, steps: [(strength: 2,",
            ),
        ],
    );
    edit(
        &dir.join("new/scenarios/charles-the-bold/english.armylist.ron"),
        &[("impact: 4, bp: 3", "impact: 4, bp: 2")],
    );
    edit(
        &dir.join("new/maps/saint-albans.map.ron"),
        &[("name: \"St Albans\"", "name: \"Saint Albans\"")],
    );
    let (code, out, err) = muster_in(&dir, &["diff", "old", "new"]);
    assert_eq!(code, 0, "{err}");
    for expected in [
        "side byzantines, army morale: 13 → 12",
        "side byzantines, commander: Alexios Kommenos → Francs",
        "side byzantines, unit Francs, kind: knights → infantry",
        "side byzantines, unit Francs, step 1, strength: 4 → 2",
        "entry knights, bp: 3 → 2",
        "zone st-albans, name: St Albans → Saint Albans",
    ] {
        assert!(out.contains(expected), "{expected}:\n{out}");
    }
    let (code, _, _) = muster_in(&dir, &["diff", "old", "new", "--exit-code"]);
    assert_eq!(code, 1);
    let (code, out, _) = muster_in(&dir, &["diff", "old", "old", "--exit-code"]);
    assert_eq!(code, 0, "{out}");
}

/// Findings 4 and 24: repeated lines are one counted line.
#[test]
fn diff_counts_repeated_lines() {
    let dir = two_packs("diff-2x");
    edit(
        &dir.join("new").join(KALAVRYAI),
        &[("Hexes([\"1004\", \"1003\"])", "Hexes([\"1004\", \"1005\"])")],
    );
    let (_, out, _) = muster_in(&dir, &["diff", "old", "new"]);
    assert!(
        out.contains("2x Chomatenoi (byzantines) moved from 1004, 1003 to 1004, 1005"),
        "{out}"
    );
    let lines: Vec<&str> = out.lines().collect();
    let unique: std::collections::BTreeSet<&&str> = lines.iter().collect();
    assert_eq!(lines.len(), unique.len(), "no line repeated:\n{out}");
}

/// Finding 4: two files of different names are compared with each other, and a version
/// that does not load is named, with why.
#[test]
fn diff_pairs_two_files_and_names_the_one_that_does_not_load() {
    let dir = two_packs("diff-files");
    let renamed = dir.join("new/scenarios/a-la-charge/kal 10% ü.scenario.ron");
    std::fs::copy(dir.join("new").join(KALAVRYAI), &renamed).unwrap();
    edit(&renamed, &[("army_morale: 13", "army_morale: 11")]);
    let old = format!("old/{KALAVRYAI}");
    let new = "new/scenarios/a-la-charge/kal 10% ü.scenario.ron";
    let (code, out, err) = muster_in(&dir, &["diff", &old, new]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("army morale: 13 → 11"), "{out}");
    assert!(
        !out.contains("file added") && !out.contains("file removed"),
        "{out}"
    );
    edit(&renamed, &[("turns: ", "tunrs: ")]);
    let (_, out, _) = muster_in(&dir, &["diff", &old, new]);
    assert!(
        out.contains("the new version") && out.contains("does not load") && out.contains("MU002"),
        "{out}"
    );
    assert!(!out.contains("the old version"), "{out}");
}

/// Findings 9 and 25: `fmt` and `fmt --check` report a file that does not load and go on
/// with the rest (exit 2); `--check` says where a file first differs from canonical.
#[test]
fn fmt_goes_past_a_broken_file_and_shows_the_first_difference() {
    let dir = scratch("fmt");
    let (code, _, err) = muster_in(&dir, &["new", "pack", "p", "--ruleset", "siege"]);
    assert_eq!(code, 0, "{err}");
    let s = dir.join("p/scenarios");
    edit(&s.join("p.scenario.ron"), &[("turns: 5,", "turns:   5,")]);
    std::fs::copy(s.join("p.scenario.ron"), s.join("a.scenario.ron")).unwrap();
    edit(&s.join("a.scenario.ron"), &[("turns:   5,", "tunrs: 5,")]);
    let (code, out, err) = muster_in(&dir, &["fmt", "--check", "p"]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("a.scenario.ron has errors"), "{err}");
    assert!(
        out.contains("p.scenario.ron: line 6 is `    turns:   5,`, canonical `    turns: 5,`"),
        "{out}"
    );
    let (code, out, err) = muster_in(&dir, &["fmt", "p"]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        out.contains("formatted p/scenarios/p.scenario.ron"),
        "{out}"
    );
    let (code, out, _) = muster_in(&dir, &["fmt", "--check", "p/scenarios/p.scenario.ron"]);
    assert_eq!(code, 0, "{out}");
}

/// Finding 21: `export vassal --force` exports the scenarios that load and names the one
/// that does not (exit 1), printing its errors once.
#[test]
fn export_vassal_force_exports_what_loads_and_names_the_rest() {
    let dir = two_packs("vassal");
    let s = dir.join("old/scenarios/a-la-charge");
    edit(
        &s.join("st-albans-1.scenario.ron"),
        &[("turns: ", "tunrs: ")],
    );
    let (code, out, err) = muster_in(
        &s,
        &[
            "export",
            "vassal",
            "st-albans-1.scenario.ron",
            "st-albans-2.scenario.ron",
            "civitate-1053.scenario.ron",
            "-o",
            "m.vmod",
            "--force",
        ],
    );
    assert_eq!(code, 1, "{out}{err}");
    assert!(s.join("m.vmod").is_file(), "{out}{err}");
    assert!(
        out.contains("st-albans-1.scenario.ron: not exported (does not load)"),
        "{out}"
    );
    assert!(
        out.contains("2nd St Albans") || out.contains("St Albans"),
        "{out}"
    );
    assert_eq!(
        err.matches("error[MU002]: missing field `turns`").count(),
        1,
        "its errors once: {err}"
    );
}

/// Finding 12: a line with an off-map hex says how many of its listed hexes are on the
/// map, so the stacking message matches the list the designer sees.
#[test]
fn stacking_on_a_line_with_an_off_map_hex_counts_the_listed_hexes() {
    let out = validate_edited(
        "off-map",
        &[
            ("count: 2, steps", "count: 3, steps"),
            (
                "\"2x Knights\"], at: Hexes([\"0101\", \"0201\"",
                "\"3x Knights\"], at: Hexes([\"0101\", \"0699\", \"0201\"",
            ),
        ],
        &[],
    );
    assert!(out.contains("hex 0699 is not on the map"), "{out}");
    assert!(
        out.contains("over the 2 hexes of this line (1 of the 3 listed is not on the map)"),
        "{out}"
    );
    assert!(out.contains("2 of these 3 hexes are on the map"), "{out}");
}

/// Finding 27 (3, 4, 7, 8, 10, 11): the cosmetic odds and ends.
#[test]
fn cosmetic_odds_and_ends() {
    let st_albans = "scenarios/a-la-charge/st-albans-1.scenario.ron";
    // 4: the hex-id error is said once.
    let (_, _, err) = muster(&["query", "los", st_albans, "1304", "13O4"]);
    assert_eq!(err.matches("is not a hex id").count(), 1, "{err}");
    assert!(err.contains("write 4 digits, column then row"), "{err}");
    // 11: `explain` with no code says how to ask.
    let (code, _, err) = muster(&["explain"]);
    assert_eq!(code, 2);
    assert!(err.contains("muster explain --list"), "{err}");
    // 8: one HEXES in the usage of `query odds`, and two hexes still needed.
    let (_, out, _) = muster(&["query", "odds", "--help"]);
    assert!(out.contains("<SCENARIO> <HEXES>..."), "{out}");
    let (code, _, err) = muster(&["query", "odds", st_albans, "1304"]);
    assert_eq!(code, 2);
    assert!(err.contains("at least two hexes"), "{err}");
    // 7: `import` before `lsp` in the command list.
    let (_, out, _) = muster(&["--help"]);
    let (i, l) = (out.find("  import").unwrap(), out.find("  lsp").unwrap());
    assert!(i < l, "{out}");
    // 3: "1 comment", not "1 comment(s)".
    let dir = scratch("cosmetic");
    let (code, _, e) = muster_in(&dir, &["new", "map", "m", "--ruleset", "siege"]);
    assert_eq!(code, 0, "{e}");
    let m = dir.join("m.map.ron");
    let text = std::fs::read_to_string(&m).unwrap();
    std::fs::write(&m, format!("// one comment\n{text}")).unwrap();
    let (_, _, err) = muster_in(&dir, &["convert", "m.map.ron", "--to", "json"]);
    assert!(err.contains("has 1 comment;"), "{err}");
    // 10: an optional compass side's `None` is not offered for a side written.
    let out = validate_edited(
        "compass",
        &[(
            "at: Hexes([\"0101\", \"0201\"])",
            "at: Edge(side: Sout, from: \"0101\", to: \"0501\")",
        )],
        &[],
    );
    assert!(out.contains("did you mean `South`?"), "{out}");
    assert!(!out.contains("`None`"), "{out}");
}

/// Finding 27 (5, 6): `render` says what it wrote, and refuses a name that is not `.png`.
#[test]
fn render_says_what_it_wrote_and_writes_only_png_names() {
    let dir = scratch("render");
    let (code, _, e) = muster_in(&dir, &["new", "map", "m", "--ruleset", "siege"]);
    assert_eq!(code, 0, "{e}");
    let (code, out, err) = muster_in(&dir, &["render", "m.map.ron", "-o", "m.png"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("wrote m.png"), "{out}");
    let (code, _, err) = muster_in(&dir, &["render", "m.map.ron", "-o", "m.jpg"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("PNG") && !dir.join("m.jpg").exists(), "{err}");
}

/// Finding 27 (1): an erratum's label underlines its code, not its whole (long) line.
#[test]
fn erratum_label_underlines_the_code_only() {
    let (_, out, _) = muster(&[
        "validate",
        "scenarios/a-la-charge/civitate-1053.scenario.ron",
        "--color",
        "never",
    ]);
    let label = out
        .lines()
        .find(|l| l.contains("recorded as a known erratum"))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(label.matches('-').count() <= 10, "{label}");
}

/// Finding 10: `import tiled` suggests the nearest ruleset too (the shared suggester).
#[test]
fn import_tiled_suggests_the_nearest_ruleset() {
    let dir = scratch("tiled");
    let (code, _, e) = muster_in(&dir, &["new", "map", "m", "--ruleset", "siege"]);
    assert_eq!(code, 0, "{e}");
    let (code, _, e) = muster_in(&dir, &["export", "tiled", "m.map.ron", "-o", "m.tmx"]);
    assert_eq!(code, 0, "{e}");
    let (code, _, err) = muster_in(
        &dir,
        &[
            "import",
            "tiled",
            "m.tmx",
            "-o",
            "n.map.ron",
            "--ruleset",
            "sieg",
        ],
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("did you mean `siege`?"), "{err}");
}

/// Finding 10: a commander that names no unit gets the nearest unit id.
#[test]
fn unknown_commander_gets_the_nearest_unit() {
    let out = validate_edited(
        "commander",
        &[(
            "name: \"First side\",",
            "name: \"First side\",\n            commander: \"Knigts\",",
        )],
        &[],
    );
    assert!(
        out.contains("has no unit `Knigts` to be its commander")
            && out.contains("did you mean `Knights`?"),
        "{out}"
    );
}

/// Finding 11: a value of the wrong type is said in words, not as the schema's type name.
#[test]
fn wrong_type_is_said_in_words() {
    let out = validate_edited("type", &[("turns: 5,", "turns: \"five\",")], &[]);
    assert!(
        out.contains("this should be a whole number, not `five`"),
        "{out}"
    );
    assert!(!out.contains("is not of type"), "{out}");
}

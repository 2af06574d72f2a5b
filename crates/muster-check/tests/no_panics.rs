//! Bad input never panics: bundled files mangled at random (truncated, characters inserted,
//! spans overwritten) go through the whole pipeline — read, schema, deserialize, resolve,
//! generic and system checks — and come back as diagnostics. Regression guard for the
//! "never a panic" promise. `MUSTER_FUZZ_CASES=20000` runs more cases (default 300).

use muster_check::{load_value, parse_text};
use muster_model::{FileKind, MapFile, OverlayFile, ScenarioFile};
use proptest::prelude::*;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

struct Fixture {
    scenarios: Vec<(PathBuf, String)>,
    map: MapFile,
    map_text: String,
    overlays: Vec<OverlayFile>,
}

fn fixture() -> &'static Fixture {
    static F: OnceLock<Fixture> = OnceLock::new();
    F.get_or_init(|| {
        let r = root();
        let scenarios = [
            "scenarios/a-la-charge/civitate-1053.scenario.ron",
            "scenarios/a-la-charge/st-albans-2.scenario.ron",
            "scenarios/and-gentlemen-all/brampton-field.scenario.ron",
        ]
        .iter()
        .map(|p| (r.join(p), std::fs::read_to_string(r.join(p)).unwrap()))
        .collect();
        let map_path = r.join("maps/normans-byzantines.map.ron");
        let map = load_value::<MapFile>(&map_path, FileKind::Map)
            .unwrap()
            .value;
        let overlays = [
            "maps/nb-overlay-1.overlay.ron",
            "maps/nb-overlay-2.overlay.ron",
        ]
        .iter()
        .map(|p| {
            load_value::<OverlayFile>(&r.join(p), FileKind::Overlay)
                .unwrap()
                .value
        })
        .collect();
        Fixture {
            scenarios,
            map,
            map_text: std::fs::read_to_string(map_path).unwrap(),
            overlays,
        }
    })
}

#[derive(Debug, Clone)]
enum Mutation {
    Truncate(usize),
    Insert(usize, char),
    Overwrite(usize, usize, String),
    Swap(usize, usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        any::<usize>().prop_map(Mutation::Truncate),
        (
            any::<usize>(),
            prop_oneof![
                Just('('),
                Just(')'),
                Just('['),
                Just('"'),
                Just(','),
                Just(':'),
                Just('9'),
                Just('-'),
                any::<char>()
            ]
        )
            .prop_map(|(i, c)| Mutation::Insert(i, c)),
        (any::<usize>(), 0usize..40, "[a-z0-9\\[\\](){}\":, -]{0,12}")
            .prop_map(|(i, n, s)| Mutation::Overwrite(i, n, s)),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Mutation::Swap(a, b)),
    ]
}

fn boundary(text: &str, i: usize) -> usize {
    let mut i = i % (text.len() + 1);
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

fn mutate(text: &str, ms: &[Mutation]) -> String {
    let mut t = text.to_string();
    for m in ms {
        match m {
            Mutation::Truncate(i) => t.truncate(boundary(&t, *i)),
            Mutation::Insert(i, c) => {
                let i = boundary(&t, *i);
                t.insert(i, *c);
            }
            Mutation::Overwrite(i, n, s) => {
                let a = boundary(&t, *i);
                let b = boundary(&t, a + n);
                t.replace_range(a..b.max(a), s);
            }
            Mutation::Swap(a, b) => {
                let (a, b) = (boundary(&t, *a), boundary(&t, *b));
                let (a, b) = (a.min(b), a.max(b));
                let mid = t[a..b].to_string();
                let rest = t[b..].to_string();
                t.truncate(a);
                t.push_str(&rest);
                t.push_str(&mid);
            }
        }
    }
    t
}

proptest! {
    #![proptest_config(ProptestConfig { cases: std::env::var("MUSTER_FUZZ_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(300), ..ProptestConfig::default() })]

    #[test]
    fn mangled_scenarios_give_diagnostics_not_panics(which in 0usize..3, ms in prop::collection::vec(mutation(), 1..4)) {
        let f = fixture();
        let (path, text) = &f.scenarios[which];
        let mangled = mutate(text, &ms);
        if let Ok(s) = parse_text::<ScenarioFile>(path, Arc::from(mangled.as_str()), FileKind::Scenario) {
            if let Some(r) = muster_rules::ruleset(&s.value.ruleset) {
                let overlays: Vec<Option<&OverlayFile>> = s.value.overlays.iter().enumerate().map(|(i, _)| f.overlays.get(i)).collect();
                let _ = muster_rules::check_scenario(&s.value, &f.map, &overlays, r);
            }
        }
    }

    #[test]
    fn mangled_maps_give_diagnostics_not_panics(ms in prop::collection::vec(mutation(), 1..4)) {
        let f = fixture();
        let mangled = mutate(&f.map_text, &ms);
        if let Ok(m) = parse_text::<MapFile>(Path::new("x.map.ron"), Arc::from(mangled.as_str()), FileKind::Map) {
            if let Some(r) = muster_rules::ruleset(&m.value.ruleset) {
                let _ = muster_rules::check_map(&m.value, r);
                let (s, _) = &f.scenarios[0];
                let scenario = load_value::<ScenarioFile>(s, FileKind::Scenario).unwrap().value;
                let overlays: Vec<Option<&OverlayFile>> = f.overlays.iter().map(Some).collect();
                let _ = muster_rules::check_scenario(&scenario, &m.value, &overlays, r);
            }
        }
    }
}

#[test]
fn hostile_sizes_are_bounded() {
    // A 999x999 map with a scenario zone over every row resolves without blowing up.
    let f = fixture();
    let mut map = f.map.clone();
    map.grid.columns = 999;
    map.grid.rows = 999;
    let (path, text) = &f.scenarios[0];
    let s = parse_text::<ScenarioFile>(path, Arc::from(text.as_str()), FileKind::Scenario)
        .unwrap()
        .value;
    let r = muster_rules::ruleset("a-la-charge").unwrap();
    let overlays: Vec<Option<&OverlayFile>> = f.overlays.iter().map(Some).collect();
    let diags = muster_rules::check_scenario(&s, &map, &overlays, r);
    assert!(
        diags.iter().all(|d| d.code != "MU023"),
        "every hex is on a 999x999 map"
    );
}

#[test]
fn unreadable_entries_and_symlink_loops_are_findings_not_fatal() {
    let dir = std::env::temp_dir().join(format!("muster-walk-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("pack/inner")).unwrap();
    std::fs::copy(
        root().join("maps/normans-byzantines.map.ron"),
        dir.join("pack/good.map.ron"),
    )
    .unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink("..", dir.join("pack/inner/loop")).unwrap();
    // Absolute links are never followed, even to a folder inside the pack (issue 27).
    #[cfg(unix)]
    std::os::unix::fs::symlink(dir.join("pack"), dir.join("pack/inner/abs")).unwrap();
    std::fs::write(dir.join("pack/big.map.ron"), "").unwrap();
    std::fs::File::options()
        .write(true)
        .open(dir.join("pack/big.map.ron"))
        .unwrap()
        .set_len(muster_check::MAX_FILE_BYTES + 1)
        .unwrap();
    let report = muster_check::Checker::new().check_paths(&[dir.join("pack")]);
    let codes: Vec<(&str, String)> = report
        .findings()
        .map(|f| {
            (
                f.diagnostic.code,
                f.file.file_name().unwrap().to_string_lossy().to_string(),
            )
        })
        .collect();
    assert!(
        codes
            .iter()
            .any(|(c, f)| *c == "MU004" && f == "big.map.ron"),
        "an oversized file is refused: {codes:?}"
    );
    #[cfg(unix)]
    assert!(
        report
            .findings()
            .any(|f| f.diagnostic.message.contains("symlink loop")),
        "the loop is reported: {codes:?}"
    );
    #[cfg(unix)]
    assert!(
        report.findings().any(|f| f.diagnostic.code == "MU013"
            && f.file.ends_with("inner/abs")
            && f.diagnostic.message.contains("absolute symlink")),
        "the absolute link is refused, not followed: {codes:?}"
    );
    assert!(
        report
            .files
            .iter()
            .any(|f| f.path.ends_with("good.map.ron") && f.findings.is_empty()),
        "the rest of the pack is still checked"
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// Regression guard for issue 15: `map: "/dev/zero"` used to grow memory until the kernel
/// killed the process, and `map: "../../../../etc/passwd"` was read and echoed.
#[test]
fn references_leaving_the_pack_are_refused_unread() {
    let dir = std::env::temp_dir().join(format!("muster-boundary-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("pack")).unwrap();
    std::fs::write(dir.join("secret.map.ron"), "SECRET-CONTENT\n").unwrap();
    std::fs::write(dir.join("pack/muster.pack.ron"), "(name: \"p\")\n").unwrap();
    let (_, civitate) = &fixture().scenarios[0];
    let map_line = civitate
        .lines()
        .find(|l| l.trim_start().starts_with("map:"))
        .unwrap();
    for (name, target) in [
        ("zero", "/dev/zero"),
        ("passwd", "../../../../../../../../../etc/passwd"),
        ("up", "../secret.map.ron"),
    ] {
        let text = civitate.replace(map_line, &format!("    map: \"{target}\","));
        std::fs::write(dir.join(format!("pack/{name}.scenario.ron")), text).unwrap();
    }
    let report = muster_check::Checker::new().check_paths(&[dir.join("pack")]);
    for file in report
        .files
        .iter()
        .filter(|f| f.path.to_string_lossy().ends_with(".scenario.ron"))
    {
        let codes: Vec<_> = file.findings.iter().map(|f| f.diagnostic.code).collect();
        // The map, and the overlays (left behind outside this pack), are all refused.
        assert!(
            !codes.is_empty() && codes.iter().all(|c| *c == "MU013"),
            "{}: {codes:?}",
            file.path.display()
        );
    }
    assert!(
        report
            .sources
            .values()
            .all(|t| !t.contains("SECRET") && !t.contains("root:x:")),
        "nothing outside the pack was read"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[cfg(unix)]
#[test]
fn special_files_are_never_opened() {
    let e = muster_check::read_bytes(Path::new("/dev/zero")).unwrap_err();
    assert!(matches!(e, muster_check::ReadError::NotRegular(_)), "{e}");
    let dir = std::env::temp_dir().join(format!("muster-fifo-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let fifo = dir.join("x.map.ron");
    assert!(std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    // Would block forever waiting for a writer if it were opened.
    let report = muster_check::Checker::new().check_paths(std::slice::from_ref(&fifo));
    let codes: Vec<_> = report.findings().map(|f| f.diagnostic.code).collect();
    assert_eq!(codes, ["MU004"]);
    let _ = std::fs::remove_dir_all(dir);
}

/// Findings the rules count without building them (past `muster_rules::MAX_ALIKE` of a
/// kind in one list) are still counted by a checker with no cap (the editor's, `export
/// vassal`'s): 2,500 off-map hexes are 2,500 errors, not the 1,000 built.
#[test]
fn an_uncapped_checker_counts_the_findings_the_rules_only_counted() {
    let dir = std::env::temp_dir().join(format!("muster-alike-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut text = String::from(
        "(title: \"Hostile\", ruleset: \"a-la-charge\", provenance: Original, \
         grid: (orientation: Flat, stagger: Even, numbering: ColumnRow, first_column: 1, \
         first_row: 1, columns: 6, rows: 6, north: Top), default_terrain: \"clear\", hexes: [",
    );
    for i in 0..2500 {
        text.push_str(&format!(
            "(hex: \"{:02}{:02}\", terrain: \"clear\"),",
            10 + i % 90,
            10 + (i / 90) % 90
        ));
    }
    text.push_str("])\n");
    let path = dir.join("big.map.ron");
    std::fs::write(&path, text).unwrap();
    let checker = muster_check::Checker::new();
    let report = checker.check_paths(std::slice::from_ref(&path));
    assert_eq!(report.count(muster_rules::Severity::Error), 2500);
    assert_eq!(report.findings().count(), muster_rules::MAX_ALIKE);
    // A caller of check_file reads them from the checker.
    let checker = muster_check::Checker::new();
    let mut report = muster_check::Report::default();
    let (findings, _) = checker.check_file(&path, muster_model::FileKind::Map, &mut report);
    assert_eq!(findings.len(), muster_rules::MAX_ALIKE);
    let left: usize = checker.left_out().iter().map(|(_, s)| s.total()).sum();
    assert_eq!(left, 2500 - muster_rules::MAX_ALIKE);
    let _ = std::fs::remove_dir_all(dir);
}

//! A memo shares a scenario's map between checks while the map's bytes are unchanged,
//! and never hides a change to them (issue 28, review finding 16: the language server
//! re-parsed a 528 KB map on every keystroke in its scenario).

use muster_check::{Checker, Memo, Report};
use muster_model::FileKind;
use std::path::{Path, PathBuf};
use std::sync::Arc;

const CASE: &str = "../../tests/cases/invalid-ac101-stacking";

/// A copy of the stacking case in a fresh folder: (folder, map, scenario).
fn pack(name: &str) -> (PathBuf, PathBuf, PathBuf) {
    let dir = std::env::temp_dir().join(format!("muster-memo-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let case = Path::new(env!("CARGO_MANIFEST_DIR")).join(CASE);
    for f in ["x.map.ron", "x.scenario.ron"] {
        std::fs::copy(case.join(f), dir.join(f)).unwrap();
    }
    let dir = std::fs::canonicalize(&dir).unwrap();
    (
        dir.clone(),
        dir.join("x.map.ron"),
        dir.join("x.scenario.ron"),
    )
}

/// The codes a checker finds in the scenario.
fn codes(checker: &Checker, scenario: &Path) -> Vec<String> {
    let mut report = Report::default();
    let (findings, _) = checker.check_file(scenario, FileKind::Scenario, &mut report);
    let mut c: Vec<String> = findings
        .iter()
        .map(|f| f.diagnostic.code.to_string())
        .collect();
    c.sort();
    c
}

#[test]
fn an_unchanged_map_is_loaded_once_across_checks() {
    let (dir, _, scenario) = pack("shared");
    let memo = Arc::new(Memo::new());
    let first = Checker::new().with_memo(memo.clone());
    let second = Checker::new().with_memo(memo.clone());
    let a = first.load_scenario(&scenario).expect("loads");
    let b = second.load_scenario(&scenario).expect("loads");
    assert!(
        Arc::ptr_eq(&a.map, &b.map),
        "the second check parsed the map again"
    );
    // Without a memo each checker loads its own.
    let c = Checker::new().load_scenario(&scenario).expect("loads");
    assert!(!Arc::ptr_eq(&a.map, &c.map));
    // The findings are those of a checker without a memo.
    assert_eq!(codes(&first, &scenario), codes(&Checker::new(), &scenario));
    assert_eq!(codes(&second, &scenario), vec!["AC101".to_string()]);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_map_changed_on_disk_to_the_same_size_is_read_again() {
    let (dir, map, scenario) = pack("changed");
    let memo = Arc::new(Memo::new());
    let before = codes(&Checker::new().with_memo(memo.clone()), &scenario);
    assert_eq!(before, vec!["AC101".to_string()]);
    // Same length, very likely the same second: only the bytes tell.
    let text = std::fs::read_to_string(&map).unwrap();
    let narrow = text.replace("columns: 6", "columns: 3");
    assert_eq!(narrow.len(), text.len());
    std::fs::write(&map, narrow).unwrap();
    let after = codes(&Checker::new().with_memo(memo.clone()), &scenario);
    assert_eq!(after, codes(&Checker::new(), &scenario));
    assert!(
        after.iter().any(|c| c != "AC101"),
        "the blue units now stand off the narrowed map: {after:?}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn an_edited_map_buffer_is_read_again() {
    let (dir, map, scenario) = pack("buffer");
    let memo = Arc::new(Memo::new());
    let text = std::fs::read_to_string(&map).unwrap();
    let with = |t: &str| {
        Checker::with_overrides([(map.clone(), Arc::<str>::from(t))]).with_memo(memo.clone())
    };
    assert_eq!(codes(&with(&text), &scenario), vec!["AC101".to_string()]);
    let broken = text.replace("columns: 6", "columns: x");
    let after = codes(&with(&broken), &scenario);
    assert!(
        !after.is_empty() && after.iter().all(|c| c != "AC101"),
        "the scenario's map no longer loads: {after:?}"
    );
    assert_eq!(codes(&with(&text), &scenario), vec!["AC101".to_string()]);
    let _ = std::fs::remove_dir_all(dir);
}

//! code.md 12: A la Charge, Charles the Bold and Siege report the placement model's
//! collisions through one function, so a system cannot drift from the others again: a third
//! set-up line in a shared hex is labelled in Charles the Bold as in A la Charge (it was
//! not), and every finding cites the rule.

use muster_check::Checker;
use std::path::{Path, PathBuf};

/// The `invalid-cb304-two-stands` case copied to a temporary folder, its scenario edited by
/// `edit`.
fn cb304_case(name: &str, edit: impl Fn(String) -> String) -> PathBuf {
    let from =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/cases/invalid-cb304-two-stands");
    let dir = std::env::temp_dir().join(format!("muster-collisions-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    for e in std::fs::read_dir(&from).expect("the case") {
        let p = e.expect("an entry").path();
        let text = std::fs::read_to_string(&p).expect("a case file");
        let text = if p.to_string_lossy().ends_with(".scenario.ron") {
            edit(text)
        } else {
            text
        };
        std::fs::write(dir.join(p.file_name().expect("a name")), text).expect("written");
    }
    dir.join("x.scenario.ron")
}

#[test]
fn charles_the_bold_labels_every_line_of_a_shared_hex_and_cites_the_rule() {
    // The right wing's knights move from 1312 into 0412, which two lines already fill.
    let path = cb304_case("third", |t| {
        let old = r#"(units: ["Knights (right)"], at: Hexes(["1312"])"#;
        assert!(
            t.contains(old),
            "the case still sets up the right wing's knights in 1312"
        );
        t.replace(old, r#"(units: ["Knights (right)"], at: Hexes(["0412"])"#)
    });
    let report = Checker::new().check_paths(std::slice::from_ref(&path));
    let found: Vec<_> = report
        .findings()
        .filter(|f| f.diagnostic.code == "CB304")
        .map(|f| &f.diagnostic)
        .collect();
    let _ = std::fs::remove_dir_all(path.parent().expect("the folder"));
    assert_eq!(found.len(), 1, "{found:#?}");
    let d = found[0];
    assert_eq!(d.message, "two stands set up in 0412");
    let labels: Vec<&str> = d.labels.iter().map(|l| l.message.as_str()).collect();
    assert_eq!(labels, ["another stand is set up here", "and another here"]);
    assert_eq!(d.rule.as_deref(), Some("Charles the Bold §1.2"));
}

//! The module sets up each counter where the placement model's one arrangement puts it
//! (issue 30, code review 1 repro 2): an owner's choice goes where the other lines leave
//! room, so two combat units never share a hex that `validate` keeps apart.

use muster_check::Checker;
use muster_vassal::{export, ScenarioInput};
use std::path::{Path, PathBuf};

/// [`muster_testkit::minimal_with`] in this test's own scratch folder `name`.
fn minimal_with(name: &str, red: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("vassal-arrangement")
        .join(name);
    muster_testkit::minimal_with(&dir, red)
}

#[test]
fn a_choice_squeezed_by_other_lines_is_not_stacked_on_them() {
    let path = minimal_with(
        "repro-2",
        r#"                (units: ["Red Leader"], at: Hexes(["0202", "0203"])),
                (units: ["Red Foot"], at: Hexes(["0203", "0204"])),
                (units: ["Red Knights"], at: Hexes(["0203"])),
                (units: ["Red Knights"], at: Hexes(["0202"])),
"#,
    );
    let loaded = Checker::new().load_scenario(&path).expect("loads");
    let report = Checker::new().check_paths(std::slice::from_ref(&path));
    let findings: Vec<_> = report.findings().map(|f| &f.diagnostic.code).collect();
    assert!(
        !report.has_errors(),
        "validate accepts the set-up: {findings:?}"
    );
    let s = loaded.resolve();
    let module = export(
        "t",
        &[ScenarioInput {
            scenario: &s,
            map: &loaded.map().value,
            overlays: loaded.overlay_values(),
        }],
    )
    .expect("exports");
    let red: Vec<(String, Vec<String>)> = module.summary[0]
        .stacks
        .iter()
        .filter(|st| st.on_map && st.counters.iter().any(|c| c.starts_with("Red")))
        .map(|st| (st.location.clone(), st.counters.clone()))
        .collect();
    let combat = |hex: &str| -> Vec<&str> {
        red.iter()
            .filter(|(h, _)| h == hex)
            .flat_map(|(_, cs)| cs.iter().map(String::as_str))
            .filter(|c| *c != "Red Leader")
            .collect()
    };
    assert_eq!(combat("0202"), vec!["Red Knights"], "{red:?}");
    assert_eq!(combat("0203"), vec!["Red Knights"], "{red:?}");
    assert_eq!(combat("0204"), vec!["Red Foot"], "{red:?}");
    // The leader, free to stand on 0202 or 0203, is with a friend on one of them.
    let leader: Vec<&str> = red
        .iter()
        .filter(|(_, cs)| cs.iter().any(|c| c == "Red Leader"))
        .map(|(h, _)| h.as_str())
        .collect();
    assert_eq!(leader, vec!["0202"], "{red:?}");
}

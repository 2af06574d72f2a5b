//! `muster export vassal`: writes a module for good scenarios; refuses scenarios with
//! errors (exit 1) unless --force; bad arguments are located errors with exit 2.

mod common;

use common::{muster, root};

fn out(name: &str) -> String {
    let dir = std::env::temp_dir().join(format!("muster-export-vassal-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name).to_string_lossy().into_owned()
}

#[test]
fn a_bundled_scenario_exports_to_a_module() {
    let r = root();
    let s = r.join("scenarios/a-la-charge/civitate-1053.scenario.ron");
    let o = out("civitate.vmod");
    let (code, stdout, stderr) = muster(&["export", "vassal", s.to_str().unwrap(), "-o", &o]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("31 counters on their hexes"), "{stdout}");
    let bytes = std::fs::read(&o).unwrap();
    assert_eq!(&bytes[..2], b"PK", "a zip archive");
}

#[test]
fn a_scenario_with_errors_is_refused_unless_forced() {
    let r = root();
    let s = r.join("tests/cases/invalid-ac101-stacking/x.scenario.ron");
    let o = out("bad.vmod");
    let (code, _, stderr) = muster(&["export", "vassal", s.to_str().unwrap(), "-o", &o]);
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.contains("AC101") && stderr.contains("--force"),
        "{stderr}"
    );
    assert!(!std::path::Path::new(&o).exists());
    let (code, _, stderr) = muster(&["export", "vassal", s.to_str().unwrap(), "-o", &o, "--force"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stderr.contains("warning: exporting despite errors"),
        "{stderr}"
    );
}

#[test]
fn bad_input_is_a_clear_error_not_a_panic() {
    let r = root();
    let o = out("x.vmod");
    let map = r.join("maps/roche-noire.map.ron");
    let (code, _, stderr) = muster(&["export", "vassal", map.to_str().unwrap(), "-o", &o]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("not a scenario"), "{stderr}");
    let (code, _, stderr) = muster(&["export", "vassal", "nowhere.scenario.ron", "-o", &o]);
    assert!(code == 1 || code == 2, "{code} {stderr}");
    assert!(
        stderr.contains("nowhere.scenario.ron") && !stderr.contains("panicked"),
        "{stderr}"
    );
    let s = r.join("scenarios/siege/siege-of-roche-noire.scenario.ron");
    let (code, _, stderr) = muster(&[
        "export",
        "vassal",
        s.to_str().unwrap(),
        "-o",
        "/nonexistent-dir/x.vmod",
    ]);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("cannot write /nonexistent-dir/x.vmod"),
        "{stderr}"
    );
}

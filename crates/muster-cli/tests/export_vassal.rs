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

/// Issue 33 (scenarios as players choose them): `--split` writes one module per scenario,
/// named after its file, each holding that scenario alone (so its roster has only its own
/// sides; VASSAL's engine reads the rosters in scripts/vassal-engine-check.sh).
#[test]
fn split_writes_one_module_per_scenario() {
    let r = root();
    let a = r.join("scenarios/a-la-charge/civitate-1053.scenario.ron");
    let b = r.join("scenarios/a-la-charge/kalavryai-1078.scenario.ron");
    let dir = out("split");
    let (code, stdout, stderr) = muster(&[
        "export",
        "vassal",
        "--split",
        a.to_str().unwrap(),
        b.to_str().unwrap(),
        "-o",
        &dir,
    ]);
    assert_eq!(code, 0, "{stderr}");
    let wrote: Vec<&str> = stdout.lines().filter(|l| l.starts_with("wrote ")).collect();
    assert_eq!(wrote.len(), 2, "{stdout}");
    for (file, title) in [
        ("civitate-1053.vmod", "Civitate 18 June 1053"),
        ("kalavryai-1078.vmod", "Kalavryai 1078"),
    ] {
        let path = std::path::Path::new(&dir).join(file);
        let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert_eq!(&bytes[..2], b"PK", "{file}: a zip archive");
        // Each module's summary names its own scenario only.
        let at = stdout.find(file).expect("named");
        let next = stdout[at..]
            .find("\nwrote ")
            .map_or(stdout.len(), |n| at + n);
        let own = &stdout[at..next];
        assert!(own.contains(&format!("  {title}: ")), "{own}");
        assert_eq!(own.matches("counters on their hexes").count(), 1, "{own}");
    }
    let (code, _, stderr) = muster(&[
        "export",
        "vassal",
        "--split",
        "--name",
        "x",
        a.to_str().unwrap(),
        "-o",
        &dir,
    ]);
    assert_eq!(code, 2, "--name names one module: {stderr}");
}

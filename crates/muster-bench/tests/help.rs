//! Newcomer finding 13: `muster-bench gen --help` prints help and writes nothing; `gen`
//! without a number is an error, not 10,000 scenarios.

use std::process::Command;

fn bench_in(dir: &std::path::Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_muster-bench"))
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

#[test]
fn help_prints_usage_and_writes_nothing() {
    let dir = std::env::temp_dir().join(format!("muster-bench-help-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for args in [
        &["gen", "--help"][..],
        &["--help"],
        &["gen", "-h"],
        &["floor", "--help"],
    ] {
        let (code, out, err) = bench_in(&dir, args);
        assert_eq!(code, 0, "{args:?}: {err}");
        assert!(out.contains("muster-bench gen DIR N"), "{args:?}: {out}");
    }
    let (code, _, err) = bench_in(&dir, &["gen", "pack"]);
    assert_eq!(code, 2, "gen without N: {err}");
    let (code, _, err) = bench_in(&dir, &["gen", "--out", "3"]);
    assert_eq!(code, 2, "{err}");
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        0,
        "nothing written"
    );
}

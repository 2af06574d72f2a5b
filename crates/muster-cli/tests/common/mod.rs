//! What every CLI test file shares: the repository root and running the built `muster`.
//! (Each test file uses some of these; the others are not dead code.)
#![allow(dead_code)]

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The repository's top folder (a pack: it holds `muster.pack.ron`).
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

/// `muster ARGS` run in the repository's top folder: exit code, stdout, stderr.
pub fn muster(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_muster"))
        .args(args)
        .current_dir(root())
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

/// `muster ARGS`, which must succeed, its stdout read as JSON.
pub fn json(args: &[&str]) -> Value {
    let (code, out, err) = muster(args);
    assert_eq!(code, 0, "muster {args:?} failed: {err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("muster {args:?}: not JSON ({e}): {out}"))
}

//! The whole pipeline — read, schema, references, rules — on a scenario and its map given
//! as the two halves of the input (split at the first NUL byte): findings, never a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;
use muster_check::Checker;
use muster_model::FileKind;
use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

/// A pack on disk whose two files the fuzzer's texts stand in for.
fn pack() -> &'static (PathBuf, PathBuf) {
    static PACK: OnceLock<(PathBuf, PathBuf)> = OnceLock::new();
    PACK.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("muster-fuzz-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("muster.pack.ron"), "(name: \"fuzz\")\n").unwrap();
        let (s, m) = (dir.join("x.scenario.ron"), dir.join("x.map.ron"));
        std::fs::write(&s, "()").unwrap();
        std::fs::write(&m, "()").unwrap();
        (s, m)
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (scenario, map) = text.split_once('\0').unwrap_or((text, ""));
    let (s, m) = pack();
    let checker = Checker::with_overrides([
        (s.clone(), Arc::from(scenario)),
        (m.clone(), Arc::from(map)),
    ]);
    let mut report = muster_check::Report::default();
    let _ = checker.check_file(s, FileKind::Scenario, &mut report);
});

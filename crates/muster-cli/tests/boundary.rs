//! The pack boundary by construction (issue 27; shared/reviews/2026-11-25/security.md F1,
//! F4–F8, F13, F16 and code.md 3): every test here builds the reviewer's hostile tree and
//! fails on the code before `muster-io`.
#![cfg(unix)]

mod common;

use std::os::unix::fs::{symlink, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::Command;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("muster-b27-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `muster ARGS` in `dir`, killed after 60 s so that a walk that hangs fails the test.
fn muster_in(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new("timeout")
        .arg("60")
        .arg(env!("CARGO_BIN_EXE_muster"))
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

/// A pack (with a manifest) holding the minimal valid case, its map not canonical.
fn pack(dir: &Path) -> PathBuf {
    let pack = dir.join("pack");
    std::fs::create_dir_all(pack.join("maps")).unwrap();
    std::fs::write(pack.join("muster.pack.ron"), "(name: \"p\")\n").unwrap();
    let case = common::root().join("tests/cases/valid-minimal");
    let map = std::fs::read_to_string(case.join("x.map.ron")).unwrap();
    // Not canonical (fmt would rewrite it), with a comment an attacker chose.
    let map = format!(
        "// $(echo PWNED > {}/pwned.txt)\n{}",
        dir.display(),
        map.replace("    ", "  ")
    );
    std::fs::write(pack.join("maps/x.map.ron"), map).unwrap();
    let scenario = std::fs::read_to_string(case.join("x.scenario.ron")).unwrap();
    std::fs::write(
        pack.join("x.scenario.ron"),
        scenario.replace("\"x.map.ron\"", "\"maps/x.map.ron\""),
    )
    .unwrap();
    pack
}

/// F1: a planted `.NAME.<pid>.tmp` symlink made `fmt` overwrite any file with the map.
#[test]
fn fmt_never_follows_a_planted_temporary_file() {
    let dir = scratch("tmpsym");
    let pack = pack(&dir);
    let victim = dir.join("victim.txt");
    std::fs::write(&victim, "precious victim content\n").unwrap();
    // The pid the child will get is near ours; plant every name the old writer could use.
    let me = std::process::id();
    for pid in me.saturating_sub(200)..me + 3000 {
        symlink(&victim, pack.join(format!("maps/.x.map.ron.{pid}.tmp"))).unwrap();
    }
    let (code, out, err) = muster_in(&dir, &["fmt", "pack/maps/x.map.ron"]);
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(
        std::fs::read_to_string(&victim).unwrap(),
        "precious victim content\n"
    );
    let map = std::fs::symlink_metadata(pack.join("maps/x.map.ron")).unwrap();
    assert!(map.file_type().is_file(), "the map is still a regular file");
    assert!(std::fs::read_to_string(pack.join("maps/x.map.ron"))
        .unwrap()
        .contains("PWNED"));
    let _ = std::fs::remove_dir_all(dir);
}

/// code.md 3: `fmt` widened a 0600 file to 0644 and replaced a symlinked map (inside the
/// pack) by a regular file, forking the shared map.
#[test]
fn fmt_keeps_permissions_and_writes_through_links_inside_the_pack() {
    let dir = scratch("perm");
    let pack = pack(&dir);
    std::fs::create_dir_all(pack.join("shared")).unwrap();
    std::fs::rename(pack.join("maps/x.map.ron"), pack.join("shared/x.map.ron")).unwrap();
    symlink("../shared/x.map.ron", pack.join("maps/x.map.ron")).unwrap();
    std::fs::set_permissions(
        pack.join("shared/x.map.ron"),
        std::fs::Permissions::from_mode(0o600),
    )
    .unwrap();
    let before = std::fs::read_to_string(pack.join("shared/x.map.ron")).unwrap();
    let (code, out, err) = muster_in(&dir, &["fmt", "pack/maps/x.map.ron"]);
    assert_eq!(code, 0, "{out}{err}");
    let link = std::fs::symlink_metadata(pack.join("maps/x.map.ron")).unwrap();
    assert!(link.file_type().is_symlink(), "the link is still a link");
    let after = std::fs::read_to_string(pack.join("shared/x.map.ron")).unwrap();
    assert_ne!(before, after, "the shared map itself was formatted");
    let mode = std::fs::metadata(pack.join("shared/x.map.ron"))
        .unwrap()
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o600);
    let _ = std::fs::remove_dir_all(dir);
}

/// F4, F5, F6: folder links to `/`, `/proc`, `/etc` and out of the pack hung `validate`,
/// `fmt --check` and `diff`, printed outside names, and `fmt` rewrote outside files.
#[test]
fn walks_report_folder_links_out_of_the_pack_once_and_never_enter_them() {
    let dir = scratch("rootlink");
    let pack = pack(&dir);
    std::fs::create_dir_all(dir.join("outside")).unwrap();
    let secret = "// SECRETMARKER\n(\n  title: \"x\",\n)\n";
    std::fs::write(dir.join("outside/secret.map.ron"), secret).unwrap();
    for (link, to) in [("proc", "/proc"), ("root", "/"), ("etc", "/etc")] {
        symlink(to, pack.join(link)).unwrap();
    }
    symlink("../outside", pack.join("od")).unwrap();
    symlink(
        "../../outside/secret.map.ron",
        pack.join("maps/link.map.ron"),
    )
    .unwrap();
    let (code, out, err) = muster_in(&dir, &["validate", "pack", "--format", "json"]);
    assert_eq!(code, 1, "{err}");
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    let refused: Vec<String> = report["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["code"] == "MU013")
        .map(|d| d["file"].as_str().unwrap().to_string())
        .collect();
    for name in ["proc", "root", "etc", "od", "link.map.ron"] {
        assert_eq!(
            refused.iter().filter(|f| f.ends_with(name)).count(),
            1,
            "{name} reported once: {refused:?}"
        );
    }
    assert!(
        !out.contains("SECRETMARKER") && !out.contains("secret.map.ron"),
        "{out}"
    );
    assert!(!out.contains("/etc/") && !out.contains("modules"), "{out}");

    let (_, out, err) = muster_in(&dir, &["fmt", "--check", "pack"]);
    assert!(
        !out.contains("secret") && !err.contains("secret"),
        "{out}{err}"
    );
    muster_in(&dir, &["fmt", "pack"]);
    assert_eq!(
        std::fs::read_to_string(dir.join("outside/secret.map.ron")).unwrap(),
        secret,
        "fmt wrote outside the pack"
    );
    assert!(std::fs::symlink_metadata(pack.join("maps/link.map.ron"))
        .unwrap()
        .file_type()
        .is_symlink());

    // diff: the outside map behind a link in the new tree is never read or shown.
    let old = dir.join("old");
    std::fs::create_dir_all(old.join("maps")).unwrap();
    std::fs::copy(pack.join("maps/x.map.ron"), old.join("maps/link.map.ron")).unwrap();
    let (code, out, err) = muster_in(&dir, &["diff", "old", "pack", "--format", "markdown"]);
    assert!(code == 0 || code == 1, "{err}");
    assert!(
        !out.contains("SECRETMARKER") && !out.contains("x\u{2192}"),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// F13: without a manifest, a reference could read anything under the working directory,
/// `.git/config` included.
#[test]
fn the_working_directory_never_widens_the_pack_and_git_is_never_read() {
    let dir = scratch("gitleak");
    std::fs::create_dir_all(dir.join(".git")).unwrap();
    std::fs::write(
        dir.join(".git/config"),
        "[core]\n\trepositoryformatversion = 0\n[http]\n\textraheader = AUTHORIZATION: basic SECRETTOKEN\n",
    )
    .unwrap();
    std::fs::write(dir.join("secret.txt"), "SECRETMARKER-txt line one\n").unwrap();
    std::fs::create_dir_all(dir.join("ws/s")).unwrap();
    let case = common::root().join("tests/cases/valid-minimal/x.scenario.ron");
    let scenario = std::fs::read_to_string(case).unwrap();
    for (name, map) in [("git", "../../.git/config"), ("up", "../../secret.txt")] {
        std::fs::write(
            dir.join(format!("ws/s/{name}.scenario.ron")),
            scenario.replace("\"x.map.ron\"", &format!("\"{map}\"")),
        )
        .unwrap();
    }
    // The working directory holds everything; the folder named is `ws`.
    let (code, out, err) = muster_in(&dir, &["validate", "ws", "--color", "never"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        !out.contains("SECRET") && !err.contains("SECRET"),
        "{out}{err}"
    );
    assert!(!out.contains("repositoryformatversion"), "{out}");
    assert_eq!(out.matches("error[MU013]").count(), 2, "{out}");
    // A `.git` inside the pack is refused by name, whatever the root.
    std::fs::write(dir.join("muster.pack.ron"), "(name: \"p\")\n").unwrap();
    let (code, out, _) = muster_in(
        &dir,
        &["validate", "ws/s/git.scenario.ron", "--color", "never"],
    );
    assert_eq!(code, 1);
    assert!(out.contains("MU013") && out.contains(".git"), "{out}");
    assert!(!out.contains("repositoryformatversion"), "{out}");
    let _ = std::fs::remove_dir_all(dir);
}

/// F7: a cache file committed in the pull request turned a broken file green; a FIFO in
/// the cache folder hung the run; an edited entry was trusted.
#[test]
fn a_cache_inside_the_pack_is_refused_and_edited_entries_are_misses() {
    let dir = scratch("cache");
    let pack = pack(&dir);
    // A broken scenario: an unknown field.
    let broken = std::fs::read_to_string(pack.join("x.scenario.ron"))
        .unwrap()
        .replacen("turns: 5,", "turns: 5, nonsense: 1,", 1);
    std::fs::write(pack.join("x.scenario.ron"), broken).unwrap();
    let (code, _, err) = muster_in(&dir, &["validate", "pack", "--cache", "pack/.muster-cache"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("inside the pack"), "{err}");
    // Outside the pack: a first run fills it, then every entry is edited to say "clean".
    let cache = dir.join("cache");
    let (code, _, _) = muster_in(&dir, &["validate", "pack", "--cache", "cache"]);
    assert_eq!(code, 1);
    let file = cache.join("all.muster-cache.json");
    let text = std::fs::read_to_string(&file).unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    for (_, e) in v["entries"].as_object_mut().unwrap() {
        e["entry"]["findings"] = serde_json::json!([]);
    }
    std::fs::write(&file, v.to_string()).unwrap();
    Command::new("mkfifo")
        .arg(cache.join("f.muster-cache.json"))
        .status()
        .unwrap();
    symlink("/proc/self/environ", cache.join("e.muster-cache.json")).unwrap();
    let (code, out, err) = muster_in(&dir, &["validate", "pack", "--cache", "cache"]);
    assert_eq!(
        code, 1,
        "a poisoned entry never changes a verdict: {out}{err}"
    );
    assert!(err.contains("seal"), "{err}");
    assert!(err.contains("f.muster-cache.json"), "{err}");
    let _ = std::fs::remove_dir_all(dir);
}

/// F8: a reference swapped for a symlink between the boundary check and the open leaked
/// the outside file in 98 runs of 2000. The read is now resolved at the open; a swapper
/// racing 300 checks must win none.
#[test]
fn a_reference_swapped_for_a_link_mid_run_never_leaks() {
    let dir = scratch("race");
    let pack = pack(&dir);
    std::fs::write(
        dir.join("secret.map.ron"),
        std::fs::read_to_string(pack.join("maps/x.map.ron"))
            .unwrap()
            .replace("\"clear\"", "\"SECRETMARKER-terrain\""),
    )
    .unwrap();
    let inside = pack.join("maps/x.map.ron");
    std::fs::copy(&inside, pack.join("maps/good.map.ron")).unwrap();
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let swapper = {
        let (stop, pack, dir) = (stop.clone(), pack.clone(), dir.clone());
        std::thread::spawn(move || {
            let tmp_link = pack.join("maps/.swap-link");
            let tmp_hard = pack.join("maps/.swap-hard");
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                let _ = std::fs::remove_file(&tmp_link);
                let _ = symlink(dir.join("secret.map.ron"), &tmp_link);
                let _ = std::fs::rename(&tmp_link, pack.join("maps/x.map.ron"));
                let _ = std::fs::remove_file(&tmp_hard);
                let _ = std::fs::hard_link(pack.join("maps/good.map.ron"), &tmp_hard);
                let _ = std::fs::rename(&tmp_hard, pack.join("maps/x.map.ron"));
            }
        })
    };
    let scenario = pack.join("x.scenario.ron");
    let mut leaked = 0;
    for _ in 0..300 {
        let report = muster_check::Checker::new().check_paths(std::slice::from_ref(&scenario));
        if report
            .findings()
            .any(|f| f.diagnostic.message.contains("SECRETMARKER"))
            || report.sources.values().any(|t| t.contains("SECRETMARKER"))
        {
            leaked += 1;
        }
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    swapper.join().unwrap();
    assert_eq!(
        leaked, 0,
        "the outside map was read in {leaked} of 300 runs"
    );
    let _ = std::fs::remove_dir_all(dir);
}

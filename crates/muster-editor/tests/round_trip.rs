//! Open and save leaves every bundled file byte for byte as it was (issue 16): each bundled
//! scenario and map is opened in the editor from a scratch copy of the pack and written
//! back in full (Save as onto its own path, which writes the scenario and its map even when
//! nothing changed), and every file of the copy is compared with the repository's.

use muster_editor::App;
use std::path::{Path, PathBuf};

fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every file under `dir`, relative to it.
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                todo.push(p);
            } else {
                out.push(p.strip_prefix(dir).unwrap().to_path_buf());
            }
        }
    }
    out.sort();
    out
}

/// A scratch copy of the bundled pack (`scenarios/`, `maps/` and the pack marker).
fn scratch_copy() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("muster-round-trip-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::env::set_var("MUSTER_CACHE_DIR", dir.join(".cache"));
    let root = repository();
    for top in ["scenarios", "maps"] {
        for f in files(&root.join(top)) {
            let to = dir.join(top).join(&f);
            std::fs::create_dir_all(to.parent().unwrap()).unwrap();
            std::fs::copy(root.join(top).join(&f), to).unwrap();
        }
    }
    std::fs::write(dir.join("muster.pack.ron"), "(name: \"round trip\")\n").unwrap();
    dir
}

#[test]
fn open_and_save_leaves_every_bundled_file_byte_identical() {
    let dir = scratch_copy();
    let editable: Vec<PathBuf> = ["scenarios", "maps"]
        .iter()
        .flat_map(|top| {
            files(&dir.join(top))
                .into_iter()
                .map(move |f| Path::new(top).join(f))
        })
        .filter(|f| {
            let name = f.to_string_lossy();
            name.ends_with(".scenario.ron") || name.ends_with(".map.ron")
        })
        .collect();
    assert!(
        editable.len() >= 13,
        "bundled scenarios and maps: {editable:?}"
    );
    let mut written = 0;
    for f in &editable {
        let path = dir.join(f);
        let (mut app, _) = App::new(Some(path.clone()));
        assert!(!app.doc.is_dirty(), "{} opens clean", f.display());
        let wrote = app
            .doc
            .save_as(&path)
            .unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        assert!(!wrote.is_empty(), "{}: Save as wrote nothing", f.display());
        written += wrote.len();
    }
    assert!(written >= editable.len());
    let root = repository();
    for f in files(&dir.join("scenarios"))
        .into_iter()
        .map(|f| Path::new("scenarios").join(f))
        .chain(
            files(&dir.join("maps"))
                .into_iter()
                .map(|f| Path::new("maps").join(f)),
        )
    {
        let (saved, bundled) = (
            std::fs::read(dir.join(&f)).unwrap(),
            std::fs::read(root.join(&f)).unwrap(),
        );
        assert!(
            saved == bundled,
            "{} changed on open + save:\n{}",
            f.display(),
            String::from_utf8_lossy(&saved)
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

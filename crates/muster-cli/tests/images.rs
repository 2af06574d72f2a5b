//! Pictures from small hostile inputs (security review F10): `render` refuses a picture past
//! its budget and a crop corner off the map (exit 2, saying what would fit), and
//! `validate --render-failures` draws every failure within its budgets, shrinking or
//! cropping a map too large, without changing the verdict. Checked on exit codes and the
//! sizes of the files written, never on time.

mod common;

use std::path::{Path, PathBuf};

/// A fresh folder for one test, under the target folder.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("images-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A map of `columns` × `rows` open hexes; with `bad`, that hex has an unknown terrain.
fn map(path: &Path, columns: u32, rows: u32, bad: Option<&str>) {
    let hexes = bad
        .map(|h| format!(r#"(hex: "{h}", terrain: "lava")"#))
        .unwrap_or_default();
    std::fs::write(
        path,
        format!(
            r#"(title: "T", ruleset: "and-gentlemen-all", provenance: Original, grid: (orientation: Flat, stagger: Even, numbering: ColumnRow, first_column: 1, first_row: 1, columns: {columns}, rows: {rows}, north: Top), default_terrain: "open", hexes: [{hexes}])"#
        ),
    )
    .unwrap();
}

/// Width and height from a PNG's header.
fn png_size(path: &Path) -> (u32, u32) {
    let bytes = std::fs::read(path).unwrap();
    assert_eq!(&bytes[1..4], b"PNG", "{} is a PNG", path.display());
    let word = |i: usize| u32::from_be_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
    (word(16), word(20))
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn render_refuses_a_999_map_at_4_px_a_hex_before_drawing() {
    let dir = scratch("render-999");
    let (m, out) = (dir.join("huge.map.ron"), dir.join("out.png"));
    map(&m, 999, 999, None);
    let (code, _, err) = common::muster(&["render", s(&m), "-o", s(&out), "--px-per-hex", "4"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("998001 hexes"), "{err}");
    assert!(err.contains("--hexes 001001:"), "the crop that fits: {err}");
    assert!(!out.exists(), "nothing written");
}

#[test]
fn render_refuses_a_33_map_at_512_px_and_names_the_width_that_fits() {
    let dir = scratch("render-512");
    let (m, out) = (dir.join("r33.map.ron"), dir.join("out.png"));
    map(&m, 33, 33, None);
    let (code, _, err) = common::muster(&["render", s(&m), "-o", s(&out), "--px-per-hex", "512"]);
    assert_eq!(code, 2, "{err}");
    let px: u32 = err
        .split("--px-per-hex ")
        .nth(1)
        .and_then(|t| t.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("a width that fits: {err}"));
    let px = px.to_string();
    let (code, _, err) = common::muster(&["render", s(&m), "-o", s(&out), "--px-per-hex", &px]);
    assert_eq!(code, 0, "at the width offered: {err}");
    let (w, h) = png_size(&out);
    assert!(u64::from(w) * u64::from(h) <= 16_000_000, "{w}×{h}");
}

#[test]
fn render_refuses_a_crop_corner_off_the_map() {
    let dir = scratch("render-crop");
    let (m, out) = (dir.join("small.map.ron"), dir.join("out.png"));
    map(&m, 8, 8, None);
    let (code, _, err) = common::muster(&["render", s(&m), "-o", s(&out), "--hexes", "0101:9999"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("`9999`") && err.contains("0101 to 0808"),
        "{err}"
    );
    assert!(!out.exists());
    let (code, _, err) = common::muster(&["render", s(&m), "-o", s(&out), "--hexes", "0202:0808"]);
    assert_eq!(code, 0, "{err}");
}

#[test]
fn render_failures_draws_every_failure_within_the_budget() {
    let dir = scratch("render-failures");
    let (pack, out) = (dir.join("pack"), dir.join("out"));
    std::fs::create_dir_all(&pack).unwrap();
    // Sorted by name: the 999 × 999 map (a million hexes) comes first and must not stop
    // the others; the 120 × 100 map is too large at 48 px and is shrunk or cropped.
    map(&pack.join("a-huge.map.ron"), 999, 999, Some("500500"));
    map(&pack.join("b-wide.map.ron"), 120, 100, Some("060050"));
    map(&pack.join("c-small.map.ron"), 10, 10, Some("0505"));
    let (code, _, err) = common::muster(&["validate", s(&pack), "--render-failures", s(&out)]);
    assert_eq!(code, 1, "findings, not a failure to run: {err}");
    let mut total = 0u64;
    for name in ["a-huge.map.ron", "b-wide.map.ron", "c-small.map.ron"] {
        let png = out.join(format!("{name}.png"));
        assert!(png.exists(), "{name} drawn: {err}");
        let (w, h) = png_size(&png);
        assert!(u64::from(w) * u64::from(h) <= 4_000_000, "{name}: {w}×{h}");
        total += std::fs::metadata(&png).unwrap().len();
    }
    assert!(total <= 3 * 26_000_000, "{total} bytes written");
    assert!(err.contains("around its first finding"), "{err}");
}

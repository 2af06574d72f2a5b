//! The picture budget (security review F10): a picture past its pixels, hexes or bytes is
//! refused before any pixel is allocated, with a hex width and a crop that fit, and a crop
//! corner off the map is refused naming the map's range. Checked on sizes, never on time.

use muster_hex::{Grid, GridSpec};
use muster_render::{
    picture_size, render, render_within, Budget, RenderError, RenderOptions, Scene, TooLarge,
};

/// A scene of `columns` × `rows` hexes (a 2 × 2 map's scene on a larger grid: building the
/// terrain of a million hexes is not what is tested here).
fn scene(columns: u32, rows: u32) -> Scene {
    let text = r#"(title: "T", ruleset: "and-gentlemen-all", provenance: Original, grid: (orientation: Flat, stagger: Even, numbering: ColumnRow, first_column: 1, first_row: 1, columns: 2, rows: 2, north: Top), default_terrain: "open", hexes: [])"#;
    let map: muster_model::MapFile = ron::from_str(text).expect("a map");
    let ruleset = muster_rules::ruleset("and-gentlemen-all").expect("ruleset");
    let mut s = Scene::of_map(&map, ruleset);
    s.grid = Grid::new(GridSpec {
        columns,
        rows,
        ..s.grid.spec().clone()
    });
    s
}

fn px(px_per_hex: f32) -> RenderOptions {
    RenderOptions {
        px_per_hex,
        ..Default::default()
    }
}

fn too_large(e: RenderError) -> TooLarge {
    match e {
        RenderError::TooLarge(t) => *t,
        other => panic!("expected a budget refusal, got: {other}"),
    }
}

#[test]
fn a_999_map_at_the_smallest_hexes_is_refused_with_a_crop_that_fits() {
    let s = scene(999, 999);
    let t = too_large(render(&s, &px(4.0)).expect_err("refused"));
    assert_eq!(t.size.hexes, 998_001);
    assert!(t.size.pixels() > Budget::PICTURE.pixels);
    // No hex width draws a million hexes within the budget; a crop does.
    assert_eq!(t.px_per_hex, None);
    let (a, b) = t.crop.clone().expect("a crop");
    let crop = RenderOptions {
        crop: Some((a, b)),
        ..px(4.0)
    };
    let size = picture_size(&s, &crop).expect("sized");
    assert!(Budget::PICTURE.admits(&size), "{size:?}");
    let msg = RenderError::from(t).to_string();
    assert!(
        msg.contains("998001 hexes") && msg.contains("--hexes 001001:"),
        "{msg}"
    );
}

#[test]
fn a_33_map_at_512_px_is_refused_with_a_hex_width_that_fits() {
    let s = scene(33, 33);
    let t = too_large(render(&s, &px(512.0)).expect_err("refused"));
    assert!(t.size.pixels() > 100_000_000, "{:?}", t.size);
    let fit = t.px_per_hex.expect("a hex width that fits");
    assert!((8..512).contains(&fit));
    let size = picture_size(&s, &px(fit as f32)).expect("sized");
    assert!(Budget::PICTURE.admits(&size), "{size:?} at {fit}");
    let bigger = picture_size(&s, &px(fit as f32 + 1.0)).expect("sized");
    assert!(
        !Budget::PICTURE.admits(&bigger),
        "{fit} is the largest that fits"
    );
    let msg = RenderError::from(t).to_string();
    assert!(
        msg.contains(&format!("--px-per-hex {fit} or less")),
        "{msg}"
    );
}

#[test]
fn a_picture_within_a_small_budget_is_drawn_at_its_size() {
    let s = scene(12, 10);
    let size = picture_size(&s, &px(48.0)).expect("sized");
    let image = render_within(&s, &px(48.0), &Budget::PICTURE).expect("drawn");
    assert_eq!(image.dimensions(), (size.width, size.height));
    let small = Budget {
        pixels: size.pixels() - 1,
        ..Budget::PICTURE
    };
    assert!(render_within(&s, &px(48.0), &small).is_err());
    let few = Budget {
        hexes: 119,
        ..Budget::PICTURE
    };
    assert!(render_within(&s, &px(48.0), &few).is_err());
}

#[test]
fn every_picture_the_budget_admits_stays_within_its_bytes() {
    // The largest square map drawable at the smallest hexes and at the default size.
    for (n, width) in [(200u32, 8.0f32), (90, 48.0)] {
        let size = picture_size(&scene(n, n), &px(width)).expect("sized");
        assert!(Budget::PICTURE.admits(&size), "{n} at {width}: {size:?}");
        assert!(size.bytes() <= Budget::PICTURE.bytes);
    }
}

#[test]
fn a_crop_corner_off_the_map_is_refused_naming_the_range() {
    let s = scene(8, 8);
    let opts = RenderOptions {
        crop: Some(("0101".into(), "9999".into())),
        ..Default::default()
    };
    let e = render(&s, &opts).expect_err("9999 is not on an 8 × 8 map");
    let msg = e.to_string();
    assert!(matches!(e, RenderError::Crop { .. }), "{msg}");
    assert!(
        msg.contains("`9999`") && msg.contains("from 0101 to 0808"),
        "{msg}"
    );
    let inside = RenderOptions {
        crop: Some(("0202".into(), "0404".into())),
        ..Default::default()
    };
    assert_eq!(picture_size(&s, &inside).expect("on the map").hexes, 9);
}

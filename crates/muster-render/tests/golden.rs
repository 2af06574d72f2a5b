//! Golden images: the bundled scenarios rendered and compared with `tests/golden/*.png`
//! within a tolerance (anti-aliasing may differ by a shade). A missing golden fails; write
//! them with `MUSTER_BLESS=1 cargo test -p muster-render --test golden` and look at them.

use muster_check::Checker;
use muster_render::{render, RenderOptions, Scene};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn scene(rel: &str) -> Scene {
    let loaded = Checker::new()
        .load_scenario(&root().join(rel))
        .unwrap_or_else(|_| panic!("{rel} loads"));
    Scene::of_scenario(
        &loaded.scenario.value,
        &loaded.map().value,
        &loaded.overlay_values(),
        &loaded.army_lists(),
        loaded.ruleset,
    )
}

fn check(name: &str, image: &image::RgbaImage) {
    let path = root().join(format!("tests/golden/{name}.png"));
    if std::env::var_os("MUSTER_BLESS").is_some() {
        image.save(&path).unwrap();
        return;
    }
    let golden = image::open(&path)
        .unwrap_or_else(|e| {
            panic!(
                "golden {} missing or unreadable ({e}); bless it",
                path.display()
            )
        })
        .to_rgba8();
    assert_eq!(
        golden.dimensions(),
        image.dimensions(),
        "{name}: size changed"
    );
    let differing = golden
        .pixels()
        .zip(image.pixels())
        .filter(|(a, b)| a.0.iter().zip(b.0.iter()).any(|(x, y)| x.abs_diff(*y) > 40))
        .count();
    let total = (golden.width() * golden.height()) as usize;
    assert!(
        differing * 200 <= total,
        "{name}: {differing} of {total} pixels differ from the golden image"
    );
}

#[test]
fn civitate_matches_its_golden_image() {
    let image = render(
        &scene("scenarios/a-la-charge/civitate-1053.scenario.ron"),
        &RenderOptions {
            px_per_hex: 36.0,
            ..Default::default()
        },
    )
    .unwrap();
    check("civitate-1053", &image);
}

#[test]
fn st_albans_crop_without_numbers_matches_its_golden_image() {
    let opts = RenderOptions {
        px_per_hex: 40.0,
        numbers: false,
        crop: Some(("0801".into(), "1510".into())),
        frame: true,
    };
    let image = render(
        &scene("scenarios/a-la-charge/st-albans-1.scenario.ron"),
        &opts,
    )
    .unwrap();
    check("st-albans-1-town", &image);
}

#[test]
fn siege_assault_with_engines_and_markers_matches_its_golden_image() {
    let s = scene("scenarios/siege/assault-on-roche-noire.scenario.ron");
    assert_eq!(
        s.pieces.len(),
        7,
        "towers, ram, screens, cart and ox are drawn"
    );
    assert!(s.markers.values().flatten().any(|m| m == "rubble"));
    let opts = RenderOptions {
        px_per_hex: 40.0,
        numbers: true,
        crop: Some(("0803".into(), "1722".into())),
        frame: true,
    };
    check("assault-on-roche-noire", &render(&s, &opts).unwrap());
}

#[test]
fn a_changed_map_no_longer_matches() {
    // Guards against a golden check that cannot fail: paint the whole map and compare.
    let mut s = scene("scenarios/a-la-charge/civitate-1053.scenario.ron");
    for t in s.terrain.values_mut() {
        *t = "woods".into();
    }
    let image = render(
        &s,
        &RenderOptions {
            px_per_hex: 36.0,
            ..Default::default()
        },
    )
    .unwrap();
    let result = std::panic::catch_unwind(|| check("civitate-1053", &image));
    if std::env::var_os("MUSTER_BLESS").is_none() {
        assert!(
            result.is_err(),
            "an all-woods map must not match the golden image"
        );
    }
}

#[test]
fn bad_crops_and_oversized_pictures_are_errors_and_radii_are_clamped() {
    let s = scene("scenarios/a-la-charge/civitate-1053.scenario.ron");
    assert!(render(
        &s,
        &RenderOptions {
            crop: Some(("01".into(), "1515".into())),
            ..Default::default()
        }
    )
    .is_err());
    let at = |px_per_hex: f32| {
        muster_render::picture_size(
            &s,
            &RenderOptions {
                px_per_hex,
                ..Default::default()
            },
        )
        .expect("sized")
    };
    assert_eq!(at(1.0e9), at(400.0), "the radius is clamped");
    let mut huge = s.clone();
    let mut spec = huge.grid.spec().clone();
    spec.columns = 999;
    spec.rows = 999;
    huge.grid = muster_hex::Grid::new(spec);
    assert!(
        matches!(
            render(
                &huge,
                &RenderOptions {
                    px_per_hex: 400.0,
                    ..Default::default()
                }
            ),
            Err(muster_render::RenderError::TooLarge(..))
        ),
        "a picture past 16,000 pixels a side is refused"
    );
}

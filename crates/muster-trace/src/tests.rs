//! A picture painted from a known map under a known rotation and scale, traced back.

use super::*;
use muster_hex::{GridSide, Numbering, Orientation, Stagger};

fn spec() -> GridSpec {
    GridSpec {
        orientation: Orientation::Flat,
        stagger: Stagger::Even,
        numbering: Numbering::ColumnRow,
        first_column: 1,
        first_row: 1,
        columns: 8,
        rows: 6,
        north: GridSide::Top,
    }
}

/// The true terrain of a hex: woods in a band, a river hex, clear elsewhere.
fn truth(grid: &Grid, h: muster_hex::Hex) -> &'static str {
    let id = grid.to_printed(h);
    if id.starts_with("03") || id.starts_with("04") {
        "woods"
    } else if id == "0605" {
        "river"
    } else {
        "clear"
    }
}

fn colour(t: &str) -> [u8; 3] {
    match t {
        "woods" => [40, 120, 50],
        "river" => [60, 90, 200],
        _ => [225, 215, 170],
    }
}

/// Paints the map: radius 30 px, rotated 2°, origin at (60, 70); a dark grid line where a
/// pixel is near a hex's edge, and a dark "number" blot at the top of each hex.
fn painted(grid: &Grid) -> (image::RgbImage, Fit) {
    let (s, th) = (30.0f64, 2f64.to_radians());
    let (c, sn) = (th.cos(), th.sin());
    let truth_fit = Fit::for_tests([s * c, -s * sn, 60.0, s * sn, s * c, 70.0]);
    let mut img = image::RgbImage::new(440, 420);
    for y in 0..img.height() {
        for x in 0..img.width() {
            // Back to grid space (inverse rotation and scale).
            let (dx, dy) = (f64::from(x) - 60.0, f64::from(y) - 70.0);
            let (u, v) = ((c * dx + sn * dy) / s, (-sn * dx + c * dy) / s);
            let h = grid.hex_at(u as f32, v as f32, 1.0);
            let px = if !grid.contains(h) {
                [255, 255, 255]
            } else {
                let (hu, hv) = grid.center(h, 1.0);
                let d = ((u - f64::from(hu)).powi(2) + (v - f64::from(hv)).powi(2)).sqrt();
                if d > 0.82 || (v - f64::from(hv) < -0.55 && (u - f64::from(hu)).abs() < 0.2) {
                    [20, 20, 20]
                } else {
                    colour(truth(grid, h))
                }
            };
            img.put_pixel(x, y, image::Rgb(px));
        }
    }
    (img, truth_fit)
}

#[test]
fn a_rotated_picture_is_fitted_and_every_hex_proposed_right() {
    let grid = Grid::new(spec());
    let (img, truth_fit) = painted(&grid);
    let at = |id: &str| {
        let hex = grid.from_printed(id).unwrap();
        Anchor {
            hex,
            px: truth_fit.centre(&grid, hex),
        }
    };
    let f = fit(&grid, &[at("0101"), at("0801"), at("0106")]).unwrap();
    assert!(f.residual_px < 1e-6, "three points fix an affine fit");
    assert!((f.radius_px - 30.0).abs() < 0.01, "{}", f.radius_px);
    let two = fit(&grid, &[at("0101"), at("0806")]).unwrap();
    let (x, y) = two.centre(&grid, grid.from_printed("0504").unwrap());
    let (tx, ty) = truth_fit.centre(&grid, grid.from_printed("0504").unwrap());
    assert!(
        (x - tx).abs() < 0.01 && (y - ty).abs() < 0.01,
        "two points fix a similarity"
    );
    let samples: Vec<(muster_hex::Hex, String)> = ["0101:clear", "0302:woods", "0605:river"]
        .iter()
        .map(|s| {
            let (h, t) = s.split_once(':').unwrap();
            (grid.from_printed(h).unwrap(), t.to_string())
        })
        .collect();
    let proposals = propose(&img, &grid, &f, &samples).unwrap();
    for p in &proposals {
        let want = truth(&grid, p.hex);
        assert_eq!(
            p.terrain.as_deref(),
            Some(want),
            "{}",
            grid.to_printed(p.hex)
        );
        assert!(
            p.confidence > 0.5,
            "{} {}",
            grid.to_printed(p.hex),
            p.confidence
        );
    }
    let map = map_file(&Traced {
        title: "t",
        ruleset: "the-ruleset",
        spec: spec(),
        picture: "scan.png",
        fit: &f,
        proposals: &proposals,
        threshold: 0.3,
    });
    assert_eq!(map.default_terrain, "clear");
    assert_eq!(map.hexes.len(), 13, "12 woods and the river");
    assert_eq!(map.provenance, muster_model::Provenance::Reconstructed);
    assert!(map.notes[0].contains("scan.png"));
}

#[test]
fn bad_calibrations_are_refused_with_the_fix() {
    let grid = Grid::new(spec());
    let h = |id: &str| grid.from_printed(id).unwrap();
    let one = [Anchor {
        hex: h("0101"),
        px: (10.0, 10.0),
    }];
    assert!(
        matches!(fit(&grid, &one), Err(TraceError::Calibration(m)) if m.contains("at least two"))
    );
    let same = [
        Anchor {
            hex: h("0101"),
            px: (10.0, 10.0),
        },
        Anchor {
            hex: h("0101"),
            px: (50.0, 10.0),
        },
    ];
    assert!(matches!(fit(&grid, &same), Err(TraceError::Calibration(m)) if m.contains("one hex")));
    let row = [
        Anchor {
            hex: h("0101"),
            px: (10.0, 10.0),
        },
        Anchor {
            hex: h("0102"),
            px: (10.0, 60.0),
        },
        Anchor {
            hex: h("0103"),
            px: (10.0, 110.0),
        },
    ];
    assert!(matches!(fit(&grid, &row), Err(TraceError::Calibration(m)) if m.contains("one line")));
}

#[test]
fn a_hex_off_the_picture_is_to_check() {
    let grid = Grid::new(spec());
    let (img, truth_fit) = painted(&grid);
    let img = image::imageops::crop_imm(&img, 0, 0, 200, 420).to_image();
    let at = |id: &str| {
        let hex = grid.from_printed(id).unwrap();
        Anchor {
            hex,
            px: truth_fit.centre(&grid, hex),
        }
    };
    let f = fit(&grid, &[at("0101"), at("0801"), at("0106")]).unwrap();
    let samples = vec![(grid.from_printed("0101").unwrap(), "clear".to_string())];
    let proposals = propose(&img, &grid, &f, &samples).unwrap();
    let off = to_check(&proposals, 0.3);
    assert!(off
        .iter()
        .any(|p| grid.to_printed(p.hex) == "0801" && p.terrain.is_none()));
}

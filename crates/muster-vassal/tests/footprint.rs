//! Issue 33, item 1 ("Siege multi-hex pieces keep their footprint"): a mounted character
//! covers two hexes (Siege 3.31), his head where he is set up and his horse's tail behind
//! it, as the siege field lays him out; his counter's image spans both, turning about the
//! head. Engines, carts and screens were already drawn over every hex of their layout
//! (VASSAL's engine checks all of them in scripts/vassal-engine-check.sh). Before this, a
//! mounted knight was a one-hex counter.

use muster_check::Checker;
use muster_rules::siege::field::Field;
use muster_vassal::{export, ScenarioInput};
use std::path::Path;

const ASSAULT: &str = "scenarios/siege/assault-on-roche-noire.scenario.ron";

#[test]
fn a_mounted_knight_is_drawn_over_his_head_and_his_horses_tail() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let l = Checker::new()
        .load_scenario(&root.join(ASSAULT))
        .expect("a bundled scenario loads");
    let s = l.resolve();
    let grid = &s.world.grid;
    // The model: Sir Aymer, mounted, set up on 0718 facing N, his horse's tail behind.
    let field = Field::new(&s);
    let aymer = field
        .characters
        .iter()
        .find(|c| s.file.sides[c.side].units[c.unit].name == "Sir Aymer")
        .expect("Sir Aymer is laid out");
    let tail = aymer.tail.expect("a mounted character has a tail hex");
    assert_eq!(grid.to_printed(aymer.hex), "0718");
    assert_eq!(grid.to_printed(tail), "0719");

    let input = ScenarioInput {
        scenario: &s,
        map: &l.map().value,
        overlays: l.overlay_values(),
    };
    let m = export("test", &[input]).expect("exports");
    let xml = String::from_utf8(m.file("buildFile.xml").unwrap().to_vec()).unwrap();
    let doc = roxmltree::Document::parse(&xml).expect("well-formed");
    let stacks: Vec<_> = doc
        .descendants()
        .filter(|n| n.has_tag_name("VASSAL.build.module.map.SetupStack"))
        .collect();
    let xy = |hex: &str| -> (f32, f32) {
        let st = stacks
            .iter()
            .find(|n| n.attribute("name") == Some(hex))
            .unwrap_or_else(|| panic!("a stack on {hex}"));
        (
            st.attribute("x").unwrap().parse().unwrap(),
            st.attribute("y").unwrap().parse().unwrap(),
        )
    };
    // One hex down a column, in the board's pixels: two stacks set up one above the other.
    let (a, b) = (xy("1020"), xy("1021"));
    let step = (b.0 - a.0, b.1 - a.1);
    let slot = stacks
        .iter()
        .find(|n| n.attribute("name") == Some("0718"))
        .and_then(|n| n.children().find(|c| c.is_element()))
        .expect("Sir Aymer's piece");
    assert_eq!(slot.attribute("entryName"), Some("Sir Aymer"));
    let add = slot.text().unwrap();
    // The image is the basic piece's (no Layer: a knight has one step).
    let image = add
        .split("piece;;;")
        .nth(1)
        .and_then(|r| r.split(';').next())
        .expect("an image");
    let img = image::load_from_memory(m.file(&format!("images/{image}")).unwrap())
        .expect("a PNG")
        .to_rgba8();
    let (cx, cy) = (img.width() as f32 / 2.0, img.height() as f32 / 2.0);
    let opaque = |k: f32| {
        let (x, y) = (cx + k * step.0, cy + k * step.1);
        x >= 0.0
            && y >= 0.0
            && (x as u32) < img.width()
            && (y as u32) < img.height()
            && img.get_pixel(x as u32, y as u32)[3] > 128
    };
    // Facing N is facing 0: the image as drawn, head at its centre, tail one hex down.
    assert!(opaque(0.0), "the head");
    assert!(opaque(1.0), "the horse's tail on the hex behind him");
    assert!(!opaque(-1.0), "nothing on the hex before him");
}

/// VASSAL turns a piece at facing index `k` by `k × 60°` clockwise on the screen
/// (`FreeRotator`: angle `-k × 360 / 6`, drawn rotated by its negation in a y-down frame).
/// Turned so, the tail drawn at facing 0 must land behind facing `k` as the model numbers
/// it: the model's facings run clockwise on the board as VASSAL's do. (VASSAL's engine
/// shows it for Sir Aymer in docs/vassal.md: 0719, 0618, 0617, 0717, 0817, 0818.)
#[test]
fn turning_the_counter_keeps_the_horse_behind_each_facing() {
    use muster_hex::{Direction, Hex};
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let l = Checker::new()
        .load_scenario(&root.join(ASSAULT))
        .expect("a bundled scenario loads");
    let s = l.resolve();
    let g = &s.world.grid;
    let h = Hex::new(0, 0);
    let (cx, cy) = g.center(h, 1.0);
    let towards = |d: Direction| {
        let (x, y) = g.center(g.neighbor(h, d), 1.0);
        (x - cx, y - cy)
    };
    let rest = towards(Direction::new(0).opposite());
    for k in 0..6u8 {
        let a = (60.0 * f32::from(k)).to_radians();
        // Clockwise on a y-down screen.
        let turned = (
            rest.0 * a.cos() - rest.1 * a.sin(),
            rest.0 * a.sin() + rest.1 * a.cos(),
        );
        let want = towards(Direction::new(k).opposite());
        assert!(
            (turned.0 - want.0).abs() < 1e-4 && (turned.1 - want.1).abs() < 1e-4,
            "facing {k}: turned {turned:?}, behind {want:?}"
        );
    }
}

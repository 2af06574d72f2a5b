//! Issue 33, item 1 ("Charles the Bold stands rotate through their facings"): a counter of
//! a system whose units face a way turns through the hex's six facings with VASSAL's *Can
//! Rotate* trait (Ctrl+] clockwise, Ctrl+[ back), starting at its set-up line's facing as
//! the placement model reads it; Charles the Bold stands face a corner, And Gentlemen All
//! regiments a hexside; A la Charge has no facing and no rotator. Before this, no counter
//! had a rotator and every stand stood upright whatever its line said.

use muster_check::Checker;
use muster_vassal::{export, Module, ScenarioInput};
use std::collections::HashMap;
use std::path::Path;

const SAINT_AUBIN: &str = "scenarios/charles-the-bold/saint-aubin.scenario.ron";
const BRAMPTON: &str = "scenarios/and-gentlemen-all/brampton-field.scenario.ron";
const CIVITATE: &str = "scenarios/a-la-charge/civitate-1053.scenario.ron";

/// The module of one bundled scenario, and per hex and unit name of its set-up the facing
/// index its line gives in the placement model (a corner's where the system faces corners).
fn module(path: &str) -> (Module, HashMap<(String, String), u8>) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let checker = Checker::new();
    let l = checker
        .load_scenario(&root.join(path))
        .expect("a bundled scenario loads");
    let s = l.resolve();
    let corners = muster_rules::system(&s.ruleset.id).is_some_and(|g| g.faces_corners());
    let arrangement = s.arrangement();
    let mut facing = HashMap::new();
    for (li, line) in s.placements.lines().iter().enumerate() {
        let i = if corners {
            line.corner.map(|c| c.index())
        } else {
            line.facing.map(|d| d.index())
        };
        for p in arrangement.line(li).map(|a| a.at.as_slice()).unwrap_or(&[]) {
            let name = s.file.sides[line.side].units[p.unit].name.clone();
            facing.insert((s.world.grid.to_printed(p.hex), name), i.unwrap_or(0));
        }
    }
    let input = ScenarioInput {
        scenario: &s,
        map: &l.map().value,
        overlays: l.overlay_values(),
    };
    (export("test", &[input]).expect("exports"), facing)
}

/// Splits at each tab not preceded by a backslash, one level of escapes off the rest.
fn traits(nested: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = nested.to_string();
    loop {
        let b = rest.as_bytes();
        match (0..b.len()).find(|&i| b[i] == b'\t' && (i == 0 || b[i - 1] != b'\\')) {
            Some(i) => {
                out.push(rest[..i].to_string());
                rest = rest[i + 1..].replace("\\\t", "\t");
            }
            None => {
                out.push(rest);
                return out;
            }
        }
    }
}

/// The name of a piece, from its basic piece (the last trait of its type).
fn name(ty: &[String]) -> String {
    ty.last()
        .and_then(|b| b.rsplit(';').next())
        .unwrap_or_default()
        .to_string()
}

/// Every set-up piece: (hex or box, type traits, state traits).
fn pieces(m: &Module) -> Vec<(String, Vec<String>, Vec<String>)> {
    let xml =
        String::from_utf8(m.file("buildFile.xml").expect("a build file").to_vec()).expect("UTF-8");
    let doc = roxmltree::Document::parse(&xml).expect("well-formed");
    let mut out = Vec::new();
    for st in doc
        .descendants()
        .filter(|n| n.has_tag_name("VASSAL.build.module.map.SetupStack"))
    {
        let at = st.attribute("name").unwrap_or_default().to_string();
        for slot in st.children().filter(|n| n.is_element()) {
            let add = slot.text().expect("an AddPiece command");
            let add = add.strip_prefix("+/null/").expect("an AddPiece command");
            // The type and the state are split at the one `/` not escaped.
            let b = add.as_bytes();
            let cut = (0..b.len())
                .find(|&i| b[i] == b'/' && b[i - 1] != b'\\')
                .expect("type/state");
            let ty = add[..cut].replace("\\/", "/");
            let state = add[cut + 1..].replace("\\/", "/");
            out.push((at.clone(), traits(&ty), traits(&state)));
        }
    }
    out
}

/// The rotator of a piece, with its state: (type, state).
fn rotator(ty: &[String], state: &[String]) -> Option<(String, String)> {
    let i = ty.iter().position(|t| t.starts_with("rotate;"))?;
    Some((ty[i].clone(), state[i].clone()))
}

#[test]
fn charles_the_bold_stands_turn_through_six_corners_from_their_set_up_facing() {
    let (m, facing) = module(SAINT_AUBIN);
    let all = pieces(&m);
    assert!(!all.is_empty());
    let mut by_index = [0usize; 6];
    for (at, ty, state) in &all {
        let (rot, index) = rotator(ty, state).unwrap_or_else(|| panic!("{at}: no rotator: {ty:?}"));
        assert_eq!(
            rot,
            "rotate;6;93,130;91,130;Rotate clockwise;Rotate anticlockwise;;;Facing (hex corner);Facing (hex corner);;;;true",
            "{at}"
        );
        // Inside Delete, so the mask (drawn by the Mask outside it) never turns.
        let kinds: Vec<&str> = ty.iter().map(|t| &t[..t.find(';').unwrap_or(0)]).collect();
        assert_eq!(&kinds[..4], ["mark", "obs", "delete", "rotate"], "{at}");
        let want = facing
            .get(&(at.clone(), name(ty)))
            .copied()
            .unwrap_or_else(|| panic!("{at} {}: not in the set-up", name(ty)));
        assert_eq!(index, want.to_string(), "{at}: {ty:?}");
        by_index[usize::from(want)] += 1;
    }
    // The English face NE (corner 0), the Burgundians SW (corner 3): both turned, not all
    // at rest.
    assert!(by_index[0] > 0 && by_index[3] > 0, "{by_index:?}");
    assert_eq!(facing.get(&("0212".into(), "Knights".into())), Some(&0));
    assert_eq!(
        facing.get(&("1203".into(), "Ordonnance Lances".into())),
        Some(&3)
    );
}

#[test]
fn a_faced_counter_is_drawn_with_its_front_towards_facing_0() {
    let (m, _) = module(SAINT_AUBIN);
    let all = pieces(&m);
    let (_, ty, _) = all
        .iter()
        .find(|(at, ..)| at == "0212")
        .expect("the English knights");
    let basic = ty.last().expect("a basic piece");
    let image = basic.split(';').nth(3).expect("an image");
    let png = m.file(&format!("images/{image}")).expect("the image");
    let img = image::load_from_memory(png).expect("a PNG").to_rgba8();
    let (w, h) = img.dimensions();
    let (cx, cy) = (w as f32 / 2.0, h as f32 / 2.0);
    // The front bar lies towards corner 0 (NE), the back towards corner 3 (SW): sample
    // just inside the counter's edge on the line through the centre at the rest angle.
    let l = muster_check::Checker::new()
        .load_scenario(
            &Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../..")
                .join(SAINT_AUBIN),
        )
        .expect("loads");
    let s = l.resolve();
    let g = &s.world.grid;
    let o = muster_hex::Hex::new(0, 0);
    let (ox, oy) = g.center(o, 1.0);
    let (kx, ky) = g.corners(o, 1.0)[0];
    let a = (ky - oy).atan2(kx - ox);
    let r = (w as f32 - 2.0) / std::f32::consts::SQRT_2 / 2.0 - 2.5;
    let white = |k: f32| {
        let p = img.get_pixel((cx + k * r * a.cos()) as u32, (cy + k * r * a.sin()) as u32);
        p[0] > 230 && p[1] > 230 && p[2] > 230 && p[3] > 230
    };
    assert!(white(1.0), "the front bar faces corner 0");
    assert!(!white(-1.0), "the back is not the front");
}

#[test]
fn regiments_face_a_hexside_and_a_la_charge_counters_do_not_turn() {
    let (m, facing) = module(BRAMPTON);
    for (at, ty, state) in pieces(&m) {
        let (rot, index) = rotator(&ty, &state).unwrap_or_else(|| panic!("{at}: no rotator"));
        assert!(rot.contains(";Facing (hexside);"), "{rot}");
        if let Some(want) = facing.get(&(at.clone(), name(&ty))) {
            assert_eq!(index, want.to_string(), "{at}");
        }
    }
    let (m, _) = module(CIVITATE);
    for (at, ty, _) in pieces(&m) {
        assert!(ty.iter().all(|t| !t.starts_with("rotate;")), "{at}: {ty:?}");
    }
}

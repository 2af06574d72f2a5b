//! The line-of-fire examples of Siege 3.23 and 3.29 on the maps rebuilt to match them
//! (tests/rules-examples), and the engine's other fire and movement rules on small maps.

use muster_hex::Hex;
use muster_model::{CoverKind, HexId, MapFile, ScenarioFile, SetupEntry, UnitDef, Zone};
use muster_rules::siege::field::Field;
use muster_rules::siege::los::{crossfire, line_of_fire, End, Fire};
use muster_rules::Scenario;

fn example_map(name: &str) -> MapFile {
    let path = format!(
        "{}/../../tests/rules-examples/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    ron::Options::default()
        .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
        .from_str(&std::fs::read_to_string(&path).expect("example map"))
        .expect("parses")
}

fn scenario(map: &MapFile, edit: impl FnOnce(&mut ScenarioFile)) -> (ScenarioFile, MapFile) {
    let mut s = ScenarioFile::blank("test", "siege", "x.map.ron");
    edit(&mut s);
    (s, map.clone())
}

fn resolved<'a>(s: &'a ScenarioFile, map: &MapFile) -> Scenario<'a> {
    let rs = muster_rules::ruleset("siege").unwrap();
    let mut out = vec![];
    muster_rules::resolve(s, map, &[], &muster_rules::ArmyLists::none(), rs, &mut out)
}

fn at(s: &Scenario, label: &str) -> Hex {
    s.world
        .labels()
        .find(|(_, l)| *l == label)
        .map(|(h, _)| h)
        .unwrap_or_else(|| panic!("no hex labelled {label}"))
}

fn shot(f: &Field, a: Hex, b: Hex) -> Fire {
    line_of_fire(f, End::at(a), End::at(b))
}

/// The captions of the 3.23 diagram: (shooter, target, can shoot, cover).
const CAPTIONS_3_23: [(&str, &str, bool, CoverKind); 20] = {
    use CoverKind::*;
    [
        // "A can shoot at B, C (light cover due to scrub), D and E."
        ("A", "B", true, None),
        ("A", "C", true, Light),
        ("A", "D", true, None),
        ("A", "E", true, None),
        // "B can shoot at A, C and D (light cover for the two latter), but not at E who is
        // too close to the slope hex."
        ("B", "A", true, None),
        ("B", "C", true, Light),
        ("B", "D", true, Light),
        ("B", "E", false, None),
        // "C can shoot at D, at E (the line of fire does not cross the lip of the slope), as
        // well as at A and B (light cover for both)."
        ("C", "D", true, None),
        ("C", "E", true, None),
        ("C", "A", true, Light),
        ("C", "B", true, Light),
        // "D can shoot at A, B (light cover), C and E (both medium cover)."
        ("D", "A", true, None),
        ("D", "B", true, Light),
        ("D", "C", true, Medium),
        ("D", "E", true, Medium),
        // "E can shoot at A, C and D but not at B."
        ("E", "A", true, None),
        ("E", "C", true, None),
        ("E", "D", true, None),
        ("E", "B", false, None),
    ]
};

/// The characters of the 3.23 diagram, each a soldier on the hex its letter labels. The
/// diagram does not give their sides: C and E are put on one side and A, B, D on the
/// other. No two of A–E stand next to each other on this map, so 1.44 (a friend next to
/// the target) never applies here and the run with `aiming` only shows that the option
/// changes none of the captions; the friend rule itself is tested on
/// `tests/queries/siege/` by `crates/muster-cli/tests/siege_queries.rs`.
fn characters_3_23(s: &mut ScenarioFile, map: &MapFile, aiming: bool) {
    let hex_of = |label: &str| {
        map.hexes
            .iter()
            .find(|e| e.label.as_deref() == Some(label))
            .map(|e| e.hex.clone())
            .unwrap_or_else(|| panic!("no hex labelled {label}"))
    };
    for (side, letters) in [(0, ["A", "B", "D"].as_slice()), (1, ["C", "E"].as_slice())] {
        for l in letters {
            s.sides[side].units.push(UnitDef {
                mp: Some(6),
                ..UnitDef::new(l, "soldier", 1)
            });
            s.sides[side].setup.push(SetupEntry::new(
                vec![l.parse().unwrap()],
                Zone::Hexes(vec![HexId(hex_of(l).0)]),
            ));
        }
    }
    if aiming {
        s.options.push("aiming".into());
    }
}

#[test]
fn slope_example_3_23_every_caption_holds_with_the_characters_placed() {
    let map = example_map("siege-3.23-slope.map.ron");
    for (placed, aiming) in [(false, false), (true, false), (true, true)] {
        let (sf, map) = scenario(&map, |s| {
            if placed {
                characters_3_23(s, &map, aiming);
            }
        });
        let s = resolved(&sf, &map);
        let f = Field::new(&s);
        assert_eq!(f.characters.len(), if placed { 5 } else { 0 });
        let mut wrong = vec![];
        for (a, b, clear, cover) in CAPTIONS_3_23 {
            let l = shot(&f, at(&s, a), at(&s, b));
            if (l.clear, l.cover) != (clear, cover) {
                wrong.push(format!(
                    "{a} → {b}: expected {clear} {cover:?}, got {} {:?}: {}",
                    l.clear, l.cover, l.reason
                ));
            }
        }
        assert!(
            wrong.is_empty(),
            "placed {placed}, aiming {aiming}:\n{}",
            wrong.join("\n")
        );
        // The reason names the rule: B cannot shoot E because E is too close to the slope hex.
        let be = shot(&f, at(&s, "B"), at(&s, "E"));
        assert!(
            be.reason.contains("closer to the slope hex") && be.reason.contains("3.23"),
            "{}",
            be.reason
        );
    }
}

#[test]
fn corner_example_3_29_crossfire_is_a_choice() {
    let map = example_map("siege-3.29-corner.map.ron");
    let (sf, map) = scenario(&map, |_| {});
    let s = resolved(&sf, &map);
    let f = Field::new(&s);
    let (a, b, c, x) = (at(&s, "A"), at(&s, "B"), at(&s, "C"), at(&s, "X"));
    for shooter in [a, b] {
        let l = shot(&f, shooter, c);
        assert!(l.clear, "{}", l.reason);
        assert_eq!(l.cover, CoverKind::Medium, "{}", l.reason);
        assert!(l.one_sided && l.reason.contains("3.29"), "{}", l.reason);
    }
    // X sees both walls of the house: the corner gives no cover.
    let lx = shot(&f, x, c);
    assert!(lx.clear && lx.cover == CoverKind::None, "{}", lx.reason);
    // Under crossfire from A and B, C cannot have medium cover twice: his owner chooses.
    let (fires, choice) = crossfire(&f, &[End::at(a), End::at(b), End::at(x)], End::at(c));
    assert_eq!(fires.len(), 3);
    assert_eq!(choice, vec![0, 1]);
    // The choice is between faces: A and a second shooter behind him (0601) both see the
    // east wall, so C's cover counts against both and there is nothing to choose.
    let a2 = s.world.grid.from_printed("0601").unwrap();
    let l2 = shot(&f, a2, c);
    assert!(
        l2.one_sided && l2.face == shot(&f, a, c).face,
        "{:?}",
        l2.face
    );
    let (_, same_face) = crossfire(&f, &[End::at(a), End::at(a2)], End::at(c));
    assert!(same_face.is_empty(), "{same_face:?}");
    let (_, two_faces) = crossfire(&f, &[End::at(a), End::at(a2), End::at(b)], End::at(c));
    assert_eq!(two_faces, vec![0, 1, 2]);
    // Shooting through the house is impossible.
    let through = shot(&f, s.world.grid.from_printed("0203").unwrap(), c);
    assert!(!through.clear, "{}", through.reason);
}

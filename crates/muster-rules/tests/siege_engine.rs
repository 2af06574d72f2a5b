//! The Siege engine's fire and movement rules, each on a small map built for it.

use muster_hex::Hex;
use muster_model::{
    CoverKind, HexEntry, HexId, HexsideEntry, Level, MapFile, ScenarioFile, SetupEntry, UnitDef,
    Zone,
};
use muster_rules::siege::field::Field;
use muster_rules::siege::los::{crossfire, line_of_fire, End};
use muster_rules::siege::movement::{step_cost, Mover};

mod siege_fixtures;
use siege_fixtures::{map, marker, piece};

/// Puts one soldier of `side` (0 or 1) in each hex, with an optional siege-tower level.
fn soldiers(s: &mut ScenarioFile, side: usize, hexes: &[(&str, Option<Level>)]) {
    let id = format!("Soldier{side}");
    s.sides[side].units.push(UnitDef {
        mp: Some(6),
        ..UnitDef::new(&id, "soldier", hexes.len() as u32)
    });
    for (h, level) in hexes {
        s.sides[side].setup.push(SetupEntry {
            level: *level,
            ..SetupEntry::new(
                vec![id.parse().unwrap()],
                Zone::Hexes(vec![HexId((*h).into())]),
            )
        });
    }
}

struct Case {
    file: ScenarioFile,
    map: MapFile,
}

impl Case {
    fn new(m: MapFile) -> Case {
        Case {
            file: ScenarioFile::blank("t", "siege", "x"),
            map: m,
        }
    }
    fn with(mut self, f: impl FnOnce(&mut ScenarioFile)) -> Case {
        f(&mut self.file);
        self
    }
    fn run<T>(&self, f: impl FnOnce(&Field, &dyn Fn(&str) -> Hex) -> T) -> T {
        let rs = muster_rules::ruleset("siege").unwrap();
        let mut out = vec![];
        let s = muster_rules::resolve(
            &self.file,
            &self.map,
            &[],
            &muster_rules::ArmyLists::none(),
            rs,
            &mut out,
        );
        let field = Field::new(&s);
        let h = |id: &str| s.world.grid.from_printed(id).unwrap();
        f(&field, &h)
    }
}

fn fire(f: &Field, h: &dyn Fn(&str) -> Hex, a: &str, b: &str) -> (bool, CoverKind, String) {
    let l = line_of_fire(f, End::at(h(a)), End::at(h(b)));
    (l.clear, l.cover, l.reason)
}

#[test]
fn trees_block_but_a_target_in_the_first_tree_hex_is_seen_with_light_cover() {
    Case::new(map(&["0604:trees", "0605:trees"], &[])).run(|f, h| {
        let (clear, cover, why) = fire(f, h, "0602", "0604");
        assert!(clear && cover == CoverKind::Light, "{why}");
        let (clear, _, why) = fire(f, h, "0602", "0605");
        assert!(!clear && why.contains("3.22"), "{why}");
        let (clear, _, why) = fire(f, h, "0602", "0608");
        assert!(!clear, "{why}");
    });
}

#[test]
fn tents_are_shot_into_not_through_unless_burnt() {
    let m = map(&["0605:tent"], &[]);
    Case::new(m.clone()).run(|f, h| {
        assert_eq!(fire(f, h, "0602", "0605").1, CoverKind::Light);
        let (clear, _, why) = fire(f, h, "0602", "0608");
        assert!(!clear && why.contains("3.24"), "{why}");
    });
    Case::new(m)
        .with(|s| s.markers.push(marker("destroyed", "0605")))
        .run(|f, h| {
            assert!(
                fire(f, h, "0602", "0608").0,
                "a burnt tent no longer blocks"
            );
        });
}

#[test]
fn trenches_give_heavy_cover_and_do_not_block() {
    Case::new(map(&["0605:trench"], &[])).run(|f, h| {
        assert_eq!(fire(f, h, "0602", "0605").1, CoverKind::Heavy);
        let (clear, cover, _) = fire(f, h, "0602", "0608");
        assert!(clear && cover == CoverKind::None);
    });
}

#[test]
fn scrub_crossed_gives_light_cover() {
    Case::new(map(&["0605:scrub"], &[])).run(|f, h| {
        let (clear, cover, why) = fire(f, h, "0602", "0608");
        assert!(
            clear && cover == CoverKind::Light && why.contains("3.21"),
            "{why}"
        );
    });
}

/// A wall of battlements on row 04 with its parapet on the south side, a moat on row 05.
fn castle(extra: &[&str]) -> MapFile {
    let mut hexes: Vec<String> = (1..=12)
        .flat_map(|c| [format!("{c:02}04:battlement"), format!("{c:02}05:moat")])
        .collect();
    hexes.extend(extra.iter().map(|s| s.to_string()));
    let refs: Vec<&str> = hexes.iter().map(String::as_str).collect();
    let sides: Vec<String> = (1..=12).map(|c| format!("{c:02}04/S=battlement")).collect();
    let srefs: Vec<&str> = sides.iter().map(String::as_str).collect();
    map(&refs, &srefs)
}

#[test]
fn walls_block_ground_lines_and_the_parapet_gives_heavy_cover() {
    Case::new(castle(&[])).run(|f, h| {
        let (clear, _, why) = fire(f, h, "0608", "0602");
        assert!(!clear && why.contains("wall"), "{why}");
        let (clear, cover, why) = fire(f, h, "0608", "0604");
        assert!(
            clear && cover == CoverKind::Heavy && why.contains("battlement"),
            "{why}"
        );
        // From the battlement out: the shooter is on the walls.
        let (clear, cover, why) = fire(f, h, "0604", "0608");
        assert!(clear && cover == CoverKind::None, "{why}");
    });
}

#[test]
fn a_breach_lets_lines_through_and_rubble_gives_medium_cover() {
    Case::new(castle(&[]))
        .with(|s| s.markers.push(marker("rubble", "0604")))
        .run(|f, h| {
            let (clear, _, why) = fire(f, h, "0608", "0602");
            assert!(clear, "{why}");
            let (clear, cover, why) = fire(f, h, "0608", "0604");
            assert!(clear && cover == CoverKind::Medium, "{why}");
        });
}

/// The upper level of the siege tower in hex `at`.
fn tower_top(h: &dyn Fn(&str) -> Hex, at: &str) -> End {
    End {
        hex: h(at),
        upper: true,
    }
}

#[test]
fn from_a_siege_tower_the_wall_straddles_its_two_hexes() {
    // Regression: the distance rule measured from the battlement hex, and refused a shot
    // the 2.43 note allows ("treating the wall … as if it straddled both of the two
    // adjacent hexes"; the note to 3.23: "from the wall and not from the battlement hex").
    // Tower in 0607 (hexes 0606-0608) facing N; the shooter on top at 0606 is 1 from the
    // wall (it straddles the battlement 0604 and the moat 0605).
    let near = Case::new(castle(&[])).with(|s| {
        s.pieces
            .push(piece("tower", "siege-tower", "0607", Some("N")));
    });
    near.run(|f, h| {
        let up = |b: &str| line_of_fire(f, tower_top(h, "0606"), End::at(h(b)));
        // Target 0603, right behind the wall, is 1 from it too: the shot is allowed.
        let l = up("0603");
        assert!(l.clear, "{}", l.reason);
        assert!(
            l.steps
                .iter()
                .any(|s| s.contains("straddling 0604 and 0605") && s.contains("2.43")),
            "{:?}",
            l.steps
        );
        let l = up("0601");
        assert!(l.clear, "{}", l.reason);
        // From the ground the wall blocks both.
        assert!(!fire(f, h, "0606", "0601").0);
        assert!(!fire(f, h, "0606", "0603").0);
    });
    // One hex further back (tower in 0608, its top front at 0607): the shooter is 2 from
    // the wall, so 0603 (1 from it) is too close and 0602 (2) is not.
    let far = Case::new(castle(&[])).with(|s| {
        s.pieces
            .push(piece("tower", "siege-tower", "0608", Some("N")));
    });
    far.run(|f, h| {
        let up = |b: &str| line_of_fire(f, tower_top(h, "0607"), End::at(h(b)));
        let l = up("0603");
        assert!(
            !l.clear
                && l.reason.contains("2.43")
                && l.reason.contains("(1)")
                && l.reason.contains("(2)"),
            "{}",
            l.reason
        );
        let l = up("0602");
        assert!(l.clear, "{}", l.reason);
    });
}

#[test]
fn from_a_tower_in_the_adjacent_filled_moat_the_wall_hex_measures() {
    // 2.43 note: "[except when the siege tower is in an adjacent filled moat hex]".
    let case = Case::new(castle(&[])).with(|s| {
        s.markers.push(marker("filled-moat", "0605"));
        s.pieces
            .push(piece("tower", "siege-tower", "0606", Some("N")));
    });
    case.run(|f, h| {
        let l = line_of_fire(f, tower_top(h, "0605"), End::at(h("0603")));
        assert!(
            l.clear && l.steps.iter().any(|s| s.contains("adjacent moat")),
            "{:?}",
            l.steps
        );
    });
}

#[test]
fn siege_tower_levels_and_what_they_give() {
    let case = Case::new(castle(&[])).with(|s| {
        s.pieces
            .push(piece("tower", "siege-tower", "0607", Some("N")))
    });
    case.run(|f, h| {
        // Inside the tower: infinite cover, and no shooting out.
        let l = line_of_fire(f, End::at(h("0610")), End::at(h("0607")));
        assert!(l.clear && l.cover == CoverKind::Infinite, "{}", l.reason);
        let l = line_of_fire(f, End::at(h("0607")), End::at(h("0610")));
        assert!(!l.clear && l.reason.contains("2.44"), "{}", l.reason);
        // On top: light cover.
        let l = line_of_fire(
            f,
            End::at(h("0611")),
            End {
                hex: h("0607"),
                upper: true,
            },
        );
        assert!(l.clear && l.cover == CoverKind::Light, "{}", l.reason);
        // Nobody shoots across the tower.
        let l = line_of_fire(f, End::at(h("0610")), End::at(h("0605")));
        assert!(!l.clear && l.reason.contains("2.44"), "{}", l.reason);
    });
}

#[test]
fn a_ram_blocks_lines_at_its_level_only() {
    let case =
        Case::new(castle(&[])).with(|s| s.pieces.push(piece("ram", "ram", "0607", Some("N"))));
    case.run(|f, h| {
        assert!(!fire(f, h, "0610", "0605").0, "the ram blocks ground lines");
        let l = line_of_fire(f, End::at(h("0604")), End::at(h("0610")));
        assert!(
            l.clear,
            "a shooter on the battlement sees over it: {}",
            l.reason
        );
        assert!(
            l.steps.iter().any(|s| s.contains("shooter is above it")),
            "{:?}",
            l.steps
        );
        // As printed, the shooter's level decides (4.33): the line back up is blocked.
        let (clear, _, why) = fire(f, h, "0610", "0604");
        assert!(
            !clear && why.contains("from characters at its level"),
            "{why}"
        );
    });
}

#[test]
fn a_screen_covers_only_from_its_front() {
    let case = Case::new(map(&[], &[]))
        .with(|s| s.pieces.push(piece("screen", "screen", "0606", Some("N"))));
    case.run(|f, h| {
        let (clear, cover, why) = fire(f, h, "0602", "0606");
        assert!(
            clear && cover == CoverKind::Heavy && why.contains("5.22"),
            "{why}"
        );
        let (clear, cover, why) = fire(f, h, "0610", "0606");
        assert!(clear && cover == CoverKind::None, "{why}");
    });
}

#[test]
fn no_shot_at_a_target_next_to_a_friend_unless_aiming() {
    let build = |options: Vec<String>| {
        Case::new(map(&[], &[])).with(move |s| {
            s.options = options;
            soldiers(s, 0, &[("0610", None), ("0503", None)]);
            soldiers(s, 1, &[("0603", None)]);
        })
    };
    build(vec![]).run(|f, h| {
        let (clear, _, why) = fire(f, h, "0610", "0603");
        assert!(!clear && why.contains("1.44"), "{why}");
    });
    build(vec!["aiming".into()]).run(|f, h| assert!(fire(f, h, "0610", "0603").0));
}

#[test]
fn movement_costs_follow_the_tables() {
    let case = Case::new(castle(&["0608:trench", "0609:trees"])).with(|s| {
        s.pieces
            .push(piece("tower", "siege-tower", "0707", Some("N")));
        s.markers.push(marker("rubble", "0604"));
        s.markers.push(marker("filled-moat", "0605"));
        s.markers.push(marker("fire", "0811"));
    });
    case.run(|f, h| {
        let c = |a: &str, b: &str, m| step_cost(f, (h(a), false), (h(b), false), m);
        assert_eq!(c("0606", "0605", Mover::Foot), Ok(2), "filled moat, 2.1");
        assert_eq!(c("0605", "0604", Mover::Foot), Ok(2), "into rubble, 2.33");
        assert_eq!(
            c("0604", "0504", Mover::Foot),
            Ok(3),
            "out of rubble onto a battlement, 2.33"
        );
        assert!(
            c("0805", "0804", Mover::Foot).is_err(),
            "the parapet is not climbed without a tower"
        );
        assert!(
            c("0606", "0605", Mover::Horse).is_err(),
            "no horses in the moat, 3.32"
        );
        assert!(
            c("0610", "0609", Mover::Horse).is_err(),
            "no horses in trees, 3.32"
        );
        assert_eq!(
            c("0607", "0608", Mover::Horse),
            Ok(1),
            "horses cross trenches"
        );
        assert!(c("0810", "0811", Mover::Foot).is_err(), "fire, 3.54");
        // The tower at 0707 covers 0706-0708: 2 to enter, 2 more to climb, 2 onto the battlement.
        assert_eq!(c("0709", "0708", Mover::Foot), Ok(2), "2.42");
        assert_eq!(
            step_cost(f, (h("0708"), false), (h("0708"), true), Mover::Foot),
            Ok(2),
            "climbing, 2.42"
        );
        assert_eq!(
            step_cost(f, (h("0708"), true), (h("0707"), true), Mover::Foot),
            Ok(1),
            "along the upper level, 2.42"
        );
        assert!(
            step_cost(f, (h("0706"), true), (h("0705"), false), Mover::Foot).is_err(),
            "the moat is not a battlement"
        );
    });
}

#[test]
fn from_the_upper_level_onto_the_battlements_costs_two() {
    // The tower's front hex 0605 is on the filled moat, next to the battlement 0604.
    let case = Case::new(castle(&[])).with(|s| {
        s.markers.push(marker("filled-moat", "0605"));
        s.pieces
            .push(piece("tower", "siege-tower", "0606", Some("N")));
    });
    case.run(|f, h| {
        assert_eq!(
            step_cost(f, (h("0605"), true), (h("0604"), false), Mover::Foot),
            Ok(2),
            "2.45"
        );
    });
}

#[test]
fn carrying_a_screen_costs_two_and_keeps_to_screen_ground() {
    use muster_rules::siege::movement::{reach, reach_carrying, Load};
    // A soldier (6 MP) in 0606 by the moat; the moat is filled at 0605 only; trees at 0607.
    let case = Case::new(castle(&["0607:trees"])).with(|s| {
        soldiers(s, 0, &[("0606", None)]);
        s.markers.push(marker("filled-moat", "0605"));
    });
    case.run(|f, h| {
        let free = reach(f, 0, 0, h("0606"));
        let loaded = reach_carrying(f, 0, 0, h("0606"), Load::Screen);
        assert_eq!((free.mp, loaded.mp), (6, 4), "5.21: 2 MP less");
        let has = |r: &muster_rules::Reach, id: &str| r.hexes.iter().any(|(x, _)| *x == h(id));
        assert!(has(&free, "0607"), "on foot, into the trees");
        assert!(
            !has(&loaded, "0607"),
            "not with a screen: trees are closed to horses, so to screens"
        );
        assert!(
            has(&loaded, "0605"),
            "the filled moat is open to screens: {:?}",
            loaded.hexes
        );
        assert!(
            has(&free, "0705") && !has(&loaded, "0705"),
            "an unfilled moat is not"
        );
        let barrel = reach_carrying(f, 0, 0, h("0606"), Load::Barrel);
        assert_eq!(barrel.mp, 4, "5.32: 2 MP less with a barrel");
        assert!(has(&barrel, "0607"));
    });
}

#[test]
fn the_parapet_covers_only_the_wall_side() {
    let case = Case::new(castle(&[])).with(|s| {
        s.markers.push(marker("filled-moat", "0605"));
        s.pieces
            .push(piece("tower", "siege-tower", "0606", Some("N")));
    });
    case.run(|f, h| {
        // From the battlement down at the man in the moat below: no parapet shelters him.
        let (clear, cover, why) = fire(f, h, "0504", "0505");
        assert!(clear && cover == CoverKind::None, "{why}");
        // From the tower's top (in the filled moat) at the battlement: heavy cover.
        let l = line_of_fire(
            f,
            End {
                hex: h("0605"),
                upper: true,
            },
            End::at(h("0604")),
        );
        assert!(l.clear && l.cover == CoverKind::Heavy, "{}", l.reason);
        // And back: the tower's top gives light cover (2.44), the parapet nothing.
        let l = line_of_fire(
            f,
            End::at(h("0604")),
            End {
                hex: h("0605"),
                upper: true,
            },
        );
        assert!(l.clear && l.cover == CoverKind::Light, "{}", l.reason);
    });
}

#[test]
fn the_battlement_distance_rule_holds_whichever_end_shoots() {
    // Regression: the man right behind the wall was refused a shot at the tower's top two
    // hexes from the wall; measured from the wall (straddling 0604 and 0605) both are 1.
    let near = Case::new(castle(&[])).with(|s| {
        s.pieces
            .push(piece("tower", "siege-tower", "0607", Some("N")))
    });
    near.run(|f, h| {
        let top = tower_top(h, "0606");
        for inside in ["0601", "0603"] {
            let l = line_of_fire(f, End::at(h(inside)), top);
            assert!(l.clear, "{inside}: {}", l.reason);
        }
    });
    let far = Case::new(castle(&[])).with(|s| {
        s.pieces
            .push(piece("tower", "siege-tower", "0608", Some("N")))
    });
    far.run(|f, h| {
        let l = line_of_fire(f, End::at(h("0603")), tower_top(h, "0607"));
        assert!(!l.clear && l.reason.contains("2.43"), "{}", l.reason);
    });
}

#[test]
fn occupied_trenches_and_missing_towers() {
    let case = Case::new(map(&["0605:trench"], &[])).with(|s| soldiers(s, 0, &[("0605", None)]));
    case.run(|f, h| {
        let (clear, _, why) = fire(f, h, "0602", "0608");
        assert!(clear, "3.25: shot across an occupied trench: {why}");
        let l = line_of_fire(
            f,
            End {
                hex: h("0602"),
                upper: true,
            },
            End::at(h("0608")),
        );
        assert!(
            !l.clear && l.reason.contains("no siege tower"),
            "{}",
            l.reason
        );
    });
}

#[test]
fn from_a_tower_top_only_battlements_and_never_a_solid_wall() {
    let case = Case::new(castle(&["0704:castle-wall", "0504:tower"])).with(|s| {
        s.markers.push(marker("filled-moat", "0605"));
        s.markers.push(marker("filled-moat", "0705"));
        s.pieces
            .push(piece("tower", "siege-tower", "0606", Some("N")));
    });
    case.run(|f, h| {
        let up = |a: &str, b: &str| step_cost(f, (h(a), true), (h(b), false), Mover::Foot);
        assert_eq!(up("0605", "0604"), Ok(2), "onto the battlement, 2.45");
        assert!(up("0605", "0704").is_err(), "a solid castle wall");
        assert!(
            up("0605", "0504").is_err(),
            "a castle tower is not a battlement"
        );
    });
}

/// A walled house in column 06: a window hex 0605 with its window on the north hexside,
/// and two rooms' worth of interior behind it (0606, 0607) closed by walls on every other
/// outer hexside.
fn house() -> MapFile {
    let mut sides = vec!["0605/N=window".to_string()];
    for h in ["0605", "0606", "0607"] {
        for d in ["NE", "SE", "SW", "NW"] {
            sides.push(format!("{h}/{d}=wall"));
        }
    }
    sides.push("0607/S=wall".into());
    let refs: Vec<&str> = sides.iter().map(String::as_str).collect();
    map(&["0605:window", "0606:building", "0607:building"], &refs)
}

#[test]
fn through_a_window_from_afar_only_the_character_behind_it() {
    // Regression: a shooter four hexes away hit the far side of a walled house (3.26 b:
    // "A character outside can only shoot through a window if the target is immediately
    // behind the window").
    Case::new(house()).run(|f, h| {
        let (clear, cover, why) = fire(f, h, "0601", "0605");
        assert!(
            clear && cover == CoverKind::Medium && why.contains("3.26"),
            "{why}"
        );
        let (clear, _, why) = fire(f, h, "0601", "0606");
        assert!(!clear && why.contains("3.26 b"), "{why}");
        let (clear, _, why) = fire(f, h, "0601", "0607");
        assert!(!clear && why.contains("3.26 b"), "{why}");
        // The walls block every other way in.
        let (clear, _, why) = fire(f, h, "0806", "0606");
        assert!(!clear && why.contains("wall"), "{why}");
    });
}

#[test]
fn next_to_a_window_the_whole_room_and_nothing_beyond() {
    Case::new(house()).run(|f, h| {
        // 0604 is the hex next to the window: the shooter fires from the sill (3.26 b).
        for target in ["0606", "0607"] {
            let l = line_of_fire(f, End::at(h("0604")), End::at(h(target)));
            assert!(
                l.clear && l.cover == CoverKind::Medium,
                "{target}: {}",
                l.reason
            );
            assert!(l.steps.iter().any(|s| s.contains("sill")), "{:?}", l.steps);
        }
        // Beyond the room the special rule gives nothing: the field is the room.
        let l = line_of_fire(f, End::at(h("0604")), End::at(h("0609")));
        assert!(!l.clear && l.reason.contains("room"), "{}", l.reason);
    });
}

#[test]
fn from_a_window_hex_the_line_starts_at_the_sill_outside() {
    // 3.26 a: "The line of fire is traced from the middle of the sill outside the window
    // and not from the centre of the hex." From the centre of 0605 a line to 0903 leaves
    // through the wall on 0605/NE; from the middle of the sill on 0605/N it does not.
    Case::new(house()).run(|f, h| {
        let l = line_of_fire(f, End::at(h("0605")), End::at(h("0903")));
        assert!(l.clear, "{}", l.reason);
        assert!(l.reason.contains("sill at 0605/N"), "{}", l.reason);
        assert_eq!(l.path[1], h("0604"), "the line leaves by the sill");
        // Straight out, and to the far side of the window's wall.
        let (clear, _, why) = fire(f, h, "0605", "0601");
        assert!(clear, "{why}");
        // Behind the plane of the window the wall is in the way, sill or not.
        let (clear, _, why) = fire(f, h, "0605", "1005");
        assert!(!clear && why.contains("wall"), "{why}");
        let (clear, _, why) = fire(f, h, "0605", "0207");
        assert!(!clear && why.contains("wall"), "{why}");
        // Inside the room the shooter shoots from his hex's centre.
        let l = line_of_fire(f, End::at(h("0605")), End::at(h("0606")));
        assert!(l.clear && !l.reason.contains("sill"), "{}", l.reason);
    });
}

#[test]
fn next_to_a_window_the_line_starts_at_the_sill_inside() {
    // 3.26 b special rule: "His line of fire is traced from the middle of the sill inside
    // the window." Only the hex across the window's hexside is next to the window: 0505
    // touches the window hex through a wall and shoots at nothing inside.
    Case::new(house()).run(|f, h| {
        let l = line_of_fire(f, End::at(h("0604")), End::at(h("0607")));
        assert!(
            l.clear && l.reason.contains("sill at 0605/N"),
            "{}",
            l.reason
        );
        let (clear, _, why) = fire(f, h, "0505", "0606");
        assert!(!clear && why.contains("wall"), "{why}");
    });
}

#[test]
fn from_a_siege_tower_a_house_is_still_shot_into_only_through_its_window() {
    // 2.43 lets the tower's upper level ignore obstacles below, but 3.26 b still lets a
    // shot through a window reach only the character immediately behind it, with medium
    // cover ("All characters inside a house will benefit from medium cover if shot at
    // through a window").
    let case = Case::new(house()).with(|s| {
        s.pieces
            .push(piece("tower", "siege-tower", "0602", Some("N")));
    });
    case.run(|f, h| {
        let up = End {
            hex: h("0602"),
            upper: true,
        };
        let l = line_of_fire(f, up, End::at(h("0605")));
        assert!(l.clear && l.cover == CoverKind::Medium, "{}", l.reason);
        let l = line_of_fire(f, up, End::at(h("0606")));
        assert!(!l.clear && l.reason.contains("3.26 b"), "{}", l.reason);
    });
}

#[test]
fn next_to_two_windows_of_one_room_the_clearer_sill_is_taken() {
    // 0604 is across the window of 0605 (0605/N) and of 0705 (0705/NW), one room; an
    // enemy in 0705 stands on the line from the second sill but not on the first's.
    let mut m = house();
    m.hexes.push(HexEntry {
        hex: HexId("0705".into()),
        terrain: Some("window".into()),
        elevation: None,
        label: None,
    });
    m.hexsides.retain(|s| s.side != "0605/NE");
    m.hexsides.push(HexsideEntry {
        side: "0705/NW".into(),
        feature: "window".into(),
    });
    for d in ["N", "NE", "SE"] {
        m.hexsides.push(HexsideEntry {
            side: format!("0705/{d}"),
            feature: "wall".into(),
        });
    }
    m.hexsides.retain(|s| s.side != "0606/NE");
    let case = Case::new(m).with(|s| soldiers(s, 1, &[("0705", None)]));
    case.run(|f, h| {
        let l = line_of_fire(f, End::at(h("0604")), End::at(h("0606")));
        assert!(l.clear, "{}", l.reason);
        assert!(l.reason.contains("sill at 0605/N"), "{}", l.reason);
    });
}

#[test]
fn a_door_between_two_rooms_parts_them() {
    // 3.26 b: the shooter next to the window reaches "the hexes that are within the room";
    // a door on 0606/S leads into another room (0607).
    let mut m = house();
    m.hexsides.push(HexsideEntry {
        side: "0606/S".into(),
        feature: "door".into(),
    });
    Case::new(m).run(|f, h| {
        let (clear, _, why) = fire(f, h, "0604", "0606");
        assert!(clear, "{why}");
        let (clear, _, why) = fire(f, h, "0604", "0607");
        assert!(!clear, "{why}");
    });
}

#[test]
fn a_doorway_covers_one_side_under_crossfire() {
    // 3.28: the cover of a doorway hex is "limited to just one side (exterior or
    // interior)"; shot from outside through its door and from the room behind, the owner
    // chooses. A door on 0605/N makes 0605 a doorway hex.
    let mut m = house();
    m.hexes.retain(|e| e.hex.0 != "0605");
    m.hexes.push(HexEntry {
        hex: HexId("0605".into()),
        terrain: Some("doorway".into()),
        elevation: None,
        label: None,
    });
    m.hexsides.retain(|s| s.side != "0605/N");
    m.hexsides.push(HexsideEntry {
        side: "0605/N".into(),
        feature: "door".into(),
    });
    Case::new(m).run(|f, h| {
        let (fires, choose) = crossfire(
            f,
            &[End::at(h("0601")), End::at(h("0606"))],
            End::at(h("0605")),
        );
        assert!(fires.iter().all(|l| l.clear && l.one_sided), "{fires:?}");
        assert_ne!(fires[0].face, fires[1].face, "{fires:?}");
        assert_eq!(choose, vec![0, 1]);
    });
}

#[test]
fn a_window_hex_has_cover_only_when_the_shot_crosses_the_window() {
    // 3.1 note 2: "medium cover if the shot crosses a doorway or window, otherwise no
    // cover". A house without walls drawn has no window to cross.
    Case::new(map(&["0605:window", "0606:building"], &[])).run(|f, h| {
        let (clear, cover, why) = fire(f, h, "0805", "0605");
        assert!(clear && cover == CoverKind::None, "{why}");
    });
}

#[test]
fn a_towers_arrow_slits_let_its_garrison_shoot_out_and_walls_do_not() {
    // A castle tower in 0604 with arrow-slits on its outer sides; 0804 a tower with walls.
    let m = map(
        &["0604:tower", "0804:tower"],
        &["0604/S=arrow-slit", "0804/S=wall"],
    );
    Case::new(m).run(|f, h| {
        let (clear, _, why) = fire(f, h, "0604", "0608");
        assert!(clear, "{why}");
        let (clear, cover, why) = fire(f, h, "0608", "0604");
        assert!(clear && cover == CoverKind::Heavy, "{why}");
        let (clear, _, why) = fire(f, h, "0804", "0808");
        assert!(!clear && why.contains("wall"), "{why}");
    });
}

#[test]
fn a_lip_between_characters_on_one_level_does_not_block() {
    // A battlement (raised, level 1) in 0604 and a hilltop (elevation 1) from 0608 on,
    // with a slope hex 0607 below its lip: neither end is lower (our reading of 3.23).
    let mut m = map(&["0604:battlement", "0607:slope"], &[]);
    for hex in ["0608", "0609"] {
        m.hexes.push(HexEntry {
            hex: HexId(hex.into()),
            terrain: None,
            elevation: Some(1),
            label: None,
        });
    }
    Case::new(m).run(|f, h| {
        let l = line_of_fire(f, End::at(h("0604")), End::at(h("0609")));
        assert!(l.clear, "{}", l.reason);
        assert!(
            l.steps.iter().any(|s| s.contains("neither is lower")),
            "{:?}",
            l.steps
        );
    });
}

#[test]
fn a_ballista_is_below_a_siege_tower_shooter() {
    // 2.43: from the upper level "a shooter will ignore characters and other obstacles
    // below him"; from the ground the ballista blocks (3.42).
    let case = Case::new(map(&[], &[])).with(|s| {
        s.pieces
            .push(piece("tower", "siege-tower", "0610", Some("N")));
        s.pieces.push(piece("ballista", "ballista", "0606", None));
    });
    case.run(|f, h| {
        let l = line_of_fire(f, tower_top(h, "0609"), End::at(h("0603")));
        assert!(l.clear, "{}", l.reason);
        let (clear, _, why) = fire(f, h, "0608", "0603");
        assert!(!clear && why.contains("3.42"), "{why}");
    });
}

#[test]
fn onto_the_battlements_from_the_ground_only_by_a_stairway() {
    // Regression: courtyard → battlement cost 1 MP, so stairways were never needed.
    let case = Case::new(castle(&["0603:courtyard", "0703:stairway"]));
    case.run(|f, h| {
        let c = |a: &str, b: &str| step_cost(f, (h(a), false), (h(b), false), Mover::Foot);
        let refused = c("0603", "0604");
        assert!(
            refused.as_ref().is_err_and(|e| e.contains("stairway")),
            "{refused:?}"
        );
        assert_eq!(c("0603", "0703"), Ok(2), "onto the stairway (supplied)");
        assert_eq!(c("0703", "0704"), Ok(1), "from the stairway onto the wall");
        assert_eq!(c("0704", "0604"), Ok(1), "along the wall");
    });
}

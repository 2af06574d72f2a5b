//! Whole-program tests of the Siege line-of-fire query on the small castle of
//! `tests/queries/siege/` (review of issue 14): friends next to the target, a siege
//! tower's own level, hidden characters and owner's-choice lines.

use serde_json::Value;
use std::process::Command;

mod common;
use common::root;

fn json(args: &[&str]) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_muster"))
        .args(args)
        .arg("--format")
        .arg("json")
        .current_dir(root())
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "muster {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("muster {args:?}: {e}: {text}"))
}

fn case(name: &str) -> String {
    format!("tests/queries/siege/{name}.scenario.ron")
}

fn los(name: &str, from: &str, to: &str, extra: &[&str]) -> Value {
    let file = case(name);
    let mut args = vec!["query", "los", file.as_str(), from, to];
    args.extend_from_slice(extra);
    json(&args)
}

fn uncertain(v: &Value) -> Vec<String> {
    v["uncertain"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|h| h.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default()
}

/// 1.44/2.43: a friend next to the target stops the shot; a horse's second hex is the
/// rider's too (3.31). Guards against testing the head hex only.
#[test]
fn a_friendly_horse_whose_tail_is_next_to_the_target_blocks_the_shot() {
    let v = los("tail-friend", "1012", "1009", &[]);
    assert_eq!(v["clear"], false, "{v}");
    assert!(
        v["reason"].as_str().unwrap().contains("next to the target"),
        "{v}"
    );
}

/// 2.43: a tower shooter ignores characters *below* him, not those on his own level.
#[test]
fn a_tower_shooter_does_not_ignore_a_defender_on_his_own_level() {
    let v = los(
        "tower-over-defender",
        "0605",
        "0603",
        &["--from-level", "upper"],
    );
    assert_eq!(v["clear"], false, "{v}");
}

/// 2.43: a friend on the same siege tower's upper level is not below the shooter.
#[test]
fn a_tower_shooter_does_not_ignore_a_friend_beside_him_on_the_upper_level() {
    let v = los(
        "tower-upper-friend",
        "0607",
        "0602",
        &["--from-level", "upper"],
    );
    assert_eq!(v["clear"], false, "{v}");
}

/// A hidden character between the ends is not assumed away: the hex is uncertain.
#[test]
fn a_hidden_character_on_the_line_makes_its_hex_uncertain() {
    let v = los("hidden-between", "0710", "0704", &[]);
    assert!(uncertain(&v).contains(&"0709".to_string()), "{v}");
}

/// 1.44/2.43 with an owner's-choice shooter: his side is known from the line, and the
/// friend certainly next to the target stops the shot.
#[test]
fn an_owners_choice_shooter_is_stopped_by_a_certain_friend_next_to_the_target() {
    let v = los("choice-shooter", "1012", "1009", &[]);
    assert_eq!(v["clear"], false, "{v}");
}

/// 1.44/2.43 with an owner's-choice friend: he may stand next to the target, so the
/// answer names that hex as uncertain.
#[test]
fn an_owners_choice_friend_next_to_the_target_makes_the_answer_uncertain() {
    let v = los("choice-friend", "1012", "1009", &[]);
    assert!(uncertain(&v).contains(&"1008".to_string()), "{v}");
}

fn reach(name: &str, unit: &str, from: &str) -> Vec<String> {
    let file = case(name);
    let v = json(&["query", "reach", file.as_str(), unit, "--from", from]);
    v["hexes"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|h| h.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default()
}

/// Ours (3.32 names stairways; section 1 is missing): the wall-walk is climbed from the
/// ground only by a stairway, rubble, a siege tower or through a castle tower; a castle
/// tower and the keep are entered on foot through their doors, which open into the castle
/// (3.1 note 5: "Horses can never enter tower doorways"; 6.72: the defenders "in the
/// keep"). Guards against a keep no one can enter (issue 29), and against a tower as a
/// way out to the moat.
#[test]
fn men_on_foot_enter_the_keep_and_the_towers_from_the_courtyard() {
    let tom = reach("base", "Tom", "0203");
    for inside in ["0304", "0601"] {
        assert!(tom.contains(&inside.to_string()), "{inside} not in {tom:?}");
    }
    assert!(
        !tom.contains(&"0305".to_string()),
        "out by the tower: {tom:?}"
    );
}

/// The same reading downwards: from the walls one comes down by a stairway, rubble or
/// through a castle tower into the courtyard (0504 → 0404 → the tower 0304 → 0303).
#[test]
fn down_from_the_walls_through_a_castle_tower() {
    let guards = reach("base", "Guards", "0504");
    assert!(guards.contains(&"0304".to_string()), "{guards:?}");
    assert!(guards.contains(&"0303".to_string()), "{guards:?}");
    assert!(!guards.contains(&"0305".to_string()), "{guards:?}");
}

/// 2.43 note: the wall straddles the two hexes "except when the siege tower is in an
/// adjacent filled moat hex": then distances are from the wall hex, whichever hex of the
/// tower the shooter stands on (guards against the exception only for the moat hex itself).
#[test]
fn a_tower_in_the_adjacent_filled_moat_measures_from_the_wall_hex() {
    let v = los(
        "tower-adjacent-moat",
        "0606",
        "0603",
        &["--from-level", "upper"],
    );
    assert_eq!(v["clear"], false, "{v}");
}

/// 6.21 `aiming` "over-rides the shooting restrictions relating to target (see 1.44 and
/// 2.43)": the friend next to the target no longer stops the shot.
#[test]
fn with_aiming_a_friend_next_to_the_target_does_not_stop_the_shot() {
    let v = los("tail-friend-aiming", "1012", "1009", &[]);
    assert_eq!(v["clear"], true, "{v}");
}

/// Second review of issue 29: 3.28's cover "if shot at through a doorway or courtyard
/// gateway" needs the gateway to open onto the target's courtyard; 0706 opens onto open
/// ground before the courtyard hex 0704.
#[test]
fn a_gateway_onto_no_courtyard_of_the_target_gives_no_cover() {
    let v = los("gateway-elsewhere", "0708", "0704", &[]);
    assert_eq!(v["clear"], true, "{v}");
    assert!(!v["reason"].as_str().unwrap_or("").contains("3.28"), "{v}");
}

/// Third review of issue 29: 3.28 names a doorway and a courtyard gateway alike: a shooter
/// in the gateway shoots into the courtyard through it, as one in a doorway through the
/// door, and the target has medium cover either way.
#[test]
fn a_shooter_in_the_gateway_shoots_through_it_as_through_a_doorway() {
    let from_gate = los("gateway-shooter", "0706", "0704", &[]);
    assert_eq!(from_gate["cover"], "medium", "{from_gate}");
    let from_door = los("gateway-shooter", "0802", "0803", &[]);
    assert_eq!(from_door["cover"], "medium", "{from_door}");
}

/// Third review of issue 29: under crossfire the owner chooses a side ("the character must
/// choose from which side he is protected", 3.28), so shooters at one face are grouped.
#[test]
fn crossfire_offers_a_choice_of_sides() {
    let (code, out, err) = common::muster(&[
        "query",
        "crossfire",
        &case("gateway-crossfire"),
        "0706",
        "--from",
        "0708",
        "--from",
        "0702",
        "--from",
        "0704",
        "--format",
        "human",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(
            "the outer side of 0706 (against 0708), or the inner side of 0706 (against 0702, 0704)"
        ),
        "{out}"
    );
}

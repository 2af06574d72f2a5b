//! Whole-program tests of the And Gentlemen All queries (issue 13): the §7–§9 worked
//! examples through `muster query fire|melee|morale`, cover, range, and reach.

use serde_json::Value;

mod common;
use common::{json, muster};
const EXAMPLES: &str = "tests/rules-examples/aga-examples.scenario.ron";
const BRAMPTON: &str = "scenarios/and-gentlemen-all/brampton-field.scenario.ron";

fn modifier(party: &Value, what: &str) -> Option<(i64, String)> {
    party["modifiers"].as_array()?.iter().find_map(|m| {
        (m["what"] == what).then(|| {
            (
                m["value"].as_i64().unwrap(),
                m["source"].as_str().unwrap().to_string(),
            )
        })
    })
}

/// §7: "A unit of regular (+1) balanced foot (+0) fires at a unit of regular (+1) pike
/// heavy foot at effective range (+0). The firer scores a 5 + 1 = 6. The target scores a
/// 3 + 1 = 4. The target suffers 2 shock points."
#[test]
fn section_7_example_fire() {
    let v = json(&[
        "query",
        "fire",
        EXAMPLES,
        "Firing Foot",
        "Pike Foot",
        "--rolls",
        "5,3",
    ]);
    assert_eq!(v["band"], "effective", "{v}");
    assert_eq!(
        modifier(&v["firer"], "Regular"),
        Some((1, "printed".into()))
    );
    assert_eq!(
        modifier(&v["firer"], "Unit type (foot)"),
        Some((0, "printed".into()))
    );
    assert_eq!(v["firer"]["score"], 6);
    assert_eq!(v["target"]["score"], 4);
    assert_eq!(v["shock"]["target"], 2);
}

/// §8: "A veteran (+2) balanced foot unit (+0) charges (+1) a regular (+1) musket heavy
/// foot unit (-1). The attacker scores a 4 + 2 + 1 = 7. The defender scores a 6 + 1 - 1 =
/// 6. The defending unit suffers 1 shock point."
#[test]
fn section_8_example_melee() {
    let v = json(&[
        "query",
        "melee",
        EXAMPLES,
        "Charging Foot",
        "Musket Foot",
        "--charging",
        "--rolls",
        "4,6",
    ]);
    assert_eq!(
        modifier(&v["attacker"], "Veteran"),
        Some((2, "printed".into()))
    );
    assert_eq!(
        modifier(&v["attacker"], "Foot charging enemy foot or artillery"),
        Some((1, "printed".into()))
    );
    assert_eq!(
        modifier(&v["defender"], "Unit type (foot)"),
        Some((-1, "printed".into())),
        "musket heavy −1 in melee is printed in the example"
    );
    assert_eq!(v["attacker"]["score"], 7);
    assert_eq!(v["defender"]["score"], 6);
    assert_eq!(v["shock"]["defender"], 1);
    assert_eq!(v["shock"]["attacker"], 0);
}

/// §9: "A regular (-1) unit with 4 shock points tests morale. The player rolls a 5 + 4 - 1
/// = 8. The unit suffers a halt result."
#[test]
fn section_9_example_morale() {
    let v = json(&[
        "query",
        "morale",
        EXAMPLES,
        "Tested Foot",
        "--shock",
        "4",
        "--roll",
        "5",
    ]);
    assert_eq!(v["score"], 8);
    assert_eq!(v["result"], "Halt");
}

/// §7 and §8 from the map: medium cover and the built-up area's +3 for foot; horse
/// frontally charging foot −2; out of range and out of contact are refused.
#[test]
fn cover_obstacles_range_and_contact_come_from_the_map() {
    let fire = json(&["query", "fire", EXAMPLES, "Horse", "Village Foot"]);
    assert_eq!(
        modifier(&fire["target"], "In medium cover"),
        Some((3, "printed".into()))
    );
    let melee = json(&[
        "query",
        "melee",
        EXAMPLES,
        "Horse",
        "Village Foot",
        "--charging",
    ]);
    assert_eq!(
        modifier(&melee["attacker"], "Horse frontally charging foot"),
        Some((-2, "printed".into()))
    );
    assert_eq!(
        modifier(
            &melee["defender"],
            "Foot defending earthwork or built-up area"
        ),
        Some((3, "printed".into()))
    );
    let (code, _, err) = muster(&["query", "fire", EXAMPLES, "Firing Foot", "Village Foot"]);
    assert_eq!(code, 2);
    assert!(err.contains("beyond foot long range"), "{err}");
    let (code, _, err) = muster(&["query", "melee", EXAMPLES, "Firing Foot", "Pike Foot"]);
    assert_eq!(code, 2);
    assert!(err.contains("contact"), "{err}");
}

/// The text has no general counters: a regiment may move through and end in the hex a
/// general marks (Brampton Field: Sir William Fairfield in 1013, beside the Trained Bands).
#[test]
fn a_general_does_not_block_a_regiment() {
    let r = json(&["query", "reach", BRAMPTON, "Trained Bands"]);
    let hexes: Vec<&str> = r["hexes"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|h| h.as_str())
        .collect();
    assert!(hexes.contains(&"1013"), "{r}");
}

/// §8 defender's modifiers: "−2 In contact with more than one enemy foot or horse unit".
/// The §8 example with a second enemy regiment beside the defender: 6 + 1 − 1 − 2 = 4, and
/// the attacker's 7 beats it by 3 (guards against leaving the modifier out).
#[test]
fn a_defender_in_contact_with_two_enemies_takes_minus_two() {
    let v = json(&[
        "query",
        "melee",
        "tests/rules-examples/aga-two-in-contact.scenario.ron",
        "Charging Foot",
        "Musket Foot",
        "--charging",
        "--rolls",
        "4,6",
    ]);
    assert_eq!(
        modifier(
            &v["defender"],
            "In contact with more than one enemy foot or horse unit"
        ),
        Some((-2, "printed".into())),
        "{v}"
    );
    assert_eq!(v["defender"]["score"], 4, "{v}");
    assert_eq!(v["shock"]["defender"], 3, "{v}");
    assert_eq!(
        modifier(
            &v["attacker"],
            "In contact with more than one enemy foot or horse unit"
        ),
        None,
        "the attacker touches one enemy: {v}"
    );
}

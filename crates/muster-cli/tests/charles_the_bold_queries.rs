//! Whole-program tests of Charles the Bold's `muster query fire` and `morale` (§16, §7),
//! driven by the printed examples, and of the refusal that names what a system answers.

mod common;
use common::{json, muster};

const EXAMPLES: &str = "tests/rules-examples/cb-7-16-fire-and-morale.scenario.ron";

/// §16: "At the range of 4 hexes the Archers lose 2D6. So assuming they are at full
/// strength and not disordered they will fire 2D6 with the front and 1D6 with the rear at
/// this range".
#[test]
fn section_16_archers_fire_two_dice_and_one_at_four_hexes() {
    let v = json(&["query", "fire", EXAMPLES, "Archers", "Foot"]);
    assert_eq!(
        (v["distance"].as_u64(), v["band"].as_str()),
        (Some(4), Some("4H"))
    );
    let dice: Vec<i64> = v["ranks"]
        .as_array()
        .expect("ranks")
        .iter()
        .filter_map(|r| r["dice"].as_i64())
        .collect();
    assert_eq!(dice, [2, 1]);
    // The firer and the target named by their hexes give the same answer; a move before
    // firing costs each rank a die (§6.0).
    let by_hex = json(&["query", "fire", EXAMPLES, "0202", "0206", "--moved", "1"]);
    assert_eq!(by_hex["firer"], "Archers");
    assert_eq!(by_hex["ranks"][0]["dice"], 1);
    assert_eq!(by_hex["ranks"][1]["dice"], 0);
    let (_, text, _) = muster(&[
        "query", "fire", EXAMPLES, "Archers", "Foot", "--format", "human",
    ]);
    assert!(text.contains("front rank 2D6, rear rank 1D6"), "{text}");
}

/// §7.2: "your stand starts the game with 5SP [...] 1 hit. 5SP-1 hit equals a Morale of 4.
/// You throw 1D6 and get a 3. This is less than 4 so you suffer no permanent loss, you do
/// however become disordered. If you had thrown 5 you would have suffered a morale loss of
/// 1 and suffered one SP loss [...] A throw of 6 would have had the same effect as throwing
/// 5 as you can only suffer 1SP loss from shooting even though your morale loss was 2."
/// §7.3: already disordered, "you would have lost 1SP even if you had thrown 1".
#[test]
fn section_7_2_morale_test_example() {
    let test = |roll: &str, extra: &[&str]| {
        let mut args = vec![
            "query", "morale", EXAMPLES, "Foot", "--hits", "1", "--roll", roll,
        ];
        args.extend_from_slice(extra);
        let v = json(&args);
        (
            v["morale"].as_i64().expect("morale"),
            v["passed"].as_bool().expect("passed"),
            v["morale_loss"].as_i64().expect("morale loss"),
            v["sp_lost"].as_i64().expect("SP lost"),
            v["disordered"].as_bool().expect("disordered"),
        )
    };
    assert_eq!(test("3", &[]), (4, true, 0, 0, true));
    assert_eq!(test("5", &[]), (4, false, 1, 1, true));
    assert_eq!(test("6", &[]), (4, false, 2, 1, true));
    assert_eq!(test("1", &["--disordered"]).3, 1);
    assert_eq!(test("5", &["--disordered"]).3, 1);
    // Without the die: the adjusted morale and its terms.
    let v = json(&["query", "morale", EXAMPLES, "Foot", "--hits", "1"]);
    assert_eq!(v["morale"], 4);
    assert!(v["passed"].is_null());
}

/// A question the system does not answer names the ones it does; arguments of another
/// system's question are refused, not ignored.
#[test]
fn queries_the_system_does_not_answer_are_refused_with_its_list() {
    let (code, _, err) = muster(&["query", "odds", EXAMPLES, "0202", "0206"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("`odds` is not a question Charles the Bold answers"),
        "{err}"
    );
    for q in ["command", "los", "fire", "morale"] {
        assert!(err.contains(&format!("{q} (")), "{q} listed: {err}");
    }
    let (code, _, err) = muster(&["query", "melee", EXAMPLES, "Archers", "Foot"]);
    assert_eq!(code, 2, "{err}");
    let (code, _, err) = muster(&[
        "query", "fire", EXAMPLES, "Archers", "Foot", "--rolls", "6,5",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("not read"), "{err}");
    let (code, _, err) = muster(&["query", "morale", EXAMPLES, "Foot", "--roll", "3"]);
    assert_eq!(code, 2, "the hits are needed: {err}");
}

/// `query fire` reads the line of fire through the engine of `query los` (issue 29, CB
/// review 5): the crossbowmen in 0210 (no archers) cannot fire at 0206 over the friendly
/// bills in 0209 (§6.0 "Only archers can fire overhead"), and the longbows in 0211 facing SW
/// cannot fire at 0207 outside their firing arc (§6.0). Guards against dice for a shot
/// `query los` calls not clear.
#[test]
fn fire_reads_the_line_of_fire() {
    let q = "tests/queries/charles-the-bold/mixed-fire.scenario.ron";
    for (firer, to, why) in [
        ("Crossbowmen", "0206", "only archers fire overhead"),
        ("Longbows", "0207", "outside the firing arc"),
    ] {
        let (code, _, err) = muster(&["query", "fire", q, firer, to]);
        assert_ne!(code, 0, "{firer} → {to}: {err}");
        assert!(err.contains("not clear") && err.contains(why), "{err}");
        let los = json(&[
            "query",
            "los",
            q,
            if firer == "Longbows" { "0211" } else { "0210" },
            to,
        ]);
        assert_eq!(los["clear"], false, "query los agrees: {los}");
    }
}

/// Second CB review 6: a stand that moved before firing may have turned (§3.1, "Turning 1
/// hex face requires 1MP"; §6.0 "move then fire"), so its set-up facing alone no longer
/// decides the arc: the longbows in 0211 facing SW, refused at 0207 (two faces round)
/// standing, fire at it after two moves (with their −2D6), sight and range still judged.
#[test]
fn a_stand_that_moved_before_firing_is_not_held_to_its_set_up_arc() {
    let q = "tests/queries/charles-the-bold/mixed-fire.scenario.ron";
    let v = json(&["query", "fire", q, "Longbows", "0207", "--moved", "2"]);
    assert_eq!(v["moves_before"], 2, "{v}");
    assert!(v["ranks"].as_array().is_some_and(|r| !r.is_empty()), "{v}");
    // Sight still binds: the crossbowmen cannot fire over the bills after a move either.
    let (code, _, err) = muster(&["query", "fire", q, "Crossbowmen", "0206", "--moved", "1"]);
    assert_ne!(code, 0, "{err}");
    assert!(err.contains("only archers fire overhead"), "{err}");
}

/// Second review of issue 29: after one move the longbows (Shot, not Sk or LC) may have
/// turned one hex face, not any: 0207, two faces round from their SW facing, is outside
/// every arc they can turn to after one move, inside after two. The answer names the reading.
#[test]
fn a_move_turns_a_stand_one_face_not_any() {
    let q = "tests/queries/charles-the-bold/mixed-fire.scenario.ron";
    let (code, _, err) = muster(&["query", "fire", q, "Longbows", "0207", "--moved", "1"]);
    assert_ne!(code, 0, "{err}");
    assert!(err.contains("any facing it may turn to"), "{err}");
    let v = json(&["query", "fire", q, "Longbows", "0207", "--moved", "2"]);
    let line = v["line_of_fire"].as_str().unwrap_or("");
    assert!(
        line.contains("turned to face") && line.contains("§3.1") && line.contains("ours"),
        "{v}"
    );
}

/// Third review of issue 29: "Artillery can never move and fire in the one turn" (§6.0)
/// binds whatever the list line says, and the refusal names it before any line of fire.
#[test]
fn artillery_never_moves_and_fires_whatever_its_line_says() {
    let q = "tests/queries/charles-the-bold/art-moves.scenario.ron";
    let (code, _, err) = muster(&["query", "fire", q, "Guns", "0606", "--moved", "1"]);
    assert_ne!(code, 0, "{err}");
    assert!(err.contains("Artillery can never move and fire"), "{err}");
}

/// Fourth review of issue 29: "move; fire then move once; move then fire; fire" (§3.0): a
/// stand never moves, fires and moves again.
#[test]
fn a_stand_never_moves_fires_and_moves_again() {
    let q = "tests/queries/charles-the-bold/mixed-fire.scenario.ron";
    let (code, _, err) = muster(&[
        "query",
        "fire",
        q,
        "Longbows",
        "0207",
        "--moved",
        "2",
        "--will-move",
    ]);
    assert_ne!(code, 0, "{err}");
    assert!(err.contains("§3.0"), "{err}");
}

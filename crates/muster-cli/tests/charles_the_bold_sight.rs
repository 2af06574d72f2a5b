//! Whole-program tests of the Charles the Bold sight query (§6.0, issue 13): the crossbow
//! example, hill tops from the plain, and the firing arc.

use serde_json::Value;

mod common;
use common::json;
fn clear(scenario: &str, from: &str, to: &str) -> (bool, String) {
    let v = json(&["query", "los", scenario, from, to]);
    (
        v["clear"].as_bool().expect("clear"),
        v["reason"].as_str().unwrap_or("").to_string(),
    )
}

const CROSSBOW: &str = "tests/rules-examples/cb-6.0-crossbow.scenario.ron";
const SAINT_AUBIN: &str = "scenarios/charles-the-bold/saint-aubin.scenario.ron";

/// §6.0: "The crossbow stand is on the flat and the bill and longbow stands are on the
/// hilltop. The crossbows can see the bills but not the bows. [...] The crossbow is on the
/// hillside. From here they can see both enemy stands."
#[test]
fn the_crossbow_example_of_section_6() {
    let (bills, why) = clear(CROSSBOW, "0606", "0405");
    assert!(bills, "from the flat the bills: {why}");
    let (bows, why) = clear(CROSSBOW, "0606", "0504");
    assert!(!bows, "from the flat not the bows: {why}");
    assert!(why.contains("hill tops"), "{why}");
    assert!(
        clear(CROSSBOW, "0604", "0405").0,
        "from the hillside the bills"
    );
    assert!(
        clear(CROSSBOW, "0604", "0504").0,
        "from the hillside the bows"
    );
}

/// A line from the plain into the second hill-top hex and a line across both hill-top
/// hexes to the hillside beyond agree: neither is clear (the first was blocked and the
/// second clear before).
#[test]
fn across_two_hill_top_hexes_and_into_the_second_agree() {
    let (into, why_into) = clear(SAINT_AUBIN, "0712", "0808");
    let (across, why_across) = clear(SAINT_AUBIN, "0712", "0807");
    assert!(!into, "{why_into}");
    assert!(!across, "{why_across}");
    // The first hill-top hex is seen; the English Foot in 0712 have no range columns, so
    // the line is not one of fire (§16, issue 29 item 21), but the sight is not blocked.
    let (_, why) = clear(SAINT_AUBIN, "0712", "0809");
    assert!(
        why.contains("0712 can see 0809"),
        "the first hill-top hex is seen: {why}"
    );
    assert!(why.contains("does not fire"), "{why}");
}

/// §6.0: "The firing arc is along the lines of the wide frontal H lines. Artillery fire
/// along the narrow 2H front." The flat crossbows face NW: a target to their east is
/// outside; the Burgundian artillery (0804, facing SW) fires only along its two front lines.
#[test]
fn los_honours_the_shooters_facing_and_arc() {
    let (behind, why) = clear(CROSSBOW, "0606", "0706");
    assert!(!behind, "{why}");
    assert!(why.contains("firing arc"), "{why}");
    let (off_front, why) = clear(SAINT_AUBIN, "0804", "0712");
    assert!(!off_front, "{why}");
    assert!(why.contains("narrow 2H front"), "{why}");
    let (_, why) = clear(SAINT_AUBIN, "0505", "0305");
    assert!(why.contains("firing arc"), "{why}");
}

/// §6.0 with a general (who never blocks, §1.2) certainly in a hex an owner's-choice stand
/// may also fill: the stand may block, so the hex is uncertain (guards against counting
/// the general as the hex's holder).
#[test]
fn a_stand_that_may_share_a_generals_hex_makes_it_uncertain() {
    let v = json(&[
        "query",
        "los",
        "tests/queries/charles-the-bold/general-between.scenario.ron",
        "0808",
        "0806",
    ]);
    let uncertain: Vec<&str> = v["uncertain"]
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    assert!(uncertain.contains(&"0807"), "{v}");
}

/// §6.0 "Artillery fire along the narrow 2H front": ours, a corridor two hexes wide straight
/// ahead of the stand (between and along its two front lines, at most one hex off the
/// middle), so the hex dead ahead is in it and a hex far off to one side is not (guards
/// against the two 60°-diverging lines that left the hex dead ahead out).
#[test]
fn artillery_fires_straight_ahead_in_a_two_hex_corridor() {
    let guns = "tests/queries/charles-the-bold/guns.scenario.ron";
    let (ahead, why) = clear(guns, "0808", "0707");
    assert!(ahead, "dead ahead: {why}");
    let (wide, why) = clear(guns, "0808", "0507");
    assert!(!wide, "off the corridor: {why}");
    assert!(why.contains("ours"), "{why}");
}

/// §6.0 firing arc with an owner's-choice shooter: every stand that may stand in the
/// shooter's hex faces away from the target, so the shot is outside the arc whichever it
/// is (guards against "firing arc not checked" for choice lines).
#[test]
fn an_owners_choice_shooter_facing_away_is_outside_the_arc() {
    let (ok, why) = clear(
        "tests/queries/charles-the-bold/choice.scenario.ron",
        "0606",
        "0405",
    );
    assert!(!ok, "{why}");
    assert!(why.contains("firing arc"), "{why}");
}

/// §6.0 "Only archers can fire overhead", the shooter an owner's choice (issue 29, item
/// 17): every stand that may be set up in 0208 is a longbow, so the friendly bills in 0207
/// do not block the shot at 0205 (guards against taking a shooter not certainly there as a
/// non-archer). In 0607 a longbow or a crossbow may stand: the line is clear for the
/// longbow only, and the answer says so.
#[test]
fn an_owners_choice_of_archers_fires_overhead() {
    let choice = "tests/queries/charles-the-bold/choice-archers.scenario.ron";
    let (over, why) = clear(choice, "0208", "0205");
    assert!(over, "archers fire over the bills: {why}");
    let (mixed, why) = clear(choice, "0607", "0604");
    assert!(mixed, "{why}");
    assert!(
        why.contains("clear only if `Longbows (east)` shoots"),
        "{why}"
    );
    assert!(why.contains("ours"), "{why}");
}

/// §6.0 "The crossbow is on the hillside. From here they can see both enemy stands" (on
/// the hill top): from the hillside 0605 the hill top (0405) is seen, but not the plain
/// past the crest (0305; ours: the crest hides the far side, as the hill top does from the
/// plain). Guards against the hillside seeing across the hill.
#[test]
fn from_the_hillside_the_hill_top_but_not_past_the_crest() {
    let hill = "tests/queries/charles-the-bold/hillside.scenario.ron";
    let (top, why) = clear(hill, "0605", "0405");
    assert!(top, "{why}");
    let (past, why) = clear(hill, "0605", "0305");
    assert!(!past, "{why}");
    assert!(why.contains("crest") && why.contains("ours"), "{why}");
}

/// §16: a stand fires as far as its list's range columns. The crossbows (2H, 3H) do not
/// reach 0207, 4 hexes away on the plain; the bills have no columns and do not fire
/// (guards against `query los` answering clear whatever the list says).
#[test]
fn los_reads_the_lists_range_columns() {
    let hill = "tests/queries/charles-the-bold/hillside.scenario.ron";
    let v = json(&["query", "los", hill, "0605", "0207"]);
    assert_eq!(v["clear"], false, "{v}");
    assert_eq!(
        (v["distance"].as_u64(), v["range"].as_u64()),
        (Some(4), Some(3)),
        "{v}"
    );
    let (near, why) = clear(hill, "0605", "0307");
    assert!(near, "3 hexes is in range: {why}");
    let (bills, why) = clear(hill, "0607", "0605");
    assert!(!bills, "{why}");
    assert!(why.contains("does not fire"), "{why}");
}

/// An owner's choice is taken at its most favourable as the best single stand (ours; issue
/// 29, CB review 1): in 0210 the longbows may stand (they fire over the friendly bills in
/// 0209 but reach only 4H) or the crossbowmen (6H, but no archers: the bills block); the
/// target is 5 hexes away, so neither can make the shot. With guns in the choice (6H, the
/// narrow 2H front off the target) no stand has the arc, the range and the sight together.
/// Guards against judging sight for one stand, range for another and the arc for a third.
#[test]
fn an_owners_choice_is_judged_one_stand_at_a_time() {
    let q = "tests/queries/charles-the-bold/";
    let (ok, why) = clear(&format!("{q}mixed-choice.scenario.ron"), "0210", "0205");
    assert!(!ok, "{why}");
    assert!(why.contains("no single stand"), "{why}");
    assert!(
        why.contains("`Longbows`") && why.contains("`Crossbowmen`"),
        "{why}"
    );
    let (ok, why) = clear(
        &format!("{q}mixed-choice-guns.scenario.ron"),
        "0210",
        "0205",
    );
    assert!(!ok, "{why}");
    // 4 hexes: the longbows reach and fire over nothing; the reason names them.
    let (ok, why) = clear(&format!("{q}mixed-choice.scenario.ron"), "0210", "0206");
    assert!(ok, "{why}");
    assert!(why.contains("`Longbows`"), "{why}");
}

/// From the hillside a hill-top hex is seen only when the line climbs the shooter's own hill
/// (ours; issue 29, CB review 2): from the hillside 0210 the hill top 0209 is seen, but not
/// 0206 or 0205 on a second hill beyond the plain 0208–0207. Guards against checking only
/// that the target is a hill-top hex.
#[test]
fn from_the_hillside_only_its_own_hill_top() {
    let hills = "tests/queries/charles-the-bold/hillside-two-hills.scenario.ron";
    for to in ["0206", "0205"] {
        let (ok, why) = clear(hills, "0210", to);
        assert!(!ok, "{to}: {why}");
        assert!(
            why.contains("off the shooter's hill") && why.contains("ours"),
            "{why}"
        );
    }
}

/// §16's range columns start at 2H: a target 1 hex away is in the first column by our
/// reading, and the reason says so (issue 29, CB review 6; guards against citing §16 for
/// it). `muster query los --help` documents the owner's-choice reading and the `distance`
/// and `range` fields.
#[test]
fn a_one_hex_shot_is_labelled_ours() {
    let hills = "tests/queries/charles-the-bold/hillside-two-hills.scenario.ron";
    let (ok, why) = clear(hills, "0210", "0209");
    assert!(ok, "{why}");
    assert!(why.contains("ours") && why.contains("start at 2H"), "{why}");
    let (_, help, _) = common::muster(&["query", "los", "--help"]);
    for word in ["\"distance\"", "\"range\"", "best single stand", "ours"] {
        assert!(help.contains(word), "{word}: {help}");
    }
}

/// Second CB review 5: from the hillside 0210 the hill top 0208 two hexes up the same
/// hillside (0209 between is hillside) is seen; it was refused because 0209 is not hill top.
/// Past the crest (the hillside 0207 after the top 0208) the hill top 0206 is not.
#[test]
fn from_the_hillside_up_its_own_hillside_to_the_top() {
    let hill = "tests/queries/charles-the-bold/hillside-climb.scenario.ron";
    let (up, why) = clear(hill, "0210", "0208");
    assert!(up, "{why}");
    let (past, why) = clear(hill, "0210", "0206");
    assert!(!past, "{why}");
    assert!(
        why.contains("past the crest") && why.contains("0207"),
        "{why}"
    );
}

/// Second review of issue 29: where the climb runs along a hexside beside a hill-top hex,
/// the shooter takes the hillside: the crossbowmen on 0206 see the hill top 0606 over the
/// hillside 0406–0506 (the step between 0307 and the top 0306 is not "past the crest").
#[test]
fn from_the_hillside_grazing_the_top_along_a_hexside_is_still_climbing() {
    let graze = "tests/queries/charles-the-bold/hillside-graze.scenario.ron";
    let (ok, why) = clear(graze, "0206", "0606");
    assert!(ok, "{why}");
}

/// Third review of issue 29: sight between a hill top and the plain is the same both ways
/// (ours): the longbows on the hill top at 0504 do not see the crossbows on the flat at 0606
/// past the hill-top hex 0505, as the crossbows do not see them (§6.0's example: "The
/// crossbows can see the bills but not the bows"); the bills at the edge see down.
#[test]
fn from_the_hill_top_down_is_as_from_below_up() {
    let q = "tests/queries/charles-the-bold/hilltop-down.scenario.ron";
    let (down, why) = clear(q, "0504", "0606");
    assert!(!down, "{why}");
    assert!(why.contains("the same") && why.contains("ours"), "{why}");
    let (up, _) = clear(q, "0606", "0504");
    assert!(!up);
    assert!(clear(q, "0606", "0405").0, "the crossbows see the bills");
}

/// Fourth review of issue 29: the hillside sees at least what the plain sees (ours): a hill
/// top of another hill with no hill-top hex between is seen from the hillside 0206.
#[test]
fn the_hillside_sees_what_the_plain_sees() {
    let q = "tests/queries/charles-the-bold/hillside-to-another-hill.scenario.ron";
    let (ok, why) = clear(q, "0206", "0202");
    assert!(ok, "{why}");
}

/// Fourth review of issue 29: a line along a hexside of a woods hex is blocked by the
/// ruleset's line policy, and the answer names that reading as ours.
#[test]
fn a_line_beside_woods_names_the_line_policy() {
    let q = "tests/queries/charles-the-bold/woods-beside.scenario.ron";
    let (ok, why) = clear(q, "0206", "0606");
    assert!(!ok);
    assert!(
        why.contains("blocked-if-either") && why.contains("ours"),
        "{why}"
    );
}

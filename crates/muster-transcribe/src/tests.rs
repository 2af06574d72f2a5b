//! Each printed form, read against a small roster.

use super::*;
use muster_hex::Compass;
use muster_model::{HexId, UnitDef, Zone};

fn unit(id: &str, name: &str, count: u32) -> UnitDef {
    let mut u = UnitDef::new(id, "infantry", count);
    u.name = name.to_string();
    u
}

fn roster() -> Vec<UnitDef> {
    vec![
        unit("Rudolf", "Rudolf", 1),
        unit("Chevaliers Italiens", "Chevaliers Italiens", 6),
        unit("Turcs (force 2)", "Turcs", 2),
        unit("Athanatoi (force 4)", "Athanatoi", 1),
        unit("Athanatoi (force 2)", "Athanatoi", 1),
        unit("Macedoniens", "Macedoniens", 3),
        unit("Macedoniens (2)", "Macedoniens", 1),
        unit("Archers", "Archers", 4),
        unit("(1-2)", "(1-2)", 4),
        unit(
            "Chevaliers Normands d'Elite",
            "Chevaliers Normands d'Elite",
            1,
        ),
    ]
}

fn hexes(ids: &[&str]) -> Zone {
    Zone::Hexes(ids.iter().map(|h| HexId(h.to_string())).collect())
}

fn read(text: &str) -> Transcript {
    let units = roster();
    transcribe(
        text,
        &["red", "Red Army"],
        &units,
        &[("south-roads", "the three roads south of the river")],
    )
}

fn refs(e: &muster_model::SetupEntry) -> Vec<String> {
    e.units.iter().map(ToString::to_string).collect()
}

#[test]
fn names_then_hexes_with_counts_printed_and_inferred() {
    let t = read("Rudolf: 0508; 6x “Chevaliers Italiens”: 0504, 0505, 0508, 0509, 0608, 0511");
    assert!(t.findings.is_empty(), "{:?}", t.findings);
    assert_eq!(t.setup.len(), 2);
    assert_eq!(refs(&t.setup[0]), ["Rudolf"]);
    assert_eq!(t.setup[0].at, hexes(&["0508"]));
    assert_eq!(refs(&t.setup[1]), ["6x Chevaliers Italiens"]);
    assert_eq!(
        t.setup[1].source.as_deref(),
        Some("6x Chevaliers Italiens: 0504, 0505, 0508, 0509, 0608, 0511")
    );
    let t = read("Macedoniens: 0402, 0403, 0206\nMacedoniens: 0207");
    assert_eq!(
        refs(&t.setup[0]),
        ["3x Macedoniens"],
        "count from the hexes"
    );
    assert_eq!(
        refs(&t.setup[1]),
        ["Macedoniens (2)"],
        "the next unit of that name"
    );
}

#[test]
fn a_hex_list_followed_by_another_entry() {
    let t = read("Rudolf: 0907, 6x “Chevaliers Italiens”: 0903, 0904");
    assert_eq!(t.setup.len(), 2, "{:?}", t.findings);
    assert_eq!(t.setup[0].at, hexes(&["0907"]));
    assert_eq!(refs(&t.setup[1]), ["6x Chevaliers Italiens"]);
}

#[test]
fn force_qualifiers_and_a_place_printed_elsewhere() {
    let t =
        read("Turcs, force 2: 1001, 1105\nAthanatoi, force 4: 1010 force 2: see special rule #1");
    assert_eq!(refs(&t.setup[0]), ["2x Turcs (force 2)"]);
    assert_eq!(refs(&t.setup[1]), ["Athanatoi (force 4)"]);
    assert_eq!(t.setup.len(), 2);
    let note = t
        .findings
        .iter()
        .find(|f| f.message.contains("Athanatoi (force 2)"));
    assert!(
        note.is_some_and(|f| f.severity == Severity::Note && f.line == 2),
        "{:?}",
        t.findings
    );
}

#[test]
fn place_first_rows_and_the_side_heading() {
    let t = read("Red Army : Rudolf sets up in the church ( 1006) and cannot move alone.\n1205 : 1 x archer\nHex row 004xx : 1 x archer, 2 x (1-2).");
    assert_eq!(t.setup[0].at, hexes(&["1006"]));
    assert!(
        t.findings
            .iter()
            .any(|f| f.message.contains("cannot move alone")),
        "the rule is named"
    );
    assert_eq!(
        refs(&t.setup[1]),
        ["Archers"],
        "singular read as the plural id"
    );
    assert_eq!(t.setup[2].at, Zone::Row("04xx".into()));
    assert_eq!(refs(&t.setup[2]), ["Archers", "2x (1-2)"]);
    assert!(t
        .findings
        .iter()
        .any(|f| f.message.contains("`004xx` is not a hex row")));
    assert!(!t.has_errors(), "{:?}", t.findings);
}

#[test]
fn lines_in_hexes_then_a_unit_that_sets_up_apart() {
    let t = read("Rudolf, 2 x Archers and 1 x (1-2) in hexes 1403, 1304, 1204 and 0404 and Macedoniens (2) who sets up in St Peters church ( 1006) and cannot move.");
    assert_eq!(refs(&t.setup[0]), ["Rudolf", "2x Archers", "(1-2)"]);
    assert_eq!(t.setup[0].at, hexes(&["1403", "1304", "1204", "0404"]));
    assert_eq!(refs(&t.setup[1]), ["Macedoniens (2)"]);
    assert_eq!(t.setup[1].at, hexes(&["1006"]));
}

#[test]
fn entries_by_an_edge_a_turn_and_a_named_zone() {
    let t = read("4 x Archers and 2 x (1-2) enter east edge between 1401 and 0401.");
    assert_eq!(t.findings, vec![], "no note");
    let r = &t.reinforcements[0];
    assert_eq!((r.turn, r.moves_from_entry), (1, false));
    assert_eq!(
        r.enter,
        Zone::Edge {
            side: Some(Compass::East),
            from: HexId("1401".into()),
            to: HexId("0401".into())
        }
    );
    let t = read("Re-enforcements: the unit named “Athanatoi (force 2) arrives on turn 2 between hexes 1201 and 1215.");
    let r = &t.reinforcements[0];
    assert_eq!(r.turn, 2);
    assert_eq!(r.units[0].unit, "Athanatoi (force 2)");
    let t = read("Rudolf and 2 x Archers enters by the three roads south of the river and count their movement from these hexes.");
    let r = &t.reinforcements[0];
    assert_eq!(r.enter, Zone::Named("south-roads".into()));
    assert!(r.moves_from_entry);
}

#[test]
fn placed_secretly_over_rows() {
    let t = read("1. Ambush: Athanatoi (force 4) is placed, secretly, anywhere on or south of row 09xx and west of row xx13 inclusive. The player notes on paper which hex it occupies.");
    let e = &t.setup[0];
    assert!(e.hidden);
    assert_eq!(
        e.at,
        Zone::All(vec![
            Zone::OnOrBeyond {
                side: Compass::South,
                row: "09xx".into()
            },
            Zone::OnOrBeyond {
                side: Compass::West,
                row: "xx13".into()
            },
        ])
    );
    assert!(t
        .findings
        .iter()
        .any(|f| f.severity == Severity::Note && f.piece.starts_with("The player notes")));
}

#[test]
fn unknown_names_slips_and_too_many_counters_are_findings() {
    let t = read("Chevaliers Italeins: 0504\nSaracens: 0101\n7x Chevaliers Italiens: 0101");
    assert!(t.findings.iter().any(
        |f| f.severity == Severity::Note && f.message.contains("read as `Chevaliers Italiens`")
    ));
    let unknown = t
        .findings
        .iter()
        .find(|f| f.message.contains("unknown unit `Saracens`"));
    assert!(
        unknown.is_some_and(|f| f.severity == Severity::Error && f.line == 2),
        "{:?}",
        t.findings
    );
    assert!(
        t.findings.iter().any(|f| f.message.contains("only 5 left")),
        "{:?}",
        t.findings
    );
    assert!(t.has_errors());
}

#[test]
fn text_that_places_nothing_is_named_not_dropped() {
    let t = read("Special Rules – none\nVictory Conditions: the Red player wins.");
    assert!(t.setup.is_empty() && t.reinforcements.is_empty());
    assert_eq!(t.findings.len(), 2, "{:?}", t.findings);
}

#[test]
fn a_huge_paste_is_cut_and_said() {
    let text = "Rudolf: 0508\n".repeat(MAX_TEXT / 8);
    let t = read(&text);
    assert!(t
        .findings
        .iter()
        .any(|f| f.message.contains("only the first")));
}

#[test]
fn sentences_of_any_script_and_numbered_headings() {
    // Multi-byte letters before a full stop, a numbered heading, and `#` inside a line.
    let t =
        read("Déployés – à l'est. Rudolf: 0508\n2. Ambush: Rudolf (force 2): see special rule #1");
    assert_eq!(t.setup.len(), 1, "{:?}", t.findings);
    assert!(
        t.findings
            .iter()
            .any(|f| f.message.contains("see special rule #1")),
        "{:?}",
        t.findings
    );
}

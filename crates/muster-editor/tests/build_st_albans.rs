//! Done-when of the editor: a new user builds 1st St Albans from an empty map to a file
//! that validates, entirely in the editor — New, the map source panel for the size and
//! compass, the terrain, hexside, road and label tools, the scenario source panel for the
//! sides and the printed set-up, quick entry, Save as — and the saved files validate with
//! `muster validate`'s pipeline.

use iced::widget::text_editor::Content;
use muster_editor::canvas::CanvasMessage;
use muster_editor::palette;
use muster_editor::source_panel;
use muster_editor::tool::Tool;
use muster_editor::validate::Job;
use muster_editor::{App, Message};
use muster_hex::{Direction, Hexside};

fn press(app: &mut App, id: &str, dir: u8) {
    let h = app.snap.grid.from_printed(id).unwrap();
    let side = Hexside::new(h, Direction::new(dir), app.snap.grid.orientation());
    let _ = app.update(Message::Canvas(CanvasMessage::Press(h, side)));
    let _ = app.update(Message::Canvas(CanvasMessage::Release));
}

fn apply_source(app: &mut App, scenario: bool, edit: impl Fn(String) -> String) {
    let _ = app.update(Message::Source(Some(scenario)));
    let text = app.source.as_ref().unwrap().content.text();
    app.source.as_mut().unwrap().content = Content::with_text(&edit(text));
    let _ = app.update(Message::SourcePanel(source_panel::Message::Apply));
    assert!(
        app.source.as_ref().unwrap().error.is_none(),
        "source applies: {:?}",
        app.source.as_ref().unwrap().error
    );
    let _ = app.update(Message::Source(None));
}

#[test]
fn build_first_st_albans_from_an_empty_map() {
    let dir = std::env::temp_dir().join(format!("muster-build-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let (mut app, _) = App::new(None);
    let _ = app.update(Message::New);

    // The map: 18 columns by 12 rows, the east edge on the xx01 side (north on the left).
    apply_source(&mut app, false, |t| {
        t.replace(
            "columns: 12, rows: 10, north: Top",
            "columns: 18, rows: 12, north: Left",
        )
        .replace("title: \"untitled\"", "title: \"Saint Albans\"")
    });
    assert_eq!(app.snap.grid.len(), 18 * 12);

    // The town, with St Peter's church.
    let _ = app.update(Message::tool(Tool::Terrain("building".into())));
    for h in [
        "0905", "0906", "1004", "1005", "1006", "1104", "1105", "1106", "1205", "1206",
    ] {
        press(&mut app, h, 0);
    }
    let _ = app.update(Message::Palette(palette::Message::Label(
        "St Peter's church".into(),
    )));
    let _ = app.update(Message::tool(Tool::Label));
    press(&mut app, "1006", 0);
    // The river between columns 14 and 15, with a bridge where the London road crosses.
    let _ = app.update(Message::tool(Tool::Hexside(Some("river".into()))));
    for r in 1..=12 {
        press(&mut app, &format!("14{r:02}"), 1);
    }
    let _ = app.update(Message::tool(Tool::Hexside(Some("bridge".into()))));
    press(&mut app, "1403", 1);
    // The London road.
    let _ = app.update(Message::tool(Tool::Road));
    for h in [
        "1803", "1703", "1603", "1503", "1403", "1304", "1204", "1105",
    ] {
        press(&mut app, h, 0);
    }
    assert_eq!(app.doc.map.paths.len(), 1);
    assert_eq!(app.doc.map.paths[0].hexes.len(), 8);

    // The sides and the printed set-up, in the scenario source panel.
    apply_source(&mut app, true, |t| {
        let start = t.find("    sides: [").unwrap();
        let end = t[start..].find("\n    ],\n").unwrap() + start + "\n    ],\n".len();
        let sides = r#"    sides: [
        (
            id: "lancastrians",
            name: "Lancastrians",
            commander: "Somerset",
            units: [
                (id: "Somerset", name: "Somerset", kind: "leader", rating: 1, mp: 6, provenance: Supplied),
                (id: "Archers", name: "Archers", kind: "archers", count: 6, steps: [(strength: 2, mp: 2, range: 3), (strength: 1, mp: 2, range: 3)], provenance: Supplied),
                (id: "(3-2)", name: "(3-2)", kind: "infantry", count: 2, steps: [(strength: 3, mp: 2), (strength: 2, mp: 2)], provenance: Supplied),
                (id: "(2-2)", name: "(2-2)", kind: "infantry", count: 2, steps: [(strength: 2, mp: 2), (strength: 1, mp: 2)], provenance: Supplied),
                (id: "(1-2)", name: "(1-2)", kind: "infantry", steps: [(strength: 1, mp: 2)], provenance: Supplied),
                (id: "King Henry", name: "King Henry", kind: "king"),
            ],
            setup: [
                (units: ["Somerset", "6x Archers", "2x (3-2)", "2x (2-2)", "(1-2)"], at: Hexes(["1403", "1304", "1204", "1105", "1004", "0905", "0804", "0705", "0604", "0505", "0404"])),
            ],
        ),
        (
            id: "yorkists",
            name: "Yorkists",
            units: [
                (id: "Archers", name: "Archers", kind: "archers", count: 10, steps: [(strength: 2, mp: 2, range: 3), (strength: 1, mp: 2, range: 3)], provenance: Supplied),
                (id: "(3-2)", name: "(3-2)", kind: "infantry", count: 2, steps: [(strength: 3, mp: 2), (strength: 2, mp: 2)], provenance: Supplied),
                (id: "(2-2)", name: "(2-2)", kind: "infantry", count: 3, steps: [(strength: 2, mp: 2), (strength: 1, mp: 2)], provenance: Supplied),
                (id: "(1-2)", name: "(1-2)", kind: "infantry", count: 2, steps: [(strength: 1, mp: 2)], provenance: Supplied),
            ],
            reinforcements: [
                (units: ["10x Archers", "2x (3-2)", "3x (2-2)", "2x (1-2)"], turn: 1, enter: Edge(side: East, from: "1401", to: "0401")),
            ],
        ),
    ],
"#;
        let t = format!("{}{}{}", &t[..start], sides, &t[end..]);
        t.replace("title: \"untitled\"", "title: \"1st St Albans\"")
            .replace(
                "first_side: \"first\"",
                "first_side: \"yorkists\",\n    options: [\"saint-albans\"]",
            )
    });
    // King Henry in St Peter's church, by quick entry.
    let _ = app.update(Message::tool(Tool::Place { side: 0, unit: 5 }));
    let _ = app.update(Message::Palette(palette::Message::Quick("1006".into())));
    let _ = app.update(Message::Palette(palette::Message::QuickPlace));

    // Save as, then validate what was written with the CLI's pipeline.
    let _ = app.update(Message::SaveAsInput(
        dir.join("st-albans-1.scenario.ron").display().to_string(),
    ));
    let _ = app.update(Message::SaveAs);
    assert!(app.status.starts_with("saved"), "{}", app.status);
    assert!(
        dir.join("st-albans-1.map.ron").exists() && dir.join("st-albans-1.scenario.ron").exists()
    );
    let report = muster_check::Checker::new().check_paths(std::slice::from_ref(&dir));
    let problems: Vec<String> = report
        .findings()
        .filter(|f| f.diagnostic.severity > muster_check::Severity::Note)
        .map(|f| format!("{} {}", f.diagnostic.code, f.diagnostic.message))
        .collect();
    assert!(
        problems.is_empty(),
        "the built scenario validates: {problems:?}"
    );
    let items = Job::of(&app.doc).unwrap().run();
    assert!(
        items
            .iter()
            .all(|i| i.severity != muster_check::Severity::Error),
        "{items:?}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

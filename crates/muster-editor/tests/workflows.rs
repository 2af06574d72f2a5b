//! The editor's main workflows, driven through its messages and through iced_test's
//! simulator (clicking widgets by their text): paint terrain, place a unit, undo and redo,
//! save and reload, a diagnostic appearing and disappearing, quick entry, recovery.

use iced::Vector;
use muster_editor::canvas::CanvasMessage;
use muster_editor::document::Document;
use muster_editor::palette;
use muster_editor::source_panel;
use muster_editor::tool::Tool;
use muster_editor::transcript;
use muster_editor::validate::Job;
use muster_editor::{panels, App, Message};
use std::path::{Path, PathBuf};

mod common;
use common::{
    click_hex, click_menu_entry, click_widget, hex, open, scratch, scratch_pack, terrain,
    test_cache, validate,
};

/// A key press as the window delivers it.
fn key_message(k: iced::keyboard::Key, m: iced::keyboard::Modifiers) -> Message {
    Message::Key(iced::keyboard::Event::KeyPressed {
        key: k.clone(),
        modified_key: k,
        physical_key: iced::keyboard::key::Physical::Unidentified(
            iced::keyboard::key::NativeCode::Unidentified,
        ),
        location: iced::keyboard::Location::Standard,
        modifiers: m,
        text: None,
        repeat: false,
    })
}

/// The document validates without errors.
fn assert_no_errors(app: &App) {
    assert!(
        app.diagnostics
            .iter()
            .all(|d| d.severity != muster_check::Severity::Error),
        "{:?}",
        app.diagnostics
    );
}

#[test]
fn paint_terrain_then_undo_and_redo() {
    let mut app = open("paint");
    assert_eq!(terrain(&app, "0210"), "clear");
    let _ = app.update(Message::tool(Tool::Terrain("woods".into())));
    let h = hex(&app, "0210");
    let side = muster_hex::Hexside::new(
        h,
        muster_hex::Direction::new(0),
        app.snap.grid.orientation(),
    );
    let _ = app.update(Message::Canvas(CanvasMessage::Press(h, side)));
    let _ = app.update(Message::Canvas(CanvasMessage::Drag(hex(&app, "0211"))));
    let _ = app.update(Message::Canvas(CanvasMessage::Release));
    assert_eq!(
        (terrain(&app, "0210"), terrain(&app, "0211")),
        ("woods".into(), "woods".into())
    );
    assert!(app.doc.is_dirty());
    assert!(
        app.title().contains('•'),
        "dirty marker in the title: {}",
        app.title()
    );
    let _ = app.update(Message::Undo);
    assert_eq!(
        (terrain(&app, "0210"), terrain(&app, "0211")),
        ("clear".into(), "clear".into()),
        "one stroke is one undo step"
    );
    assert!(!app.doc.is_dirty(), "undo back to the saved state");
    let _ = app.update(Message::Redo);
    assert_eq!(terrain(&app, "0211"), "woods");
}

#[test]
fn brush_and_flood_fill() {
    let mut app = open("fill");
    let _ = app.update(Message::Palette(palette::Message::Brush(2)));
    let _ = app.update(Message::tool(Tool::Terrain("hill".into())));
    click_hex(&mut app, "0210");
    let painted = app
        .snap
        .grid
        .hexes()
        .filter(|h| app.snap.terrain[h] == "hill")
        .count();
    assert_eq!(
        painted, 7,
        "a size-2 brush paints a hex and its six neighbours"
    );
    let _ = app.update(Message::tool(Tool::Fill("woods".into())));
    click_hex(&mut app, "0210");
    assert_eq!(
        app.snap
            .grid
            .hexes()
            .filter(|h| app.snap.terrain[h] == "woods")
            .count(),
        7,
        "fill replaces the connected hill area"
    );
}

#[test]
fn hexside_tool_toggles_the_nearest_side() {
    let mut app = open("hexside");
    let before = app.doc.map.hexsides.len();
    let _ = app.update(Message::tool(Tool::Hexside(Some("river".into()))));
    click_hex(&mut app, "0303");
    assert_eq!(app.doc.map.hexsides.len(), before + 1);
    click_hex(&mut app, "0303");
    assert_eq!(
        app.doc.map.hexsides.len(),
        before,
        "clicking the same side again removes the feature"
    );
}

#[test]
fn placing_a_unit_and_a_diagnostic_appearing_and_disappearing() {
    let mut app = open("place");
    validate(&mut app);
    assert_no_errors(&app);
    // A Yorkist archer placed on the barricade line, where a Lancastrian stands: AC101.
    let _ = app.update(Message::tool(Tool::Place { side: 1, unit: 0 }));
    click_hex(&mut app, "1403");
    let york = &app.doc.scenario.as_ref().unwrap().sides[1];
    assert_eq!(york.setup.len(), 1);
    assert_eq!(york.setup[0].units[0].to_string(), "Archers");
    validate(&mut app);
    assert!(
        app.diagnostics
            .iter()
            .any(|d| d.code == "AC101" && d.hex.as_deref() == Some("1403")),
        "{:?}",
        app.diagnostics
    );
    assert!(
        app.error_hexes.contains(&hex(&app, "1403")),
        "the hex is marked"
    );
    let _ = app.update(Message::Undo);
    validate(&mut app);
    assert!(
        !app.diagnostics.iter().any(|d| d.code == "AC101"),
        "gone after undo"
    );
    assert!(app.error_hexes.is_empty());
}

#[test]
fn quick_entry_places_a_printed_line() {
    let mut app = open("quick");
    let _ = app.update(Message::tool(Tool::Place { side: 1, unit: 1 }));
    let _ = app.update(Message::Palette(palette::Message::Quick(
        "0101, 0102,0103".into(),
    )));
    let _ = app.update(Message::Palette(palette::Message::QuickPlace));
    let york = &app.doc.scenario.as_ref().unwrap().sides[1];
    let line = york.setup.last().unwrap();
    assert_eq!(line.units[0].to_string(), "3x (3-2)");
    let _ = app.update(Message::Palette(palette::Message::Quick(
        "0101, 9999".into(),
    )));
    let _ = app.update(Message::Palette(palette::Message::QuickPlace));
    assert!(
        app.status.contains("9999"),
        "a hex off the map is refused: {}",
        app.status
    );
}

#[test]
fn save_and_reload_round_trip_and_save_is_atomic() {
    let mut app = open("save");
    let _ = app.update(Message::tool(Tool::Terrain("woods".into())));
    click_hex(&mut app, "0210");
    let _ = app.update(Message::Save);
    assert!(!app.doc.is_dirty(), "{}", app.status);
    let reloaded = Document::open(app.doc.main_path()).unwrap();
    assert_eq!(reloaded.map, app.doc.map);
    assert_eq!(reloaded.scenario, app.doc.scenario);
    let before = std::fs::read_to_string(&reloaded.map_path).unwrap();
    let mut again = reloaded.clone();
    again.save().unwrap();
    assert_eq!(
        std::fs::read_to_string(&again.map_path).unwrap(),
        before,
        "load-save changes nothing"
    );
    let leftovers: Vec<_> = std::fs::read_dir(app.doc.map_path.parent().unwrap())
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "no temporary files left behind");
}

#[test]
fn autosave_is_offered_after_a_crash() {
    let path = scratch("recover");
    {
        let (mut app, _) = App::new(Some(path.clone()));
        let _ = app.update(Message::tool(Tool::Terrain("woods".into())));
        click_hex(&mut app, "0210");
        let _ = app.update(Message::Autosave);
        // The process "crashes" here: nothing saved.
    }
    let (mut app, _) = App::new(Some(path));
    assert!(app.recovery.is_some(), "the recovery file is offered");
    assert_eq!(terrain(&app, "0210"), "clear");
    let _ = app.update(Message::Recover);
    assert_eq!(terrain(&app, "0210"), "woods");
    let _ = app.update(Message::Save);
    assert!(
        muster_editor::recovery::load(app.doc.main_path()).is_none(),
        "saving removes the recovery file"
    );
}

#[test]
fn source_panel_applies_valid_text_and_refuses_broken_text() {
    let mut app = open("source");
    let _ = app.update(Message::Source(Some(true)));
    let text = app
        .source
        .as_ref()
        .unwrap()
        .content
        .text()
        .replace("turns: 5,", "turns: 6,");
    app.source.as_mut().unwrap().content = iced::widget::text_editor::Content::with_text(&text);
    let _ = app.update(Message::SourcePanel(source_panel::Message::Apply));
    assert_eq!(app.doc.scenario.as_ref().unwrap().turns, 6);
    app.source.as_mut().unwrap().content =
        iced::widget::text_editor::Content::with_text("(title: \"x\"");
    let _ = app.update(Message::SourcePanel(source_panel::Message::Apply));
    assert!(
        app.source.as_ref().unwrap().error.is_some(),
        "the error is shown"
    );
    assert_eq!(
        app.doc.scenario.as_ref().unwrap().turns,
        6,
        "broken text changes nothing"
    );
    let _ = app.update(Message::Undo);
    assert_eq!(
        app.doc.scenario.as_ref().unwrap().turns,
        5,
        "applying the source is undoable"
    );
}

#[test]
fn prompt_before_losing_changes() {
    let mut app = open("prompt");
    let _ = app.update(Message::tool(Tool::Terrain("woods".into())));
    click_hex(&mut app, "0210");
    let _ = app.update(Message::New);
    assert!(app.pending.is_some(), "asks first");
    assert_eq!(terrain(&app, "0210"), "woods");
    let _ = app.update(Message::Cancel);
    assert!(app.pending.is_none());
    assert_eq!(terrain(&app, "0210"), "woods");
}

#[test]
fn keyboard_shortcuts_pan_and_undo() {
    let mut app = open("keys");
    let before = app.camera.offset;
    let _ = app.update(key_message(
        iced::keyboard::Key::Named(iced::keyboard::key::Named::ArrowLeft),
        Default::default(),
    ));
    assert_eq!(app.camera.offset, before + Vector::new(60.0, 0.0));
    let _ = app.update(Message::tool(Tool::Terrain("woods".into())));
    click_hex(&mut app, "0210");
    let _ = app.update(key_message(
        iced::keyboard::Key::Character("z".into()),
        iced::keyboard::Modifiers::CTRL,
    ));
    assert_eq!(terrain(&app, "0210"), "clear", "Ctrl+Z undoes");
}

#[test]
fn simulator_clicks_widgets_by_their_text() {
    let mut app = open("simulator");
    validate(&mut app);
    let mut ui = iced_test::simulator(panels::view(&app));
    assert!(ui.find("Diagnostics: 0 errors, 0 warnings").is_ok());
    ui.click("Woods").unwrap();
    let messages: Vec<Message> = ui.into_messages().collect();
    for m in messages {
        let _ = app.update(m);
    }
    assert_eq!(app.palette.tool, Tool::Terrain("woods".into()));
    click_hex(&mut app, "0210");
    let undo = format!("Undo {}", app.history.undo_label().unwrap());
    click_menu_entry(&mut app, "Edit", &undo);
    assert_eq!(terrain(&app, "0210"), "clear");
    let ui = iced_test::simulator(panels::view(&app));
    drop(ui);
}

#[test]
fn export_png_through_the_shared_renderer() {
    let mut app = open("export");
    let _ = app.update(Message::ExportPng);
    click_widget(&mut app, "Export");
    let png = app.doc.main_path().with_file_name("st-albans-1.png");
    assert!(app.status.starts_with("wrote"), "{}", app.status);
    let image = image::open(&png).unwrap();
    assert!(image.width() > 400 && image.height() > 300);
}

#[test]
fn overlay_tool_places_anchors_in_turn_and_the_fit_is_validated() {
    let (mut app, _) = App::new(Some(scratch_pack(
        "overlay",
        &[
            "scenarios/a-la-charge/kalavryai-1078.scenario.ron",
            "maps/normans-byzantines.map.ron",
            "maps/nb-overlay-1.overlay.ron",
            "maps/nb-overlay-2.overlay.ron",
        ],
    )));
    let woods_before = app.snap.terrain.values().filter(|t| *t == "woods").count();
    let _ = app.update(Message::tool(Tool::Overlay {
        placement: 0,
        next: 0,
    }));
    click_hex(&mut app, "0213");
    assert_eq!(
        app.palette.tool,
        Tool::Overlay {
            placement: 0,
            next: 1
        },
        "waits for anchor B"
    );
    // The ghost shows where the overlay falls; R turns it until its anchor B lies on 0312.
    let mut turns = 0;
    while app.ghost.as_ref().and_then(|g| g.second) != Some(hex(&app, "0312")) {
        assert!(turns < 6, "no turn puts anchor B on 0312: {:?}", app.ghost);
        let _ = app.update(key_message(
            iced::keyboard::Key::Character("r".into()),
            Default::default(),
        ));
        turns += 1;
    }
    let ghost = app.ghost.clone().unwrap();
    assert!(ghost.fits, "{}", app.status);
    assert!(
        ghost.hexes.contains(&hex(&app, "0113")),
        "the woods of 0113 are in the ghost"
    );
    click_hex(&mut app, "0312");
    assert!(app.ghost.is_none(), "placed: the ghost is gone");
    assert_eq!(app.palette.tool, Tool::Select);
    let at = &app.doc.scenario.as_ref().unwrap().overlays[0].at;
    assert_eq!(
        (at["A"].as_str(), at["B"].as_str()),
        ("0213", "0312"),
        "Civitate's placement of overlay 1"
    );
    assert_eq!(
        app.snap.terrain[&hex(&app, "0113")],
        "woods",
        "the overlay moved with its anchors"
    );
    assert_eq!(
        app.snap.terrain.values().filter(|t| *t == "woods").count(),
        woods_before
    );
    // A placement that cannot fit is reported.
    let _ = app.update(Message::tool(Tool::Overlay {
        placement: 0,
        next: 0,
    }));
    click_hex(&mut app, "0213");
    click_hex(&mut app, "0813");
    validate(&mut app);
    assert!(
        app.diagnostics.iter().any(|d| d.code == "MU041"),
        "{:?}",
        app.diagnostics
    );
    let _ = app.update(Message::Undo);
    let _ = app.update(Message::Undo);
    validate(&mut app);
    assert!(!app.diagnostics.iter().any(|d| d.code == "MU041"));
}

#[test]
fn closing_with_unsaved_changes_asks_and_keeps_a_recovery_file() {
    let mut app = open("close");
    let _ = app.update(Message::tool(Tool::Terrain("woods".into())));
    click_hex(&mut app, "0210");
    let _ = app.update(Message::CloseRequested);
    assert_eq!(app.pending, Some(muster_editor::app::Pending::Quit));
    assert!(
        muster_editor::recovery::load(app.doc.main_path()).is_some(),
        "the work is in the recovery file meanwhile"
    );
    let _ = app.update(Message::Cancel);
    assert!(app.pending.is_none());
}

#[test]
fn placed_stands_take_the_facing_field() {
    let (mut app, _) = App::new(Some(scratch_pack(
        "facing",
        &[
            "scenarios/charles-the-bold/saint-aubin.scenario.ron",
            "maps/saint-aubin.map.ron",
            "scenarios/charles-the-bold/english.armylist.ron",
            "scenarios/charles-the-bold/burgundian.armylist.ron",
        ],
    )));
    validate(&mut app);
    assert_no_errors(&app);
    // A fourth Knights stand without a facing, then one facing a point.
    let _ = app.update(Message::tool(Tool::Place { side: 0, unit: 3 }));
    click_hex(&mut app, "0210");
    validate(&mut app);
    assert!(
        app.diagnostics.iter().any(|d| d.code == "CB305"),
        "{:?}",
        app.diagnostics
    );
    let _ = app.update(Message::Undo);
    let _ = app.update(Message::Palette(palette::Message::Facing("ne".into())));
    click_hex(&mut app, "0210");
    validate(&mut app);
    assert!(
        !app.diagnostics.iter().any(|d| d.code == "CB305"),
        "{:?}",
        app.diagnostics
    );
    let line = app.doc.scenario.as_ref().unwrap().sides[0]
        .setup
        .last()
        .unwrap()
        .clone();
    assert_eq!(line.facing.as_deref(), Some("NE"));
    // Selecting a general shows his command radius (6 hexes).
    let _ = app.update(Message::tool(Tool::Select));
    click_hex(&mut app, "0811");
    assert!(app.status.contains("commands"), "{}", app.status);
    assert!(
        app.highlight.contains(&hex(&app, "0805")) && !app.highlight.contains(&hex(&app, "0804"))
    );
}

#[test]
fn selecting_shows_deployment_zones_and_command_radius() {
    let mut app = open("zones");
    // 1st St Albans: 1304 is one of the eleven hexes of the Lancastrian line.
    let _ = app.update(Message::tool(Tool::Select));
    click_hex(&mut app, "1304");
    assert!(
        app.highlight.len() >= 11,
        "the owner's-choice line is highlighted: {}",
        app.status
    );
    assert!(app.highlight.contains(&hex(&app, "0404")));
}

#[test]
fn drag_moves_a_unit_and_undo_puts_it_back() {
    let mut app = open("drag");
    let _ = app.update(Message::tool(Tool::Place { side: 1, unit: 0 }));
    click_hex(&mut app, "0210");
    let _ = app.update(Message::tool(Tool::Select));
    let (from, to) = (hex(&app, "0210"), hex(&app, "0310"));
    let side = muster_hex::Hexside::new(
        from,
        muster_hex::Direction::new(0),
        app.snap.grid.orientation(),
    );
    let _ = app.update(Message::Canvas(CanvasMessage::Press(from, side)));
    let _ = app.update(Message::Canvas(CanvasMessage::Drag(to)));
    let _ = app.update(Message::Canvas(CanvasMessage::Release));
    assert!(
        app.snap.units.contains_key(&to) && !app.snap.units.contains_key(&from),
        "{}",
        app.status
    );
    let line = app.doc.scenario.as_ref().unwrap().sides[1]
        .setup
        .last()
        .unwrap()
        .clone();
    assert_eq!(line.at, muster_model::Zone::Hexes(vec!["0310".into()]));
    let _ = app.update(Message::Undo);
    assert!(
        app.snap.units.contains_key(&from) && !app.snap.units.contains_key(&to),
        "one undo step"
    );
}

#[test]
fn zone_field_shows_a_printed_zone_on_the_map() {
    let mut app = open("zone");
    let _ = app.update(Message::Palette(palette::Message::Zone(
        "Row(\"08xx\")".into(),
    )));
    let _ = app.update(Message::Palette(palette::Message::ShowZone));
    assert_eq!(app.highlight.len(), 12, "{}", app.status);
    let _ = app.update(Message::Palette(palette::Message::Zone(
        "Edge(side: East, from: \"1401\", to: \"0401\")".into(),
    )));
    let _ = app.update(Message::Palette(palette::Message::ShowZone));
    assert_eq!(
        app.highlight.len(),
        11,
        "the east edge between 1401 and 0401: {}",
        app.status
    );
    let _ = app.update(Message::Palette(palette::Message::Zone(
        "Row(\"004xx\")".into(),
    )));
    let _ = app.update(Message::Palette(palette::Message::ShowZone));
    assert!(
        app.status.contains("not a hex row"),
        "a misprint is explained: {}",
        app.status
    );
}

/// The palette section and button label of every tool: a new tool fails to compile here
/// until it is given its button.
fn button_of(tool: &Tool) -> (&'static str, String) {
    match tool {
        Tool::Select => ("", "Select / reach".into()),
        Tool::LineOfFire => ("", "Line of fire".into()),
        Tool::Odds => ("", "Combat odds".into()),
        Tool::Erase => ("", "Erase units".into()),
        Tool::Terrain(_) => ("", "Woods".into()),
        Tool::Fill(_) => ("", "fill".into()),
        Tool::Hexside(Some(_)) => ("▸ Hexsides", "River".into()),
        Tool::Hexside(None) => ("▸ Hexsides", "Erase hexside".into()),
        Tool::Road => ("▸ Roads, labels, zones", "Road".into()),
        Tool::Label => ("▸ Roads, labels, zones", "Label".into()),
        Tool::Elevation => ("▸ Roads, labels, zones", "Elevation".into()),
        Tool::ZonePaint => ("▸ Roads, labels, zones", "Paint zone".into()),
        Tool::EdgeZone(_) => ("▸ Roads, labels, zones", "Edge zone".into()),
        Tool::Place { .. } => ("▸ Units", "Archers ×10".into()),
        Tool::Overlay { .. } => ("", String::new()), // Kalavryai's overlays: the overlay test
        Tool::Piece { .. } | Tool::Marker(_) => ("", String::new()), // the siege test
    }
}

#[test]
fn every_tool_has_its_button_in_the_palette() {
    let all = [
        Tool::Select,
        Tool::LineOfFire,
        Tool::Odds,
        Tool::Erase,
        Tool::Terrain("woods".into()),
        Tool::Fill("woods".into()),
        Tool::Hexside(Some("river".into())),
        Tool::Hexside(None),
        Tool::Road,
        Tool::Label,
        Tool::Elevation,
        Tool::ZonePaint,
        Tool::EdgeZone(None),
        Tool::Place { side: 1, unit: 0 },
    ];
    for tool in all {
        let mut app = open("palette-each");
        let (section, label) = button_of(&tool);
        if !section.is_empty() {
            click_widget(&mut app, "▾ Terrain");
            click_widget(&mut app, section);
        }
        let mut ui = iced_test::simulator(panels::view(&app));
        let found = if label == "fill" {
            // The first fill button belongs to the first terrain (clear).
            ui.click("fill").is_ok()
        } else {
            ui.click(label.as_str()).is_ok()
        };
        assert!(found, "no `{label}` button for {tool:?}");
        let messages: Vec<Message> = ui.into_messages().collect();
        assert!(
            messages
                .iter()
                .any(|m| matches!(m, Message::Palette(palette::Message::Tool(_)))),
            "`{label}` chooses a tool"
        );
    }
}

#[test]
fn every_tool_has_its_button_in_the_palette_by_name() {
    // Guards against tools reachable only by message: a person must be able to click them.
    let mut app = open("palette");
    for (section, label, tool) in [
        ("▸ Roads, labels, zones", "Road", Tool::Road),
        ("", "Label", Tool::Label),
        ("", "Line of fire", Tool::LineOfFire),
        ("", "Erase units", Tool::Erase),
        ("▸ Terrain", "Woods", Tool::Terrain("woods".into())),
        ("▸ Hexsides", "River", Tool::Hexside(Some("river".into()))),
        ("▸ Units", "Archers ×10", Tool::Place { side: 1, unit: 0 }),
    ] {
        if !section.is_empty() {
            click_widget(&mut app, section);
        }
        let mut ui = iced_test::simulator(panels::view(&app));
        ui.click(label)
            .unwrap_or_else(|e| panic!("no `{label}` button: {e:?}"));
        for m in ui.into_messages().collect::<Vec<_>>() {
            let _ = app.update(m);
        }
        assert_eq!(app.palette.tool, tool, "{label}");
    }
}

#[test]
fn siege_works_are_placed_turned_marked_and_validated() {
    let path = scratch_pack(
        "siege",
        &[
            "scenarios/siege/assault-on-roche-noire.scenario.ron",
            "maps/roche-noire.map.ron",
        ],
    );
    let (mut app, _) = App::new(Some(path));
    validate(&mut app);
    assert_no_errors(&app);
    // The palette offers the ruleset's pieces and markers; click them as a person would.
    click_widget(&mut app, "▾ Terrain"); // close the long terrain list
    click_widget(&mut app, "▸ Siege works");
    for (label, tool) in [
        (
            "Battering ram",
            Tool::Piece {
                side: 0,
                kind: "ram".into(),
            },
        ),
        ("Fire", Tool::Marker("fire".into())),
    ] {
        if label == "Fire" {
            click_widget(&mut app, "▸ Markers");
        }
        let mut ui = iced_test::simulator(panels::view(&app));
        ui.click(label)
            .unwrap_or_else(|e| panic!("no `{label}` button: {e:?}"));
        for m in ui.into_messages().collect::<Vec<_>>() {
            let _ = app.update(m);
        }
        assert_eq!(app.palette.tool, tool, "{label}");
    }
    // A ram on scrub: the validator's SI401 appears; a second click turns it.
    let pieces = app.doc.scenario.as_ref().unwrap().pieces.len();
    let _ = app.update(Message::Palette(palette::Message::Facing("N".into())));
    let _ = app.update(Message::tool(Tool::Piece {
        side: 0,
        kind: "ram".into(),
    }));
    click_hex(&mut app, "1913");
    let s = app.doc.scenario.as_ref().unwrap();
    assert_eq!(s.pieces.len(), pieces + 1);
    assert_eq!(s.pieces.last().unwrap().facing.as_deref(), Some("N"));
    assert!(app.snap.pieces.iter().any(|p| p.name.starts_with("ram-1")));
    validate(&mut app);
    assert!(
        app.diagnostics.iter().any(|d| d.code == "SI401"),
        "{:?}",
        app.diagnostics
    );
    click_hex(&mut app, "1913");
    assert_eq!(
        app.doc
            .scenario
            .as_ref()
            .unwrap()
            .pieces
            .last()
            .unwrap()
            .facing
            .as_deref(),
        Some("NE")
    );
    // A fire under Hugues: SI412; undo takes it away again.
    let _ = app.update(Message::Palette(palette::Message::MarkerValue("2".into())));
    let _ = app.update(Message::tool(Tool::Marker("fire".into())));
    click_hex(&mut app, "1211");
    assert_eq!(
        app.snap.markers[&hex(&app, "1211")],
        vec!["fire 2".to_string()]
    );
    validate(&mut app);
    assert!(app.diagnostics.iter().any(|d| d.code == "SI412"));
    let _ = app.update(Message::Undo);
    validate(&mut app);
    assert!(!app.diagnostics.iter().any(|d| d.code == "SI412"));
    // The inspector marks the selected hex's piece as entering at the edge (2.41).
    let _ = app.update(Message::tool(Tool::Select));
    click_hex(&mut app, "1913");
    click_widget(&mut app, "enters at the edge: no");
    assert!(
        app.doc
            .scenario
            .as_ref()
            .unwrap()
            .pieces
            .last()
            .unwrap()
            .entering,
        "toggled"
    );
    // Erase takes the ram away; undo and redo work on pieces like on anything else.
    let _ = app.update(Message::tool(Tool::Erase));
    click_hex(&mut app, "1913");
    assert_eq!(app.doc.scenario.as_ref().unwrap().pieces.len(), pieces);
    let _ = app.update(Message::Undo);
    assert_eq!(app.doc.scenario.as_ref().unwrap().pieces.len(), pieces + 1);
    // The line-of-fire tool asks the siege engine, from the level the shooter stands on:
    // the crossbowman on top of the west tower sees the soldier behind the battlement.
    let _ = app.update(Message::tool(Tool::LineOfFire));
    click_hex(&mut app, "1020");
    click_hex(&mut app, "1011");
    assert!(
        app.status.contains("1020 → 1011: clear —") && app.status.contains("battlement"),
        "{}",
        app.status
    );
    // The line is drawn and explained: the inspector lists what each hex of it did.
    let shot = app.shot.clone().expect("the answer is kept to be shown");
    assert!(shot.clear && shot.from == hex(&app, "1020") && shot.to == hex(&app, "1011"));
    let mut ui = iced_test::simulator(panels::view(&app));
    ui.find("Line of fire").expect("the inspector's heading");
    ui.find("through 1020 1019 1018 1017 1016 1015 1014 1013 1012 1011")
        .expect("the hexes of the line listed");
    for step in &shot.steps {
        ui.find(format!("• {step}").as_str())
            .expect("each step listed");
    }
    drop(ui);
    // A blocked line is drawn too, and a new tool forgets it.
    click_hex(&mut app, "1020");
    assert!(app.shot.is_none(), "a new shooter starts a new line");
    click_hex(&mut app, "0101");
    let blocked = app.shot.clone().expect("kept");
    assert!(
        !blocked.clear && blocked.to == hex(&app, "0101"),
        "{blocked:?}"
    );
    let mut ui = iced_test::simulator(panels::view(&app));
    ui.find("1020 → 0101: blocked").expect("the verdict");
    let why = blocked.steps.iter().find(|s| s.starts_with("blocked:"));
    ui.find(format!("• {}", why.expect("the step that blocks")).as_str())
        .expect("the blocking step listed");
    drop(ui);
    let _ = app.update(Message::tool(Tool::Select));
    assert!(app.shot.is_none());
    // Units placed with a level keep it (a crossbowman on top of the east tower).
    let _ = app.update(Message::Palette(palette::Message::Level(Some(
        muster_model::Level::Upper,
    ))));
    let _ = app.update(Message::tool(Tool::Place { side: 0, unit: 4 }));
    click_hex(&mut app, "1020");
    let line = app.doc.scenario.as_ref().unwrap().sides[0]
        .setup
        .last()
        .unwrap()
        .clone();
    assert_eq!(line.level, Some(muster_model::Level::Upper));
}

#[test]
fn file_dialog_answers_open_and_save_as() {
    let mut app = open("dialogs");
    // The File menu's entries ask for the native dialogs (the answer comes back as
    // `Picked`).
    for (entry, dialog) in [("Open…", "OpenDialog"), ("Save as…", "SaveAsDialog")] {
        click_widget(&mut app, "File");
        let mut ui = iced_test::simulator(panels::view(&app));
        ui.click(entry).unwrap();
        let sent: Vec<Message> = ui.into_messages().collect();
        assert!(
            sent.iter()
                .any(|m| matches!(m, Message::MenuChoose(m) if format!("{m:?}") == dialog)),
            "{sent:?}"
        );
        let _ = app.update(Message::Menu(None));
    }
    // Cancelled (or no portal): the status says how to go on.
    let before = app.doc.main_path().to_path_buf();
    let _ = app.update(Message::Picked(None, false));
    assert!(app.status.contains("type a path"), "{}", app.status);
    // A file picked while there are unsaved changes asks first, even with a prompt up.
    let _ = app.update(Message::tool(Tool::Terrain("woods".into())));
    click_hex(&mut app, "0210");
    let _ = app.update(Message::CloseRequested);
    assert_eq!(app.pending, Some(muster_editor::app::Pending::Quit));
    let other = before.with_file_name("other.scenario.ron");
    std::fs::copy(&before, &other).unwrap();
    let _ = app.update(Message::Picked(Some(other.clone()), false));
    assert_eq!(
        app.pending,
        Some(muster_editor::app::Pending::Open),
        "asks before opening"
    );
    assert_eq!(app.doc.main_path(), before, "not opened yet");
    let _ = app.update(Message::Cancel);
    // Save as the chosen path, then open another file through the dialog's answer.
    let target = before.with_file_name("copy.scenario.ron");
    let _ = app.update(Message::Picked(Some(target.clone()), true));
    // The map has edits: Save as asks where they go (issue 31); into the same map.
    let _ = app.update(Message::FilePrompt(
        muster_editor::file_prompt::Message::SameMap,
    ));
    assert!(target.exists(), "{}", app.status);
    let map = before
        .parent()
        .unwrap()
        .join("../../maps/saint-albans.map.ron");
    let _ = app.update(Message::Picked(Some(map.clone()), false));
    assert!(
        app.doc.scenario.is_none(),
        "a map opened alone: {}",
        app.status
    );
}

#[test]
fn elevation_and_zones_are_painted_on_the_map() {
    let mut app = open("paint-zones");
    click_widget(&mut app, "▸ Roads, labels, zones");
    click_widget(&mut app, "Elevation");
    assert_eq!(app.palette.tool, Tool::Elevation);
    let _ = app.update(Message::Palette(palette::Message::Elevation("2".into())));
    click_hex(&mut app, "0303");
    assert_eq!(app.snap.elevation.get(&hex(&app, "0303")), Some(&2));
    let _ = app.update(Message::Canvas(CanvasMessage::Hover(Some(hex(
        &app, "0303",
    )))));
    {
        // The status bar reads the hex, its terrain and its elevation.
        let read_out = format!("0303 {} (elevation 2)  ", terrain(&app, "0303"));
        let mut ui = iced_test::simulator(panels::view(&app));
        assert!(
            ui.find(read_out.as_str()).is_ok(),
            "no `{read_out}` in the status bar"
        );
    }
    let _ = app.update(Message::Undo);
    assert!(
        !app.snap.elevation.contains_key(&hex(&app, "0303")),
        "undone"
    );
    // Paint a set-up zone hex by hex; the scenario can then name it.
    let _ = app.update(Message::Palette(palette::Message::ZoneName(
        "Yorkist set-up".into(),
    )));
    let _ = app.update(Message::tool(Tool::ZonePaint));
    click_hex(&mut app, "1101");
    click_hex(&mut app, "1102");
    let zone = app
        .doc
        .map
        .zones
        .iter()
        .find(|z| z.id == "yorkist-set-up")
        .unwrap();
    assert_eq!(
        zone.zone,
        muster_model::Zone::Hexes(vec!["1101".into(), "1102".into()])
    );
    assert_eq!(app.highlight.len(), 2, "the zone is shown");
    // An edge zone from two clicks.
    let _ = app.update(Message::Palette(palette::Message::ZoneName(
        "east edge".into(),
    )));
    let _ = app.update(Message::tool(Tool::EdgeZone(None)));
    click_hex(&mut app, "1801");
    click_hex(&mut app, "1805");
    let edge = app
        .doc
        .map
        .zones
        .iter()
        .find(|z| z.id == "east-edge")
        .unwrap();
    assert!(
        matches!(edge.zone, muster_model::Zone::Edge { .. }),
        "{:?}",
        edge.zone
    );
    assert_eq!(app.highlight.len(), 5);
}

#[test]
fn reinforcements_are_placed_as_such() {
    let mut app = open("reinforce");
    let before = app.doc.scenario.as_ref().unwrap().sides[1]
        .reinforcements
        .len();
    let _ = app.update(Message::tool(Tool::Place { side: 1, unit: 0 }));
    let _ = app.update(Message::Palette(palette::Message::EntersOn("3".into())));
    let _ = app.update(Message::Palette(palette::Message::Quick(
        "0101, 0102".into(),
    )));
    let _ = app.update(Message::Palette(palette::Message::QuickPlace));
    let r = app.doc.scenario.as_ref().unwrap().sides[1]
        .reinforcements
        .clone();
    assert_eq!(r.len(), before + 1);
    let last = r.last().unwrap();
    assert_eq!(last.turn, 3);
    assert_eq!(
        last.enter,
        muster_model::Zone::Hexes(vec!["0101".into(), "0102".into()])
    );
    assert!(
        app.snap.entries.contains(&hex(&app, "0101")),
        "entry hexes are marked"
    );
    // Emptied, the field places set-up lines again.
    let _ = app.update(Message::Palette(palette::Message::EntersOn(String::new())));
    click_hex(&mut app, "0105");
    let side = &app.doc.scenario.as_ref().unwrap().sides[1];
    assert_eq!(side.reinforcements.len(), before + 1);
    assert!(side
        .setup
        .iter()
        .any(|e| e.at == muster_model::Zone::Hexes(vec!["0105".into()])));
}

#[test]
fn undo_and_open_leave_no_half_done_tool_behind() {
    let (mut app, _) = App::new(Some(scratch_pack(
        "half-done",
        &[
            "scenarios/a-la-charge/kalavryai-1078.scenario.ron",
            "maps/normans-byzantines.map.ron",
            "maps/nb-overlay-1.overlay.ron",
            "maps/nb-overlay-2.overlay.ron",
        ],
    )));
    let _ = app.update(Message::tool(Tool::Overlay {
        placement: 0,
        next: 0,
    }));
    click_hex(&mut app, "0213");
    assert!(app.ghost.is_some());
    let _ = app.update(Message::Undo);
    assert_eq!(
        app.palette.tool,
        Tool::Overlay {
            placement: 0,
            next: 0
        },
        "back to the first anchor"
    );
    assert!(app.ghost.is_none());
    // Opening another document forgets the tool of the last one.
    let _ = app.update(Message::tool(Tool::Place { side: 0, unit: 0 }));
    let path = scratch("half-done-open");
    let _ = app.update(Message::PathInput(path.display().to_string()));
    let _ = app.update(Message::Open);
    assert_eq!(app.palette.tool, Tool::Select, "{}", app.status);
}

#[test]
fn reinforcements_are_erased_and_bad_turns_refused() {
    let mut app = open("reinforce-erase");
    let _ = app.update(Message::tool(Tool::Place { side: 1, unit: 0 }));
    let _ = app.update(Message::Palette(palette::Message::EntersOn("zero".into())));
    click_hex(&mut app, "0101");
    assert!(app.status.contains("not a turn"), "{}", app.status);
    let before = app.doc.scenario.as_ref().unwrap().sides[1]
        .reinforcements
        .len();
    let _ = app.update(Message::Palette(palette::Message::EntersOn("2".into())));
    click_hex(&mut app, "0101");
    assert_eq!(
        app.doc.scenario.as_ref().unwrap().sides[1]
            .reinforcements
            .len(),
        before + 1
    );
    let _ = app.update(Message::tool(Tool::Erase));
    click_hex(&mut app, "0101");
    assert_eq!(
        app.doc.scenario.as_ref().unwrap().sides[1]
            .reinforcements
            .len(),
        before
    );
}

/// The scratch copy of 1st St Albans with comments written inside both files.
fn commented(name: &str) -> (PathBuf, PathBuf) {
    let scenario = scratch(name);
    let map = scenario
        .parent()
        .unwrap()
        .join("../../maps/saint-albans.map.ron");
    let add = |path: &Path, after: &str, comment: &str| {
        let text = std::fs::read_to_string(path).unwrap();
        let (head, tail) = text.split_once(after).unwrap();
        std::fs::write(path, format!("{head}{after} {comment}{tail}")).unwrap();
    };
    add(&scenario, "turns: 5,", "// as printed");
    add(
        &map,
        "(hex: \"0209\", terrain: \"slope\"),",
        "// the slope by the abbey",
    );
    add(
        &map,
        "(hex: \"0305\", terrain: \"hilltop\"),",
        "// the hill",
    );
    add(&map, "hexsides: [", "/* rivers and walls */");
    (scenario, map)
}

#[test]
fn save_keeps_every_comment_and_writes_only_what_changed() {
    let (scenario, map) = commented("comments");
    let (s0, m0) = (
        std::fs::read_to_string(&scenario).unwrap(),
        std::fs::read_to_string(&map).unwrap(),
    );
    let (mut app, _) = App::new(Some(scenario.clone()));
    let _ = app.update(Message::Save);
    assert!(app.status.contains("nothing to save"), "{}", app.status);
    assert_eq!(std::fs::read_to_string(&scenario).unwrap(), s0);
    assert_eq!(std::fs::read_to_string(&map).unwrap(), m0);
    // Paint a hex: the map is written, with its comments; the scenario is not touched.
    let _ = app.update(Message::tool(Tool::Terrain("woods".into())));
    click_hex(&mut app, "0305");
    let _ = app.update(Message::Save);
    assert!(
        app.status.ends_with("maps/saint-albans.map.ron") && !app.status.contains(".scenario."),
        "the status names the file written: {}",
        app.status
    );
    let m1 = std::fs::read_to_string(&map).unwrap();
    assert_ne!(m1, m0);
    assert!(m1.contains("(hex: \"0209\", terrain: \"slope\"), // the slope by the abbey"));
    assert!(
        m1.contains("(hex: \"0305\", terrain: \"woods\"), // the hill"),
        "a comment follows its hex when the hex is repainted:\n{m1}"
    );
    assert!(m1.contains("hexsides: [ /* rivers and walls */"));
    assert!(
        m1.starts_with(m0.lines().next().unwrap()),
        "the header is kept"
    );
    assert_eq!(std::fs::read_to_string(&scenario).unwrap(), s0);
    // A comment typed in the source panel is kept too.
    let _ = app.update(Message::Source(Some(true)));
    let typed = s0.replace("turns: 5, // as printed", "turns: 5, // typed here");
    app.source.as_mut().unwrap().content = iced::widget::text_editor::Content::with_text(&typed);
    let _ = app.update(Message::SourcePanel(source_panel::Message::Apply));
    let _ = app.update(Message::Save);
    assert!(std::fs::read_to_string(&scenario)
        .unwrap()
        .contains("turns: 5, // typed here"));
}

#[test]
fn save_as_into_another_folder_rewrites_the_references() {
    let (scenario, map) = commented("save-as-folder");
    let (mut app, _) = App::new(Some(scenario.clone()));
    let elsewhere = scenario
        .parent()
        .unwrap()
        .join("../../mine/copy.scenario.ron");
    std::fs::create_dir_all(elsewhere.parent().unwrap()).unwrap();
    app.save_as_input = elsewhere.display().to_string();
    let _ = app.update(Message::SaveAs);
    assert!(app.status.contains("copy.scenario.ron"), "{}", app.status);
    let text = std::fs::read_to_string(&elsewhere).unwrap();
    assert!(
        text.contains("map: \"../maps/saint-albans.map.ron\""),
        "the map is reached from the new folder:\n{text}"
    );
    assert!(text.contains("// as printed"), "comments kept");
    let reopened = Document::open(&elsewhere).unwrap();
    assert_eq!(
        muster_check::lexical(&reopened.map_path),
        muster_check::lexical(&map)
    );
}

/// Files of a folder and its subfolders.
fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let p = e.path();
        if p.is_dir() {
            out.extend(files_under(&p));
        } else {
            out.push(p);
        }
    }
    out
}

fn paint_woods(app: &mut App, id: &str) {
    let _ = app.update(Message::tool(Tool::Terrain("woods".into())));
    click_hex(app, id);
}

/// Guards against recovery files in the pack (they showed up in git) and against a
/// discarded recovery being offered again.
#[test]
fn recovery_files_live_in_the_cache_and_go_on_discard_close_and_save() {
    let path = scratch("recovery-cache");
    let pack = path.parent().unwrap().parent().unwrap().to_path_buf();
    let before = files_under(&pack);
    let (mut app, _) = App::new(Some(path.clone()));
    paint_woods(&mut app, "0210");
    let _ = app.update(Message::Autosave);
    let file = muster_editor::recovery::path_for(&path).unwrap();
    assert!(file.exists(), "autosaved to {}", file.display());
    assert!(
        file.starts_with(test_cache()),
        "in the cache folder: {}",
        file.display()
    );
    assert_eq!(files_under(&pack), before, "nothing new in the pack");
    // Discard in the start-up banner removes it for good.
    drop(app);
    let (mut app, _) = App::new(Some(path.clone()));
    assert!(app.recovery.is_some(), "offered after a crash");
    click_widget(&mut app, "Discard");
    assert!(!file.exists(), "Discard removes the recovery file");
    let (mut app, _) = App::new(Some(path.clone()));
    assert!(
        app.recovery.is_none(),
        "a discarded recovery is not offered again"
    );
    // Discarding the changes in the close prompt removes it too.
    paint_woods(&mut app, "0210");
    let _ = app.update(Message::CloseRequested);
    assert!(file.exists(), "kept while the prompt is up");
    click_widget(&mut app, "Discard changes");
    assert!(!file.exists(), "discarded changes leave no recovery file");
    // A clean close removes a leftover one; so does a save.
    let (mut app, _) = App::new(Some(path.clone()));
    paint_woods(&mut app, "0210");
    let _ = app.update(Message::Autosave);
    let _ = app.update(Message::Undo);
    let _ = app.update(Message::CloseRequested);
    assert!(app.pending.is_none() && !file.exists(), "clean close");
    paint_woods(&mut app, "0210");
    let _ = app.update(Message::Autosave);
    let _ = app.update(Message::Save);
    assert!(!file.exists(), "saving removes it");
}

/// Guards against New counting as unsaved at once and Ctrl+S writing `untitled.*` into
/// the working folder; the grid is checked against the schema's bounds.
#[test]
fn new_asks_for_title_ruleset_and_grid_and_writes_nothing_until_saved_as() {
    use muster_editor::new_map::Message as New;
    let mut app = open("new-dialog");
    let _ = app.update(key_message(
        iced::keyboard::Key::Character("n".into()),
        iced::keyboard::Modifiers::CTRL,
    ));
    assert!(app.new_form.is_some(), "Ctrl+N opens the New dialog");
    let mut ui = iced_test::simulator(panels::view(&app));
    assert!(ui.find("New map").is_ok() && ui.find("Create").is_ok());
    drop(ui);
    let _ = app.update(Message::NewMap(New::Title("Battle of Nowhere".into())));
    for (field, bad, why) in [
        (New::Columns as fn(String) -> New, "0", "1 to 999"),
        (New::Columns, "1000", "1 to 999"),
        (New::Rows, "many", "not a number"),
        (New::FirstRow, "2", "0 to 1"),
    ] {
        let _ = app.update(Message::NewMap(field(bad.into())));
        click_widget(&mut app, "Create");
        let error = app
            .new_form
            .as_ref()
            .unwrap()
            .error
            .clone()
            .unwrap_or_default();
        assert!(error.contains(why), "{bad}: {error}");
        let _ = app.update(Message::NewMap(field("1".into())));
    }
    let _ = app.update(Message::NewMap(New::Ruleset("siege")));
    let _ = app.update(Message::NewMap(New::Columns("20".into())));
    let _ = app.update(Message::NewMap(New::Rows("15".into())));
    let _ = app.update(Message::NewMap(New::Orientation(
        muster_hex::Orientation::Pointy,
    )));
    let _ = app.update(Message::NewMap(New::FirstColumn("0".into())));
    let mut ui = iced_test::simulator(panels::view(&app));
    assert!(
        ui.find("300 hexes, 0001 to 1915").is_ok(),
        "the dialog says what it makes"
    );
    drop(ui);
    click_widget(&mut app, "Create");
    assert!(app.new_form.is_none());
    let g = &app.doc.map.grid;
    assert_eq!(
        (
            g.columns,
            g.rows,
            g.orientation,
            g.first_column,
            app.doc.map.ruleset.as_str()
        ),
        (20, 15, muster_hex::Orientation::Pointy, 0, "siege")
    );
    assert_eq!(
        app.doc.map.default_terrain, "flat",
        "the ruleset's first terrain"
    );
    assert_eq!(
        app.doc.scenario.as_ref().unwrap().title,
        "Battle of Nowhere"
    );
    assert!(
        !app.doc.is_dirty() && !app.title().contains('•'),
        "not dirty at once"
    );
    // Edited, then Ctrl+S: no file appears in the working folder.
    let cwd_before = files_under(&std::env::current_dir().unwrap());
    let _ = app.update(Message::tool(Tool::Terrain("scrub".into())));
    click_hex(&mut app, "0305");
    assert!(app.doc.is_dirty());
    let _ = app.update(key_message(
        iced::keyboard::Key::Character("s".into()),
        iced::keyboard::Modifiers::CTRL,
    ));
    assert_eq!(files_under(&std::env::current_dir().unwrap()), cwd_before);
    assert!(
        app.status.contains("path"),
        "asks for a path: {}",
        app.status
    );
    // Saved to a path: both files, named after it.
    let dir = scratch("new-dialog-target").parent().unwrap().join("new");
    std::fs::create_dir_all(&dir).unwrap();
    let _ = app.update(Message::SaveAsInput(
        dir.join("nowhere.scenario.ron").display().to_string(),
    ));
    click_widget(&mut app, "Save to path");
    assert!(!app.doc.is_dirty(), "{}", app.status);
    let reopened = Document::open(&dir.join("nowhere.scenario.ron")).unwrap();
    assert_eq!(reopened.map.grid.columns, 20);
    assert!(dir.join("nowhere.map.ron").exists());
}

/// Guards against a close prompt that offers only Discard and Cancel.
#[test]
fn close_prompt_offers_save() {
    let mut app = open("close-save");
    paint_woods(&mut app, "0210");
    let _ = app.update(Message::CloseRequested);
    let mut ui = iced_test::simulator(panels::view(&app));
    assert!(ui.find("Discard changes").is_ok() && ui.find("Cancel").is_ok());
    drop(ui);
    click_widget(&mut app, "Save and quit");
    assert!(app.pending.is_none(), "{}", app.status);
    assert!(!app.doc.is_dirty());
    let reread = Document::open(app.doc.main_path()).unwrap();
    assert_eq!(reread.map, app.doc.map, "the changes were saved");
    assert!(muster_editor::recovery::load(app.doc.main_path()).is_none());
    // The same prompt before New: Save and start a new map opens the New dialog.
    paint_woods(&mut app, "0211");
    let _ = app.update(Message::New);
    click_widget(&mut app, "Save and start a new map");
    assert!(app.new_form.is_some() && !app.doc.is_dirty());
}

/// Guards against Save as needing a file-dialog portal: the Save as field has its own button.
#[test]
fn save_to_path_button_saves_as_without_a_dialog() {
    let mut app = open("save-to-path");
    paint_woods(&mut app, "0210");
    let target = app.doc.main_path().with_file_name("renamed.scenario.ron");
    let _ = app.update(Message::SaveAsInput(target.display().to_string()));
    click_widget(&mut app, "Save to path");
    // The map has edits: Save as asks where they go (issue 31); into the same map.
    let _ = app.update(Message::FilePrompt(
        muster_editor::file_prompt::Message::SameMap,
    ));
    assert!(target.exists(), "{}", app.status);
    assert_eq!(app.doc.main_path(), target);
    assert!(!app.doc.is_dirty());
}

/// Guards against fast brush strokes skipping hexes between two pointer samples.
#[test]
fn a_fast_brush_stroke_paints_every_hex_between_samples() {
    let mut app = open("fast-stroke");
    let before = terrain(&app, "0206");
    let _ = app.update(Message::tool(Tool::Terrain("woods".into())));
    let h = hex(&app, "0203");
    let side = muster_hex::Hexside::new(
        h,
        muster_hex::Direction::new(0),
        app.snap.grid.orientation(),
    );
    let _ = app.update(Message::Canvas(CanvasMessage::Press(h, side)));
    // One sample six hexes further down the column, then one three columns across.
    let _ = app.update(Message::Canvas(CanvasMessage::Drag(hex(&app, "0209"))));
    let _ = app.update(Message::Canvas(CanvasMessage::Drag(hex(&app, "0509"))));
    assert!(app.doc.is_dirty(), "dirty while the stroke is under way");
    let _ = app.update(Message::Canvas(CanvasMessage::Release));
    for id in [
        "0203", "0204", "0205", "0206", "0207", "0208", "0209", "0509",
    ] {
        assert_eq!(terrain(&app, id), "woods", "{id}");
    }
    let between = muster_hex::hex_line(hex(&app, "0209"), hex(&app, "0509"));
    assert!(between
        .into_iter()
        .flat_map(muster_hex::LineStep::hexes)
        .all(|h| app.snap.terrain[&h] == "woods"));
    let _ = app.update(Message::Undo);
    assert_eq!(terrain(&app, "0206"), before, "the stroke is one undo step");
    assert!(!app.doc.is_dirty());
}

/// Dirtiness is the history's state against the saved one: undo back is clean, redo or a
/// new edit after saving is dirty.
#[test]
fn dirtiness_follows_the_history_state() {
    let mut app = open("generation");
    assert!(!app.doc.is_dirty());
    paint_woods(&mut app, "0210");
    let _ = app.update(Message::Save);
    assert!(!app.doc.is_dirty());
    let _ = app.update(Message::Undo);
    assert!(app.doc.is_dirty(), "undo past the saved state");
    let _ = app.update(Message::Redo);
    assert!(!app.doc.is_dirty(), "redo back to it");
    let _ = app.update(Message::Undo);
    paint_woods(&mut app, "0310");
    let _ = app.update(Message::Undo);
    assert!(
        app.doc.is_dirty(),
        "another branch of the history is not the saved state"
    );
    use muster_editor::edit::{Edit, Layers};
    let t = Edit::Terrain {
        hex: "0101".into(),
        terrain: None,
    };
    let u = Edit::RemoveSetup { side: 0, index: 0 };
    assert_eq!(
        t.layers(),
        Layers {
            terrain: true,
            units: false
        }
    );
    assert_eq!(
        u.layers(),
        Layers {
            terrain: false,
            units: true
        }
    );
    assert_eq!(Edit::Batch(vec![t, u]).layers(), Layers::ALL);
}

/// Guards against drawing left over from before: the old document's red outlines on a new
/// one, a hover outline after the pointer left, a hover read-out stale after pan or fit.
#[test]
fn nothing_stale_is_drawn_after_new_pan_fit_or_leaving() {
    let mut app = open("stale");
    let _ = app.update(Message::tool(Tool::Place { side: 1, unit: 0 }));
    click_hex(&mut app, "1403");
    validate(&mut app);
    assert!(!app.error_hexes.is_empty());
    let _ = app.update(Message::New);
    click_widget(&mut app, "Discard changes");
    let _ = app.update(Message::NewMap(muster_editor::new_map::Message::Title(
        "T".into(),
    )));
    click_widget(&mut app, "Create");
    assert!(
        app.error_hexes.is_empty() && app.diagnostics.is_empty(),
        "no old outlines"
    );
    // The hover follows the map moving under a still pointer.
    let p = app.camera.to_screen(&app.snap, hex(&app, "0505"));
    let _ = app.update(Message::Canvas(CanvasMessage::Pointer(Some(p))));
    assert_eq!(app.hover, Some(hex(&app, "0505")));
    let _ = app.update(key_message(
        iced::keyboard::Key::Named(iced::keyboard::key::Named::ArrowLeft),
        Default::default(),
    ));
    assert_eq!(app.hover, Some(app.camera.hex_at(&app.snap, p)));
    assert_ne!(
        app.hover,
        Some(hex(&app, "0505")),
        "the map moved under the pointer"
    );
    let _ = app.update(Message::Fit);
    assert_eq!(app.hover, Some(hex(&app, "0505")), "fit puts it back");
    let _ = app.update(Message::Canvas(CanvasMessage::Pointer(None)));
    assert_eq!(app.hover, None, "left the canvas: no hover outline");
}

#[test]
fn the_combat_odds_tool_gives_the_librarys_odds() {
    // The odds fixture of `muster query odds`: Red knights with their leader (0302) and
    // archers (0304) against Blue foot in woods (0303).
    let path = scratch_pack(
        "odds",
        &[
            "tests/rules-examples/ac-odds.scenario.ron",
            "tests/rules-examples/ac-odds.map.ron",
        ],
    );
    let (mut app, _) = App::new(Some(path));
    click_widget(&mut app, "Combat odds");
    assert_eq!(app.palette.tool, Tool::Odds);
    click_hex(&mut app, "0302");
    click_hex(&mut app, "0304");
    assert!(app.status.contains("0302, 0304"), "{}", app.status);
    click_hex(&mut app, "0303");
    assert!(
        app.status
            .contains("0302 + 0304 → 0303: melee 5 against 3: 1-1, woods shifts 1 left to 1-2"),
        "knights 3 + leader 1, archers 2 − 1 in melee, against 3 in woods: {}",
        app.status
    );
    // A hex with no certain combat unit says so.
    click_hex(&mut app, "0101");
    assert!(app.status.contains("no combat unit"), "{}", app.status);
}

#[test]
fn layers_are_shown_and_hidden_from_the_panel() {
    use muster_editor::layers::Layer;
    let mut app = open("layers");
    click_widget(&mut app, "▸ Layers");
    for layer in Layer::ALL {
        assert!(app.palette.show.shows(layer), "{layer:?} shown at first");
    }
    click_widget(&mut app, "Units");
    assert!(!app.palette.show.shows(Layer::Units));
    assert!(
        app.palette.show.shows(Layer::Terrain),
        "only the layer clicked"
    );
    click_widget(&mut app, "Diagnostics");
    assert!(!app.palette.show.shows(Layer::Diagnostics));
    // Hiding draws less; it is not an edit.
    assert!(!app.doc.is_dirty());
    click_widget(&mut app, "Units");
    assert!(app.palette.show.shows(Layer::Units));
}

#[test]
fn the_legend_names_every_terrain_of_the_map_with_its_count_and_each_side() {
    let app = open("legend");
    let ruleset = muster_rules::ruleset(&app.doc.map.ruleset).unwrap();
    let mut counts: std::collections::BTreeMap<String, usize> = Default::default();
    for h in app.snap.grid.hexes() {
        *counts.entry(app.snap.terrain[&h].clone()).or_default() += 1;
    }
    assert!(counts.len() > 1, "a map with several terrains: {counts:?}");
    let mut ui = iced_test::simulator(panels::view(&app));
    ui.find("Legend").expect("the legend's heading");
    for (id, n) in &counts {
        let name = &ruleset.terrain.iter().find(|t| t.id == *id).unwrap().name;
        ui.find(format!("{name} ({n})").as_str())
            .unwrap_or_else(|e| panic!("{name} ({n}) not in the legend: {e:?}"));
    }
    for side in &app.doc.scenario.as_ref().unwrap().sides {
        ui.find(format!("{}: owner's choice", side.name).as_str())
            .expect("each side's colours");
    }
}

#[test]
fn the_transcription_view_lists_lines_as_written_and_lights_their_hexes() {
    let mut app = open("transcript");
    validate(&mut app);
    click_menu_entry(&mut app, "View", "Transcription");
    assert!(app.transcript.is_some());
    // Somerset's line as the file writes it, with its source.
    let somerset = app
        .transcript
        .as_ref()
        .unwrap()
        .entries
        .iter()
        .position(|e| e.units.starts_with("Somerset"))
        .expect("Somerset's line");
    let e = app.transcript.as_ref().unwrap().entries[somerset].clone();
    assert_eq!(e.hexes.len(), 11, "{e:?}");
    assert!(e.zone.starts_with("1403 1304 1204"), "{}", e.zone);
    let mut ui = iced_test::simulator(panels::view(&app));
    ui.find("source: §13.1 Set-up").expect("the line's source");
    ui.find("source: §13.1 Set-up: enter east edge between 1401 and 0401")
        .expect("a reinforcement's source");
    drop(ui);
    // A zone by name resolves to its hexes: King Henry in St Peter's church.
    let king = app
        .transcript
        .as_ref()
        .unwrap()
        .entries
        .iter()
        .find(|e| e.units == "King Henry")
        .unwrap();
    assert_eq!(king.zone, "Named(\"St Peter's church\")");
    assert_eq!(king.hexes, vec![hex(&app, "1006")]);
    // Hover lights the line's hexes; leaving puts back the selected line's.
    let _ = app.update(Message::Transcription(transcript::Message::Hover(Some(
        somerset,
    ))));
    assert_eq!(app.highlight, e.hexes);
    let _ = app.update(Message::Transcription(transcript::Message::Hover(None)));
    assert!(app.highlight.is_empty());
    let _ = app.update(Message::Transcription(transcript::Message::Select(
        somerset,
    )));
    assert_eq!(app.selected, Some(hex(&app, "1403")));
    let _ = app.update(Message::Transcription(transcript::Message::Hover(None)));
    assert_eq!(app.highlight, e.hexes, "the selected line stays lit");
    // A diagnostic about a hex of the line is shown beside it: a second line in 1403.
    let _ = app.update(Message::tool(Tool::Place { side: 1, unit: 0 }));
    click_hex(&mut app, "1403");
    validate(&mut app);
    let shown = transcript::findings(
        &app.diagnostics,
        &app.snap.grid,
        &app.transcript.as_ref().unwrap().entries[somerset],
    )
    .map(|d| d.code)
    .collect::<Vec<_>>();
    assert!(!shown.is_empty(), "{:?}", app.diagnostics);
    let mut ui = iced_test::simulator(panels::view(&app));
    let d = transcript::findings(
        &app.diagnostics,
        &app.snap.grid,
        &app.transcript.as_ref().unwrap().entries[somerset],
    )
    .next()
    .unwrap();
    ui.find(format!("{} {}", d.code, d.message).as_str())
        .expect("the diagnostic beside its line");
}

#[test]
fn counters_carry_full_names_ratings_and_facing() {
    let path = scratch_pack(
        "counters",
        &[
            "scenarios/charles-the-bold/saint-aubin.scenario.ron",
            "scenarios/charles-the-bold/english.armylist.ron",
            "scenarios/charles-the-bold/burgundian.armylist.ron",
            "maps/saint-aubin.map.ron",
        ],
    );
    let (app, _) = App::new(Some(path));
    // "Duke of Gloucester" whole (the counter shrinks it to fit; it was cut to 8 letters).
    let gloucester = &app.snap.units[&hex(&app, "0811")];
    assert_eq!(gloucester[0].text, "Duke of Gloucester");
    // The ratings are the system's (as VASSAL's pieces show them): a general's rating and MP.
    assert_eq!(gloucester[0].ratings, "L1 MP 6");
    // The English foot face the NE corner as their line says: up and to the right on a
    // flat-topped map, 60° from the vertical.
    let foot = &app.snap.units[&hex(&app, "0912")][0];
    let (dx, dy) = foot.facing.expect("a facing");
    assert!(
        (dx - 0.5).abs() < 1e-3 && (dy + 0.866).abs() < 1e-3,
        "{dx} {dy}"
    );
}

#[test]
fn one_counter_is_picked_out_of_a_stack_in_the_inspector() {
    let mut app = open("pick");
    // A hex whose stack holds two unit types (Somerset's line fills its hexes with several).
    let (h, marks) = app
        .snap
        .units
        .iter()
        .find(|(_, m)| m.iter().any(|u| u.unit != m[0].unit))
        .map(|(h, m)| (*h, m.clone()))
        .expect("a mixed stack");
    let other = marks.iter().find(|u| u.unit != marks[0].unit).unwrap();
    let id = app.snap.grid.to_printed(h);
    click_hex(&mut app, &id);
    let side = app.doc.scenario.as_ref().unwrap().sides[other.side]
        .name
        .clone();
    let label = format!(
        "{side}: {} {}{}",
        other.text,
        other.ratings,
        if other.choice {
            " (owner's choice)"
        } else {
            ""
        }
    );
    click_widget(&mut app, &label);
    let name = &app.doc.scenario.as_ref().unwrap().sides[other.side].units[other.unit].name;
    assert!(app.status.starts_with(name.as_str()), "{}", app.status);
    assert_eq!(app.selected, Some(h));
}

/// The property inspector (issue 16): typed widgets for the selected hex, its set-up
/// lines, their units and sides; each change one labelled undo step.
mod properties {
    use super::*;
    use muster_editor::properties::{self, Field};

    fn prop(app: &mut App, m: properties::Message) {
        let _ = app.update(Message::Property(m));
    }

    fn type_in(app: &mut App, f: Field, text: &str) {
        prop(app, properties::Message::Draft(f, text.into()));
        prop(app, properties::Message::Commit(f));
    }

    fn side0(app: &App) -> &muster_model::Side {
        &app.doc.scenario.as_ref().unwrap().sides[0]
    }

    #[test]
    fn a_hex_takes_a_terrain_from_the_ruleset_as_one_labelled_step() {
        let mut app = open("props-terrain");
        click_hex(&mut app, "0210");
        {
            let mut ui = iced_test::simulator(panels::view(&app));
            assert!(ui.find("Properties of 0210").is_ok(), "the inspector shows");
        }
        assert_eq!(terrain(&app, "0210"), "clear");
        prop(&mut app, properties::Message::Terrain("clear".into()));
        assert!(!app.history.can_undo(), "the terrain it has: no step");
        prop(&mut app, properties::Message::Terrain("woods".into()));
        assert_eq!(terrain(&app, "0210"), "woods");
        let _ = app.update(Message::Undo);
        assert_eq!(terrain(&app, "0210"), "clear", "one undo restores it");
        assert_eq!(app.status, "undone: set terrain of 0210 to woods");
        let _ = app.update(Message::Redo);
        assert_eq!(terrain(&app, "0210"), "woods");
        // A label and an elevation, typed; a bad elevation is refused and changes nothing.
        type_in(&mut app, Field::Label, "Mill");
        assert!(app
            .snap
            .labels
            .iter()
            .any(|(h, l)| *h == hex(&app, "0210") && l == "Mill"));
        let before = app.doc.map.clone();
        type_in(&mut app, Field::Elevation, "two");
        assert!(app
            .properties
            .error
            .as_deref()
            .unwrap_or("")
            .contains("whole number"));
        assert_eq!(app.doc.map, before, "nothing changed");
        type_in(&mut app, Field::Elevation, "2");
        assert_eq!(app.snap.elevation.get(&hex(&app, "0210")), Some(&2));
        assert!(app.properties.error.is_none());
    }

    #[test]
    fn a_units_ratings_and_a_lines_count_are_edited_and_undone() {
        let mut app = open("props-unit");
        click_hex(&mut app, "1403");
        assert_eq!(
            app.properties.lines_here,
            vec![(0, 0)],
            "the Lancastrian line through 1403"
        );
        let archers = side0(&app)
            .units
            .iter()
            .position(|u| u.id == "Archers")
            .unwrap();
        let before = side0(&app).units[archers].steps[0].strength;
        type_in(
            &mut app,
            Field::Strength(0, archers, 0),
            &(before + 1).to_string(),
        );
        assert_eq!(side0(&app).units[archers].steps[0].strength, before + 1);
        let _ = app.update(Message::Undo);
        assert_eq!(side0(&app).units[archers].steps[0].strength, before);
        assert!(
            app.status.starts_with("undone: set strength of Archers"),
            "{}",
            app.status
        );
        // "6x Archers" becomes 5; 0 is refused.
        type_in(&mut app, Field::Count(0, 0, 1), "5");
        assert_eq!(side0(&app).setup[0].units[1].count, 5);
        type_in(&mut app, Field::Count(0, 0, 1), "0");
        assert!(app.properties.error.is_some());
        assert_eq!(side0(&app).setup[0].units[1].count, 5);
    }

    #[test]
    fn a_zone_that_does_not_read_is_refused_and_a_good_one_moves_the_line() {
        let mut app = open("props-zone");
        click_hex(&mut app, "1403");
        let before = app.doc.scenario.clone();
        type_in(&mut app, Field::Zone(0, 0), "Row(");
        assert!(app
            .properties
            .error
            .as_deref()
            .unwrap_or("")
            .starts_with("where:"));
        assert_eq!(app.doc.scenario, before, "nothing changed");
        type_in(&mut app, Field::Zone(0, 0), "1403 1304, 1204");
        assert_eq!(
            side0(&app).setup[0].at,
            muster_model::Zone::Hexes(
                ["1403", "1304", "1204"]
                    .map(|h| muster_model::HexId(h.into()))
                    .to_vec()
            )
        );
        let _ = app.update(Message::Undo);
        assert_eq!(app.doc.scenario, before);
    }

    #[test]
    fn a_sides_commander_changes_and_its_units_stay() {
        let mut app = open("props-side");
        click_hex(&mut app, "1403");
        let units = side0(&app).units.clone();
        let setup = side0(&app).setup.clone();
        type_in(&mut app, Field::Commander(0), "Edmund Beaufort");
        assert_eq!(side0(&app).commander.as_deref(), Some("Edmund Beaufort"));
        assert_eq!(side0(&app).units, units);
        assert_eq!(side0(&app).setup, setup);
        prop(&mut app, properties::Message::Hidden(0, 0, true));
        assert!(side0(&app).setup[0].hidden);
        let _ = app.update(Message::Undo);
        let _ = app.update(Message::Undo);
        assert_eq!(side0(&app).commander.as_deref(), Some("Somerset"));
        assert!(!side0(&app).setup[0].hidden);
    }

    /// The side inspector offers the whole-number fields the scenario's game system
    /// declares (A la Charge's army morale level, issue 30), not a field of its own: the
    /// value goes into the side's system fields and is saved where the file keeps them.
    #[test]
    fn a_sides_army_morale_is_its_systems_field_and_saved_after_the_commander() {
        let (dir, mut app) = crate::common::st_albans("props-morale");
        click_hex(&mut app, "1403");
        assert!(
            crate::common::shows(&app, "army morale"),
            "the system's field is offered"
        );
        type_in(&mut app, Field::SideNumber(0, "army_morale"), "nine");
        assert!(side0(&app).system.get("army_morale").is_none(), "refused");
        type_in(&mut app, Field::SideNumber(0, "army_morale"), "9");
        assert_eq!(side0(&app).system.get("army_morale"), Some(&9.into()));
        assert!(
            app.status.contains("set the army morale of"),
            "{}",
            app.status
        );
        let _ = app.update(Message::Save);
        let text = std::fs::read_to_string(dir.join(crate::common::ST_ALBANS)).unwrap();
        assert!(
            text.contains("commander: \"Somerset\",\n            army_morale: 9,\n"),
            "{text}"
        );
        let _ = app.update(Message::Undo);
        assert!(side0(&app).system.get("army_morale").is_none());
    }

    #[test]
    fn the_lines_shown_follow_an_erase_and_its_undo() {
        let mut app = open("props-stale");
        let n = side0(&app).setup.len();
        let _ = app.update(Message::tool(Tool::Place { side: 0, unit: 0 }));
        click_hex(&mut app, "0101");
        click_hex(&mut app, "0102");
        let _ = app.update(Message::tool(Tool::Select));
        click_hex(&mut app, "0102");
        assert_eq!(app.properties.lines_here, vec![(0, n + 1)]);
        prop(
            &mut app,
            properties::Message::Draft(Field::Count(0, n + 1, 0), "7".into()),
        );
        // Erasing the line in 0101 moves the line in 0102 up one: the inspector follows
        // it, and the count typed under the old index goes (it names no line now).
        let _ = app.update(Message::tool(Tool::Erase));
        click_hex(&mut app, "0101");
        assert_eq!(side0(&app).setup.len(), n + 1, "{}", app.status);
        assert_eq!(app.selected, Some(hex(&app, "0102")));
        assert_eq!(app.properties.lines_here, vec![(0, n)]);
        assert!(app.properties.drafts.is_empty());
        let _ = app.update(Message::Undo);
        assert_eq!(
            app.properties.lines_here,
            vec![(0, n + 1)],
            "back with the undo"
        );
    }

    #[test]
    fn a_reinforcement_entering_here_has_its_turn_entry_and_counts() {
        let mut app = open("props-reinforcement");
        click_hex(&mut app, "1401");
        let yorkists = 1;
        assert_eq!(
            app.properties.reinforcements_here,
            vec![(yorkists, 0)],
            "the Yorkist reinforcement enters through 1401"
        );
        let mut ui = iced_test::simulator(panels::view(&app));
        assert!(ui.find("Yorkists: reinforcement 1").is_ok());
        assert!(ui.find("Side: Yorkists").is_ok(), "its side's fields");
        drop(ui);
        let side = |app: &App| app.doc.scenario.as_ref().unwrap().sides[yorkists].clone();
        let before = side(&app).reinforcements[0].clone();
        type_in(&mut app, Field::Turn(yorkists, 0), "0");
        assert!(app.properties.error.is_some(), "turn 0 is refused");
        assert_eq!(side(&app).reinforcements[0], before);
        type_in(&mut app, Field::Turn(yorkists, 0), "3");
        assert_eq!(side(&app).reinforcements[0].turn, 3);
        type_in(&mut app, Field::ReinforcementCount(yorkists, 0, 0), "8");
        assert_eq!(side(&app).reinforcements[0].units[0].count, 8);
        type_in(&mut app, Field::Enter(yorkists, 0), "1401 1301");
        assert_eq!(
            side(&app).reinforcements[0].enter,
            muster_model::Zone::Hexes(
                ["1401", "1301"]
                    .map(|h| muster_model::HexId(h.into()))
                    .to_vec()
            )
        );
        assert!(
            app.status.starts_with("move the entry of reinforcement 1"),
            "{}",
            app.status
        );
        for _ in 0..3 {
            let _ = app.update(Message::Undo);
        }
        assert_eq!(
            side(&app).reinforcements[0],
            before,
            "three steps, three undos"
        );
    }

    #[test]
    fn a_units_name_kind_and_a_lines_facing_are_edited() {
        let mut app = open("props-kind");
        click_hex(&mut app, "1403");
        let archers = side0(&app)
            .units
            .iter()
            .position(|u| u.id == "Archers")
            .unwrap();
        type_in(&mut app, Field::UnitName(0, archers), "Longbowmen");
        assert_eq!(side0(&app).units[archers].name, "Longbowmen");
        assert_eq!(side0(&app).units[archers].id, "Archers", "the id stays");
        type_in(&mut app, Field::UnitName(0, archers), "  ");
        assert!(app.properties.error.is_some(), "a unit needs a name");
        let kind = side0(&app).units[archers].kind.clone();
        let other = muster_rules::ruleset("a-la-charge")
            .unwrap()
            .unit_kinds
            .iter()
            .map(|k| k.id.clone())
            .find(|k| *k != kind)
            .unwrap();
        prop(
            &mut app,
            properties::Message::Kind(0, archers, kind.clone()),
        );
        let steps = app.history.undo_label().map(str::to_owned);
        assert_eq!(
            steps.as_deref(),
            Some("rename Archers to Longbowmen"),
            "the same kind: no step"
        );
        prop(
            &mut app,
            properties::Message::Kind(0, archers, other.clone()),
        );
        assert_eq!(side0(&app).units[archers].kind, other);
        type_in(&mut app, Field::Facing(0, 0), "ne");
        assert_eq!(side0(&app).setup[0].facing.as_deref(), Some("NE"));
        type_in(&mut app, Field::Facing(0, 0), "");
        assert_eq!(side0(&app).setup[0].facing, None);
        let _ = app.update(Message::Undo);
        let _ = app.update(Message::Undo);
        let _ = app.update(Message::Undo);
        assert_eq!(side0(&app).units[archers].kind, kind);
    }
}

/// A map with more off-map entries than the rules build findings for: the editor's list
/// says how many more there are instead of stopping silently at the first 1,000.
#[test]
fn findings_counted_but_not_built_are_listed_with_their_count() {
    test_cache();
    let dir = std::env::temp_dir().join(format!("muster-editor-alike-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("muster.pack.ron"), "(name: \"alike\")\n").unwrap();
    let mut text = String::from(
        "(title: \"Hostile\", ruleset: \"a-la-charge\", provenance: Original, \
         grid: (orientation: Flat, stagger: Even, numbering: ColumnRow, first_column: 1, \
         first_row: 1, columns: 6, rows: 6, north: Top), default_terrain: \"clear\", hexes: [",
    );
    for i in 0..1600 {
        text.push_str(&format!("(hex: \"{:02}{:02}\"),", 10 + i % 90, 10 + i / 90));
    }
    text.push_str("])\n");
    let path = dir.join("big.map.ron");
    std::fs::write(&path, text).unwrap();
    let (app, _) = App::new(Some(path));
    let items = Job::of(&app.doc).unwrap().run();
    assert_eq!(items.iter().filter(|i| i.code == "MU023").count(), 1001);
    assert!(items
        .iter()
        .any(|i| i.code == "MU023" && i.message == "and 600 more like these, not listed"));
    let _ = std::fs::remove_dir_all(dir);
}

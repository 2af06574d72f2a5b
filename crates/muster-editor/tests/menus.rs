//! The menu bar, the Export PNG prompt and the findings list (issue 16, "What a designer
//! expects"), driven through iced_test's simulator as a person would: open a menu, click
//! an entry, press Escape, type in the prompt.

use iced_test::selector::Candidate;
use muster_check::Severity;
use muster_editor::tool::Tool;
use muster_editor::validate::Item;
use muster_editor::{panels, App, Message};
use std::path::PathBuf;

mod common;
use common::{click_menu_entry, click_widget, dropdown, open};

fn paint_woods(app: &mut App, id: &str) {
    let h = app.snap.grid.from_printed(id).unwrap();
    let side = muster_hex::Hexside::new(
        h,
        muster_hex::Direction::new(0),
        app.snap.grid.orientation(),
    );
    let _ = app.update(Message::tool(Tool::Terrain("woods".into())));
    let _ = app.update(Message::Canvas(
        muster_editor::canvas::CanvasMessage::Press(h, side),
    ));
    let _ = app.update(Message::Canvas(
        muster_editor::canvas::CanvasMessage::Release,
    ));
}

fn escape() -> Message {
    use iced::keyboard::{key, Event, Key, Location, Modifiers};
    Message::Key(Event::KeyPressed {
        key: Key::Named(key::Named::Escape),
        modified_key: Key::Named(key::Named::Escape),
        physical_key: key::Physical::Unidentified(key::NativeCode::Unidentified),
        location: Location::Standard,
        modifiers: Modifiers::empty(),
        text: None,
        repeat: false,
    })
}

#[test]
fn file_save_from_the_menu_writes_the_file() {
    let mut app = open("save");
    paint_woods(&mut app, "0210");
    assert!(app.doc.is_dirty());
    let before = std::fs::read_to_string(&app.doc.map_path).unwrap();
    click_menu_entry(&mut app, "File", "Save");
    assert!(!app.doc.is_dirty(), "{}", app.status);
    assert_ne!(
        std::fs::read_to_string(&app.doc.map_path).unwrap(),
        before,
        "the map file on disk has the woods"
    );
    assert!(app.menu.is_none(), "choosing an entry closes the menu");
}

#[test]
fn edit_undo_from_the_menu_undoes() {
    let mut app = open("undo");
    paint_woods(&mut app, "0210");
    let h = app.snap.grid.from_printed("0210").unwrap();
    assert_eq!(app.snap.terrain[&h], "woods");
    // The entry names the step it undoes.
    click_menu_entry(&mut app, "Edit", "Undo paint woods on 0210");
    assert_eq!(app.snap.terrain[&h], "clear");
    assert_eq!(app.status, "undone: paint woods on 0210");
    // Nothing left to undo: the entry is there but sends nothing.
    click_menu_entry(&mut app, "Edit", "Undo");
    assert!(
        app.menu.is_some(),
        "a disabled entry neither acts nor closes"
    );
}

#[test]
fn escape_or_a_click_elsewhere_closes_a_menu() {
    let mut app = open("escape");
    let _ = app.update(Message::tool(Tool::Road));
    click_widget(&mut app, "View");
    assert!(dropdown(&app).is_some(), "the View menu is open");
    let _ = app.update(escape());
    assert!(app.menu.is_none() && dropdown(&app).is_none());
    assert_eq!(app.palette.tool, Tool::Road, "Escape closed the menu only");
    let _ = app.update(escape());
    assert_eq!(
        app.palette.tool,
        Tool::Select,
        "with no menu open, Escape selects"
    );
    // A click on the map while a menu is open closes it and paints nothing.
    let _ = app.update(Message::tool(Tool::Terrain("woods".into())));
    click_widget(&mut app, "File");
    let mut ui = iced_test::simulator(panels::view(&app));
    ui.point_at(iced::Point::new(600.0, 500.0));
    let _ = ui.simulate(iced_test::simulator::click());
    for m in ui.into_messages().collect::<Vec<_>>() {
        let _ = app.update(m);
    }
    assert!(app.menu.is_none());
    assert!(!app.doc.is_dirty(), "the click did not reach the canvas");
    // Another title while a menu is open opens that one.
    click_widget(&mut app, "File");
    click_widget(&mut app, "Tools");
    assert_eq!(app.menu, Some(muster_editor::menu::Title::Tools));
}

#[test]
fn menu_entries_show_the_shortcuts_the_keys_use() {
    let mut app = open("shortcuts");
    click_widget(&mut app, "File");
    let mut ui = iced_test::simulator(panels::view(&app));
    for (command, chords) in muster_editor::shortcuts::SHORTCUTS {
        let label = chords[0].label();
        if matches!(
            command,
            muster_editor::shortcuts::Command::New
                | muster_editor::shortcuts::Command::Save
                | muster_editor::shortcuts::Command::SaveAs
                | muster_editor::shortcuts::Command::Quit
        ) {
            ui.find(label.as_str())
                .unwrap_or_else(|_| panic!("{command:?} shows {label}"));
        }
    }
    drop(ui);
    // Every tool that takes no argument is in the Tools menu.
    for (label, tool) in [
        ("Select / reach", Tool::Select),
        ("Line of fire", Tool::LineOfFire),
        ("Combat odds", Tool::Odds),
        ("Erase units", Tool::Erase),
        ("Road", Tool::Road),
        ("Label", Tool::Label),
        ("Elevation", Tool::Elevation),
        ("Paint zone", Tool::ZonePaint),
        ("Edge zone", Tool::EdgeZone(None)),
    ] {
        click_menu_entry(&mut app, "Tools", label);
        assert_eq!(app.palette.tool, tool, "{label}");
    }
}

fn typed_export(app: &mut App, px: &str) {
    let _ = app.update(Message::ExportPrompt(
        muster_editor::export_prompt::Message::PxPerHex(px.into()),
    ));
    click_widget(app, "Export");
}

#[test]
fn export_prompt_refuses_a_bad_size_and_writes_the_size_asked() {
    let mut app = open("export");
    click_menu_entry(&mut app, "File", "Export PNG…");
    let form = app.export_form.as_ref().expect("the prompt is up");
    let png = app.doc.main_path().with_file_name("st-albans-1.png");
    assert_eq!(PathBuf::from(&form.path), png, "next to the document");
    typed_export(&mut app, "0");
    assert!(!png.exists(), "nothing written for 0 pixels a hex");
    let mut ui = iced_test::simulator(panels::view(&app));
    ui.find("pixels per hex: `0` is not a number from 8 to 128")
        .expect("the refusal in the prompt");
    drop(ui);
    // Half the usual size: the picture of the map is half as wide (its frame aside).
    typed_export(&mut app, "24");
    let small = image::open(&png).expect("a PNG").to_rgba8();
    assert!(app.export_form.is_none(), "the prompt closes");
    let (w, h) = small.dimensions();
    assert_eq!(
        app.status,
        format!("wrote {} ({w}×{h} pixels)", png.display())
    );
    let scene = app.doc.scene().unwrap();
    let at = |px: f32| {
        muster_render::render(
            &scene,
            &muster_render::RenderOptions {
                px_per_hex: px,
                ..Default::default()
            },
        )
        .unwrap()
        .dimensions()
    };
    assert_eq!((w, h), at(24.0));
    assert!(at(48.0).0 > w * 3 / 2, "48 px is wider than 24 px: {w}");
}

fn finding(code: &'static str, severity: Severity, message: &str, hex: Option<&str>) -> Item {
    Item {
        code,
        severity,
        message: message.into(),
        hex: hex.map(String::from),
        place: "st-albans-1.scenario.ron:3".into(),
    }
}

/// The darkest luminance of the pixels inside `bounds` of a 2× snapshot.
fn darkest(snapshot: &image::RgbaImage, bounds: iced::Rectangle) -> u32 {
    let (x0, y0) = ((bounds.x * 2.0) as u32, (bounds.y * 2.0) as u32);
    let (x1, y1) = (
        ((bounds.x + bounds.width) * 2.0) as u32,
        ((bounds.y + bounds.height) * 2.0) as u32,
    );
    (x0..x1.min(snapshot.width()))
        .flat_map(|x| (y0..y1.min(snapshot.height())).map(move |y| (x, y)))
        .map(|(x, y)| {
            let p = snapshot.get_pixel(x, y).0;
            (p[0] as u32 * 3 + p[1] as u32 * 6 + p[2] as u32) / 10
        })
        .min()
        .unwrap_or(255)
}

#[test]
fn a_finding_without_a_hex_is_text_not_a_greyed_button() {
    let mut app = open("findings");
    let items = vec![
        finding("MU001", Severity::Error, "the file cannot be read", None),
        finding("AC101", Severity::Error, "two units share", Some("0303")),
        finding("AC200", Severity::Warning, "a morale level unreached", None),
    ];
    let _ = app.update(Message::Validated(app.generation, items));
    let mut ui = iced_test::simulator(panels::view(&app));
    ui.find("2 errors, 1 warning")
        .expect("the badge of the bar");
    // The finding with a hex is a link to it.
    ui.click("AC101 two units share [0303]").unwrap();
    let sent: Vec<Message> = ui.into_messages().collect();
    assert!(
        matches!(sent.as_slice(), [Message::Focus(h)] if h == "0303"),
        "{sent:?}"
    );
    // The one without a hex sends nothing when clicked ...
    let mut ui = iced_test::simulator(panels::view(&app));
    let plain = ui.click("MU001 the file cannot be read").unwrap();
    assert_eq!(ui.into_messages().count(), 0);
    // ... and is drawn at full strength, as dark as the link's text: not a greyed-out
    // disabled button.
    let mut ui = iced_test::simulator(panels::view(&app));
    let link = ui.find("AC101 two units share [0303]").unwrap();
    let dir = std::env::temp_dir().join(format!("muster-menus-snap-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    ui.snapshot(&iced::Theme::Light)
        .unwrap()
        .matches_image(dir.join("findings.png"))
        .unwrap();
    let file = std::fs::read_dir(&dir)
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let shot = image::open(file).unwrap().to_rgba8();
    let (plain, link) = (
        darkest(&shot, plain.bounds()),
        darkest(&shot, link.bounds()),
    );
    assert!(link < 90, "the link's text is dark: {link}");
    assert!(plain <= link + 10, "plain {plain} vs link {link}");
}

#[test]
fn view_menu_zooms_and_help_lists_the_keys_from_the_shortcut_table() {
    let mut app = open("view");
    let zoom = app.camera.zoom;
    click_menu_entry(&mut app, "View", "Zoom in");
    assert!(
        (app.camera.zoom - zoom * 1.2).abs() < 1e-3,
        "{}",
        app.camera.zoom
    );
    click_menu_entry(&mut app, "View", "Zoom out");
    assert!((app.camera.zoom - zoom).abs() < 1e-3);
    click_menu_entry(&mut app, "View", "Show units");
    assert!(!app.palette.show.shows(muster_editor::layers::Layer::Units));
    click_menu_entry(&mut app, "Help", "Keyboard shortcuts");
    let mut ui = iced_test::simulator(panels::view(&app));
    ui.find("Ctrl+Shift+Z or Ctrl+Y")
        .expect("Redo's two chords, from the table");
    ui.find("Arrows").expect("the keys that are not commands");
    drop(ui);
    click_widget(&mut app, "Close");
    assert!(!app.help_open);
}

/// Regression: the source panel's editor ended part-way through a line, whose glyph tops
/// showed as a strip of garbled dots along the bottom edge.
#[test]
fn the_source_editor_shows_whole_lines_at_any_window_height() {
    let mut app = open("source");
    click_menu_entry(&mut app, "View", "Map source");
    assert!(app.source.is_some());
    for height in [700.0, 733.0, 751.0, 860.0] {
        let mut ui = iced_test::Simulator::with_size(
            iced::Settings::default(),
            iced::Size::new(1400.0, height),
            panels::view(&app),
        );
        let editor = ui
            .find(|c: Candidate<'_>| match c {
                // (The text fields are focusable too, one line high.)
                Candidate::Focusable { bounds, .. } if bounds.height > 100.0 => Some(bounds),
                _ => None,
            })
            .expect("the source editor");
        let text_height = editor.height - 10.0;
        assert!(
            (text_height / 16.0).fract().abs() < 1e-3,
            "{height}: the editor's text area is {text_height} px, not whole 16 px lines"
        );
    }
}

/// A shortcut pressed while a menu is open acts and closes the menu; Escape taken by a
/// focused text field still closes it (`Message::CloseMenu`, sent by the window's
/// subscription for a captured Escape).
#[test]
fn a_shortcut_or_a_captured_escape_closes_an_open_menu() {
    use iced::keyboard::{key, Event, Key, Location, Modifiers};
    let mut app = open("shortcut-closes");
    paint_woods(&mut app, "0210");
    click_widget(&mut app, "Edit");
    assert!(app.menu.is_some());
    let _ = app.update(Message::Key(Event::KeyPressed {
        key: Key::Character("z".into()),
        modified_key: Key::Character("z".into()),
        physical_key: key::Physical::Unidentified(key::NativeCode::Unidentified),
        location: Location::Standard,
        modifiers: Modifiers::CTRL,
        text: None,
        repeat: false,
    }));
    assert!(app.menu.is_none(), "Ctrl+Z closed the menu");
    let h = app.snap.grid.from_printed("0210").unwrap();
    assert_eq!(app.snap.terrain[&h], "clear", "and undid");
    click_widget(&mut app, "File");
    assert!(app.menu.is_some());
    let _ = app.update(Message::CloseMenu);
    assert!(app.menu.is_none());
}
